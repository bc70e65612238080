"""The ``view`` messages of a shared table: each client is sent the view of every seat its
player chooses for (its own seat; a dummy hand it plays), and a client holding no seat in
the deal (a watcher, a dealer sitting the deal out) a watcher's view. Each message carries
the events that seat may see that the client has not been sent yet in this deal.

A client learns of an action only what its seat may see of it. An action it sees nothing of
(a signal its opponent did not catch) sends it no message, and is not counted in the position
it is told (``token``, the view's ``history_len``): each seat counts the actions it saw, so
even that a signal was made stays between the partners and those who caught it.

In version 2 of the protocol the events are all a message says of an action. Version 1's
messages also describe the action that led to them (``after``): who took it, with the action
itself only for the seat that took it, or when everything it caused is public (a signal's
name, a card laid aside, a hand shown to some seats only reach the others through the events,
which hide them). A message is encoded once for each version its clients speak.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import action_str
from ..engine.event_base import Event
from ..engine.spectator import spectator_sees, spectator_view
from ..engine.state import GameState
from ..engine.variant import Variant
from ..engine.view import SeatView
from ..table.loop import Step
from ..table.seats import dummy_name
from ..table.session import Session
from . import protocol as P

WATCHING = -1  # the key of a watcher's view in what a client was sent


def views_key(seat: int | None) -> int:
    """The key of a seat's view (None, no seat in the deal: the watcher's)."""
    return WATCHING if seat is None else seat


class Views:
    """The messages of the current position, for any client."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.last: tuple[int, Step] | None = None  # the action that led here, and its deal
        self._watcher: tuple[tuple[int, int], SeatView] | None = None
        # per seat (and WATCHING): the actions of the deal it saw, counted up to ``_counted``
        self._seen: dict[int, int] = {}
        self._counted: tuple[int, int] = (0, -1)  # (deal, actions)
        self._saw: dict[int, bool] = {}  # who saw the last action (once counted with it)
        self._position: Position | None = None
        self._seating: Seated | None = None
        self.writer = P.ViewWriter(session.variant)  # the views' bodies, run by run

    # ----- what each seat saw -------------------------------------------------------------

    def sees(self, key: int, acting: int, events: tuple[Event, ...],
             state: GameState | None = None) -> bool:
        """Whether ``key`` (a seat, or WATCHING) sees anything of an action ``acting`` took
        that caused ``events``: its own, or one of the events is its to see."""
        for e in events:  # most actions cause a public event (a card played): seen by all
            if e.public:
                return True
        st = state if state is not None else self.session.state
        if key == WATCHING:
            n = st.n
            return any(spectator_sees(e, n) is not None for e in events)
        controller = st.variant.controller
        if controller(st, acting) == controller(st, key):
            return True
        return any(e.as_seen_by(key) is not None for e in events)

    def seen(self, key: int) -> int:
        """The actions of this deal ``key`` saw taken."""
        match = self.session.match  # (the session's deal number and state, read directly)
        current = match.current
        if self._counted != (len(match.deals), -1 if current is None else len(current.history)):
            self._count_again()
        return self._seen[key]

    def _count_again(self) -> None:
        """Count what each seat saw from the deal's start (a host that resumed a deal)."""
        s = self.session
        st = s.state
        keys = [*range(st.n), WATCHING]
        self._seen = dict.fromkeys(keys, 0)
        replay = s.fresh_deal()
        for action in st.history:
            acting = replay.current
            assert acting is not None
            events = replay.apply(action)
            for key in keys:
                self._seen[key] += self.sees(key, acting, events, replay)
        self._counted = (s.deal_number, len(st.history))

    def led_here(self, step: Step) -> None:
        """``step`` led to the position now: counted for the seats that saw it, and told in
        the next messages."""
        s = self.session
        mark = (s.deal_number, len(s.state.history))
        self._saw = {}
        if self._counted == (mark[0], mark[1] - 1):
            for key in self._seen:
                saw = self._saw[key] = self.sees(key, step.seat, step.events)
                self._seen[key] += saw
            self._counted = mark
        self.last = (s.deal_number, step)

    def token(self, key: int) -> list[int]:
        """The position as ``key`` is told it: the deal, and the actions it saw."""
        return [self.session.deal_number, self.seen(key)]

    def after(self, key: int) -> dict[str, Any] | None:
        """The ``after`` of a message for ``key``: the position it answered and who acted,
        with the action when this seat took it or all it caused is public; None when this
        seat saw nothing of it (or the deal has just begun)."""
        s = self.session
        if self.last is None or self.last[0] != s.deal_number:
            return None
        step = self.last[1]
        saw = self._saw.get(key)
        if not (self.sees(key, step.seat, step.events) if saw is None else saw):
            return None
        own = key != WATCHING and s.controller(step.seat) == s.controller(key)
        whole = own or all(e.public for e in step.events)
        return {"token": [s.deal_number, self.seen(key) - 1], "seat": step.seat,
                "action": action_str(step.action, s.variant.signal_names) if whole else None}

    def seats_of(self, player: int | None) -> list[int]:
        """The seats whose actions ``player`` chooses in the current deal."""
        if player is None:
            return []
        return list(self.here().seats.get(player, ()))

    def watcher(self) -> SeatView:
        s = self.session
        key = (s.deal_number, s.moves)
        if self._watcher is None or self._watcher[0] != key:
            self._watcher = (key, spectator_view(s.state))
        return self._watcher[1]

    def here(self) -> Position:
        """What every message of the position now shares (worked out again when the
        position, the match's results or a place's holder change)."""
        s = self.session
        match = s.match
        names = tuple(p.name for p in s.people)
        mark = (len(match.deals), s.moves, len(match.results), names)
        position = self._position
        if position is None or position.mark != mark:
            position = self._position = Position(mark, s, self._seated(names))
        return position

    def _seated(self, names: tuple[str, ...]) -> Seated:
        """Who sits where in the deal (worked out again when the deal, the match's results,
        a place's holder, who chooses for a seat or the dummy's name change)."""
        s = self.session
        st = s.state
        controller = st.variant.controller
        mark = (len(s.match.deals), len(s.match.results), names,
                tuple(controller(st, seat) for seat in range(st.n)), dummy_name())
        seated = self._seating
        if seated is None or seated.mark != mark:
            seated = self._seating = Seated(mark, s)
        return seated

    def messages(self, player: int | None, sent: dict[int, tuple[int, int]],
                 protocol: int = P.PROTOCOL, position: Position | None = None) -> list[bytes]:
        """The view messages, encoded in ``protocol``'s version, for a client of ``player``
        (None: a watcher) that have news for it (a view of a seat that saw nothing since its
        last message is not sent); ``sent`` (the deal and the events it was sent, by seat) is
        brought up to date. A message is encoded once for everyone it is the same for (the
        watchers speaking one version). ``position``: ``here()``, when the caller has it."""
        if position is None:
            position = self.here()
        seats = position.seats.get(player, ()) if player is not None else ()
        if not seats:
            return self._news(position, None, self.watcher(), sent, protocol)
        view = self.session.view
        if len(seats) == 1:
            return self._news(position, seats[0], view(seats[0]), sent, protocol)
        return [m for seat in seats
                for m in self._news(position, seat, view(seat), sent, protocol)]

    def _news(self, position: Position, seat: int | None, view: SeatView,
              sent: dict[int, tuple[int, int]], protocol: int) -> list[bytes]:
        key = WATCHING if seat is None else seat
        told = sent.get(key)
        events = len(view.events)
        if told == (position.deal, events):
            return []
        had_deal, had = told or (0, 0)
        start = had if had_deal == position.deal and had <= events else 0
        sent[key] = (position.deal, events)
        line = position.lines.get((protocol, key, start))
        if line is None:
            line = position.lines[(protocol, key, start)] = self.line(
                position, seat, view, start, protocol)
        return [line]

    def line(self, position: Position, seat: int | None, view: SeatView, start: int,
             protocol: int) -> bytes:
        """``message`` as the line sent, put together from its parts: what every message of
        the position shares written once for all of them (``Position``), the view's body by
        the table's ``ViewWriter``, and the events seen since ``start``."""
        key = views_key(seat)
        seen = self.seen(key)
        body = position.bodies.get(key)
        if body is None:  # the same for every version
            body = position.bodies[key] = self.writer.body(view, key, seat, seen)
        after = b""
        if protocol == 1:
            after = b',"after":' + P.dump(self.after(key))
        return b"".join((
            b'{"type":"view","seat":null' if seat is None else b'{"type":"view","seat":%d' % seat,
            position.deal_part,
            b"[%d,%d]" % (position.deal, seen), position.shared, after, position.scores_part,
            body, b',"events_from":%d,"events":' % start,
            position.events_line(view.events[start:], self.session.variant), b"}\n"))

    def message(self, seat: int | None, view: SeatView, start: int = 0,
                protocol: int = P.PROTOCOL) -> dict[str, Any]:
        """The view message of ``seat`` (None: the watchers') with the events of ``view``
        from ``start`` on, as ``protocol``'s version writes it (version 1: with ``after``),
        as data: what ``line`` writes, field by field."""
        s = self.session
        position = self.here()
        key = views_key(seat)
        body = P.view_json(view, s.variant)
        body["history_len"] = self.seen(key)  # the actions this seat saw taken
        if seat is None:
            body["seat"] = None
        message: dict[str, Any] = {
            "type": P.VIEW, "seat": seat, "deal": position.deal, "token": self.token(key),
            "current": position.current, "to_act": position.to_act,
            "players": position.players}  # the player at each seat (None: a dummy)
        if protocol == 1:
            message["after"] = self.after(key)
        message.update(scores=position.scores, view=body, events_from=start,
                       events=P.events_to_json(view.events[start:], s.variant))
        return message


