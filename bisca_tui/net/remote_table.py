"""A table another machine hosts, as a front reads it (``table.front.Table``): the views and
events the host sent this client's seats, an action sent to the host with the position it
answers (once per position), no undo (nothing is taken back between people), and hints
where the host allows them.

What the host sent is kept as it came (``net.remote.JoinedMatch``); this reads it, and
sends through the connection it is given (``send``: False when there is none now).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.actions import action_str
from ..engine.event_base import Event
from ..engine.spectator import SPECTATOR
from ..engine.variant import Variant
from ..engine.view import SeatView
from .remote import JoinedMatch


class NotSent(ConnectionError):
    """An action not sent: there is no connection to the host right now."""


class RemoteTable:
    """The hosted match as this client knows it (``session``), played through ``send``."""

    def __init__(self, session: JoinedMatch, send: Callable[[dict[str, Any]], bool]) -> None:
        self.session = session
        self.send = send
        self.sent: tuple[int, int] | None = None  # the position an action was sent for

    @property
    def variant(self) -> Variant:
        return self.session.variant

    @property
    def hints(self) -> bool:
        return self.session.hints

    def seats(self) -> tuple[int, ...]:
        s = self.session
        if not s.match.deals:
            return ()
        return tuple(seat for seat in sorted(k for k in s.deal.views if k is not None)
                     if s.is_human(seat))

    def view(self, seat: int) -> SeatView:
        s = self.session
        if seat == SPECTATOR:
            return s.view(s.own_seat() if s.own_seat() is not None else 0)
        return s.view(seat)

    def events(self, seat: int, start: int = 0) -> tuple[Event, ...]:
        deal = self.session.deal
        key = None if seat == SPECTATOR or seat not in deal.views else seat
        return tuple(deal.events.get(key, ())[start:])

    def token(self) -> tuple[int, int]:
        return self.session.token

    def submit(self, seat: int, action: int) -> None:
        """Send ``seat``'s action to the host, once per position (a second one for the same
        position is dropped); the host judges it, and its answer comes back as its
        messages: the action's events, or its refusal with the rule it breaks.
        ``NotSent`` when there is no connection now."""
        s = self.session
        names = s.variant.signal_names
        if self.sent == s.token:
            return None  # one is on its way for this position already
        message = {"type": "act", "action": action_str(action, names),
                   "token": list(s.token), "seat": seat}
        if not self.send(message):
            raise NotSent("no connection to the host")
        self.sent = s.token

    def answered(self) -> None:
        """The host moved on, or refused what was sent: a new action may be sent."""
        if self.sent != self.session.token:
            self.sent = None

    def refused(self) -> None:
        self.sent = None

    def may_undo(self) -> bool:
        return False  # never between people

    def undo(self) -> list[int]:
        return []
