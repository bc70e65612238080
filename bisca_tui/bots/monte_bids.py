"""Bidding and calling at Briscola col Monte.

A hand is judged with each suit as trumps (``monte_value``): the card points the bidder's
side is expected to take when it calls the strongest card of that suit it lacks and takes
the monte, a linear function of the hand's features (``contracts.suit_features``) fitted on
deals played out by the medium level (``WEIGHTS``, one set for five players and one for six
at the table). How far real deals stray from it (``SPREAD``) turns it into a chance of
making a bid.

Only the bid of 91 or more doubles the payments, so the seat bids the lowest bid it may,
or 91 when that pays more on average, and passes when no bid is expected to pay it
anything. The call is the strongest card the hand lacks in the suit judged best.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import actions as A
from ..engine.actions import Kind as K
from ..engine.variant import Variant
from ..engine.view import SeatView
from .bidding import make_chance
from .contracts import suit_features

# card points the bidder's side takes per feature of ``suit_features``: least-squares fits
# over 20000 deals each played out by the medium level, by the number of seats at the table,
# each deal's trumps the suit these weights' first fit (on suits drawn at random) liked best,
# as the bots call (``benchmarks/fit_monte_bidding.py --deals 20000 --pick best``, seeds 5
# and 6). The hand before the monte explains little of what the side takes (R² 0.06 with
# five, 0.08 with six, the same on a held-out half): the monte, the cards laid aside and the
# partner's hand count for more. Those of Sueca for five, used before: R² 0.01.
WEIGHTS = {
    5: (25.61, 4.70, 1.27, 1.19, 0.52, 0.27, 0.52, 0.66, 0.47),
    6: (16.96, 5.62, 1.42, 1.46, 0.41, -1.62, 0.14, -0.44, 0.80),
}
# how far the points actually taken stray from the estimate (one standard deviation)
SPREAD = {5: 27.7, 6: 27.8}
DOUBLE_FROM = 91  # a bid of this many points or more doubles the payments


def monte_value(hand: Sequence[int], variant: Variant, trump: int) -> float:
    """The card points the bidder's side is expected to take with ``trump`` as trumps."""
    w = WEIGHTS[min(6, variant.n)]
    return sum(a * b for a, b in zip(w, suit_features(hand, variant, trump), strict=True))


def best_suit(hand: Sequence[int], variant: Variant) -> tuple[int, float]:
    """The suit with the best estimate (one the hand lacks a card of), and the estimate."""
    out = []
    for x in range(4):
        if any(variant.suit[c] == x and c not in hand for c in variant.pack()):
            out.append((monte_value(hand, variant, x), -x))
    est, x = max(out)
    return -x, est


def bid_payment(estimate: float, need: int, players: int) -> float:
    """The bidder's expected payment for a bid of ``need`` (the doubling for all 120
    points, rare, is left out)."""
    win = 2 if need < DOUBLE_FROM else 4
    return win * (2.0 * make_chance(estimate, need, SPREAD[min(6, players)]) - 1.0)


def monte_auction(view: SeatView, variant: Variant, legal: Sequence[int],
                  rng: random.Random, careless: bool = False, skill: float = 0.0) -> int:
    """A bid, a pass or a call at col Monte (see the module's text). ``skill`` is added to
    the estimate; a careless player misjudges it by several points."""
    trump, est = best_suit(view.hand, variant)
    est += skill + (rng.gauss(0.0, 8.0) if careless else 0.0)
    calls = A.of_kind(legal, K.CALL)
    if calls:
        lacking = [c for c in variant.pack() if variant.suit[c] == trump and c not in view.hand]
        card = A.call(max(lacking, key=lambda c: variant.strength[c]))
        return card if card in calls else calls[0]
    bids = sorted(A.of_kind(legal, K.BID))
    if bids:
        options = [bids[0]] + [b for b in bids if b - A.BID == max(DOUBLE_FROM, bids[0] - A.BID)]
        best, value = None, 0.0
        for b in options:
            v = bid_payment(est, b - A.BID, variant.n)
            if v > value + 1e-9:
                best, value = b, v
        if best is not None:
            return best
    return A.PASS if A.PASS in legal else legal[0]
