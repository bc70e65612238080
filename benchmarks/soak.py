"""Soak test: many random deals of every variant, checking the engine's invariants.

For each variant, plays ``--deals`` random deals (default 10,000) through the public API and
checks, for every deal:

- every card of the pack is in exactly one place (hands, stock, indicator, the trick on the
  table, the tricks taken) at the start of play and after every trick;
- a legal action exists whenever the deal is not over;
- a finished deal's card points add up to 120, its tricks to the pack size over the players,
  and its score names a winner only with more than half the points (Capixaba's heleys aside);
- replaying the history from the seed rebuilds the same state (same signature), and the same
  actions from the dealt layout give the same tricks and result.

Every ``--match-every`` deals it also plays a whole match and checks that its record, written
to JSON and read back, replays to the same deals and the same standing.

    python benchmarks/soak.py [--deals N] [--match-every K] [--seed S]

Prints counts per variant, the errors found (the first few in full) and the time taken; exits
with status 1 if any check failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from bisca_tui.engine import GameState, Match, make_variant
from bisca_tui.engine.records import parse_record, record_of_match, replay_record
from bisca_tui.engine.variant import Variant

VARIANTS = ("bisca-3", "bisca-9", "bisca-4", "bisca-6", "bisca-capixaba")
NAMES = ["P0", "P1", "P2", "P3", "P4", "P5"]


class Soak:
    def __init__(self, show: int = 10) -> None:
        self.errors: Counter[str] = Counter()
        self.shown = 0
        self.show = show

    def fail(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        if self.shown < self.show:
            self.shown += 1
            print(f"  ERROR {kind}: {detail}", flush=True)


def cards_in_place(state: GameState) -> list[int]:
    out = [c for h in state.hands for c in h] + list(state.stock) + list(state.trick)
    if state.indicator is not None:
        out.append(state.indicator)
    for t in state.tricks:
        out.extend(t.cards)
    return out


def check_cards(s: Soak, v: Variant, state: GameState, where: str) -> None:
    if state.phase in ("deal", "cut_or_knock"):
        return
    cards = cards_in_place(state)
    if sorted(cards) != sorted(v.pack()):
        dup = [c for c, k in Counter(cards).items() if k > 1]
        s.fail("cards", f"{where}: {len(cards)} cards in place, duplicates {dup}")


def play_random(s: Soak, state: GameState, rng: random.Random, where: str) -> None:
    v = state.variant
    check_cards(s, v, state, where)
    tricks = 0
    while not state.is_over():
        legal = state.legal_actions()
        if not legal:
            s.fail("stuck", f"{where}: no legal action in phase {state.phase}")
            return
        state.apply(legal[rng.randrange(len(legal))])
        if len(state.tricks) != tricks:
            tricks = len(state.tricks)
            check_cards(s, v, state, f"{where}, trick {tricks}")


def check_finished(s: Soak, state: GameState, where: str) -> None:
    v = state.variant
    res = state.result
    if res is None:
        s.fail("result", f"{where}: over without a result")
        return
    if res.ended_early:
        return
    if sum(state.points) != 120 or sum(res.card_points) != 120:
        s.fail("points", f"{where}: card points add up to {sum(state.points)}")
    if sum(res.tricks) != len(v.pack()) // v.n:
        s.fail("tricks", f"{where}: {sum(res.tricks)} tricks")
    heley = bool(state.score_events)
    if not heley and res.winner is not None and res.card_points[res.winner] <= 60:
        s.fail("score", f"{where}: winner {res.winner} with {res.card_points}")
    if not heley and res.winner is None and sum(res.game_points) != 0:
        s.fail("score", f"{where}: no winner but game points {res.game_points}")


def check_replay(s: Soak, state: GameState, where: str) -> None:
    v = state.variant
    again = GameState.replay(v, state.history, state.dealer, state.seed, state.layout_given)
    if again.signature() != state.signature():
        s.fail("replay", f"{where}: replay from the seed differs")
    if state.layout is None:
        return
    laid = GameState(v, state.dealer, state.seed, state.layout)
    for a in state.history:
        laid.apply(a)
    if (laid.tricks, laid.points, laid.result) != (state.tricks, state.points, state.result):
        s.fail("layout", f"{where}: replay from the dealt layout differs")


def one_deal(s: Soak, v: Variant, seed: int, rng: random.Random) -> None:
    where = f"{v.id} seed {seed}"
    try:
        state = GameState(v, dealer=seed % v.n, seed=seed)
        play_random(s, state, rng, where)
        check_finished(s, state, where)
        check_replay(s, state, where)
    except Exception as e:  # any crash is an error to count, not the end of the soak
        s.fail("crash", f"{where}: {e.__class__.__name__}: {e}")


def one_match(s: Soak, v: Variant, seed: int, rng: random.Random) -> int:
    where = f"{v.id} match {seed}"
    try:
        m = Match(v, dealer=seed % v.n, seed=seed)
        while not m.is_over():
            play_random(s, m.new_deal(), rng, where)
            m.finish_deal()
            if len(m.deals) > 200:
                s.fail("match", f"{where}: no winner after 200 deals")
                return len(m.deals)
        record = record_of_match(m, NAMES[:v.n])
        back = replay_record(parse_record(record.dumps(), where), where)
        if [d.signature() for d in back.deals] != [d.signature() for d in m.deals]:
            s.fail("record", f"{where}: the record replays to other deals")
        if (back.scores, back.winner) != (m.scores, m.winner):
            s.fail("record", f"{where}: standing {back.scores} instead of {m.scores}")
        return len(m.deals)
    except Exception as e:
        s.fail("crash", f"{where}: {e.__class__.__name__}: {e}")
        return 0


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10_000, help="random deals per variant")
    ap.add_argument("--match-every", type=int, default=100,
                    help="also play a whole match every K deals (0: never)")
    ap.add_argument("--seed", type=int, default=0, help="first deal seed")
    args = ap.parse_args(argv)
    s = Soak()
    start = time.perf_counter()
    for vid in VARIANTS:
        v = make_variant(vid)
        rng = random.Random(f"{vid}/{args.seed}")
        t0 = time.perf_counter()
        before = sum(s.errors.values())
        matches = match_deals = 0
        for i in range(args.deals):
            seed = args.seed + i
            one_deal(s, v, seed, rng)
            if args.match_every and i % args.match_every == 0:
                matches += 1
                match_deals += one_match(s, v, seed, rng)
        errs = sum(s.errors.values()) - before
        print(f"{vid} deals {args.deals} matches {matches} match_deals {match_deals} "
              f"errors {errs} seconds {time.perf_counter() - t0:.1f}", flush=True)
    total = sum(s.errors.values())
    print(f"total errors {total} seconds {time.perf_counter() - start:.1f}")
    for kind, n in sorted(s.errors.items()):
        print(f"  {kind} {n}")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