class Position:
    """What the messages of one position share: who is to act, the players and scores,
    the seats each player chooses for, written once for every message; the events' JSON
    (a public event is one object in every seat's view, its JSON the same for all); and the
    messages encoded, by version, seat and first event (the same for every client of that
    seat speaking that version that was sent the same before)."""

    def __init__(self, mark: tuple[Any, ...], s: Session, seated: Seated) -> None:
        self.mark = mark
        st = s.state
        self.deal = s.deal_number
        self.current = None if st.is_over() else st.current
        self.to_act = None if self.current is None else seated.names[self.current]
        self.players = seated.players
        self.scores = list(s.match.scores)
        self.seats = seated.seats
        # the message's fields after the seat, the token and ``after``, in order
        self.deal_part = b',"deal":%d,"token":' % self.deal
        self.shared = b"," + P.dump_fields(
            {"current": self.current, "to_act": self.to_act, "players": self.players})
        self.scores_part = b',"scores":' + P.dump(self.scores) + b',"view":'
        self.bodies: dict[int, bytes] = {}  # by seat (WATCHING: the watchers')
        self.lines: dict[tuple[int, int, int], bytes] = {}
        # the events' JSON by the events themselves (kept, so ids stay theirs)
        self._events: dict[tuple[int, ...], tuple[tuple[Event, ...], bytes]] = {}

    def events_line(self, events: tuple[Event, ...], variant: Variant) -> bytes:
        key = tuple(map(id, events))
        done = self._events.get(key)
        if done is None:
            done = self._events[key] = (events, P.dump(P.events_to_json(events, variant)))
        return done[1]


class Seated:
    """Who sits where in a deal, as its messages tell it: the player at each seat (None: a
    dummy), each seat's name, and the seats each player chooses for."""

    def __init__(self, mark: tuple[Any, ...], s: Session) -> None:
        self.mark = mark
        self.players = list(s.match.people())
        self.names = [spec.name for spec in s.seats]
        self.seats: dict[int, list[int]] = {}
        for seat in range(s.variant.n):
            player = self.players[s.controller(seat)]
            if player is not None:
                self.seats.setdefault(player, []).append(seat)
