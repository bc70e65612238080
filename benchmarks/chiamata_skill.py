"""How many more card points a level's side takes as the bidder at Briscola Chiamata than
the hand estimate says (``bidding.chiamata_value``, fitted on the medium level's play).

    python benchmarks/chiamata_skill.py [--level hard] [--deals 300] [--seed 3]
                                        [--game chiamata] [--clock cpu] [--jobs 1]

(``--game`` any form of five players; at col Monte the estimate is ``monte_bids``'s.)

Each deal is shuffled from the seed and one seat, drawn at random, wins the auction at a
bid drawn at random, everyone else passing, and calls the card the bidding would call; only
deals whose best call is estimated at 45 to 85 points are kept (the hands near the line
between a bid and a pass, where the answer matters). The deal is then played out twice with
the same hands and the same medium players in the other seats: once with the bidder played
by the medium level, once by ``--level``. Printed: the bidder's side's card points in each,
the estimate's mean, the mean difference with its 95% interval (paired, so the luck of the
cards cancels), and how often each made 61. The difference is what the level's bidding may
add to the estimate (``HardBot.bid_skill``).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import time

from bisca_tui.bots.base import make_bot
from bisca_tui.bots.bidding import best_call, chiamata_value
from bisca_tui.bots.monte_bids import best_suit
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine import actions as A

_JOB: dict = {}


def forced(seed: int) -> tuple[int, int, int, float] | None:
    """(dealer, bidder, bid, estimate) of a deal worth playing, or None."""
    v = make_variant(_JOB["game"], None, 5)
    rng = random.Random(seed)
    dealer, bidder = rng.randrange(5), rng.randrange(5)
    s = GameState(v, dealer=dealer, seed=seed)
    domain = v.auction_rules.domain  # type: ignore[attr-defined]
    if domain.kind == "ranks-then-points":
        ranks = [b for b in domain.ladder() if b >= A.BID_RANK]
        bid = rng.choice(ranks)
        need = 61
    else:
        need = rng.randint(61, 75)
        bid = A.BID + need
    hand = s.hands[bidder]
    if getattr(v, "monte_size", 0):  # col Monte: the estimate of the best suit
        est = best_suit(hand, v)[1]
        return (dealer, bidder, bid, est) if 45 <= est <= 85 else None
    pos = (bidder - dealer - 1) % 5
    calls = v.calls_for(hand, bid)  # type: ignore[attr-defined]
    card, _ = best_call(hand, v, calls, need, pos)
    est = chiamata_value(hand, v, card, pos)
    if not 45 <= est <= 85:
        return None
    return dealer, bidder, bid, est


def play(seed: int, dealer: int, bidder: int, bid: int, level: str) -> tuple[int, int]:
    """The bidder's side's card points and the bidder's payment, ``level`` as the bidder."""
    v = make_variant(_JOB["game"], None, 5)
    s = GameState(v, dealer=dealer, seed=seed)
    bots = [make_bot(level if k == bidder else "medium", seed + k) for k in range(5)]
    if _JOB["clock"] == "cpu":
        for b in bots:
            b.clock = time.process_time  # type: ignore[method-assign]
    while s.phase in ("claim", "auction"):  # nobody shows a hand for a redeal
        s.apply(bid if s.current == bidder and s.phase == "auction" else A.PASS)
    while not s.is_over():
        seat = s.current
        assert seat is not None
        s.apply(bots[seat].choose(s.view(seat)))
    assert s.result is not None
    side = sum(p for x, p in enumerate(s.points) if s.side_of[x] == s.side_of[bidder])
    return side, s.result.game_points[bidder]


def one(seed: int) -> tuple[float, int, int, int, int] | None:
    f = forced(seed)
    if f is None:
        return None
    dealer, bidder, bid, est = f
    m, mp = play(seed, dealer, bidder, bid, "medium")
    h, hp = play(seed, dealer, bidder, bid, _JOB["level"])
    return est, m, h, mp, hp


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", default="hard")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--game", default="chiamata")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="cpu")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    _JOB.update(level=args.level, game=args.game, clock=args.clock)
    rng = random.Random(args.seed)
    seeds = []
    while len(seeds) < args.deals:
        s = rng.getrandbits(62)
        if forced(s) is not None:
            seeds.append(s)
    t0 = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            recs = [r for r in pool.map(one, seeds, chunksize=4) if r is not None]
    else:
        recs = [r for r in map(one, seeds) if r is not None]
    n = len(recs)
    diffs = [h - m for _, m, h, _, _ in recs]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n)
    print(f"{args.game}: {n} forced contracts near the line, seed {args.seed}, budgets on the "
          f"{args.clock} clock, {time.perf_counter() - t0:.0f} s")
    print(f"estimate {statistics.fmean(r[0] for r in recs):.1f}; the bidder's side took "
          f"{statistics.fmean(r[1] for r in recs):.1f} with medium bidding and playing, "
          f"{statistics.fmean(r[2] for r in recs):.1f} with {args.level}")
    print(f"{args.level} minus medium: {mean:+.1f} points (95% interval {mean - half:+.1f} "
          f"to {mean + half:+.1f})")
    print(f"made: medium {100 * sum(r[3] > 0 for r in recs) / n:.0f}%, {args.level} "
          f"{100 * sum(r[4] > 0 for r in recs) / n:.0f}%; payment: medium "
          f"{statistics.fmean(r[3] for r in recs):+.2f}, {args.level} "
          f"{statistics.fmean(r[4] for r in recs):+.2f}")


if __name__ == "__main__":
    main()
