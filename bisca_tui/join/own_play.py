"""What this client's player did in the current deal, gathered for the review of their play
after it (``coach.seat_play.SeatPlay``): each action sent with the view it answered, kept once
the host's next view of that seat says it was taken (a refused one is dropped). The host holds
the deal's record; the review needs only what the seat saw.

That a view follows the action sent is read from its events, all the host tells of an
action: the seat's position moved on from the one the action answered, and the events say the
seat acted (the card sent played; for another action, the events open with the seat's own).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..coach.seat_play import SeatPlay, view_result
from ..engine import actions as A
from ..engine import events as E
from ..engine.variant import Variant
from ..engine.view import SeatView


def actor(event: E.Event) -> int | None:
    """The seat whose action an event opens with tells (None: an event no seat takes)."""
    if isinstance(event, E.PartnerShown):  # col Monte: the bidder shows its partner
        return event.bidder
    return getattr(event, "seat", None)


def acted(seat: int, action: int, events: Sequence[E.Event]) -> bool:
    """Whether ``events`` (new in a view of ``seat``) say that ``seat`` took ``action``."""
    if A.is_play(action):
        card = A.card_of(action)
        return any(type(e) is E.CardPlayed and e.seat == seat and e.card == card
                   for e in events)
    return bool(events) and type(events[0]) is not E.CardPlayed and actor(events[0]) == seat


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

    def taken(self, seat: int | None, moves: int, events: Sequence[E.Event],
              variant: Variant, player: str) -> bool:
        """A view of ``seat`` came, at ``moves`` (the actions of the deal it saw), with
        ``events`` new: when it follows the action sent (the position moved on from the one
        it answered, and the events say the seat took it), the decision is kept; True
        then."""
        if self.pending is None:
            return False
        sent_for, view, action = self.pending
        if seat != sent_for or moves <= view.history_len or not acted(seat, action, events):
            return False
        self.pending = None
        play = self.plays.setdefault(seat, SeatPlay(self.deal, seat, variant, player))
        play.decisions.append((view.history_len, view, action))
        return True

    def scored(self, final: dict[int, SeatView]) -> dict[int, SeatPlay]:
        """The deal is over: each seat's play with the deal's result read from its last
        view (``final``, by seat)."""
        for seat, play in self.plays.items():
            view = final.get(seat)
            play.result = view_result(view) if view is not None else None
        return self.plays
