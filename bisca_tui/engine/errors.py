"""Errors the engine raises: an illegal action names the rule it breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .narrate.sayings import Refusal


class IllegalAction(ValueError):
    """An action the rules refuse. ``rule`` says which rule, in a sentence; ``refusal``, when
    the engine gives it, is the same rule as the table's value (a ``Refusal`` of
    ``engine.narrate``), for a reader that tells it its own way."""

    def __init__(self, seat: int | None, action: str, rule: str,
                 refusal: Refusal | None = None) -> None:
        self.seat = seat
        self.action = action
        self.rule = rule
        self.refusal = refusal
        if seat is None:
            super().__init__(f"{action} cannot be played: {rule}")
        else:
            super().__init__(f"seat {seat} cannot play {action}: {rule}")


class OptionError(ValueError):
    """A house rule that the variant does not have, or a value it does not take."""


class LayoutError(ValueError):
    """A dealt layout that is not a legal deal for the variant."""
