"""A rated match's result as the ratings take it: the sides (who played for each entry of the
match's scores, or in the Chiamata games each deal's sides), each side's rank, the bots with
the fixed rating of their level, and the players who left before the end (each ranked below
every side that stayed).

A place is its holder's, whoever played it at the end: a player whose place a bot took over
after the hold is still on the side, as one who left. A place nobody held was a bot's from the
start, and plays as its level.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..net import room_protocol as R
from ..ratings.rater import LADDER, bot_rating, rate
from ..ratings.rating import Rating
from ..ratings.store import RatingStore, Scratch
from ..table.session import Session
from .store import Finished

if TYPE_CHECKING:
    from .room import Room
    from .table import RoomTable


@dataclass(frozen=True)
class Result:
    game: str
    sides: list[list[str]]
    ranks: list[int]
    fixed: dict[str, Rating]


def ranks_of(scores: Sequence[int]) -> list[int]:
    """1 for the highest score, equal scores sharing a rank."""
    return [1 + sum(other > mine for other in scores) for mine in scores]


def results_of(session: Session, owners: Sequence[str | None], level: str) -> list[Result]:
    """The rated results of ``session``'s match, the places held by ``owners`` (the room's
    names; None: a bot's place from the start, of ``level``): one for the match, its sides
    the match's teams; or, in a game whose sides change from deal to deal (the Chiamata
    games, Sueca for five and for three), one for each deal, its sides the deal's: the
    caller with the partner (or alone) against the rest."""
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
    match = session.match
    if not variant.people_scores and variant.teams_shown:  # the same sides all match long
        sides: list[list[str]] = [[] for _ in match.scores]
        for p, name in enumerate(who):
            seat = session.seat_of(p)
            sides[variant.team_of[seat if seat is not None else p]].append(name)
        return [Result(variant.id, sides, ranks_of(match.scores), fixed)]
    out = []
    for index, score in enumerate(match.results):
        if score.redeal:
            continue
        gains = match.gains(index, score)
        side_of = match.deals[index].side_of
        by_side: dict[int, list[int]] = {}
        for seat, player in enumerate(match.seating(index)[1]):
            if player is not None:
                by_side.setdefault(side_of[seat], []).append(player)
        groups = [players for _k, players in sorted(by_side.items())]
        if len(groups) < 2:
            continue
        totals = [sum(gains[p] for p in players) for players in groups]
        out.append(Result(variant.id, [[who[p] for p in players] for players in groups],
                          ranks_of(totals), fixed))
    return out


def rate_results(store: RatingStore, results: Sequence[Result], left: Iterable[str] = ()
                 ) -> dict[str, Rating]:
    """Rate them in order (``left``: the players who abandoned the match, ranked last in its
    last result); the new ratings, bots left out."""
    after: dict[str, Rating] = {}
    for k, result in enumerate(results):
        last = k == len(results) - 1
        after |= rate(store, result.game, result.sides, result.ranks, result.fixed,
                      left=tuple(left) if last else ())
    return after


def rate_table(room: Room, table: RoomTable) -> None:
    """A rated table's match is over: its players' ratings move, once however often this is
    called for the match, and each is told (when the store has written them), wherever in
    the room they are."""
    session, owners = table.host.session, list(table.host.places.owners)
    results = results_of(session, owners, table.host.settings.level) if session else []
    if not results or session is None:
        return
    game = results[0].game
    players = tuple(dict.fromkeys(name for name in owners if name))
    record = json.dumps(session.recording.record().to_json(), ensure_ascii=False)
    before: dict[str, Rating] = {}

    def compute(found: dict[str, Rating]) -> dict[str, Rating]:
        before.clear()
        before.update(found)
        return rate_results(Scratch(found), results, table.left)

    def done(after: dict[str, Rating] | None) -> None:
        if after is not None:
            tell_rated(room, table, game, before, after)

    room.store.rate_later(Finished(table.match, game, record, time.time(), players),
                          compute, done)


def tell_rated(room: Room, table: RoomTable, game: str, before: dict[str, Rating],
               after: dict[str, Rating]) -> None:
    """Each player of ``table`` hears how their rating moved, and the room's log too."""
    for name, new in after.items():
        old = before.get(name)
        room.send_to(name, {"type": R.RATED, "variant": game, "table": table.number,
                            "before": round(old.shown, 2) if old else None,
                            "after": round(new.shown, 2), "left": name in table.left})
    room.tell("rated", table=table.number, ratings={
        n: round(r.shown, 2) for n, r in after.items()})
