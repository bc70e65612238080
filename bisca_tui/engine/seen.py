"""What a seat's view says of the deal so far, folded from the events that seat saw.

A view's record of what happened is its events (``SeatView.events``). Its per-family
values (the cut or knock, the bids, the contract, the exchanges, the signs, the heley
scores, the bidder's cards laid aside, the cards it knows another seat holds) are read
from those events by ``told``, never copied from the state: a view can only say what its
seat saw happen.
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
    E.ExchangeReturned, E.Signalled, E.PointsScored, E.Discarded, E.CardPlayed, E.TrumpShown,
    E.IndicatorDrawn, E.HandShown, E.RedealClaimed})


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
    known: tuple[tuple[int, ...], ...]


def told(variant: Variant, seat: int, events: tuple[E.Event, ...], n: int) -> Told:
    """The view's per-family values, from the events ``seat`` saw (as it saw them).

    One pass over the events, the hot path of every view a bot is given: the kinds are
    told apart by ``is``, the most common (a card played, a trick won) first."""
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
    # per seat, the cards this seat knows it holds (None: nothing known yet)
    known: list[set[int]] | None = None
    read, played, trick_won = _READ, E.CardPlayed, E.TrickWon
    for e in events:
        kind = type(e)
        if kind is played:  # (a known card played: see below)
            continue
        if kind is trick_won:
            tricks += 1
            continue
        if kind not in read:
            continue
        if kind is E.Bid:
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
            if known is not None:  # laid face up: nobody holds it now
                known[e.seat].discard(e.card)
        elif kind is E.ExchangeMade:
            exchanges.append(Exchange(e.seat, e.gave, e.took, tricks, TAKEN))
            under = None
            known = known or [set() for _ in range(n)]
            known[e.seat].discard(e.gave)
            known[e.seat].add(e.took)
        elif kind is E.ExchangeReturned:
            exchanges.append(Exchange(e.seat, e.card, e.card, tricks, RETURNED))
            under = None
            known = known or [set() for _ in range(n)]
            known[e.seat].add(e.card)
        elif kind is E.TrumpShown or kind is E.IndicatorDrawn:
            known = known or [set() for _ in range(n)]
            known[e.seat].add(e.card)
        elif kind is E.HandShown or kind is E.RedealClaimed:
            # a hand shown to this seat (to others: the event's cards are left out)
            known = known or [set() for _ in range(n)]
            known[e.seat].update(e.cards)
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
    if known is None:
        shown: tuple[tuple[int, ...], ...] = ((),) * n
    else:  # a card once played never goes back to a hand: nobody holds it now
        gone = {e[1] for e in events if type(e) is played}
        shown = tuple(tuple(sorted(cards - gone)) if s != seat else ()
                      for s, cards in enumerate(known))
    return Told(cut, tuple(bids), contract, tuple(exchanges), under, tuple(signals),
                tuple(scores), tuple(game_points), tuple(discards), shown)
