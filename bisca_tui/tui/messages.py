"""Messages the table's parts send each other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:  # the coach (and its search) loads when first asked
    from ..coach import Hint, Review
    from ..coach.beliefs import DecisionBeliefs
    from .coaching import Position


@dataclass
class BotChose(Message):
    """A bot (in its worker thread) picked an action for the position ``token``."""

    seat: int
    action: int
    token: tuple[int, int]


@dataclass
class BotFailed(Message):
    """A bot raised or answered an action it may not take."""

    seat: int
    error: str
    token: tuple[int, int]


@dataclass
class CardClicked(Message):
    """The player clicked the card at ``index`` of the hand drawn on screen."""

    index: int


@dataclass
class BotReplaced(Message):
    """A seat's bot (an external program) failed and a built-in bot took over; ``text``
    says why, in words for the player."""

    seat: int
    text: str


@dataclass
class HintReady(Message):
    """The coach's hint for the position ``token``, worked out in a worker thread; ``then``:
    the card to play after the action advised, when that is not a card (a signal)."""

    hint: Hint
    token: tuple[int, int]
    then: Hint | None = None


@dataclass
class HintFailed(Message):
    """The coach could not work out a hint for the position ``token``."""

    error: str
    token: tuple[int, int]


@dataclass
class ReviewReady(Message):
    """A deal's review, worked out in a worker thread, with the seat's view at each of its
    decisions (by step); ``review`` None: it failed, and ``error`` says why."""

    review: Review | None
    places: dict[int, Position]
    error: str = ""


@dataclass
class BeliefsReady(Message):
    """A deal's beliefs, decision by decision, worked out in a worker thread; ``final``:
    with the cards the hard bots' search preferred (the chances come first, without them);
    ``beliefs`` None: they could not be worked out, and ``error`` says why."""

    beliefs: list[DecisionBeliefs] | None
    error: str = ""
    final: bool = True
