"""What a seat's view says of the deal so far, folded from the events that seat saw.

A view's record of what happened is its events (``SeatView.events``). Its per-family
values (the cut or knock, the bids, the contract, the exchanges, the signs, the heley
scores, the bidder's cards laid aside) are read from those events by ``told``, never copied
from the state: a view can only say what its seat saw happen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import actions as A
from . import events as E
from .calling import Contract
from .context import CutOrKnock
from .exchange import ANNOUNCED, RETURNED, TAKEN, Exchange
from .phase_data import SeenSignal
from .tricks import ScoreEvent

if TYPE_CHECKING:
    from .variant import Variant


#: the kinds ``told`` reads (every other kind, a card played first of all, is passed over)
_READ = frozenset({
    E.TrickWon, E.Cut, E.Knock, E.Bid, E.Passed, E.RedealAgreed, E.Reopened, E.BiddingWon,
    E.Called, E.PartnerKnown, E.PartnerShown, E.ExchangeAnnounced, E.ExchangeMade,
    E.ExchangeReturned, E.Signalled, E.PointsScored, E.Discarded})


class Told(NamedTuple):
    """The view's per-family values, as ``told`` reads them from a seat's events."""

    cut_or_knock: CutOrKnock | None
    bids: tuple[tuple[int, int], ...]
    contract: Contract | None
    exchanges: tuple[Exchange, ...]
    under_indicator: tuple[int, int] | None
    signals: tuple[SeenSignal, ...]
    score_events: tuple[ScoreEvent, ...]
    deal_game_points: tuple[int, ...]
    discards: tuple[int, ...]


def told(variant: Variant, seat: int, events: tuple[E.Event, ...]) -> Told:
    """The view's per-family values, from the events ``seat`` saw (as it saw them).

    One pass over the events, the hot path of every view a bot is given: the kinds are
    told apart by ``is`` (a card played, the most common, is passed over at once)."""
    tricks = 0  # tricks complete so far
    cut: CutOrKnock | None = None
    bids: list[tuple[int, int]] = []
    won: E.BiddingWon | None = None  # the auction's close, then the call and the partner
    called: E.Called | None = None
    partner: int | None = None
    exchanges: list[Exchange] = []
    under: tuple[int, int] | None = None
    signals: list[SeenSignal] = []
    scores: list[ScoreEvent] = []
    game_points = [0] * variant.n_teams
    discards: list[int] = []
    read = _READ
    for e in events:
        kind = type(e)
        if kind not in read:
            continue
        if kind is E.TrickWon:
            tricks += 1
        elif kind is E.Bid:
            bids.append((e[0], e[1]))
        elif kind is E.Passed or kind is E.RedealAgreed:
            bids.append((e[0], A.PASS))
        elif kind is E.Reopened:
            bids.append((e[0], A.REOPEN))
        elif kind is E.Signalled:
            sig = variant.signals[e.signal]
            # a seat sees an opponent's sign only when it caught it
            signals.append(SeenSignal(e.seat, sig.name, sig.meaning, sig.gesture, tricks,
                                      seat in e.caught))
        elif kind is E.PointsScored:
            scores.append(ScoreEvent(e.trick, e.team, e.points, e.reason))
            game_points[e.team] += e.points
        elif kind is E.ExchangeAnnounced:
            exchanges.append(Exchange(e.seat, e.card, e.indicator, tricks, ANNOUNCED))
            under = (e.seat, e.card)
        elif kind is E.ExchangeMade:
            exchanges.append(Exchange(e.seat, e.gave, e.took, tricks, TAKEN))
            under = None
        elif kind is E.ExchangeReturned:
            exchanges.append(Exchange(e.seat, e.card, e.card, tricks, RETURNED))
            under = None
        elif kind is E.Discarded:
            if e.seat == seat and e.card is not None:
                discards.append(e.card)
        elif kind is E.Cut:
            cut = CutOrKnock("cut", e.buried)
        elif kind is E.Knock:
            cut = CutOrKnock("knock")
        elif kind is E.BiddingWon:
            won, called, partner = e, None, None
        elif kind is E.Called:
            called, partner = e, None
        elif kind is E.PartnerKnown:
            partner = e.partner
        else:  # the called card played or shown: everyone knows the partner
            partner = e.seat
    contract = None
    if won is not None:
        bid = won.bid
        label = "no bid" if bid is None else variant.auction_rules.domain.label(bid)
        contract = (Contract(won.seat, bid, label, won.need) if called is None else
                    Contract(won.seat, bid, label, won.need, called.trump, called.card, partner))
    return Told(cut, tuple(bids), contract, tuple(exchanges), under, tuple(signals),
                tuple(scores), tuple(game_points), tuple(discards))
