"""Fit the Briscola col Monte hand estimate (``bots.monte_bids.WEIGHTS``) by least squares.

    python benchmarks/fit_monte_bidding.py [--deals 6000] [--seed 5] [--players 5|6]

Each deal is shuffled from the seed; one seat, drawn at random, wins the auction at a bid
drawn from 61 to 80 while every other seat passes, and calls the strongest card of a suit
(drawn at random, or with ``--pick best`` the one the shipped weights like best) that its
hand lacks; the medium level then plays the deal out (the monte
taken and the cards laid aside, the declaration, the play). The card points the bidder's
side took are fitted against the features of ``contracts.suit_features`` (the hand before
the monte, with the called suit as trumps). Printed: the fitted weights, R² and the residual
spread (one standard deviation) on the deals fitted and on a held-out half, and the same
for the weights shipped. Seven players play as six at the table, so six's weights serve
them. About 5 ms a deal on one core.
"""

from __future__ import annotations

import argparse
import random
import time

from fit_chiamata_bidding import fit_stats, lstsq

from bisca_tui.bots.base import make_bot
from bisca_tui.bots.contracts import suit_features
from bisca_tui.bots.monte_bids import WEIGHTS, best_suit
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine.variant import Variant

PICK_BEST = False  # --pick best: the suit the shipped estimate likes best, as the bots call


def play_forced(v: Variant, seed: int, rng: random.Random) -> tuple[list[float], int] | None:
    """One deal with a forced contract, played out by the medium level: (features, points)."""
    s = GameState(v, dealer=rng.randrange(v.n), seed=seed)
    bots = [make_bot("medium", seed * 7 + k) for k in range(v.n)]
    while s.phase == "claim":  # nobody shows a hand for a redeal here
        s.apply(A.PASS if A.PASS in s.legal_actions() else s.legal_actions()[0])
    if s.phase != "auction":
        return None
    bidder = rng.randrange(v.n)
    bid = A.BID + rng.randint(61, 80)
    while s.phase == "auction":
        legal = s.legal_actions()
        s.apply(bid if s.current == bidder and bid in legal else A.PASS)
    if s.bidding.contract is None or s.bidding.contract.bidder != bidder:
        return None
    hand = tuple(s.hands[bidder])
    suits = [x for x in range(4) if any(v.suit[c] == x and c not in hand for c in v.pack())]
    trump = best_suit(hand, v)[0] if PICK_BEST else rng.choice(suits)
    lacking = [c for c in v.pack() if v.suit[c] == trump and c not in hand]
    s.apply(A.CALL + max(lacking, key=lambda c: v.strength[c]))
    while not s.is_over():
        seat = s.current
        assert seat is not None
        s.apply(bots[seat].choose(s.view(seat)))
    side = sum(p for x, p in enumerate(s.points) if s.side_of[x] == s.side_of[bidder])
    return suit_features(hand, v, trump), side


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--players", type=int, default=5, choices=(5, 6))
    ap.add_argument("--pick", choices=("random", "best"), default="random",
                    help="the trump suit called: drawn at random, or the one the shipped "
                         "estimate likes best (the fit is then true of the suit the bots "
                         "call, whose estimate a plain fit overrates: it is the best of four)")
    args = ap.parse_args()
    global PICK_BEST
    PICK_BEST = args.pick == "best"
    v = make_variant("chiamata-monte", None, args.players)
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    recs = []
    while len(recs) < args.deals:
        r = play_forced(v, rng.getrandbits(62), rng)
        if r is not None:
            recs.append(r)
    rows = [r[0] for r in recs]
    y = [float(r[1]) for r in recs]
    half = len(recs) // 2
    print(f"col Monte, {args.players} players: {len(recs)} deals with forced contracts, seed "
          f"{args.seed}, {time.perf_counter() - t0:.0f} s; the bidder's side took "
          f"{sum(y) / len(y):.1f} points on average")
    r2, sd = fit_stats(rows, y, WEIGHTS[args.players])
    print(f"the shipped weights: R² {r2:.3f}, residual spread {sd:.1f} points")
    w_half = lstsq(rows[:half], y[:half])
    r2_te, sd_te = fit_stats(rows[half:], y[half:], w_half)
    w = lstsq(rows, y)
    r2, sd = fit_stats(rows, y, w)
    print(f"fitted: R² {r2:.3f}, residual spread {sd:.1f} points; fitted on one half, R² "
          f"{r2_te:.3f} / spread {sd_te:.1f} on the other")
    print(f"{args.players}: (" + ", ".join(f"{x:.2f}" for x in w) + ")")


if __name__ == "__main__":
    main()
