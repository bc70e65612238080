"""What a seat's view says of the deal so far, folded from the events that seat saw.

A view's record of what happened is its events (``SeatView.events``). Its per-family
values (the cut or knock, the bids, the contract, the exchanges, the signs, the heley
scores, the bidder's cards laid aside, the cards it knows another seat holds) are read
from those events by ``told``, never copied from the state: a view can only say what its
seat saw happen.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NamedTuple
from weakref import WeakKeyDictionary, WeakValueDictionary

from . import actions as A
from . import events as E
from .calling import Contract
from .context import CutOrKnock
from .exchange import ANNOUNCED, RETURNED, TAKEN, Exchange
from .phase_data import SeenSignal
from .tricks import ScoreEvent

if TYPE_CHECKING:
    from .state import GameState
    from .variant import Variant

#: how an onlooker sees an event: the event, as ``seat`` of a table of ``n`` may see it
Sees = Callable[[E.Event, int, int], "E.Event | None"]


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
    """The view's per-family values, from the events ``seat`` saw (as it saw them), folded
    from the first event on."""
    teller = Teller(variant, seat, n)
    teller.feed(events)
    return teller.told()


class Teller:
    """``told`` kept up to date: the fold of the events a seat saw so far, to be fed the
    events it sees next (``feed``) rather than folded again from the deal's start at every
    view. ``told()`` is what ``told`` gives for every event fed so far, in order.

    One pass per event, the hot path of every view a bot is given: the kinds are told apart
    by ``is``, the most common (a card played, a trick won) first."""

    def __init__(self, variant: Variant, seat: int, n: int) -> None:
        self.variant = variant
        self.seat = seat
        self.n = n
        self.tricks = 0  # tricks complete so far
        self.cut: CutOrKnock | None = None
        self.bids: list[tuple[int, int]] = []
        self.won: E.BiddingWon | None = None  # the auction's close, then the call, the partner
        self.called: E.Called | None = None
        self.partner: int | None = None
        self.exchanges: list[Exchange] = []
        self.under: tuple[int, int] | None = None
        self.signals: list[SeenSignal] = []
        self.scores: list[ScoreEvent] = []
        self.game_points = [0] * variant.n_teams
        self.discards: list[int] = []
        # per seat, the cards this seat knows it holds (None: nothing known yet)
        self.known: list[set[int]] | None = None
        self.gone: set[int] = set()  # the cards played: none goes back to a hand
        # ``told()`` for the events fed so far, once asked (kept while none changes it)
        self._told: Told | None = None

    def _known(self) -> list[set[int]]:
        if self.known is None:
            self.known = [set() for _ in range(self.n)]
        return self.known

    def feed(self, events: Iterable[E.Event]) -> None:
        """Fold in the next events the seat saw, in order."""
        read, played, trick_won = _READ, E.CardPlayed, E.TrickWon
        for e in events:
            kind = type(e)
            if kind is played:
                card = e[1]
                self.gone.add(card)
                known = self.known
                if known is not None and any(card in cards for cards in known):
                    self._told = None  # a card known to be held is held no more
                continue
            if kind is trick_won:  # (counted for what comes next, told by nothing itself)
                self.tricks += 1
                continue
            if kind not in read:
                continue
            self._told = None
            if kind is E.Bid:
                self.bids.append((e[0], e[1]))
            elif kind is E.Passed or kind is E.RedealAgreed:
                self.bids.append((e[0], A.PASS))
            elif kind is E.Reopened:
                self.bids.append((e[0], A.REOPEN))
            elif kind is E.Signalled:
                sig = self.variant.signals[e.signal]
                # a seat sees an opponent's sign only when it caught it
                self.signals.append(SeenSignal(e.seat, sig.name, sig.meaning, sig.gesture,
                                               self.tricks, self.seat in e.caught))
            elif kind is E.PointsScored:
                self.scores.append(ScoreEvent(e.trick, e.team, e.points, e.reason))
                self.game_points[e.team] += e.points
            elif kind is E.ExchangeAnnounced:
                self.exchanges.append(Exchange(e.seat, e.card, e.indicator, self.tricks,
                                               ANNOUNCED))
                self.under = (e.seat, e.card)
                if self.known is not None:  # laid face up: nobody holds it now
                    self.known[e.seat].discard(e.card)
            elif kind is E.ExchangeMade:
                self.exchanges.append(Exchange(e.seat, e.gave, e.took, self.tricks, TAKEN))
                self.under = None
                known = self._known()
                known[e.seat].discard(e.gave)
                known[e.seat].add(e.took)
            elif kind is E.ExchangeReturned:
                self.exchanges.append(Exchange(e.seat, e.card, e.card, self.tricks, RETURNED))
                self.under = None
                self._known()[e.seat].add(e.card)
            elif kind is E.TrumpShown or kind is E.IndicatorDrawn:
                self._known()[e.seat].add(e.card)
            elif kind is E.HandShown or kind is E.RedealClaimed:
                # a hand shown to this seat (to others: the event's cards are left out)
                self._known()[e.seat].update(e.cards)
            elif kind is E.Discarded:
                if e.seat == self.seat and e.card is not None:
                    self.discards.append(e.card)
            elif kind is E.Cut:
                self.cut = CutOrKnock("cut", e.buried)
            elif kind is E.Knock:
                self.cut = CutOrKnock("knock")
            elif kind is E.BiddingWon:
                self.won, self.called, self.partner = e, None, None
            elif kind is E.Called:
                self.called, self.partner = e, None
            elif kind is E.PartnerKnown:
                self.partner = e.partner
            else:  # the called card played or shown: everyone knows the partner
                self.partner = e.seat

    def told(self) -> Told:
        """The view's per-family values for the events fed so far."""
        if self._told is not None:
            return self._told
        contract = None
        won, called = self.won, self.called
        if won is not None:
            bid = won.bid
            label = "no bid" if bid is None else self.variant.auction_rules.domain.label(bid)
            contract = (Contract(won.seat, bid, label, won.need) if called is None else
                        Contract(won.seat, bid, label, won.need, called.trump, called.card,
                                 self.partner))
        if self.known is None:
            shown: tuple[tuple[int, ...], ...] = ((),) * self.n
        else:  # a card once played never goes back to a hand: nobody holds it now
            gone, seat = self.gone, self.seat
            shown = tuple(tuple(sorted(cards - gone)) if s != seat else ()
                          for s, cards in enumerate(self.known))
        self._told = Told(self.cut, tuple(self.bids), contract, tuple(self.exchanges),
                          self.under, tuple(self.signals), tuple(self.scores),
                          tuple(self.game_points), tuple(self.discards), shown)
        return self._told


