"""What a card room keeps: its players (each a public key, with the one name bound to it),
their ratings and the history of their rated matches, and the saves of its tables (each with
the process that holds the table: its owner). One small interface (``RoomStore``), and the
SQLite store that a room on one machine keeps in its data folder (``SqliteRoom``); a room on
several machines keeps the same behind the same interface in PostgreSQL (``pg_store``).

A name is unique in the room as people read it: two names that differ only by case or by
letters that look alike (``net.lookalike``) are one name, and the first key to claim it keeps
it. A rated match is rated once: its result is kept under the match's id, and a second
rating of the same id changes nothing.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..net.lookalike import skeleton
from ..ratings.rating import Rating
from ..ratings.store import RatingStore, SqliteRatings

TAKEN = "that name belongs to another player of this room"
HAS_NAME = "your key already has a name in this room"
UNREACHABLE = "the room cannot reach its players' records just now: try again in a minute"

Saved = tuple[int, str, str]  # a table's number, its record's text and its table file's
# given the ratings the players of a match have (a newcomer has none), their new ratings
Compute = Callable[[dict[str, Rating]], dict[str, Rating]]
Rated = Callable[[dict[str, Rating] | None], None]  # told a match's new ratings (None: rated)


class Unreachable(ConnectionError):
    """The store's server cannot be reached: what was asked is refused, for now."""

    def __init__(self, why: str = UNREACHABLE) -> None:
        super().__init__(why)


@dataclass(frozen=True)
class Finished:
    """A rated match that is over, as its players' histories keep it."""

    match: str  # its id, given when its table opened
    game: str  # the variant's id
    record: str  # its game record's text
    when: float  # when it ended (seconds since the epoch)
    players: tuple[str, ...]  # the room's names of its players


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

    def next_number(self) -> int:
        """A new table's number, never given before by any process of the room."""

    def save_table(self, number: int, record: str, table: str, owner: str = "") -> None:
        """Keep a table's save (its record's text and its table file's) for the process
        ``owner`` that holds the table, replacing the last."""

    def save_now(self, number: int, record: str, table: str, owner: str = "",
                 done: Callable[[bool], None] = lambda _written: None) -> None:
        """``save_table`` at a deal's end, written before any other save waiting: ``done``
        is told once it is written (True), or cannot be now (False: written as soon as
        the server is back), so that the table's players are told the deal is over once
        it is kept (a process that dies loses no deal played out)."""

    def drop_table(self, number: int) -> None:
        """Forget a table's save: its match is over."""

    def saved_tables(self, owner: str | None = None) -> list[Saved]:
        """The tables saved by ``owner`` (None: every table's), by number."""

    def owners(self) -> set[str]:
        """The processes that have tables saved (a room of one process: "")."""

    def take_tables(self, gone: str, me: str) -> list[Saved]:
        """Every table saved by the process ``gone``, now ``me``'s: those it took (a table
        two processes take at once goes to one of them)."""

    def rate_match(self, finished: Finished, compute: Compute) -> dict[str, Rating] | None:
        """Rate a finished match once, in one transaction: keep its result under its id,
        read its players' ratings (held until the end), write those ``compute`` makes of them
        and keep the match in each player's history. The new ratings; None when that match
        was rated already (nothing changed)."""

    def rate_later(self, finished: Finished, compute: Compute, done: Rated) -> None:
        """``rate_match`` now or as soon as the store can, ``done`` told the outcome (on the
        caller's event loop, when it has one)."""

    def history(self, name: str, limit: int = 20) -> list[Finished]:
        """``name``'s last rated matches, the last first."""

    def close(self) -> None: ...


TABLES = ("CREATE TABLE IF NOT EXISTS players (key TEXT PRIMARY KEY, name TEXT NOT NULL, "
          "folded TEXT NOT NULL UNIQUE, since REAL NOT NULL)",
          "CREATE TABLE IF NOT EXISTS tables (number INTEGER PRIMARY KEY, record TEXT NOT "
          "NULL, table_file TEXT NOT NULL, saved REAL NOT NULL, owner TEXT NOT NULL DEFAULT "
          "'')",
          "CREATE TABLE IF NOT EXISTS numbers (last INTEGER NOT NULL)",
          "CREATE TABLE IF NOT EXISTS results (match TEXT PRIMARY KEY, game TEXT NOT NULL, "
          "record TEXT NOT NULL, finished REAL NOT NULL)",
          "CREATE TABLE IF NOT EXISTS match_players (match TEXT NOT NULL REFERENCES results, "
          "player TEXT NOT NULL, PRIMARY KEY (match, player))",
          "CREATE INDEX IF NOT EXISTS history ON match_players (player)")


