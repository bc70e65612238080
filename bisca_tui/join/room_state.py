"""What this player knows of a card room's lobby, folded from the room's messages: who they
are there, the games it offers and its bots' levels, the open tables, who is in the room, the
quick match they wait for (and when bots fill it), the leaderboard last asked for, the
ratings moved by their rated matches, the chat, and the room's last refusal.

The room is another machine: every field is checked for its type here, and names and words
stay text (the screen never reads them as markup)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..net import protocol as P
from ..net import room_protocol as R

MAX_CHAT_KEPT = 100


def _int(value: Any, default: int = 0) -> int:
    whole = _whole(value)
    return default if whole is None else whole


def _whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _number(value: Any) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def _text(value: Any, limit: int = P.MAX_NAME) -> str:
    return P.clean_text(value, limit) if isinstance(value, str) else ""


@dataclass(frozen=True)
class Seat:
    name: str  # "" for an open place, or a bot's
    kind: str  # person, bot or open
    connected: bool


@dataclass(frozen=True)
class Listed:
    """A table as the lobby lists it."""

    number: int
    variant: str
    name: str  # the game's name as the room gives it
    players: int
    options: dict[str, Any]  # the house rules, as the room names them
    rated: bool
    opener: str
    seats: tuple[Seat, ...]
    free: int
    watchers: int
    started: bool
    quick: bool

    @classmethod
    def of(cls, entry: Any) -> Listed | None:
        if not isinstance(entry, dict) or _whole(entry.get("table")) is None:
            return None
        options = entry.get("options") if isinstance(entry.get("options"), dict) else {}
        seats = []
        for s in entry.get("seats") or []:
            if isinstance(s, dict):
                kind = s.get("kind") if s.get("kind") in ("person", "bot", "open") else "open"
                seats.append(Seat(_text(s.get("name")), str(kind), s.get("connected") is True))
        return cls(_int(entry["table"]), _text(entry.get("variant"), 40),
                   _text(entry.get("name"), 60), _int(entry.get("players"), len(seats)),
                   {_text(k, 30): v for k, v in list(options.items())[:16]
                    if isinstance(v, (bool, int, float, str))},
                   entry.get("rated") is True, _text(entry.get("opener")), tuple(seats),
                   _int(entry.get("free")), _int(entry.get("watchers")),
                   entry.get("started") is True, entry.get("quick") is True)


@dataclass(frozen=True)
class Someone:
    name: str
    guest: bool
    table: int | None  # the table they are at, if any


@dataclass(frozen=True)
class Waiting:
    """A quick match this player waits for: how many wait, and when bots fill it."""

    variant: str
    people: int
    bots_in: float  # seconds, when told
    told: float  # the clock when told

    def seconds_left(self, now: float) -> int:
        return max(0, math.ceil(self.bots_in - (now - self.told)))


@dataclass(frozen=True)
class BoardRow:
    name: str
    shown: float
    matches: int | None
    bot: bool


@dataclass(frozen=True)
class Rated:
    """A rated match's effect on this player's rating."""

    variant: str
    table: int
    before: float | None
    after: float
    left: bool


@dataclass
class RoomState:
    you: str = ""
    guest: bool = False
    games: list[dict[str, Any]] = field(default_factory=list)  # variant, name, players
    levels: list[str] = field(default_factory=list)
    tables: list[Listed] = field(default_factory=list)
    more: int = 0  # tables not listed
    people: list[Someone] = field(default_factory=list)
    waiting: Waiting | None = None
    board_game: str = ""
    board: list[BoardRow] = field(default_factory=list)
    rated: list[Rated] = field(default_factory=list)
    chat: list[dict[str, Any]] = field(default_factory=list)
    refusal: str = ""  # the room's words, the last time it said no
    entered: bool = False

    def take(self, m: dict[str, Any], now: float) -> str:
        """Fold one message of the room in; its type (what changed)."""
        kind = str(m.get("type"))
        if kind == R.ROOM:
            self.entered = True
            self.you, self.guest = _text(m.get("you")), m.get("guest") is True
            self.games = [g for g in m.get("games") or [] if isinstance(g, dict)
                          and isinstance(g.get("variant"), str)]
            self.levels = [x for x in m.get("levels") or [] if isinstance(x, str)]
            self.chat = []
            for line in m.get("chat") or []:
                self.said(line)
        elif kind == R.TABLES:
            self.tables = [t for t in map(Listed.of, m.get("tables") or []) if t is not None]
            self.more = _int(m.get("more"))
        elif kind == R.PEOPLE:
            self.people = [Someone(_text(p.get("name")), p.get("guest") is True,
                                   _whole(p.get("table")))
                           for p in m.get("people") or [] if isinstance(p, dict)]
        elif kind == R.WAITING:
            variant, seconds = m.get("variant"), _number(m.get("bots_in"))
            self.waiting = (Waiting(variant, _int(m.get("people"), 1), seconds or 0.0, now)
                            if isinstance(variant, str) else None)
        elif kind == R.BOARD:
            self.board_game = _text(m.get("variant"), 40)
            self.board = [BoardRow(_text(r.get("name")), _number(r.get("shown")) or 0.0,
                                   _whole(r.get("matches")), r.get("bot") is True)
                          for r in m.get("rows") or [] if isinstance(r, dict)]
        elif kind == R.RATED:
            after = _number(m.get("after"))
            if after is not None:
                self.rated.append(Rated(_text(m.get("variant"), 40), _int(m.get("table")),
                                        _number(m.get("before")), after,
                                        m.get("left") is True))
        elif kind == P.CHAT:
            self.said(m)
        elif kind == P.REFUSED:
            self.refusal = _text(m.get("rule"), 200)
        return kind

    def said(self, line: Any) -> None:
        if isinstance(line, dict):
            self.chat.append({"from": _text(line.get("from")),
                              "text": _text(line.get("text"), P.MAX_CHAT)})
            del self.chat[:-MAX_CHAT_KEPT]

    def game_name(self, variant: str) -> str:
        """The name the room gives ``variant`` (for a game this program does not know)."""
        return next((_text(g.get("name"), 60) for g in self.games
                     if g.get("variant") == variant), variant)

    def listed(self, number: int) -> Listed | None:
        return next((t for t in self.tables if t.number == number), None)
