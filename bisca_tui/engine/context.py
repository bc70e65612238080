"""What a deal takes from its match, and the public facts a variant adds to a deal, as
typed records (no string-keyed bag of extras)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class DealContext:
    """What a deal needs from its match: the game points each team has before it, the game
    points that win the match (None: the deal is played on its own), and how many deals in
    a row before it were tied (Sueca carries them to the next decided deal)."""

    match_points: tuple[int, ...]
    target: int | None = None
    ties_before: int = 0

    @classmethod
    def of(cls, n_teams: int, match_points: Iterable[int] | None = None,
           target: int | None = None, ties_before: int = 0) -> DealContext:
        """No match points given: a match's first deal, nobody has a point yet."""
        points = tuple(match_points) if match_points is not None else (0,) * n_teams
        return cls(points, target, ties_before)


@dataclass(frozen=True)
class CutOrKnock:
    """Bisca Capixaba: the eldest's choice before the deal ("cut": an indicator is turned,
    "knock": hearts are trumps without one), and how many Aces or 7s the cut buried before
    an indicator could be turned. Public: every seat sees it."""

    choice: str  # "cut" or "knock"
    buried: int = 0

    @property
    def knocked(self) -> bool:
        return self.choice == "knock"


def cut_or_knock(where: Any) -> CutOrKnock | None:
    """The cut or knock of a deal, a seat's view of it, or a search's copy; None for
    games without one, and before the choice."""
    return getattr(where, "cut_or_knock", None)


def protocol_extra(choice: CutOrKnock | None) -> dict[str, Any]:
    """The public variant facts as the bot protocol's ``extra`` object: ``choice``, and
    ``buried`` only when the cut buried a card (as the protocol has always sent them)."""
    out: dict[str, Any] = {}
    if choice is not None:
        if choice.buried:
            out["buried"] = choice.buried
        out["choice"] = choice.choice
    return out

