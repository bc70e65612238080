"""The ``view`` messages of a shared table: each client is sent the view of every seat its
player chooses for (its own seat; a dummy hand it plays), and a client holding no seat in
the deal (a watcher, a dealer sitting the deal out) a watcher's view. Each message carries
the events that seat may see that the client has not been sent yet in this deal.
"""

from __future__ import annotations

from typing import Any

from ..engine.view import SeatView
from ..table.session import Session
from . import protocol as P

WATCHING = -1  # the key of a watcher's view in what a client was sent


class Views:
    """The messages of the current position, for any client."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.last: dict[str, Any] | None = None  # the action that led here, as sent
        self._watcher: tuple[tuple[int, int], SeatView] | None = None

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
            "after": self.last, "scores": list(s.match.scores),
            "view": body, "events_from": start,
            "events": P.events_to_json(view.events[start:], s.variant),
        }
