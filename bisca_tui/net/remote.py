"""A shared table as one client knows it, in the shape the card table reads a match in: a
``RemoteSession`` is a ``Session`` whose match (``RemoteMatch``) holds, for each deal, only
the views the host sent this client (``DealMirror``), never a card its seats may not see.
The table on screen draws it with the same code as a match played on one screen; what it
would apply itself there (an action, a deal's end) comes here from the host's messages
(``take_view``, ``take_seats``, ``take_over``).

"At this keyboard" means this client: its player's seats are the person's, every other
seat (a person elsewhere, the host's bots) is played at the host.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..engine import events as E
from ..engine.match import Match
from ..engine.phases import OVER
from ..engine.variant import DealScore, Variant
from ..engine.view import SeatView
from ..engine.words import YOU
from ..table.seats import BOT, HUMAN, SeatSpec
from ..table.session import Session
from .mirror import events_from_json, view_from_json

Key = int | None  # a view's seat; None for a watcher's view


class DealMirror:
    """One deal as this client knows it: the views it was sent, by seat, with their events;
    read as the table reads a deal (its dealer, sides, phase, trick, bidding) from the view
    it draws (its ``main`` view)."""

    def __init__(self, variant: Variant, players: tuple[int | None, ...] | None = None) -> None:
        self.variant = variant
        self.players = players  # the player at each seat (None: a dummy); None: not known
        self.views: dict[Key, SeatView] = {}
        self.events: dict[Key, list[E.Event]] = {}
        self.main: Key = None
        self.result: DealScore | None = None
        self.logged: dict[Key, int] = {}  # by view: the events the table has told

    @property
    def view(self) -> SeatView | None:
        return self.views.get(self.main) or next(iter(self.views.values()), None)

    # ----- read as the table reads a deal ------------------------------------------------

    @property
    def n(self) -> int:
        return self.variant.n

    @property
    def dealer(self) -> int:
        v = self.view
        return v.dealer if v is not None else 0

    @property
    def side_of(self) -> tuple[int | None, ...]:
        v = self.view
        return v.side_of if v is not None else (None,) * self.n

    @property
    def phase(self) -> str:
        v = self.view
        return v.phase if v is not None else ""

    @property
    def current(self) -> int | None:
        v = self.view
        return v.current if v is not None else None

    @property
    def indicator(self) -> int | None:
        v = self.view
        return v.indicator if v is not None else None

    @property
    def trick(self) -> tuple[int, ...]:
        v = self.view
        return tuple(c for _, c in v.trick) if v is not None else ()

    @property
    def tricks(self) -> tuple[Any, ...]:
        v = self.view
        return v.tricks if v is not None else ()

    @property
    def history(self) -> range:
        v = self.view
        return range(v.history_len if v is not None else 0)

    @property
    def bidding(self) -> Any:
        return self.view  # its ``bids`` and ``contract``, as this seat knows them

    @property
    def aside(self) -> Any:
        """The cards laid aside (col Monte), as many as this seat saw laid aside."""
        laid = tuple(e.card for e in self.events.get(self.main, ()) if type(e) is E.Discarded)
        return _Aside(laid)

    def is_over(self) -> bool:
        return self.result is not None or self.phase == OVER


@dataclass(frozen=True)
class Taken:
    """What a ``view`` message brought: the events of the deal's main view not told yet
    (for the log), whether it began a deal, and the deal's score when it ended it."""

    events: tuple[E.Event, ...] = ()
    began: bool = False
    scored: DealScore | None = None


@dataclass(frozen=True)
class _Aside:
    discards: tuple[int | None, ...]


class RemoteMatch(Match):
    """The match's scores as the host sends them, and its deals as ``DealMirror``s: a deal
    this client did not see (it joined later) is one with no view and an empty score."""

    deals: list[DealMirror]  # type: ignore[assignment]

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant, dealer=variant.n_people - 1, seed=0)
        self.seed = None  # type: ignore[assignment]  # the host keeps it: it would tell the cards

    def people(self, index: int | None = None) -> tuple[int | None, ...]:
        i = len(self.deals) - 1 if index is None else index
        if 0 <= i < len(self.deals) and self.deals[i].players is not None:
            return self.deals[i].players  # type: ignore[return-value]
        return super().people(index)

    def seating(self, index: int) -> tuple[int, tuple[int | None, ...]]:
        if 0 <= index < len(self.deals) and self.deals[index].players is not None:
            return self.deals[index].dealer, self.people(index)
        return super().seating(index)

    def sitting_out(self, index: int | None = None) -> int | None:
        if not self.variant.dealer_sits_out:
            return None
        i = len(self.deals) - 1 if index is None else index
        if 0 <= i < len(self.deals) and self.deals[i].players is not None:
            out = set(range(self.variant.n_people)) - set(self.people(i))
            return min(out) if out else None
        return super().sitting_out(index)

    def unseen(self) -> DealScore:
        t = len(self.scores) if self.variant.per_seat_payments else self.variant.n_teams
        return DealScore((0,) * t, (0,) * t, (0,) * t, (), None)


