"""Bidding and calling in an auction of ranks (Briscola Chiamata), by rules of thumb.

A hand is judged for each suit as trumps and each card it could call (``chiamata_value``):
the card points it holds, its trumps and how high they are, and what the called card brings
with the partner who holds it. The seat keeps bidding while the contract of the next bid
(a lower rank to call, then two for more points) is still expected to make its target, and
calls the card of the bid rank in its best suit; a winner at two who holds the two calls
the strongest trump it lacks when that is allowed, else plays alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine import actions as A
from ..engine.auction import RanksThenPoints
from ..engine.cards import make_card
from ..engine.variant import Variant
from ..engine.view import SeatView

# card points the bidder's side takes, per unit of each feature (a constant; card points
# held; trumps held; the Ace and the Three of trumps held; the called card's points; the
# called card's strength rank 0-9 within its suit; alone)
WEIGHTS = (26.0, 0.75, 6.0, 4.0, 0.6, 1.2, -22.0)


def chiamata_value(hand: Sequence[int], variant: Variant, called: int) -> float:
    """Expected card points for the bidder's side with ``called``'s suit as trumps."""
    suit, pts, strength = variant.suit, variant.points, variant.strength
    trump = suit[called]
    trumps = [c for c in hand if suit[c] == trump]
    top = max(strength)
    high = sum(1 for c in trumps if strength[c] >= top - 1)
    alone = called in hand
    f = (1.0, float(sum(pts[c] for c in hand)), float(len(trumps)), float(high),
         0.0 if alone else float(pts[called]), 0.0 if alone else float(strength[called]),
         1.0 if alone else 0.0)
    return sum(w * x for w, x in zip(WEIGHTS, f, strict=True))


def best_call(hand: Sequence[int], variant: Variant, rank: int) -> tuple[int, float]:
    """The card of ``rank`` to call (its suit trumps) with the best estimate, and that
    estimate."""
    options = [make_card(rank, x) for x in range(4)]
    return max(((c, chiamata_value(hand, variant, c)) for c in options),
               key=lambda o: (o[1], -o[0]))


def rank_auction(view: SeatView, variant: Variant, legal: Sequence[int],
                 rng: random.Random, careless: bool = False) -> int:
    """A bid, a pass or a call in an auction of ranks (see the module's text)."""
    domain = variant.auction_rules.domain  # type: ignore[attr-defined]
    assert isinstance(domain, RanksThenPoints)
    calls = [a - A.CALL for a in legal if A.CALL <= a < A.TRUMP]
    noise = rng.gauss(0.0, 8.0) if careless else 0.0
    if calls:
        return A.CALL + max(calls, key=lambda c: (chiamata_value(view.hand, variant, c), -c))
    bids = [a for a in legal if a != A.PASS]
    for bid in bids[:1]:
        rank = domain.called_rank(bid)
        _, value = best_call(view.hand, variant, rank)
        if value + noise >= domain.need(bid):
            return bid
    return A.PASS if A.PASS in legal else legal[0]
