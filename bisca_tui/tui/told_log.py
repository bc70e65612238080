"""What a log drawn on screen already tells, and what it must be told next: when the lines
of the position now shown begin with those told (a step or a jump forward), only the rest is
added; else (a step back, another deal, other card faces) the log is cleared and told again
from its first line. This module holds no widgets."""

from __future__ import annotations

from rich.text import Text

__all__ = ["ToldLog"]

Line = str | Text


class ToldLog:
    """The lines a log tells, kept to say what to add for the next position's lines."""

    def __init__(self) -> None:
        self.told: list[Line] = []
        self.fresh = True  # a new log (nothing drawn yet): cleared and told from the start

    def renew(self) -> None:
        """The log was drawn anew (a table turned): tell it everything again."""
        self.told = []
        self.fresh = True

    def update(self, lines: list[Line]) -> tuple[bool, list[Line]]:
        """For a log that must now tell ``lines``: whether to clear it first, and the lines
        to add after (then counted as told)."""
        clear = self.fresh or lines[:len(self.told)] != self.told
        start = 0 if clear else len(self.told)
        self.told = list(lines)
        self.fresh = False
        return clear, lines[start:]
