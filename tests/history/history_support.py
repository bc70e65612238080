"""Entries of matches played by random bots, for the history tests (and the processes
they start)."""

from __future__ import annotations

from bisca_tui.history.entry import MatchEntry
from bisca_tui.history.sample import entry_of, play, sitters


def bisca_entry(k: int, me: str = "Ana", level: str = "medium",
                day: str = "2026-01-01") -> MatchEntry:
    match = play("bisca-3", 1000 + k)
    return entry_of(match, sitters(2, me, level), f"m{k}", f"{day}T10:{k % 60:02d}:00Z",
                    f"{day}T11:{k % 60:02d}:00Z")
