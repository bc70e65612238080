"""A rated match's result as the ratings take it: the sides (who played for each entry of the
match's scores), each side's rank, the bots with the fixed rating of their level, and the
players who left before the end (each ranked below every side that stayed).

A place is its holder's, whoever played it at the end: a player whose place a bot took over
after the hold is still on the side, as one who left. A place nobody held was a bot's from the
start, and plays as its level.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..ratings.rater import LADDER, bot_rating, rate
from ..ratings.rating import Rating
from ..ratings.store import RatingStore
from ..table.session import Session


@dataclass(frozen=True)
class Result:
    game: str
    sides: list[list[str]]
    ranks: list[int]
    fixed: dict[str, Rating]


def ranks_of(scores: Sequence[int]) -> list[int]:
    """1 for the highest score, equal scores sharing a rank."""
    return [1 + sum(other > mine for other in scores) for mine in scores]


def result_of(session: Session, owners: Sequence[str | None], level: str) -> Result:
    """The rated result of ``session``'s match, the places held by ``owners`` (the room's
    names; None: a bot's place from the start, of ``level``)."""
    variant = session.variant
    family = variant.family if variant.family in LADDER else "bisca"
    who: list[str] = []
    fixed: dict[str, Rating] = {}
    for p, owner in enumerate(owners):
        if owner is None:
            bot = f"bot:{level}:{p}"  # one entry each: two bots on a side are two players
            fixed[bot] = bot_rating(family, level)
            who.append(bot)
        else:
            who.append(owner)
    scores = list(session.match.scores)
    if variant.people_scores:
        sides = [[who[k]] for k in range(len(scores))]
    else:
        sides = [[] for _ in scores]
        for p, name in enumerate(who):
            seat = session.seat_of(p)
            team = variant.team_of[seat if seat is not None else p]
            sides[team].append(name)
    return Result(variant.id, sides, ranks_of(scores), fixed)


def rate_result(store: RatingStore, result: Result, left: Iterable[str] = ()
                ) -> dict[str, Rating]:
    """Rate it (``left``: the players who abandoned it); the new ratings, bots left out."""
    return rate(store, result.game, result.sides, result.ranks, result.fixed,
                left=tuple(left))
