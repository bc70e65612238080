"""Deals played by the hard search from every seat, each card decision written down as its
seat saw it: the data a model of strong play is learned from.

    python benchmarks/plays.py --variant briscola --deals 100000 [--players 2]
                               [--samples 30] [--seed 1] [--part 500] [--jobs 2]
                               [--out plays]

Deals ``0 .. deals-1`` of the seed (the arena's deals) are played by ``hard`` bots in every
seat, each judging a decision on ``--samples`` sampled deals (equal work, no clock: the same
run writes the same data on any machine). Every decision among two or more cards is kept as
its seat's record (``bots.seat_record``: a code for each card of the pack, the legal cards,
the stock, the points, the tricks), with the card chosen, the search's value of each legal
card, and how the deal ended for that seat's side. The run is played ``--part`` deals at a
time, each part written as one compressed ``.npz`` file in ``--out``; a run started again
goes on with the parts not yet written, and ``--jobs`` plays parts side by side.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from pathlib import Path

import numpy as np

from bisca_tui.arena.play import deal_seed
from bisca_tui.bots.levels import HardBot
from bisca_tui.bots.pimc import Evaluation
from bisca_tui.bots.seat_record import record_of
from bisca_tui.bots.table import variant_of
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.view import SeatView

FORMAT = 1  # the record's layout (bump when the codes change)


class Recorder(HardBot):
    """The hard level at a fixed number of samples, keeping its last search's values."""

    def __init__(self, seed: int, samples: int) -> None:
        super().__init__(seed, budget_ms=1e9, max_samples=samples, min_samples=samples)
        self.last: Evaluation | None = None

    def search(self, view: SeatView, cards) -> int:
        self.last = self.evaluate(view, cards, detail=False)
        return self.last.best


def play_part(variant: str, players: int | None, seed: int, samples: int, first: int,
              count: int) -> dict[str, np.ndarray]:
    """Deals ``first .. first+count-1``, each decision of every seat as arrays."""
    v = make_variant(variant, players=players)
    n, h = v.n, v.hand_size
    rows: dict[str, list] = {k: [] for k in ("deal", "seat", "codes", "legal", "choice",
                                              "values", "stock", "points", "tricks", "trump",
                                              "side_points", "win")}
    for i in range(first, first + count):
        st = GameState(v, dealer=i % n, seed=deal_seed(seed, i), target=v.match_target())
        bots = [Recorder(deal_seed(seed, i) + s, samples) for s in range(n)]
        start = len(rows["deal"])
        seats: list[int] = []
        while not st.is_over():
            seat = st.current_player()
            assert seat is not None
            view = st.view(seat)
            bot = bots[seat]
            bot.last = None
            a = bot.choose(view)
            cards = [x for x in view.legal if 0 <= x < 80]
            if 0 <= a < 80 and len(cards) > 1 and view.trump is not None:
                r = record_of(view, variant_of(view))
                ev = bot.last
                vals = [ev.values[c].value if ev is not None and c in ev.values else np.nan
                        for c in r.legal]
                rows["deal"].append(i)
                rows["seat"].append(seat)
                rows["codes"].append(r.codes)
                rows["legal"].append(list(r.legal) + [-1] * (h - len(r.legal)))
                rows["choice"].append(a)
                rows["values"].append(vals + [np.nan] * (h - len(vals)))
                rows["stock"].append(r.stock)
                rows["points"].append(r.points)
                rows["tricks"].append(r.tricks)
                rows["trump"].append(r.trump)
                seats.append(seat)
            st.apply(a)
        res = st.result
        assert res is not None
        for seat in seats:
            team = v.team_of[seat]
            rows["side_points"].append(res.card_points[team])
            rows["win"].append(0.5 if res.winner is None else float(res.winner == team))
        assert len(rows["side_points"]) == len(rows["deal"]) == start + len(seats)
    types = {"deal": np.int32, "seat": np.int8, "codes": np.int8, "legal": np.int8,
             "choice": np.int8, "values": np.float16, "stock": np.int8, "points": np.int16,
             "tricks": np.int8, "trump": np.int8, "side_points": np.int16, "win": np.float16}
    out = {k: np.asarray(rows[k], dtype=types[k]) for k in rows}
    out["meta"] = np.array([FORMAT, n, samples, seed, first, count], dtype=np.int64)
    out["variant"] = np.array(v.id)
    return out


def part_path(out: Path, variant: str, n: int, seed: int, first: int) -> Path:
    return out / f"{variant}-{n}p-s{seed}-{first:07d}.npz"


def _job(args: tuple) -> tuple[int, float]:
    variant, players, seed, samples, first, count, path = args
    t0 = time.process_time()
    data = play_part(variant, players, seed, samples, first, count)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **data)
    os.replace(tmp, path)  # a part is there whole or not at all
    return first, time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--samples", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--part", type=int, default=500)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path("plays"))
    args = ap.parse_args()
    n = make_variant(args.variant, players=args.players).n
    args.out.mkdir(parents=True, exist_ok=True)
    todo = []
    for first in range(0, args.deals, args.part):
        path = part_path(args.out, args.variant, n, args.seed, first)
        if not path.exists():
            todo.append((args.variant, args.players, args.seed, args.samples, first,
                         min(args.part, args.deals - first), path))
    print(f"{args.variant} for {n}: {args.deals} deals in parts of {args.part}, "
          f"{len(todo)} parts to play, hard at {args.samples} samples", flush=True)
    t0 = time.perf_counter()
    if args.jobs > 1 and len(todo) > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            for first, cpu in pool.imap_unordered(_job, todo):
                print(f"part from deal {first}: {cpu:.0f} s of CPU", flush=True)
    else:
        for job in todo:
            first, cpu = _job(job)
            print(f"part from deal {first}: {cpu:.0f} s of CPU", flush=True)
    print(f"{time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
