"""The list of past matches (newest first, filtered by game, opponent and days), a match's
deals, and a match's game record for replaying or exporting."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from ..engine.words import shown_name
from ..lang import _
from .entry import HUMAN
from .stats import game_name, level_word
from .store import Store


@dataclass(frozen=True)
class PlayerRow:
    name: str
    kind: str
    level: str
    side: int | None
    opponents: str
    score: int
    result: str | None


@dataclass(frozen=True)
class MatchRow:
    id: int
    started: str
    ended: str | None
    variant: str
    deals: int
    seed: int | None
    players: tuple[PlayerRow, ...]

    @property
    def game(self) -> str:
        return game_name(self.variant)

    @property
    def finished(self) -> bool:
        return self.ended is not None

    def who(self) -> str:
        """The players in seat order: a bot by its level, a program as a program."""
        parts = []
        for p in self.players:
            if p.kind == HUMAN:
                parts.append(shown_name(p.name))
            elif p.kind == "program":
                # translators: a player of the history that is an outside program
                parts.append(_("{name} (program)").format(name=p.name))
            else:
                # translators: a bot of the history, with its level: "Rui (medium)"
                parts.append(_("{name} ({level})").format(name=p.name,
                                                          level=level_word(p.level)))
        return ", ".join(parts)

    def outcome(self) -> str:
        """Who won, or that the match goes on."""
        if not self.finished:
            # translators: a match of the history that goes on
            return _("unfinished")
        winners = [shown_name(p.name) for p in self.players if p.result == "won"]
        if not winners:
            # translators: a match of the history that ended level, nobody winning
            return _("level")
        # translators: {names} are the winners, joined by " & "
        return _("{names} won").format(names=" & ".join(winners))

    def scores(self) -> str:
        """The match score: one number per side, or per player where each keeps one."""
        seen: dict[object, int] = {}
        for k, p in enumerate(self.players):
            seen.setdefault(p.side if p.side is not None else f"p{k}", p.score)
        return "-".join(str(s) for s in seen.values())


@dataclass(frozen=True)
class DealRow:
    index: int
    redeal: bool
    card_points: tuple[int, ...]
    game_points: tuple[int, ...]
    notes: tuple[str, ...]


def _day_after(day: str) -> str:
    return (date.fromisoformat(day[:10]) + timedelta(days=1)).isoformat()


def list_matches(store: Store, variant: str | None = None, opponents: str | None = None,
                 since: str | None = None, until: str | None = None, player: str | None = None,
                 limit: int | None = None) -> list[MatchRow]:
    """Matches newest first; ``opponents`` keeps those where a person played against that
    kind, ``player`` those where that person played."""
    sql = ["1"]
    args: list[Any] = []
    if variant:
        sql.append("m.variant = ?")
        args.append(variant)
    if since:
        sql.append("m.started >= ?")
        args.append(since)
    if until:
        sql.append("m.started < ?")
        args.append(_day_after(until))
    if opponents or player:
        cond = ["x.match_id = m.id", "x.kind = ?"]
        args.append(HUMAN)
        if opponents:
            cond.append("x.opponents = ?")
            args.append(opponents)
        if player:
            cond.append("x.name = ?")
            args.append(player)
        sql.append(f"EXISTS (SELECT 1 FROM match_players x WHERE {' AND '.join(cond)})")
    tail = f" LIMIT {int(limit)}" if limit else ""
    rows = store.query(f"SELECT m.id, m.started, m.ended, m.variant, m.deals, m.seed "
                       f"FROM matches m WHERE {' AND '.join(sql)} "
                       f"ORDER BY m.started DESC, m.id DESC{tail}", args)
    if not rows:
        return []
    ids = [r[0] for r in rows]
    players: dict[int, list[PlayerRow]] = {i: [] for i in ids}
    for chunk in range(0, len(ids), 500):
        part = ids[chunk:chunk + 500]
        marks = ",".join("?" * len(part))
        for r in store.query(f"SELECT match_id, name, kind, level, side, opponents, score, result "
                             f"FROM match_players WHERE match_id IN ({marks}) "
                             f"ORDER BY match_id, player", part):
            players[r[0]].append(PlayerRow(*r[1:]))
    return [MatchRow(r[0], r[1], r[2], r[3], r[4], r[5], tuple(players[r[0]])) for r in rows]


def match_row(store: Store, match_id: int) -> MatchRow | None:
    rows = store.query("SELECT m.id, m.started, m.ended, m.variant, m.deals, m.seed "
                       "FROM matches m WHERE m.id = ?", (match_id,))
    if not rows:
        return None
    r = rows[0]
    players = [PlayerRow(*p) for p in store.query(
        "SELECT name, kind, level, side, opponents, score, result FROM match_players "
        "WHERE match_id = ? ORDER BY player", (match_id,))]
    return MatchRow(r[0], r[1], r[2], r[3], r[4], r[5], tuple(players))


def deal_rows(store: Store, match_id: int) -> list[DealRow]:
    out = []
    for index, redeal, pts, gp, notes in store.query(
            "SELECT deal, redeal, card_points, game_points, notes FROM deals "
            "WHERE match_id = ? ORDER BY deal", (match_id,)):
        out.append(DealRow(index, bool(redeal), tuple(json.loads(pts)), tuple(json.loads(gp)),
                           tuple(json.loads(notes))))
    return out


class ExportError(Exception):
    """A match that is not in the history, or whose record cannot be read back."""


def record_of(store: Store, match_id: int):  # -> Record
    """The game record of a match, read and checked as any record file is."""
    from ..engine.records import RecordError, parse_record

    text = store.record_text(match_id)
    if text is None:
        raise ExportError(_("no match {id} in the history (bisca-tui history lists "
                            "them)").format(id=match_id))
    try:
        return parse_record(text, f"match {match_id}")
    except RecordError as e:
        raise ExportError(str(e)) from None


def export_text(store: Store, match_id: int) -> str:
    """The match's game record as a record file holds it."""
    return record_of(store, match_id).dumps()
