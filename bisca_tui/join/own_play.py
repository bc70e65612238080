"""What this client's player did in the current deal, gathered for the review of their play
after it (``coach.seat_play.SeatPlay``): each action sent with the view it answered, kept once
the host's next message says it was taken (a refused one is dropped). The host holds the
deal's record; the review needs only what the seat saw."""

from __future__ import annotations

from typing import Any

from ..coach.seat_play import SeatPlay, view_result
from ..engine.actions import action_str
from ..engine.variant import Variant
from ..engine.view import SeatView


class OwnPlay:
    """This player's decisions in the current deal, by seat (a dummy it plays for has its
    own)."""

    def __init__(self) -> None:
        self.deal = -1
        self.plays: dict[int, SeatPlay] = {}
        self.pending: tuple[int, SeatView, int] | None = None  # sent, not yet taken

    def new_deal(self, deal: int) -> None:
        self.deal = deal
        self.plays = {}
        self.pending = None

    def sent(self, seat: int, view: SeatView, action: int) -> None:
        self.pending = (seat, view, action)

    def refused(self) -> None:
        self.pending = None

    def taken(self, after: dict[str, Any] | None, variant: Variant, player: str) -> None:
        """A view came: when it follows the action sent (the same seat and action), the
        decision is kept."""
        if self.pending is None or not isinstance(after, dict):
            return
        seat, view, action = self.pending
        if after.get("seat") != seat or after.get("action") != action_str(
                action, variant.signal_names):
            return
        self.pending = None
        play = self.plays.setdefault(seat, SeatPlay(self.deal, seat, variant, player))
        play.decisions.append((view.history_len, view, action))

    def scored(self, final: dict[int, SeatView]) -> dict[int, SeatPlay]:
        """The deal is over: each seat's play with the deal's result read from its last
        view (``final``, by seat)."""
        for seat, play in self.plays.items():
            view = final.get(seat)
            play.result = view_result(view) if view is not None else None
        return self.plays
