"""Bidding and calling in an auction of ranks (Briscola Chiamata).

A hand is judged for each card it could call (``chiamata_value``): the card points the
bidder's side is expected to take with that card's suit as trumps and its holder as the
partner (or alone, calling a card the hand holds). The estimate is a linear function of a
few features of the hand and the call, least-squares fitted on deals played out by the
medium level (see ``WEIGHTS``); how far real deals stray from it (``PARTNER_SPREAD``,
``ALONE_SPREAD``) turns it into a chance of making the target, and the payment table
(``calling.payment``) into an expected payment.

The seat bids only when the best call it would have at the bid is expected to pay the
bidder something; otherwise it passes (a pass is final). The bid is the next legal one (a
lower rank to call, then "two for" one more point), or, while ranks are left, whichever
remaining rank (or two for 61) has the best call: they all need 61 and pay alike, and the
next rank can be a poor one (holding every Ace, a bid of Ace means playing alone).

A pass counts as worth nothing. When another seat wins the auction, this seat is most
likely an opponent of a contract its bidder expects to make, which costs it a little (about
a tenth of a unit); but the estimate's errors push the other way (the bid a seat wins is the
one it overrated most), and the two roughly cancel. Measured: one seat counting a pass as
worth +0.3 or -0.2 among seats counting it as 0 scored the same within 0.013 a game (3000
deals in duplicate each, ``benchmarks/chiamata_strength.py``).

The call, once the auction is won: among the legal calls, the one with the best expected
payment at the bid won. A careless player (the easy level) misjudges its hand by several
points when bidding, and each call by several points when calling.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from ..engine import actions as A
from ..engine.actions import Kind as K
from ..engine.auction import RanksThenPoints
from ..engine.calling import payment
from ..engine.cards import RANKS, make_card
from ..engine.state import GameState, Layout
from ..engine.turns import by_views, play_deal
from ..engine.variant import Variant
from ..engine.view import SeatView

# Card points the bidder's side takes, per unit of each feature of ``chiamata_features``: a
# least-squares fit over 24000 deals played out by the medium level, each with one seat made
# the bidder of a random bid (every other seat passing) and a random legal call
# (``python benchmarks/fit_chiamata_bidding.py --deals 24000 --seed 7``). The fit explains
# 43% of the variance of the points taken, the same on a held-out half (the hand-guessed
# weights used before it: 9%, a residual spread of 25 points against 20). Plain card points
# count for little: in free play against three opponents a plain Ace is trumped about as
# often as it scores. Trumps, their points, the Ace and Three of trumps (whose points already
# count in full, hence the negative weight of the count) and the called card count most.
WEIGHTS = (28.65, 0.12, 0.12, 0.63, 2.72, -12.49, 2.50, 0.94, -30.10, -0.98, 0.08)
# how far the points actually taken stray from the estimate (one standard deviation), with a
# partner and alone (alone, the bidder's side is one hand: its points stray much less)
PARTNER_SPREAD = 21.6
ALONE_SPREAD = 11.7
PASS_VALUE = 0.0  # what passing is worth to a seat, in payment units (see the module's text)


def chiamata_features(hand: Sequence[int], variant: Variant, called: int,
                      position: int = 2) -> list[float]:
    """What the hand offers with ``called``'s suit as trumps and its holder as the partner:
    a constant; plain card points held; trumps held, and their square; trump card points
    held; the Ace and Three of trumps held by the side (the hand or the called card); the
    called card's points (none alone); the bidder's place in the playing order of the first
    trick (0: eldest leads, 4: plays last); alone; and, alone, the trumps held and their
    points again."""
    suit, pts, strength = variant.suit, variant.points, variant.strength
    top = max(strength)
    trump = suit[called]
    alone = called in hand
    trumps = [c for c in hand if suit[c] == trump]
    plain = sum(pts[c] for c in hand if suit[c] != trump)
    side = trumps if alone else [*trumps, called]
    n = float(len(trumps))
    tp = float(sum(pts[c] for c in trumps))
    a = 1.0 if alone else 0.0
    return [1.0, float(plain), n, n * n, tp,
            float(sum(1 for c in side if strength[c] >= top - 1)),
            0.0 if alone else float(pts[called]), float(position), a, a * n, a * tp]


def chiamata_value(hand: Sequence[int], variant: Variant, called: int,
                   position: int = 2) -> float:
    """Expected card points for the bidder's side with ``called``'s suit as trumps."""
    f = chiamata_features(hand, variant, called, position)
    return sum(w * x for w, x in zip(WEIGHTS, f, strict=True))


def make_chance(estimate: float, need: int, spread: float) -> float:
    """The chance of taking at least ``need`` points when ``estimate`` is expected."""
    return 0.5 * (1.0 + math.erf((estimate - need + 0.5) / (spread * math.sqrt(2.0))))


def expected_payment(estimate: float, need: int, alone: bool) -> float:
    """The bidder's expected payment for a contract needing ``need`` (the doubling for all
    eight tricks, rare and cutting both ways, is left out)."""
    win = payment(need, alone)[0]
    p = make_chance(estimate, need, ALONE_SPREAD if alone else PARTNER_SPREAD)
    return win * (2.0 * p - 1.0)


def position_of(view: SeatView) -> int:
    """The seat's place in the first trick's playing order (eldest leads)."""
    return (view.seat - view.dealer - 1) % view.n_players


def possible_calls(hand: Sequence[int], variant: Variant, rank: int) -> list[int]:
    """The cards a bidder holding ``hand`` may call after winning at ``rank``: that rank in
    any suit; after "two", holding the two of a suit, also the lowest card of that suit the
    hand lacks."""
    domain = variant.auction_rules.domain  # type: ignore[attr-defined]
    two = RANKS[rank] == domain.order[-1]  # the last rank bid: "two for N"
    out = []
    for x in range(4):
        card = make_card(rank, x)
        out.append(card)
        if two and card in hand:
            lacking = [k for k in variant.pack() if variant.suit[k] == x and k not in hand]
            if lacking:
                out.append(min(lacking, key=lambda k: variant.strength[k]))
    return sorted(set(out))


def call_payment(hand: Sequence[int], variant: Variant, called: int, need: int,
                 position: int, noise: float = 0.0) -> float:
    """The expected payment of calling ``called`` in a contract needing ``need``."""
    est = chiamata_value(hand, variant, called, position) + noise
    return expected_payment(est, need, called in hand)


def best_call(hand: Sequence[int], variant: Variant, calls: Sequence[int], need: int,
              position: int, noise: Sequence[float] | None = None) -> tuple[int, float]:
    """Among ``calls``, the card with the best expected payment, and that payment (ties go
    to the lower card code, so the choice never depends on anything else)."""
    out = []
    for i, c in enumerate(calls):
        e = noise[i % len(noise)] if noise else 0.0
        out.append((c, call_payment(hand, variant, c, need, position, e)))
    return max(out, key=lambda o: (o[1], -o[0]))


def rank_auction(view: SeatView, variant: Variant, legal: Sequence[int],
                 rng: random.Random, careless: bool = False, skill: float = 0.0) -> int:
    """A bid, a pass or a call in an auction of ranks (see the module's text). ``skill`` is
    added to every estimate: the card points a stronger player's side takes beyond it."""
    domain = variant.auction_rules.domain  # type: ignore[attr-defined]
    assert isinstance(domain, RanksThenPoints)
    pos = position_of(view)
    calls = [A.card_of(a) for a in A.of_kind(legal, K.CALL)]
    if calls:
        noise = [skill + (rng.gauss(0.0, 8.0) if careless else 0.0) for _ in calls]
        need = view.contract.need if view.contract is not None else 61
        return A.call(best_call(view.hand, variant, calls, need, pos, noise)[0])
    bids = A.of_kind(legal, K.BID)
    if bids:
        # a careless player misjudges the hand as a whole
        noise = [skill + (rng.gauss(0.0, 8.0) if careless else 0.0)]
        need = domain.need(bids[0])
        best, value = None, PASS_VALUE
        for bid in bids:
            if domain.need(bid) != need:
                break
            options = possible_calls(view.hand, variant, domain.called_rank(bid))
            _, v = best_call(view.hand, variant, options, need, pos, noise)
            if v > value:
                best, value = bid, v
        if best is not None:
            return best
    return A.PASS if A.PASS in legal else legal[0]


# ----- judging a bid by playing sampled deals out (the hard level) --------------------


def candidate_bid(view: SeatView, variant: Variant, bids: Sequence[int]) -> tuple[int, int]:
    """The bid the estimate likes best among those needing what the next one needs, and its
    best call, whether or not it is worth bidding."""
    domain = variant.auction_rules.domain  # type: ignore[attr-defined]
    pos = position_of(view)
    need = domain.need(bids[0])
    best: tuple[float, int, int] | None = None
    for bid in bids:
        if domain.need(bid) != need:
            break
        options = possible_calls(view.hand, variant, domain.called_rank(bid))
        call, value = best_call(view.hand, variant, options, need, pos)
        if best is None or value > best[0]:
            best = (value, bid, call)
    assert best is not None
    return best[1], best[2]


def deal_unseen(view: SeatView, variant: Variant, rng: random.Random) -> list[tuple[int, ...]]:
    """Hands for every seat before any card is played: the seat's own, and the cards it has
    not seen dealt at random to the others, as many as each holds."""
    mine = set(view.hand)
    unseen = [c for c in variant.pack() if c not in mine]
    rng.shuffle(unseen)
    hands: list[tuple[int, ...]] = []
    pos = 0
    for s in range(view.n_players):
        if s == view.seat:
            hands.append(tuple(view.hand))
            continue
        k = view.hand_sizes[s]
        hands.append(tuple(unseen[pos:pos + k]))
        pos += k
    return hands


def playout_payment(view: SeatView, variant: Variant, hands: Sequence[tuple[int, ...]],
                    bid: int, call: int, seed: int) -> float:
    """This seat's payment in one sampled deal: the auction so far, then this seat's ``bid``
    and everyone else passing, the ``call``, and the play by rule-based players."""
    from .levels import MediumBot  # imported here: the levels import this module

    s = GameState(variant, dealer=view.dealer, layout=Layout(tuple(hands), 0, None, ()))
    for _, action in view.bids:
        s.apply_unchecked(action)
    s.apply_unchecked(bid)
    while s.phase == "auction":
        s.apply_unchecked(A.PASS)
    s.apply_unchecked(A.call(call))
    bots = [MediumBot(seed + k) for k in range(s.n)]
    play_deal(s, by_views([bot.choose for bot in bots]), checked=False)
    assert s.result is not None
    return float(s.result.game_points[view.seat])


def sampled_bid(view: SeatView, variant: Variant, legal: Sequence[int], rng: random.Random,
                samples: int = 24, min_samples: int = 8, budget_ms: float = 200.0,
                clock: Callable[[], float] = time.perf_counter) -> int:
    """A bid or a pass judged by sampled playouts: the bid and call the estimate likes best,
    tried on deals of the unseen cards to the other seats (``deal_unseen``), each played
    out by the medium level as if everyone else passed (``playout_payment``); bid when the
    mean payment is positive. Calls (and anything but a bid or a pass) are answered by
    ``rank_auction``. About 120 ms a decision with the defaults. Measured no stronger than
    the estimate: a medium player bidding this way among medium players scored -0.006 a
    game (95% interval -0.077 to +0.065, 200 deals in duplicate), so the levels bid from
    the estimate."""
    bids = A.of_kind(legal, K.BID)
    if not bids or A.PASS not in legal:
        return rank_auction(view, variant, legal, rng)
    bid, call = candidate_bid(view, variant, bids)
    deadline = clock() + budget_ms / 1000.0
    total = 0.0
    n = 0
    while n < samples:
        hands = deal_unseen(view, variant, rng)
        total += playout_payment(view, variant, hands, bid, call, rng.getrandbits(32))
        n += 1
        if n >= min_samples and clock() >= deadline:
            break
    return bid if total / n > PASS_VALUE else A.PASS


# ----- the point auctions of Chiamata's forms (by points, Subito al Due, al Buio) ------


def judged_calls(hand: Sequence[int], variant: Variant, calls: Sequence[int], position: int,
                 noise: Sequence[float] | None = None) -> list[tuple[int, bool, float]]:
    """Each card of ``calls`` as (card, alone, expected card points for the bidder's side)."""
    out = []
    for i, c in enumerate(calls):
        e = noise[i % len(noise)] if noise else 0.0
        out.append((c, c in hand, chiamata_value(hand, variant, c, position) + e))
    return out


def best_point_bid(judged: Sequence[tuple[int, bool, float]], needs: Sequence[int],
                   floor: float = PASS_VALUE) -> tuple[int | None, float]:
    """Among the points ``needs`` a seat may bid, the one whose best call has the best
    expected payment, when that beats ``floor`` (else None), and that payment. Higher bids
    pay more (``calling.payment``) and are harder to make; ties go to the lower bid."""
    best, value = None, floor
    # the payment depends on the estimate and on playing alone or not: the best estimate of
    # each kind of call stands for all of that kind
    tops = {alone: max(e for _, a, e in judged if a == alone) for _, alone, _ in judged}
    top = max(tops.values())
    for need in needs:
        if need > top + 3 * PARTNER_SPREAD:
            break
        v = max(expected_payment(est, need, alone) for alone, est in tops.items())
        if v > value + 1e-9:
            best, value = need, v
    return best, value


def chiamata_point_auction(view: SeatView, variant: Variant, legal: Sequence[int],
                           rng: random.Random, careless: bool = False,
                           skill: float = 0.0) -> int:
    """A bid, a pass, a reopening or a call in a point auction of Chiamata's forms.

    Every card the form lets the winner call (``calls_for``: any card by points, a two in
    Subito al Due) is judged by ``chiamata_value`` as in the auction of ranks; the seat bids
    the points whose best call has the best expected payment, or passes when none is
    expected to pay it anything (``best_point_bid``). ``skill`` is added to every estimate:
    the card points a stronger player's side takes beyond the estimate, which was fitted on
    the medium level's play. A careless player misjudges each call by several points."""
    pos = position_of(view)
    calls = [A.card_of(a) for a in A.of_kind(legal, K.CALL)]
    options = calls or variant.calls_for(view.hand, A.BID + 61)  # type: ignore[attr-defined]
    noise = [skill + (rng.gauss(0.0, 8.0) if careless else 0.0) for _ in options]
    judged = judged_calls(view.hand, variant, options, pos, noise)
    if calls:
        need = view.contract.need if view.contract is not None else 61
        card, _, _ = max(judged, key=lambda o: (expected_payment(o[2], need, o[1]), -o[0]))
        return A.call(card)
    reopen = A.first_of(legal, K.REOPEN)
    if reopen is not None:  # all passed: reopen at 61 when the hand is worth a contract
        return reopen if best_point_bid(judged, [61])[0] is not None else A.PASS
    bids = sorted(A.of_kind(legal, K.BID))
    need, _ = best_point_bid(judged, [b - A.BID for b in bids])
    if need is not None:
        return A.BID + need
    return A.PASS if A.PASS in legal else legal[0]
