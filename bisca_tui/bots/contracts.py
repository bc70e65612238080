"""Judging a hand for the bidding of Sueca for five: its expected card points with each suit
as trumps, with the partner a call brings or alone, the expected payment of each contract, and
the bid and the call made from them (``point_auction``)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..engine import actions as A
from ..engine.actions import Kind as K
from ..engine.calling import payment
from ..engine.variant import Variant
from ..engine.view import SeatView


def suit_features(hand: Sequence[int], variant: Variant, trump: int,
                  partner: bool = True) -> list[float]:
    """What the hand offers with ``trump`` as trumps, as numbers for ``hand_value``: a
    constant, the trumps held and their points, the points of the card called (the strongest
    trump not held; none alone), plain Aces, plain 7s with and without their Ace, plain
    Kings, and plain suits the hand lacks (it may trump them)."""
    suit, strength, pts = variant.suit, variant.strength, variant.points
    top = max(strength)
    trumps = [c for c in hand if suit[c] == trump]
    missing = [c for c in variant.pack() if suit[c] == trump and c not in hand]
    called = max(missing, key=lambda c: strength[c]) if partner and missing else None
    aces = guarded = bare = kings = voids = 0
    for x in range(4):
        if x == trump:
            continue
        ranks = {strength[c] for c in hand if suit[c] == x}
        aces += top in ranks
        if top - 1 in ranks:
            if top in ranks:
                guarded += 1
            else:
                bare += 1
        kings += top - 2 in ranks
        voids += not ranks
    return [1.0, float(len(trumps)), float(sum(pts[c] for c in trumps)),
            float(pts[called]) if called is not None else 0.0,
            float(aces), float(guarded), float(bare), float(kings), float(voids)]


# card points taken (with the called partner, then alone) per feature of ``suit_features``:
# a least-squares fit over some ten thousand deals of Sueca for five played out by the
# medium level, the bidder leading
PARTNER_WEIGHTS = (16.75, 4.9, 1.08, 1.93, 7.58, 1.93, 3.27, 0.91, 2.56)
ALONE_WEIGHTS = (-17.27, 9.77, 1.13, 0.0, 9.08, 1.88, 3.55, 0.96, 2.94)
# how far the points actually taken stray from the estimate (one standard deviation)
PARTNER_SPREAD = 20.0
ALONE_SPREAD = 15.0


def hand_value(hand: Sequence[int], variant: Variant, trump: int,
               partner: bool = True) -> float:
    """The card points the hand is expected to take with ``trump`` as trumps: with the
    partner the call brings (the holder of the strongest trump not held), or alone."""
    w = PARTNER_WEIGHTS if partner else ALONE_WEIGHTS
    f = suit_features(hand, variant, trump, partner)
    return sum(a * b for a, b in zip(w, f, strict=True))


def _make_chance(estimate: float, need: int, spread: float) -> float:
    """The chance of taking at least ``need`` points when ``estimate`` is expected."""
    return 0.5 * (1.0 + math.erf((estimate - need + 0.5) / (spread * math.sqrt(2.0))))


def contract_options(hand: Sequence[int], variant: Variant,
                     noise: Sequence[float] = (0.0,) * 8) -> list[tuple[int, bool, float]]:
    """Every way to play the hand as bidder: (card to call, alone, expected card points).
    With a partner the call is the strongest trump not held; alone, the strongest trump
    held (calling one's own card). ``noise`` is added to the estimates (a careless player
    misjudges)."""
    suit, strength = variant.suit, variant.strength
    out: list[tuple[int, bool, float]] = []
    for x in range(4):
        mine = [c for c in hand if suit[c] == x]
        missing = [c for c in variant.pack() if suit[c] == x and c not in hand]
        if missing:
            call = max(missing, key=lambda c: strength[c])
            out.append((call, False, hand_value(hand, variant, x, True) + noise[2 * x]))
        if mine:
            call = max(mine, key=lambda c: strength[c])
            out.append((call, True, hand_value(hand, variant, x, False) + noise[2 * x + 1]))
    return out


def contract_value(bid: int, alone: bool, estimate: float) -> float:
    """The bidder's expected payment for a contract of ``bid`` (0: at zero, needing 61)."""
    win = payment(bid, alone)[0]
    p = _make_chance(estimate, max(61, bid), ALONE_SPREAD if alone else PARTNER_SPREAD)
    return win * (2.0 * p - 1.0)


def step_floor(bid: int) -> int:
    """The lowest bid that pays the same as ``bid`` (the payments go by steps of ten)."""
    if bid <= 70:
        return 61
    return min(101, (bid - 1) // 10 * 10 + 1)


def point_auction(view: SeatView, variant: Variant, legal: Sequence[int],
                   rng: random.Random, careless: bool) -> int:
    """Bidding and calling in Sueca for five.

    Bid: the hand is judged with each suit as trumps (``hand_value``), with the partner
    its call brings or alone. When the best estimate is 61 or more and tops the high bid,
    the seat bids it, lowered to the first bid of its step of the payment table (which pays
    the same and is easier to make) but never below the lowest legal bid; else it says 0.
    Call: the contract (suit, partner or alone) with the best expected payment at the bid
    won. A careless player misjudges its hand by several points and now and then bids its
    whole estimate."""
    noise = [rng.gauss(0.0, 8.0) for _ in range(8)] if careless else [0.0] * 8
    options = contract_options(view.hand, variant, noise)
    calls = A.of_kind(legal, K.CALL)
    if calls:
        need = view.contract.need if view.contract is not None else 61
        allowed = [o for o in options if A.call(o[0]) in calls]
        if not allowed:  # the game limits the call (a two, say): judge each card allowed
            cards = [A.card_of(a) for a in calls]
            allowed = [(c, c in view.hand, hand_value(view.hand, variant, variant.suit[c],
                                                      c not in view.hand)) for c in cards]
        call, _, _ = max(allowed, key=lambda o: (contract_value(need, o[1], o[2]), -o[0]))
        return A.call(call)
    reopen = A.first_of(legal, K.REOPEN)
    if reopen is not None:  # all passed: reopen at the lowest bid when the hand is worth it
        return reopen if max(o[2] for o in options) >= 61 + 5 else A.PASS
    bids = [a - A.BID for a in A.of_kind(legal, K.BID) if a > A.BID]
    estimate = round(max(o[2] for o in options))
    if not bids or estimate < min(bids):
        return A.PASS if A.PASS in legal else legal[0]
    if careless and rng.random() < 0.3 and estimate in bids:
        return A.BID + estimate  # an eager bid: more than the step's first bid pays
    return A.BID + max(step_floor(estimate), min(bids))
