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

    def save_table(self, number: int, record: str, table: str) -> None:
        """Keep a table's save (its record's text and its table file's), replacing the last."""

    def drop_table(self, number: int) -> None:
        """Forget a table's save: its match is over."""

    def saved_tables(self) -> list[tuple[int, str, str]]:
        """Every table's save: its number, record and table file, by number."""

    def close(self) -> None: ...


class SqliteRoom:
    """The room's players and ratings in one SQLite file (``":memory:"`` for none)."""

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).touch(mode=0o600)  # places' keys and tickets are kept in it
        self.db = sqlite3.connect(str(path))
        self.db.execute("PRAGMA journal_mode=WAL")  # a table's save: no wait for the disk
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("CREATE TABLE IF NOT EXISTS players (key TEXT PRIMARY KEY, name TEXT "
                        "NOT NULL, folded TEXT NOT NULL UNIQUE, since REAL NOT NULL)")
        self.db.execute("CREATE TABLE IF NOT EXISTS tables (number INTEGER PRIMARY KEY, "
                        "record TEXT NOT NULL, table_file TEXT NOT NULL, saved REAL NOT NULL)")
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

    def save_table(self, number: int, record: str, table: str) -> None:
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO tables VALUES (?, ?, ?, ?)",
                            (number, record, table, time.time()))

    def drop_table(self, number: int) -> None:
        with self.db:
            self.db.execute("DELETE FROM tables WHERE number = ?", (number,))

    def saved_tables(self) -> list[tuple[int, str, str]]:
        rows = self.db.execute("SELECT number, record, table_file FROM tables ORDER BY number")
        return [(int(n), str(r), str(t)) for n, r, t in rows]

    def close(self) -> None:
        self.db.close()
        self.ratings.close()
