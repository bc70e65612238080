"""Engine speed: random full deals per second through the public API, per variant.

Each deal is made with ``GameState(variant, seed=...)`` and played to the end by choosing
uniformly among ``legal_actions()`` and calling ``apply`` (so every rule is checked on every
action, as the interface and the record replayer use it). Capixaba's cut or knock and
exchange, and Bisca de Seis's signals, are among the random choices.

The speed of a bare-bones playout loop, kept outside this repository, is the yardstick:
``--floor PATH`` imports that file, times its ``playout(rng)`` function for the same number of
runs in the same process (in rounds interleaved with the engine's), and prints the ratio of
Bisca de Três deals per second to floor playouts per second.

    python benchmarks/engine_speed.py [--runs N] [--rounds R] [--floor PATH]

Prints plain numbers, one ``name value`` pair per line.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from bisca_tui.engine import GameState, Variant, make_variant

VARIANTS = ("bisca-3", "bisca-9", "bisca-4", "bisca-6", "bisca-capixaba")


def random_deal(variant: Variant, seed: int, rng: random.Random) -> GameState:
    state = GameState(variant, dealer=seed % variant.n, seed=seed)
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def time_deals(variant: Variant, runs: int, first_seed: int, rng: random.Random) -> float:
    start = time.perf_counter()
    for i in range(first_seed, first_seed + runs):
        random_deal(variant, i, rng)
    return time.perf_counter() - start


def load_floor(path: str) -> Callable[[random.Random], object]:
    p = Path(path)
    if not p.is_file():
        raise SystemExit(f"engine_speed: no floor file at {path}")
    spec = importlib.util.spec_from_file_location("floor_playout", p)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    fn = getattr(mod, "playout", None)
    if not callable(fn):
        raise SystemExit(f"engine_speed: {path} has no playout(rng) function")
    return fn


def time_floor(playout: Callable[[random.Random], object], runs: int,
               rng: random.Random) -> float:
    start = time.perf_counter()
    for _ in range(runs):
        playout(rng)
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3000, help="deals per variant (default 3000)")
    ap.add_argument("--rounds", type=int, default=10,
                    help="interleaved rounds the runs are split into (default 10)")
    ap.add_argument("--floor", metavar="PATH",
                    help="a Python file with playout(rng): the speed yardstick")
    args = ap.parse_args(argv)
    playout = load_floor(args.floor) if args.floor else None
    variants = {vid: make_variant(vid) for vid in VARIANTS}
    rngs = {vid: random.Random(1) for vid in VARIANTS}
    floor_rng = random.Random(1)
    spent = dict.fromkeys(VARIANTS, 0.0)
    floor_spent = 0.0
    # Interleave short rounds of every measurement, so that a busy moment on the machine
    # slows them all alike instead of one of them.
    per_round = max(1, args.runs // args.rounds)
    runs = per_round * args.rounds
    for r in range(args.rounds):
        for vid in VARIANTS:
            spent[vid] += time_deals(variants[vid], per_round, r * per_round, rngs[vid])
        if playout is not None:
            floor_spent += time_floor(playout, per_round, floor_rng)
    rates = {vid: runs / spent[vid] for vid in VARIANTS}
    for vid in VARIANTS:
        print(f"{vid} deals/s {rates[vid]:.0f}")
    if playout is not None:
        floor = runs / floor_spent
        print(f"floor playouts/s {floor:.0f}")
        print(f"ratio bisca-3/floor {rates['bisca-3'] / floor:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
