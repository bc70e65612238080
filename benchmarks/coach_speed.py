"""Speed of the coach: the time to a hint, and to a deal's review.

    python benchmarks/coach_speed.py [--deals 4] [--noise] [--beliefs]

1. Hints: deals played by the medium level in Briscola and Bisca de Nove (two players, the
   second with nine cards a hand, the slowest to review) and Sueca and Bisca de Quatro
   (four); at every decision of seat 0 with two or more choices, the hint at its default
   settings (the coach's fixed number of samples, the review's) is timed. Prints the
   median and the slowest, wall clock and CPU (target: a median of at most 500 ms on two
   cores).
2. Reviews: the same deals recorded and reviewed for seat 0 with the review's default
   samples (fixed, so the review repeats exactly). Prints the median and the slowest deal
   (targets: 5 s for two players, 15 s for four).
3. ``--noise``: each deal reviewed with five seeds; the spread (standard deviation) of each
   decision's loss across seeds, averaged: how far apart two cards must be before the
   review can tell them apart (the review's marks start at 4 points).
4. ``--beliefs`` (instead of the above): the time to a deal's beliefs (``coach.beliefs``)
   in Briscola (two players) and Sueca (four), every seat played by the hard level: the
   chances alone at every seat's decisions, a person's at seat 0 (counted over every deal
   that fits, not sampled), one seat's with the search's best card (its review's
   evaluations), and that seat's review, per deal (target: the beliefs no slower
   than the review).
"""

from __future__ import annotations

import argparse
import statistics
import time

from bisca_tui.bots.levels import MediumBot
from bisca_tui.coach import hint, review_deal
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.actions import action_str
from bisca_tui.engine.records import DealRecord, Record
from bisca_tui.engine.view import SeatView

GAMES = (("briscola", "2 players"), ("bisca-9", "2 players, nine cards a hand"),
         ("sueca", "4 players"), ("bisca-4", "4 players"))


def played_deals(vid: str, deals: int) -> list[tuple[Record, list[SeatView]]]:
    """Deals played by the medium level: each as a record, and the views of seat 0 with a
    choice."""
    v = make_variant(vid)
    out = []
    for seed in range(deals):
        s = GameState(v, seed=1000 + seed, target=v.match_target())
        bots = [MediumBot(seed * 10 + k) for k in range(v.n)]
        views = []
        while not s.is_over():
            seat = s.current
            assert seat is not None
            view = s.view(seat)
            if seat == 0 and len(view.legal) > 1:
                views.append(view)
            s.apply(bots[seat].choose(view))
        rec = Record(v.id, dict(v.options), [f"P{k}" for k in range(v.n)],
                     deals=[DealRecord(seed=1000 + seed, actions=[
                         action_str(a, v.signal_names) for a in s.history])])
        out.append((rec, views))
    return out


def timed(fn) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    w, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w, time.process_time() - c


def beliefs_speed(deals: int) -> None:
    from bisca_tui.coach.beliefs import deal_beliefs

    for vid, label in (GAMES[0], GAMES[2]):
        runs: dict[str, list[tuple[float, float]]] = {}
        for rec, _ in played_deals(vid, deals):
            table = {"seats": [{"kind": "bot", "level": "hard"} for _ in rec.players]}
            person = {"seats": [{"kind": "person"}, *table["seats"][1:]]}
            for name, fn in (
                    ("chances, every seat", lambda r=rec, t=table: deal_beliefs(r, 0, table=t)),
                    ("a person's chances, counted",
                     lambda r=rec, t=person: deal_beliefs(r, 0, 0, table=t)),
                    ("one seat with the best card",
                     lambda r=rec, t=table: deal_beliefs(r, 0, 0, table=t)),
                    ("review", lambda r=rec: review_deal(r, 0, 0))):
                runs.setdefault(name, []).append(timed(fn))
        print(f"beliefs, {vid} ({label}), {deals} deals, median per deal, wall (CPU): "
              + ", ".join(f"{name} {statistics.median(w for w, _ in t):.2f} s "
                          f"({statistics.median(c for _, c in t):.2f} s)"
                          for name, t in runs.items()), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=4, help="deals per game")
    ap.add_argument("--noise", action="store_true", help="measure the loss's spread too")
    ap.add_argument("--beliefs", action="store_true", help="time a deal's beliefs instead")
    args = ap.parse_args()
    if args.beliefs:
        beliefs_speed(args.deals)
        return
    for vid, label in GAMES:
        deals = played_deals(vid, args.deals)
        walls, cpus = [], []
        for _, views in deals:
            for view in views:
                w, c = timed(lambda view=view: hint(view))
                walls.append(w)
                cpus.append(c)
        print(f"hint, {vid} ({label}), {len(walls)} positions: median "
              f"{1000 * statistics.median(walls):.0f} ms wall ({1000 * statistics.median(cpus):.0f}"
              f" ms CPU), slowest {1000 * max(walls):.0f} ms (target: median 500 ms)",
              flush=True)
        walls, cpus = [], []
        for rec, _ in deals:
            w, c = timed(lambda rec=rec: review_deal(rec, 0, 0))
            walls.append(w)
            cpus.append(c)
        target = 5 if label.startswith("2") else 15
        print(f"review, {vid} ({label}), {len(walls)} deals: median "
              f"{statistics.median(walls):.2f} s wall ({statistics.median(cpus):.2f} s CPU), "
              f"slowest {max(walls):.2f} s (target: {target} s)", flush=True)
        if args.noise:
            spreads = []
            for rec, _ in deals:
                runs = [review_deal(rec, 0, 0, seed=seed) for seed in range(5)]
                for k in range(len(runs[0].decisions)):
                    losses = [r.decisions[k].loss for r in runs]
                    spreads.append(statistics.pstdev(losses))
            print(f"noise, {vid}: a decision's loss moves by {statistics.mean(spreads):.2f} "
                  f"points on average from one seed to another (largest "
                  f"{max(spreads):.2f}; {len(spreads)} decisions)", flush=True)


if __name__ == "__main__":
    main()
