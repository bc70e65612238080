"""The coach's reasons for decisions other than a card: cutting or knocking, the exchange,
a claimed redeal, a declaration, signals, discards, naming trumps, bids and calls
(``rule_reason``, with ``KIND_REASONS`` by the kind of action and ``AUCTION_REASONS`` by
the kind of bids).
"""

from __future__ import annotations

from collections.abc import Callable

from ..bots.bidding import (
    best_call,
    candidate_bid,
    chiamata_value,
    judged_calls,
    position_of,
    possible_calls,
)
from ..bots.contracts import contract_options
from ..bots.heuristics import auction_kind, my_team_behind
from ..bots.levels import HardBot
from ..bots.monte_bids import best_suit
from ..bots.table import variant_of
from ..engine import actions as A
from ..engine.actions import Kind as K
from ..engine.auction import Points, RanksThenPoints
from ..engine.cards import PACKS, SUITS
from ..engine.narrate import CardRef, bid_label
from ..engine.spoken import signal_meaning
from ..engine.variant import ASK_CARDS, ASK_POINTS, Variant
from ..engine.view import SeatView
from .sentences import (
    Reason,
    _points,
    say,
)


def _suit_words(variant: Variant, suit: int) -> str:
    pack = PACKS.get(variant.pack_style)
    names = pack.suit_names if pack else {}
    return names.get(SUITS[suit], SUITS[suit])


def _exchange_reason(view: SeatView) -> Reason | None:
    return say("exchange", card=CardRef(view.indicator)) if view.indicator is not None else None


# the reason for a choice of its own kind (one game's choice, as the cut or the knock); None
# leaves the action to the reasons of signals, discards, calls and bids
KIND_REASONS: dict[K, Callable[[SeatView], Reason | None]] = {
    K.CUT: lambda view: say("cut"),
    K.KNOCK: lambda view: say("knock") if my_team_behind(view) else say("rule"),
    K.EXCHANGE: _exchange_reason,
    K.REDEAL: lambda view: say("redeal"),
    K.SHOW: lambda view: say("show"),
}


def rule_reason(view: SeatView, action: int) -> Reason:
    """Why the rules of thumb take ``action`` (a decision other than a card), said
    plainly where the rule can be; else a plain statement that the bot does so."""
    variant = variant_of(view)
    kind = A.kind(action)
    reason_of = KIND_REASONS.get(kind)
    reason = reason_of(view) if reason_of is not None else None
    if reason is not None:
        return reason
    if A.is_signal(action):
        name = variant.signals[action - A.SIGNAL].name
        if name == ASK_POINTS:
            return say("ask_points")
        if name == ASK_CARDS:
            return say("ask_cards")
        meaning = signal_meaning(variant.signals[action - A.SIGNAL])
        return say("signal", meaning=meaning[:1].lower() + meaning[1:])
    if kind is K.DISCARD:
        return say("discard", card=CardRef(A.card_of(action)))
    if kind is K.TRUMP:
        return say("name_trumps", suit=_suit_words(variant, A.card_of(action)))
    by_kind = AUCTION_REASONS.get(auction_kind(variant))
    if by_kind is not None:
        return by_kind(view, variant, action)
    if kind is K.CALL:
        return say("call_top", card=CardRef(A.card_of(action)))
    if kind is K.BID:
        return say("bid_strong")
    if action == A.PASS and A.of_kind(view.legal, K.BID):
        return say("pass_weak")
    return say("rule")


def _points_reason(view: SeatView, variant: Variant, action: int) -> Reason:
    """Bids in points (Sueca for five, col Monte, Chiamata's forms): the estimate of the
    hand; in Chiamata's forms, with each card the form lets the winner call and the points
    the hard level's play adds (``HardBot.bid_skill``)."""
    if hasattr(variant, "calls_for"):
        calls = variant.calls_for(view.hand, A.BID + 61)
        options = judged_calls(view.hand, variant, calls, position_of(view),
                               [HardBot.bid_skill])
    elif getattr(variant, "monte_size", 0):  # col Monte: the best suit, its best card lacked
        trump, est = best_suit(view.hand, variant)
        lacking = [c for c in variant.pack() if variant.suit[c] == trump and c not in view.hand]
        options = [(max(lacking, key=lambda c: variant.strength[c]), False,
                    est + HardBot.bid_skill)]
    else:
        options = contract_options(view.hand, variant)
    if not options:
        return say("rule")
    call, alone, estimate = max(options, key=lambda o: o[2])
    est = _points(estimate)
    kind = A.kind(action)
    if kind is K.CALL:
        card = A.card_of(action)
        how = "alone" if card in view.hand else "partner"
        need = view.contract.need if view.contract is not None else 61
        return say("call_points", how, card=CardRef(card),
                   suit=_suit_words(variant, variant.suit[card]), need=need)
    if kind is K.REOPEN:
        return say("reopen", estimate=est)
    bids = [a for a in A.of_kind(view.legal, K.BID) if a > A.BID]
    if action == A.PASS and A.of_kind(view.legal, K.REOPEN):
        return say("no_reopen", estimate=est)
    if action == A.PASS and bids:
        return say("pass_points", estimate=est, bid=bid_label(variant, min(bids)))
    if kind is K.BID and action > A.BID:
        return say("bid_points", "alone" if alone else "partner", bid=bid_label(variant, action),
                   estimate=est, suit=_suit_words(variant, variant.suit[call]))
    return say("rule")


def _ranks_reason(view: SeatView, variant: Variant, action: int) -> Reason:
    """Bids of ranks (Briscola Chiamata): the estimate the hard level bids and calls by,
    with the points its play adds as the bidder (``HardBot.bid_skill``)."""
    pos = position_of(view)
    kind = A.kind(action)
    if kind is K.CALL:
        card = A.card_of(action)
        est = chiamata_value(view.hand, variant, card, pos)
        how = "alone" if card in view.hand else "partner"
        return say("call_rank", how, card=CardRef(card),
                   suit=_suit_words(variant, variant.suit[card]), estimate=_points(est))
    bids = A.of_kind(view.legal, K.BID)
    if not bids:
        return say("rule")
    bid, call = candidate_bid(view, variant, bids)

    def estimate(card: int) -> str:
        return _points(chiamata_value(view.hand, variant, card, pos) + HardBot.bid_skill)

    if action == A.PASS:
        return say("pass_rank", bid=bid_label(variant, bid), card=CardRef(call),
                   estimate=estimate(call))
    if action == bid:
        return say("bid_rank", bid=bid_label(variant, bid), card=CardRef(call),
                   estimate=estimate(call))
    domain = variant.auction_rules.domain  # type: ignore[attr-defined]
    if kind is K.BID:
        options = possible_calls(view.hand, variant, domain.called_rank(action))
        card, _ = best_call(view.hand, variant, options, domain.need(action), pos)
        return say("bid_rank", bid=bid_label(variant, action), card=CardRef(card),
                   estimate=estimate(card))
    return say("rule")


# the reasons for bids and calls, by the kind of the auction's bids
AUCTION_REASONS: dict[str, Callable[[SeatView, Variant, int], Reason]] = {
    Points.kind: _points_reason, RanksThenPoints.kind: _ranks_reason}
