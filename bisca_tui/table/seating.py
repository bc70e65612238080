"""What the table on screen reads of a match besides the deal itself: who sits where and by
what name (``Seating``), and the match's scores (``MatchScores``). The deal (its dealer,
phase, trick, bidding, sides) it reads from a seat's view, never from a game's state.

A match played here (``table.session.Session`` and its ``engine.match.Match``) answers
both; so does a match another machine hosts, as its client knows it (``net.remote``),
from what the host sent and nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..engine.variant import DealScore, Variant
    from ..engine.view import SeatView
    from .seats import SeatSpec


@runtime_checkable
class MatchScores(Protocol):
    """The match's scores as the table shows them: each entry's total, the target, each
    deal's result, the winner, and who sat where in each deal."""

    scores: list[int]
    target: int
    results: list[DealScore]
    winner: int | None

    @property
    def seed(self) -> int | None:
        """The match's seed, where it may be shown (None: it stays with its host)."""
        ...

    @property
    def deals_played(self) -> int: ...

    def is_over(self) -> bool: ...

    def gains(self, index: int, result: DealScore) -> list[int]:
        """What each entry of ``scores`` gains from deal ``index``'s result."""
        ...

    def people(self, index: int | None = None) -> tuple[int | None, ...]:
        """The player at each seat of deal ``index`` (None: a dummy hand)."""
        ...

    def seating(self, index: int) -> tuple[int, tuple[int | None, ...]]:
        """Deal ``index``'s dealer seat and the player at each seat."""
        ...

    def sitting_out(self, index: int | None = None) -> int | None: ...


@runtime_checkable
class Seating(Protocol):
    """Who sits where at the table, by what name, and whose score is whose; the match's
    scores (``match``) and the way the table is drawn (cards, pace, points shown)."""

    people: list[SeatSpec]  # one per player, in the match's order
    hide_points: bool
    hints: bool
    speed: str

    @property
    def match(self) -> MatchScores: ...

    @property
    def variant(self) -> Variant: ...

    @property
    def card_style(self) -> str: ...

    @property
    def deal_number(self) -> int: ...

    @property
    def hot_seat(self) -> bool: ...

    @property
    def seats(self) -> list[SeatSpec]: ...

    def name(self, seat: int) -> str: ...

    def shown_name(self, seat: int) -> str: ...

    def name_in(self, deal: int, seat: int) -> str: ...

    def controller(self, seat: int) -> int: ...

    def person_of(self, seat: int) -> int | None: ...

    def seat_of(self, player: int) -> int | None: ...

    def is_human(self, seat: int | None) -> bool: ...

    def humans(self) -> list[int]: ...

    def sitting_out(self) -> str | None: ...

    def level_label(self, seat: int) -> str: ...

    def team_label(self, team: int) -> str: ...

    def team_members(self, team: int) -> list[str]: ...

    def scorer_of(self, seat: int) -> int: ...

    def scorer_label(self, k: int) -> str: ...

    def scorer_team(self, k: int) -> int: ...

    def humans_and_bots(self, side: int) -> list[int]: ...

    def deal_gains(self, score: DealScore) -> list[int]: ...

    def view(self, seat: int) -> SeatView:
        """What ``seat`` sees of the current deal now."""
        ...