# ----- what each onlooker was shown so far ------------------------------------------------

def seat_sees(event: E.Event, seat: int, n: int) -> E.Event | None:
    """An event as ``seat`` may see it: a public one whole, any other as it hides itself."""
    return event if event.public else event.as_seen_by(seat)


class SoFar:
    """What one onlooker (a seat, or someone holding no seat) was shown of one deal's events
    so far: the deal's events read, those of them it sees, as it sees them (``seen``), and
    their fold (``Teller``). ``catch_up`` reads the events added since; when the deal's
    events no longer begin with those read (a list put in their place, a deal cut back), it
    starts again from the first. (Events are equal only when of one kind with equal fields,
    and how an event is seen is read from its kind and fields alone: the check is exact.)"""

    def __init__(self, variant: Variant, seat: int, n: int, sees: Sees) -> None:
        self.variant, self.seat, self.n, self.sees = variant, seat, n, sees
        self.lock = threading.Lock()  # a view may be made on another thread (a bot's)
        self._start(None)

    def _start(self, source: list[E.Event] | None) -> None:
        self.source = source  # the deal's list of events read
        self.read: list[E.Event] = []
        self.seen: tuple[E.Event, ...] = ()
        self.teller = Teller(self.variant, self.seat, self.n)

    def catch_up(self, events: list[E.Event]) -> tuple[E.Event, ...]:
        """The events as the onlooker sees them, ``events`` being the deal's events now."""
        with self.lock:
            k = len(self.read)
            if events is not self.source or len(events) < k or events[:k] != self.read:
                self._start(events)
                k = 0
            if len(events) > k:
                new = events[k:]
                self.read.extend(new)
                sees, seat, n = self.sees, self.seat, self.n
                shown = [s for s in (sees(e, seat, n) for e in new) if s is not None]
                if shown:
                    _BY_SEEN.pop(id(self.seen), None)
                    self.seen += tuple(shown)
                    self.teller.feed(shown)
                    _BY_SEEN[id(self.seen)] = self
            return self.seen

    def told(self, seat: int, events: tuple[E.Event, ...], variant: Variant,
             n: int) -> Told | None:
        """``told(variant, seat, events, n)`` when ``events`` are what this onlooker was
        shown so far (the very tuple: a view made since then was given another), else None."""
        with self.lock:
            if (events is self.seen and seat == self.seat and variant is self.variant
                    and n == self.n):
                return self.teller.told()
        return None


#: per deal, for as long as it lives: what each onlooker was shown, by (seat, how it sees)
_SHOWN: WeakKeyDictionary[GameState, dict[tuple[int, Sees], SoFar]] = WeakKeyDictionary()
_SHOWN_LOCK = threading.Lock()
#: each onlooker by the id of the events it was last shown (checked: ``SoFar.told``)
_BY_SEEN: WeakValueDictionary[int, SoFar] = WeakValueDictionary()


def so_far(state: GameState, seat: int, sees: Sees) -> tuple[E.Event, ...]:
    """The deal's events as ``seat`` sees them (by ``sees``), in order: those it was shown
    before, and of the events added since it was last asked, those it sees (equal to
    picking them out again from the first event on). What they told it is folded as they
    come, for ``told_so_far``."""
    shown = _SHOWN.get(state)
    if shown is None:
        with _SHOWN_LOCK:
            shown = _SHOWN.get(state)
            if shown is None:
                shown = _SHOWN[state] = {}
    key = (seat, sees)
    entry = shown.get(key)
    if entry is None or entry.variant is not state.variant:
        with _SHOWN_LOCK:
            entry = shown.get(key)
            if entry is None or entry.variant is not state.variant:
                entry = shown[key] = SoFar(state.variant, seat, state.n, sees)
    return entry.catch_up(state.events)


def told_so_far(variant: Variant, seat: int, events: tuple[E.Event, ...], n: int) -> Told:
    """``told(variant, seat, events, n)``: kept from the fold of the events as they came
    when ``events`` are the very ones ``so_far`` last gave an onlooker, else folded anew."""
    entry = _BY_SEEN.get(id(events))
    found = None if entry is None else entry.told(seat, events, variant, n)
    return told(variant, seat, events, n) if found is None else found