class SqliteRoom:
    """The room's players and ratings in one SQLite file (``":memory:"`` for none)."""

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).touch(mode=0o600)  # places' keys and tickets are kept in it
        self.db = sqlite3.connect(str(path))
        self.db.execute("PRAGMA journal_mode=WAL")  # a table's save: no wait for the disk
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA busy_timeout=5000")  # two stores on one file wait their turn
        with self.db:
            for statement in TABLES:
                self.db.execute(statement)
            columns = [row[1] for row in self.db.execute("PRAGMA table_info(tables)")]
            if "owner" not in columns:  # a file from before tables had owners
                self.db.execute("ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT ''")
            self.db.execute("INSERT INTO numbers SELECT coalesce(max(number), 0) FROM tables "
                            "WHERE NOT EXISTS (SELECT 1 FROM numbers)")
        self.ratings = SqliteRatings(self.db)

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
            return HAS_NAME if self.name_of(key) is not None else TAKEN
        return ""

    def next_number(self) -> int:
        with self.db:  # (the UPDATE takes the write lock: the SELECT reads this number)
            self.db.execute("UPDATE numbers SET last = last + 1")
            row = self.db.execute("SELECT last FROM numbers").fetchone()
        return int(row[0])

    def save_table(self, number: int, record: str, table: str, owner: str = "") -> None:
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO tables (number, record, table_file, saved, "
                            "owner) VALUES (?, ?, ?, ?, ?)",
                            (number, record, table, time.time(), owner))

    def save_now(self, number: int, record: str, table: str, owner: str = "",
                 done: Callable[[bool], None] = lambda _written: None) -> None:
        self.save_table(number, record, table, owner)  # (SQLite writes at once anyway)
        done(True)

    def drop_table(self, number: int) -> None:
        with self.db:
            self.db.execute("DELETE FROM tables WHERE number = ?", (number,))

    def saved_tables(self, owner: str | None = None) -> list[Saved]:
        rows = self.db.execute("SELECT number, record, table_file FROM tables WHERE ? IS NULL "
                               "OR owner = ? ORDER BY number", (owner, owner))
        return [(int(n), str(r), str(t)) for n, r, t in rows]

    def owners(self) -> set[str]:
        return {str(o) for (o,) in self.db.execute("SELECT DISTINCT owner FROM tables")}

    def take_tables(self, gone: str, me: str) -> list[Saved]:
        with self.db:  # the file's write lock from the first read: one store at a time
            self.db.execute("BEGIN IMMEDIATE")
            rows = self.db.execute("SELECT number, record, table_file FROM tables WHERE owner "
                                   "= ? ORDER BY number", (gone,)).fetchall()
            self.db.execute("UPDATE tables SET owner = ? WHERE owner = ?", (me, gone))
        return [(int(n), str(r), str(t)) for n, r, t in rows]

    def rate_match(self, finished: Finished, compute: Compute) -> dict[str, Rating] | None:
        f = finished
        with self.db:  # its first statement writes: the file is this store's to the end
            kept = self.db.execute("INSERT INTO results VALUES (?, ?, ?, ?) ON CONFLICT DO "
                                   "NOTHING", (f.match, f.game, f.record, f.when)).rowcount
            if not kept:
                return None
            after = compute(self.ratings.of(f.game, f.players))
            self.ratings.write(f.game, after)
            self.db.executemany("INSERT INTO match_players VALUES (?, ?)",
                                [(f.match, p) for p in dict.fromkeys(f.players)])
        return after

    def rate_later(self, finished: Finished, compute: Compute, done: Rated) -> None:
        done(self.rate_match(finished, compute))

    def history(self, name: str, limit: int = 20) -> list[Finished]:
        rows = self.db.execute(
            "SELECT r.match, r.game, r.record, r.finished FROM match_players m JOIN results r "
            "ON r.match = m.match WHERE m.player = ? ORDER BY r.finished DESC, r.match "
            "LIMIT ?", (name, limit)).fetchall()
        return [Finished(m, g, rec, when, self._players(m)) for m, g, rec, when in rows]

    def _players(self, match: str) -> tuple[str, ...]:
        rows = self.db.execute("SELECT player FROM match_players WHERE match = ? ORDER BY "
                               "rowid", (match,))
        return tuple(str(p) for (p,) in rows)

    def close(self) -> None:
        self.db.close()

