"""The table as a front reads it: the seats it plays, each seat's view and the events that
seat may see, an action submitted for a seat (applied, or refused with the rule it breaks),
and what a front may ask besides (a hint, undo where the table allows it).

``Table`` is the interface; ``LocalTable`` is the one over a match played here (the turn
loop, ``table.loop``). A table another machine hosts has its own (``net.remote_table``),
which knows only what the host sent its seats. A front holds a ``Table`` and nothing else
of the match: it never reads the game's state, so what it may show is what a seat may see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ..engine.event_base import Event
from ..engine.spectator import SPECTATOR, spectator_view
from ..engine.variant import Variant
from ..engine.view import SeatView

if TYPE_CHECKING:
    from ..coach.hint import Hint
    from .loop import Step, TableLoop

Token = tuple[int, int]  # the deal, and the actions taken in it (as a seat was told them)


@runtime_checkable
class Table(Protocol):
    """What every front reads and asks of a table."""

    @property
    def variant(self) -> Variant: ...

    def seats(self) -> tuple[int, ...]:
        """The seats this front chooses for in the current deal (its person's own, and a
        dummy hand that person plays), none for a front that watches."""
        ...

    def view(self, seat: int) -> SeatView:
        """What ``seat`` (one of ``seats``, or ``SPECTATOR``) sees of the deal now."""
        ...

    def events(self, seat: int, start: int = 0) -> tuple[Event, ...]:
        """The events of the current deal that ``seat`` may see, from the ``start``-th on."""
        ...

    def token(self) -> Token:
        """The position now: the deal, and the actions of it this front was told."""
        ...

    def submit(self, seat: int, action: int) -> Step | None:
        """``seat``'s action: applied here (its ``Step``), or sent to where the deal is
        played (None: what it did comes back as events). An action this table can tell is
        refused raises the engine's ``IllegalAction``, with the rule it breaks."""
        ...

    @property
    def hints(self) -> bool:
        """Whether the coach's hints may be asked for at this table."""
        ...

    def may_undo(self) -> bool:
        """Whether there is an action of this front's person to take back now."""
        ...

    def undo(self) -> list[int]:
        """Take that action back (and the bots' replies); the actions taken back."""
        ...


def hint_for(table: Table, seat: int, samples: int | None = None) -> Hint:
    """The coach's advice for ``seat`` at ``table``, from the seat's view alone."""
    from ..coach.hint import hint

    if not table.hints:
        raise ValueError("this table has no hints")
    if seat not in table.seats():
        raise ValueError("a hint is for a seat this front plays")
    return hint(table.view(seat), samples=samples)


class LocalTable:
    """A match played here, through its turn loop: ``seats`` says whom this front plays
    (by default, every person's seat at this keyboard)."""

    def __init__(self, loop: TableLoop,
                 seats: Callable[[], tuple[int, ...]] | None = None) -> None:
        self.loop = loop
        self._seats = seats

    @property
    def variant(self) -> Variant:
        return self.loop.session.variant

    @property
    def hints(self) -> bool:
        return self.loop.session.hints

    def seats(self) -> tuple[int, ...]:
        if self._seats is not None:
            return self._seats()
        s = self.loop.session
        return tuple(seat for seat in range(s.variant.n) if s.is_human(seat))

    def view(self, seat: int) -> SeatView:
        s = self.loop.session
        if seat == SPECTATOR:
            return spectator_view(s.state)
        return s.view(seat)

    def events(self, seat: int, start: int = 0) -> tuple[Event, ...]:
        return self.view(seat).events[start:]

    def token(self) -> Token:
        return self.loop.token()

    def submit(self, seat: int, action: int) -> Step:
        return self.loop.act(action, seat)

    def may_undo(self) -> bool:
        return not self.loop.deal_closed and self.loop.session.undo_point() is not None

    def undo(self) -> list[int]:
        return self.loop.undo()
