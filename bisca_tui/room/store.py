"""What a card room keeps: its players (each a public key, with the one name bound to it) and
their ratings. One small interface (``RoomStore``), and the SQLite store that a room on one
machine keeps in its data folder (``SqliteRoom``); a room on several machines keeps the same
behind the same interface elsewhere.

A name is unique in the room as people read it: two names that differ only by case or by
letters that look alike (``net.lookalike``) are one name, and the first key to claim it keeps
it.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Protocol

from ..net.lookalike import skeleton
from ..ratings.store import RatingStore, SqliteRatings

TAKEN = "that name belongs to another player of this room"
HAS_NAME = "your key already has a name in this room"


def folded(name: str) -> str:
    """The form of a name that two names people would take for one another share."""
    return skeleton(name.casefold())


class RoomStore(Protocol):
    ratings: RatingStore

    def name_of(self, key: str) -> str | None:
        """The name bound to a player's key (None: a newcomer)."""

    def claim(self, key: str, name: str) -> str:
        """Bind ``name`` to a newcomer's ``key``: "" when done, else why not."""

    def owner(self, name: str) -> str | None:
        """The key a name (or one that looks like it) is bound to."""

    def close(self) -> None: ...


class SqliteRoom:
    """The room's players and ratings in one SQLite file (``":memory:"`` for none)."""

    def __init__(self, path: str | Path) -> None:
        self.db = sqlite3.connect(str(path))
        self.db.execute("CREATE TABLE IF NOT EXISTS players (key TEXT PRIMARY KEY, name TEXT "
                        "NOT NULL, folded TEXT NOT NULL UNIQUE, since REAL NOT NULL)")
        self.db.commit()
        self.ratings = SqliteRatings(path)

    def name_of(self, key: str) -> str | None:
        row = self.db.execute("SELECT name FROM players WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def owner(self, name: str) -> str | None:
        row = self.db.execute("SELECT key FROM players WHERE folded = ?",
                              (folded(name),)).fetchone()
        return None if row is None else str(row[0])

    def claim(self, key: str, name: str) -> str:
        if self.name_of(key) is not None:
            return HAS_NAME
        try:
            with self.db:
                self.db.execute("INSERT INTO players VALUES (?, ?, ?, ?)",
                                (key, name, folded(name), time.time()))
        except sqlite3.IntegrityError:
            return TAKEN
        return ""

    def close(self) -> None:
        self.db.close()
        self.ratings.close()
