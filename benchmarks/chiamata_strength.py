"""Strength of one bot level against another at Briscola Chiamata, in duplicate.

    python benchmarks/chiamata_strength.py [--a hard] [--b medium] [--deals 1000] [--seed 1]
                                           [--players 5|6] [--jobs 1]

Bot A sits in one seat and B in all the others. Every shuffled deal is played once with A in
each of the five playing seats (with six players the dealer sits out, as at the table), so A
holds every hand of the deal once and the luck of the cards cancels out. When everyone
passes, the same dealer deals again (a shuffle derived from the deal's, the same in every
seating), up to five times; a deal still passed out scores nothing.

Printed: A's mean payment per game with its 95% interval over the deals (the payments sum
to zero, so B's seats share the opposite), the payments and card points per game of A and
of one B seat, how often A won the auction and made its contract, and A's thinking time per
decision (median and 95th percentile; decisions with a single legal action are not timed).

Besides the levels of the game, ``hard-sampled`` and ``medium-sampled`` are those levels
bidding from sampled playouts of their hand (``bidding.sampled_bid``) instead of the
fitted estimate.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bisca_tui.bots.base import make_bot, register_level
from bisca_tui.bots.bidding import sampled_bid
from bisca_tui.bots.heuristics import auction_kind
from bisca_tui.bots.levels import HardBot, MediumBot
from bisca_tui.bots.table import variant_of
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.view import SeatView

REDEALS = 5


def _sampled_choice(view: SeatView, bot: HardBot | MediumBot) -> int | None:
    v = variant_of(view)
    if (view.phase == "auction" and len(view.legal) > 1
            and auction_kind(v) == "ranks-then-points"):
        return sampled_bid(view, v, view.legal, bot.rng)
    return None


class SampledHard(HardBot):
    """hard, bidding from sampled playouts (``bidding.sampled_bid``)."""

    def choose(self, view: SeatView) -> int:
        choice = _sampled_choice(view, self)
        return super().choose(view) if choice is None else choice


class SampledMedium(MediumBot):
    """medium, bidding from sampled playouts: measures the bidding alone."""

    def choose(self, view: SeatView) -> int:
        choice = _sampled_choice(view, self)
        return super().choose(view) if choice is None else choice


register_level("hard-sampled", SampledHard)
register_level("medium-sampled", SampledMedium)


@dataclass
class Tally:
    scores: list[float] = field(default_factory=list)  # A's mean payment per deal
    games: int = 0
    pay_a: float = 0.0
    pay_b: float = 0.0  # per B seat
    pts_a: float = 0.0
    pts_b: float = 0.0  # per B seat
    bids_a: int = 0
    made_a: int = 0
    contracts: int = 0
    times: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.scores += other.scores
        self.times += other.times
        for k in ("games", "pay_a", "pay_b", "pts_a", "pts_b", "bids_a", "made_a",
                  "contracts"):
            setattr(self, k, getattr(self, k) + getattr(other, k))


_JOB: dict = {}


def deal_seed(seed: int, index: int, redeal: int = 0) -> int:
    return random.Random(f"chiamata/{seed}/{index}/{redeal}").getrandbits(62)


def play_game(a: str, b: str, players: int, seed: int, index: int, a_seat: int,
              tally: Tally) -> float:
    """One seating of one deal; A's payment."""
    v = make_variant("chiamata", None, players)
    dealer = index % v.n
    for redeal in range(REDEALS):
        s = GameState(v, dealer=dealer, seed=deal_seed(seed, index, redeal))
        bots = [make_bot(a if seat == a_seat else b, deal_seed(seed, index, 100 + seat))
                for seat in range(v.n)]
        while not s.is_over():
            seat = s.current
            assert seat is not None
            view = s.view(seat)
            if seat == a_seat and len(view.legal) > 1:
                t0 = time.perf_counter()
                action = bots[seat].choose(view)
                tally.times.append(1000.0 * (time.perf_counter() - t0))
            else:
                action = bots[seat].choose(view)
            s.apply(action)
        r = s.result
        assert r is not None
        if r.redeal:
            continue
        gp = r.game_points
        tally.games += 1
        tally.contracts += 1
        tally.pay_a += gp[a_seat]
        tally.pay_b += (sum(gp) - gp[a_seat]) / (v.n - 1)
        tally.pts_a += s.points[a_seat]
        tally.pts_b += (120 - s.points[a_seat]) / (v.n - 1)
        c = s.bidding.contract
        if c is not None and c.bidder == a_seat:
            tally.bids_a += 1
            tally.made_a += r.winner is not None
        return float(gp[a_seat])
    tally.games += 1
    return 0.0


def play_deals(indices: Sequence[int]) -> Tally:
    job = _JOB
    tally = Tally()
    n = 5
    for i in indices:
        total = sum(play_game(job["a"], job["b"], job["players"], job["seed"], i, seat, tally)
                    for seat in range(n))
        tally.scores.append(total / n)
    return tally


def run(a: str, b: str, deals: int, seed: int, players: int, jobs: int) -> Tally:
    _JOB.update(a=a, b=b, seed=seed, players=players)
    indices = list(range(deals))
    if jobs <= 1:
        return play_deals(indices)
    chunks = [indices[k::jobs * 4] for k in range(jobs * 4)]
    total = Tally()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(jobs) as pool:
        for part in pool.imap(play_deals, chunks):
            total.add(part)
    return total


def percentile(values: Sequence[float], q: float) -> float:
    t = sorted(values)
    if not t:
        return 0.0
    return t[min(len(t) - 1, max(0, math.ceil(q * len(t)) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", default="hard", help="the level in one seat")
    ap.add_argument("--b", default="medium", help="the level in all the other seats")
    ap.add_argument("--deals", type=int, default=1000, help="deals, each played five times")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=5, choices=(5, 6))
    ap.add_argument("--jobs", type=int, default=1, help="processes to use")
    args = ap.parse_args()
    t0 = time.perf_counter()
    t = run(args.a, args.b, args.deals, args.seed, args.players, args.jobs)
    n = len(t.scores)
    mean = statistics.fmean(t.scores)
    half = 1.96 * statistics.stdev(t.scores) / math.sqrt(n) if n > 1 else 0.0
    g = max(1, t.games)
    print(f"Briscola Chiamata, {args.players} players: {args.a} (A) in one seat, {args.b} (B) "
          f"in the others; {n} deals x 5 seatings ({t.games} games, {t.contracts} with a "
          f"contract), seed {args.seed}, {args.jobs} process(es), "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"A's payment per game: {mean:+.3f} (95% interval {mean - half:+.3f} to "
          f"{mean + half:+.3f})")
    print(f"payment per game: A {t.pay_a / g:+.3f}, each B {t.pay_b / g:+.3f}; card points "
          f"per game: A {t.pts_a / g:.1f}, each B {t.pts_b / g:.1f}")
    made = f", made {100 * t.made_a / t.bids_a:.0f}% of them" if t.bids_a else ""
    print(f"A won the auction in {100 * t.bids_a / g:.1f}% of the games (a fair share is "
          f"20%){made}")
    print(f"A's time per decision: median {statistics.median(t.times or [0.0]):.1f} ms, "
          f"p95 {percentile(t.times, 0.95):.1f} ms ({len(t.times)} timed decisions)")


if __name__ == "__main__":
    main()
