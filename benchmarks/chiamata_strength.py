"""Strength of one bot level against another at Briscola Chiamata and its forms, in duplicate.

    python benchmarks/chiamata_strength.py [--game chiamata] [--a hard] [--b medium]
                                           [--deals 1000] [--seed 1] [--players 5|6|7]
                                           [--clock cpu|wall] [--jobs 1]

Bot A takes one player's place and B all the others. Every shuffled deal is played once
with A in each player's place, so A holds every hand of the deal once and the luck of the
cards cancels out. Where the dealer sits out (six at Chiamata and its forms, seven at the
Monte), one of those places is the dealer's: A sits that deal out and scores nothing, as it
would at the table, so the figure per deal is a session's. When everyone passes, the same
dealer deals again (a shuffle derived from the deal's, the same in every seating), up to
five times; a deal still passed out scores nothing.

Printed: A's mean payment per deal with its 95% interval over the deals (the payments sum
to zero, so B's seats share the opposite), the same per game A played, the payments and card
points per game of A and of one B seat, A's payments as bidder and otherwise, how often A
won the auction and made its contract, and A's thinking time per decision (median and 95th
percentile; decisions with a single legal action are not timed).

With ``--clock cpu`` (the default) every bot's thinking budget is measured in its process's
own CPU time, so the figures do not move with the machine's load; the times printed are
wall-clock times.

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


def register_sampled_levels() -> None:
    """Make ``hard-sampled`` and ``medium-sampled`` known (for this run only)."""
    register_level("hard-sampled", SampledHard, at_table=False)
    register_level("medium-sampled", SampledMedium, at_table=False)


GAMES = ("chiamata", "chiamata-punti", "chiamata-subito-al-due", "chiamata-buio",
         "chiamata-monte")


@dataclass
class Tally:
    scores: list[float] = field(default_factory=list)  # A's mean payment per deal
    games: int = 0  # games A played (sat-out deals and deals passed out not counted)
    sat_out: int = 0
    passed_out: int = 0
    pay_a: float = 0.0
    pay_b: float = 0.0  # per B seat
    pts_a: float = 0.0
    pts_b: float = 0.0  # per B seat
    bids_a: int = 0
    made_a: int = 0
    pay_bidding: float = 0.0  # A's payments in the games it won the auction
    pay_other: float = 0.0  # and in the others
    times: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.scores += other.scores
        self.times += other.times
        for k in ("games", "sat_out", "passed_out", "pay_a", "pay_b", "pts_a", "pts_b",
                  "bids_a", "made_a", "pay_bidding", "pay_other"):
            setattr(self, k, getattr(self, k) + getattr(other, k))


_JOB: dict = {}


def deal_seed(seed: int, index: int, redeal: int = 0) -> int:
    return random.Random(f"chiamata/{seed}/{index}/{redeal}").getrandbits(62)


def seatings(game: str, players: int) -> int:
    """How many places A takes in turn: one per player."""
    v = make_variant(game, None, players)
    return getattr(v, "n_people", v.n)


def play_game(job: dict, index: int, person: int, tally: Tally) -> float:
    """One seating of one deal: A in ``person``'s place; A's payment."""
    v = make_variant(job["game"], None, job["players"])
    people = getattr(v, "n_people", v.n)
    dealer, seated = v.seating(index % people)
    if person not in seated:  # A deals and sits this one out
        tally.sat_out += 1
        return 0.0
    a_seat = seated.index(person)
    for redeal in range(REDEALS):
        s = GameState(v, dealer=dealer, seed=deal_seed(job["seed"], index, redeal))
        bots = [make_bot(job["a"] if seat == a_seat else job["b"],
                         deal_seed(job["seed"], index, 100 + seat))
                for seat in range(v.n)]
        if job["clock"] == "cpu":
            for bot in bots:
                bot.clock = time.process_time  # type: ignore[method-assign]
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
        tally.pay_a += gp[a_seat]
        tally.pay_b += (sum(gp) - gp[a_seat]) / (v.n - 1)
        tally.pts_a += s.points[a_seat]
        tally.pts_b += (120 - s.points[a_seat]) / (v.n - 1)
        c = s.bidding.contract
        if c is not None and c.bidder == a_seat:
            tally.bids_a += 1
            tally.made_a += gp[a_seat] > 0
            tally.pay_bidding += gp[a_seat]
        else:
            tally.pay_other += gp[a_seat]
        return float(gp[a_seat])
    tally.passed_out += 1
    return 0.0


def play_deals(indices: Sequence[int]) -> Tally:
    job = _JOB
    tally = Tally()
    n = seatings(job["game"], job["players"])
    for i in indices:
        total = sum(play_game(job, i, person, tally) for person in range(n))
        tally.scores.append(total / n)
    return tally


def run(a: str, b: str, deals: int, seed: int, players: int, jobs: int,
        game: str = "chiamata", clock: str = "cpu") -> Tally:
    _JOB.update(a=a, b=b, seed=seed, players=players, game=game, clock=clock)
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


def interval(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, half


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="chiamata", choices=GAMES)
    ap.add_argument("--a", default="hard", help="the level in one place")
    ap.add_argument("--b", default="medium", help="the level in all the other places")
    ap.add_argument("--deals", type=int, default=1000,
                    help="deals, each played once with A in each player's place")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=5, choices=(5, 6, 7))
    ap.add_argument("--clock", choices=("wall", "cpu"), default="cpu")
    ap.add_argument("--jobs", type=int, default=1, help="processes to use")
    args = ap.parse_args()
    register_sampled_levels()
    v = make_variant(args.game, None, args.players)  # refuses a count the game lacks
    people = getattr(v, "n_people", v.n)
    t0 = time.perf_counter()
    t = run(args.a, args.b, args.deals, args.seed, args.players, args.jobs, args.game,
            args.clock)
    n = len(t.scores)
    mean, half = interval(t.scores)
    g = max(1, t.games)
    out = f", the dealer sitting out ({v.n} at the table)" if people > v.n else ""
    print(f"{v.name}, {args.players} players{out}: {args.a} (A) in one place, {args.b} (B) "
          f"in the others; {n} deals x {people} seatings ({t.games} games played, "
          f"{t.sat_out} sat out, {t.passed_out} passed out), seed {args.seed}, budgets on "
          f"the {args.clock} clock, {args.jobs} process(es), "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"A's payment per deal: {mean:+.3f} (95% interval {mean - half:+.3f} to "
          f"{mean + half:+.3f})")
    if people > v.n:
        k = people / v.n
        print(f"A's payment per game played: {mean * k:+.3f} (95% interval "
              f"{(mean - half) * k:+.3f} to {(mean + half) * k:+.3f})")
    print(f"payment per game: A {t.pay_a / g:+.3f}, each B {t.pay_b / g:+.3f}; card points "
          f"per game: A {t.pts_a / g:.1f}, each B {t.pts_b / g:.1f}")
    print(f"A's payment per game: {t.pay_bidding / g:+.3f} from its own contracts, "
          f"{t.pay_other / g:+.3f} from the others'")
    made = f", made {100 * t.made_a / t.bids_a:.0f}% of them" if t.bids_a else ""
    print(f"A won the auction in {100 * t.bids_a / g:.1f}% of the games (a fair share is "
          f"{100 / v.n:.0f}%){made}")
    print(f"A's time per decision: median {statistics.median(t.times or [0.0]):.1f} ms, "
          f"p95 {percentile(t.times, 0.95):.1f} ms ({len(t.times)} timed decisions)")


if __name__ == "__main__":
    main()
