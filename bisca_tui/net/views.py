"""The ``view`` messages of a shared table: each client is sent the view of every seat its
player chooses for (its own seat; a dummy hand it plays), and a client holding no seat in
the deal (a watcher, a dealer sitting the deal out) a watcher's view. Each message carries
the events that seat may see that the client has not been sent yet in this deal.

What a message says of the action that led to it (``after``) is read from what its seat may
see: who acted, always (every action is seen to be taken), and the action itself only for the
seat that took it, or when everything it caused is public. A signal's name, a card laid aside,
a card shown to some seats only reach the others through the events, which hide them.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import action_str
from ..engine.view import SeatView
from ..table.loop import Step
from ..table.session import Session
from . import protocol as P

WATCHING = -1  # the key of a watcher's view in what a client was sent


class Views:
    """The messages of the current position, for any client."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.last: tuple[tuple[int, int], Step] | None = None  # the action that led here
        self._watcher: tuple[tuple[int, int], SeatView] | None = None

    def led_here(self, token: tuple[int, int], step: Step) -> None:
        """``step`` (taken at ``token``) led to the position now: the next messages tell it."""
        self.last = (token, step)

    def after(self, seat: int | None) -> dict[str, Any] | None:
        """The ``after`` of a message for ``seat`` (None: a watcher): the position answered
        and who acted, with the action when this seat took it or all it caused is public."""
        if self.last is None:
            return None
        token, step = self.last
        s = self.session
        own = seat is not None and s.controller(step.seat) == s.controller(seat)
        whole = own or all(e.public for e in step.events)
        return {"token": list(token), "seat": step.seat,
                "action": action_str(step.action, s.variant.signal_names) if whole else None}

    def seats_of(self, player: int | None) -> list[int]:
        """The seats whose actions ``player`` chooses in the current deal."""
        if player is None:
            return []
        s = self.session
        return [seat for seat in range(s.variant.n)
                if s.person_of(s.controller(seat)) == player]

    def watcher(self) -> SeatView:
        s = self.session
        key = (s.deal_number, s.moves)
        if self._watcher is None or self._watcher[0] != key:
            self._watcher = (key, P.watcher_view(s.state))
        return self._watcher[1]

    def messages(self, player: int | None,
                 sent: dict[int, tuple[int, int]]) -> list[dict[str, Any]]:
        """The view messages for a client of ``player`` (None: a watcher); ``sent`` (the
        events it was sent, by seat) is brought up to date."""
        seats = self.seats_of(player)
        if not seats:
            return [self.message(None, self.watcher(), sent)]
        return [self.message(seat, self.session.view(seat), sent) for seat in seats]

    def message(self, seat: int | None, view: SeatView,
                sent: dict[int, tuple[int, int]]) -> dict[str, Any]:
        s = self.session
        st = s.state
        deal = s.deal_number
        key = WATCHING if seat is None else seat
        had_deal, had = sent.get(key, (0, 0))
        start = had if had_deal == deal and had <= len(view.events) else 0
        sent[key] = (deal, len(view.events))
        body = P.view_json(view, s.variant)
        if seat is None:
            body["seat"] = None
        current = None if st.is_over() else st.current
        return {
            "type": P.VIEW, "seat": seat, "deal": deal, "token": [deal, s.moves],
            "current": current, "to_act": None if current is None else s.name(current),
            "players": list(s.match.people()),  # the player at each seat (None: a dummy)
            "after": self.after(seat), "scores": list(s.match.scores),
            "view": body, "events_from": start,
            "events": P.events_to_json(view.events[start:], s.variant),
        }