class RemoteSession(Session):
    """A shared table's match as this client knows it. ``me`` is its player's place (None:
    watching)."""

    match: RemoteMatch  # type: ignore[assignment]

    def __init__(self, variant: Variant, me: int | None = None, card_style: str = "symbols",
                 speed: str = "normal") -> None:
        n = variant.n_people
        # the session insists on a person at this keyboard: its checks pass, then the
        # places are told as the host tells them (``take_seats``)
        super().__init__(RemoteMatch(variant), [SeatSpec(HUMAN, "?")] * n, card_style, speed,
                         hints=False)
        self.people = [SeatSpec(BOT, "") for _ in range(n)]
        self.me = me
        self.programs_allowed = False
        self.token: tuple[int, int] = (0, 0)
        self.over = False
        # the name of the bot whose place this client took during the match: the deal so
        # far was that bot's play, and is told as it
        self.stood_in: str | None = None
        self.away: set[int] = set()  # the places whose player lost the connection

    # ----- who sits where ----------------------------------------------------------------

    def take_seats(self, seats: list[dict[str, Any]]) -> None:
        """The places as a ``lobby`` or ``welcome`` message lists them: this client's own is
        "You" (as at a table on one screen), a person elsewhere is a person (not at this
        keyboard), the rest the host's bots."""
        for entry in seats:
            p = entry.get("seat")
            if not isinstance(p, int) or not 0 <= p < len(self.people):
                continue
            name = str(entry.get("name") or entry.get("held_by") or "")
            if name == YOU:  # somebody else who called themselves so
                name = f"\u201c{name}\u201d"
            kind = HUMAN if entry.get("kind") == "person" else BOT
            was = self.people[p]
            if p == self.me and was.kind == BOT and was.name not in ("", YOU):
                self.stood_in = was.name  # a bot's place, taken
            self.people[p] = SeatSpec(kind, YOU if p == self.me else name)
            held = entry.get("kind") == "person" or bool(entry.get("held_by"))
            if held and not entry.get("connected") and p != self.me:
                self.away.add(p)
            else:
                self.away.discard(p)

    def own_seat(self) -> int | None:
        """This client's player's seat in the current deal (None: watching, or sitting the
        deal out)."""
        if self.me is None or not self.match.deals:
            return None
        people = self.match.people()
        return people.index(self.me) if self.me in people else None

    def humans(self) -> list[int]:
        own = self.own_seat()
        return [] if own is None else [own]

    def is_human(self, seat: int | None) -> bool:
        return (seat is not None and self.me is not None and bool(self.match.deals)
                and self.person_of(self.controller(seat)) == self.me)

    @property
    def hot_seat(self) -> bool:
        return False

    @property
    def undo_allowed(self) -> bool:
        return False  # never between people

    def start_bots(self) -> None:
        """The host's bots play at the host."""

    # ----- what the host sent ------------------------------------------------------------

    def view(self, seat: int) -> SeatView:
        """The view of ``seat`` the host sent; a watcher (or a player sitting the deal out)
        is drawn its watcher's view from that seat's place."""
        deal = self.state
        view = deal.views.get(seat)
        if view is not None:
            return view
        view = deal.view
        assert view is not None, "no view yet"
        if view.seat != seat and seat not in deal.views:
            view = replace(view, seat=seat)
        return view

    def take_view(self, message: dict[str, Any]) -> Taken:
        """A ``view`` message: the deal's mirror brought up to date, and the deal scored
        into the match when the host scored it. A view of a deal gone by is ignored."""
        number = message["deal"]
        m = self.match
        began = number > len(m.deals)
        if number < len(m.deals):
            return Taken()
        while len(m.deals) < number:
            if m.deals and len(m.results) < len(m.deals):
                m.results.append(m.unseen())  # a deal this client did not see end
            m.deals.append(DealMirror(m.variant))
        deal = m.deals[-1]
        players = message.get("players")
        if isinstance(players, list):
            deal.players = tuple(players)
        key: Key = message["seat"]
        had = deal.events.setdefault(key, [])
        if message.get("events_from", 0) != len(had):
            had.clear()  # from the deal's start (a client back after a drop)
        had.extend(events_from_json(message["events"], m.variant))
        deal.views[key] = view_from_json(message["view"], tuple(had), m.variant)
        told, main = deal.main, self.own_seat()  # told and drawn from: the player's own view
        token = (message["token"][0], message["token"][1])
        if (main != told and key == main and not began and told in deal.logged
                and token == self.token):
            # a place taken (or the table watched until now): the deal up to here was told
            # from the view drawn so far, and the new one brings nothing that happened since
            deal.logged[key] = len(had)
        deal.main = main
        self.token = token
        self.moves = self.token[1]
        m.scores = list(message.get("scores", m.scores))
        if key != deal.main:
            return Taken(began=began)
        events = deal.events[key]
        fresh = tuple(events[deal.logged.get(key, 0):])
        deal.logged[key] = len(events)
        scored = next((e.result for e in fresh if type(e) is E.DealScored), None)
        if scored is not None:
            deal.result = scored
            m.finish_deal()  # as the host adds it to the match (its next views agree)
        return Taken(fresh, began, scored)

    def take_over(self, message: dict[str, Any]) -> None:
        """The ``over`` message: the final scores; the side ahead, if one is, wins."""
        m = self.match
        m.scores = list(message.get("scores", m.scores))
        if m.winner is None and m.scores:
            best = max(m.scores)
            leaders = [k for k, x in enumerate(m.scores) if x == best]
            m.winner = leaders[0] if len(leaders) == 1 else None
        self.over = True
