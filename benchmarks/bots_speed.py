"""Speed of the search: the hard level's time per decision, and playouts per second.

    python benchmarks/bots_speed.py [--deals 20] [--playouts 20000] [--floor FILE]

1. The hard level at its default settings plays bisca-3 against medium in duplicate deals;
   its milliseconds per decision are printed (median and 95th percentile; targets: 250 and
   1000 ms).
2. Random playouts of whole Bisca de Três deals (shuffle, deal, play out) with the search's
   lean representation (``bots.sim``), and with the engine's ``GameState`` for comparison.
   With ``--floor FILE``, a reference module's ``playout(rng)`` function is timed in the same
   run, interleaved in rounds, and the ratio of speeds is printed (target: at least 0.5).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable

from bisca_tui.arena import run_arena
from bisca_tui.bots.playouts import fast_playout_random, playout_greedy
from bisca_tui.bots.sim import Rules, Sim
from bisca_tui.engine import GameState, make_variant


def _rate(fn: Callable[[], object], n: int) -> float:
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return n / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20, help="duplicate deals for the timing")
    ap.add_argument("--playouts", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--floor", default=None, help="a module with playout(rng) to compare")
    ap.add_argument("--skip-hard", action="store_true")
    args = ap.parse_args()

    if not args.skip_hard:
        r = run_arena("bisca-3", "hard", "medium", deals=args.deals, seed=7)
        ms = r.ms(0)
        print(f"hard on bisca-3 (default settings), {ms['decisions']} decisions: "
              f"median {ms['median']:.1f} ms, p95 {ms['p95']:.1f} ms "
              f"(targets 250 and 1000); win rate against medium {100 * r.win_rate:.1f}% "
              f"over {args.deals} deals", flush=True)

    v = make_variant("bisca-3")
    rng = random.Random(1)
    rules = {t: Rules(v, t) for t in range(4)}
    pack = v.pack()
    suit = v.suit

    def sim_playout() -> list[int]:
        d = pack[:]
        rng.shuffle(d)
        ind = d[6]
        sim = Sim(rules[suit[ind]], [d[0:3], d[3:6]], d[:6:-1], ind, 0)
        fast_playout_random(sim, rng)
        return sim.points

    def greedy_playout() -> list[int]:
        d = pack[:]
        rng.shuffle(d)
        ind = d[6]
        sim = Sim(rules[suit[ind]], [d[0:3], d[3:6]], d[:6:-1], ind, 0)
        playout_greedy(sim)
        return sim.points

    def engine_playout() -> None:
        s = GameState(v, seed=rng.getrandbits(32))
        while not s.is_over():
            cards = s.legal_cards()
            s.apply_unchecked(cards[rng.randrange(len(cards))])

    assert sum(sim_playout()) == 120
    floor_fn = None
    if args.floor:
        spec = importlib.util.spec_from_file_location("speed_floor", args.floor)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        floor_fn = mod.playout
    n = max(1, args.playouts // args.rounds)
    ours: list[float] = []
    floor: list[float] = []
    for _ in range(args.rounds):
        ours.append(_rate(sim_playout, n))
        if floor_fn is not None:
            floor.append(_rate(lambda: floor_fn(rng), n))
    print(f"lean representation, random playouts: {statistics.median(ours):.0f} per second")
    print(f"lean representation, greedy playouts: {_rate(greedy_playout, n):.0f} per second")
    print(f"engine GameState, random playouts: {_rate(engine_playout, max(1, n // 4)):.0f} "
          f"per second")
    if floor:
        ratios = [o / f for o, f in zip(ours, floor, strict=True)]
        print(f"floor loop: {statistics.median(floor):.0f} per second; ratio "
              f"{statistics.median(ratios):.2f} (per round: "
              f"{', '.join(f'{x:.2f}' for x in ratios)}; target at least 0.5)")


if __name__ == "__main__":
    main()
