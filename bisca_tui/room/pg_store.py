"""The card room's store in PostgreSQL (``PostgresRoom``), for a room run as several processes
on several machines: the same behaviour as ``SqliteRoom`` behind the same ``RoomStore``, many
processes on one database at once.

Reads (a name at the door, a leaderboard) ask the server on the caller's thread and, while it
cannot be reached, are refused at once with ``store.Unreachable``. Writes the room makes as
it plays (tables' saves, rated results) go through one writer thread (``pg_writer``), so that
the room never waits for the server and loses nothing while it is away."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

import psycopg
from psycopg import errors

from ..lang import ngettext
from ..ratings.pg_ratings import PgRatings, locked, release, write
from ..ratings.rating import Rating
from .pg_link import CONNECT_TIMEOUT, Link, connect
from .pg_schema import migrate
from .pg_writer import RETRY, Writer
from .store import HAS_NAME, TAKEN, Compute, Finished, Rated, Saved, Unreachable, folded

T = TypeVar("T")
CLOSE_PATIENCE = 10.0  # seconds a room stopping gives its last writes


class PostgresRoom:
    shared = True  # several processes use one database: table numbers come from it

    def __init__(self, url: str, problem: Callable[[str], None] | None = None,
                 retry: float = RETRY) -> None:
        with connect(url) as db:
            migrate(db)
        self.link = Link(url, patience=retry)  # the caller's reads
        self.writer = Writer(Link(url, patience=0), problem or (lambda _text: None), retry)
        self.ratings = PgRatings(self._read)

    def _read(self, job: Callable[[psycopg.Connection], T]) -> T:
        """``job`` on the readers' connection; refused at once while the writer finds the
        server away (no wait for a connection that cannot be made)."""
        if self.writer.down:
            raise Unreachable()
        return self.link.run(job)

    def name_of(self, key: str) -> str | None:
        row = self._read(lambda db: db.execute(
            "SELECT name FROM players WHERE key = %s", (key,)).fetchone())
        return None if row is None else str(row[0])

    def owner(self, name: str) -> str | None:
        row = self._read(lambda db: db.execute(
            "SELECT key FROM players WHERE folded = %s", (folded(name),)).fetchone())
        return None if row is None else str(row[0])

    def claim(self, key: str, name: str) -> str:
        def job(db: psycopg.Connection) -> str:
            try:
                db.execute("INSERT INTO players VALUES (%s, %s, %s, %s)",
                           (key, name, folded(name), time.time()))
            except errors.UniqueViolation as e:
                return HAS_NAME if e.diag.constraint_name == "players_pkey" else TAKEN
            return ""
        return self._read(job)

    def next_number(self) -> int:
        row = self._read(lambda db: db.execute(
            "SELECT nextval('table_numbers')").fetchone())
        assert row is not None
        return int(row[0])

    def save_table(self, number: int, record: str, table: str, owner: str = "") -> None:
        self.writer.keep(("table", number),
                         partial(write_save, number, record, table, owner, time.time()))

    def save_now(self, number: int, record: str, table: str, owner: str = "",
                 done: Callable[[bool], None] = lambda _written: None) -> None:
        job = partial(write_save, number, record, table, owner, time.time())
        if self.writer.down:  # (written when the server is back)
            self.writer.keep(("table", number), job)
            done(False)
            return
        self.writer.first(("table", number), job, done)

    def drop_table(self, number: int) -> None:
        self.writer.keep(("table", number), partial(drop_save, number))

    def saved_tables(self, owner: str | None = None) -> list[Saved]:
        self.writer.flush(CONNECT_TIMEOUT)  # this process's saves read back as it made them
        rows = self._read(lambda db: db.execute(
            "SELECT number, record, table_file FROM tables WHERE %s::text IS NULL OR owner = "
            "%s ORDER BY number", (owner, owner)).fetchall())
        return [(int(n), str(r), str(t)) for n, r, t in rows]

    def owners(self) -> set[str]:
        rows = self.link.run(lambda db: db.execute(
            "SELECT DISTINCT owner FROM tables").fetchall())
        return {str(owner) for (owner,) in rows}

    def take_tables(self, gone: str, me: str) -> list[Saved]:
        self.writer.flush(CONNECT_TIMEOUT)
        # each row is updated by one transaction: one that waited for another's finds the
        # owner changed, and leaves the row
        rows = self._read(lambda db: db.execute(
            "UPDATE tables SET owner = %s WHERE owner = %s RETURNING number, record, "
            "table_file", (me, gone)).fetchall())
        return sorted((int(n), str(r), str(t)) for n, r, t in rows)

    def rate_match(self, finished: Finished, compute: Compute) -> dict[str, Rating] | None:
        return self._read(partial(rate, finished, compute))

    def rate_later(self, finished: Finished, compute: Compute, done: Rated) -> None:
        self.writer.queue(partial(rate, finished, compute), done)

    def history(self, name: str, limit: int = 20) -> list[Finished]:
        rows = self._read(lambda db: db.execute(
            "SELECT r.match, r.game, r.record, r.finished, array(SELECT o.player FROM "
            "match_players o WHERE o.match = r.match ORDER BY o.place) FROM match_players m "
            "JOIN results r ON r.match = m.match WHERE m.player = %s ORDER BY r.finished DESC, "
            "r.match LIMIT %s", (name, limit)).fetchall())
        return [Finished(m, g, rec, float(when), tuple(players))
                for m, g, rec, when, players in rows]

    def flush(self, timeout: float = CLOSE_PATIENCE) -> bool:
        """Wait for the writes asked for (False: some are still waiting at ``timeout``)."""
        return self.writer.flush(timeout)

    def close(self, patience: float = CLOSE_PATIENCE) -> None:
        """Write what is waiting (for ``patience`` seconds at most: what is still not written
        then is said to be lost), and let the server go."""
        lost = self.writer.close(patience)
        if lost:
            self.writer.problem(ngettext(
                "The database is still unreachable: {n} save is lost as the room stops.",
                "The database is still unreachable: {n} saves are lost as the room stops.",
                lost).format(n=lost))
        self.link.close()


def write_save(number: int, record: str, table: str, owner: str, saved: float,
               db: psycopg.Connection) -> None:
    db.execute("INSERT INTO tables (number, record, table_file, saved, owner) VALUES (%s, %s, "
               "%s, %s, %s) ON CONFLICT (number) DO UPDATE SET record = excluded.record, "
               "table_file = excluded.table_file, saved = excluded.saved WHERE tables.owner = "
               "excluded.owner AND tables.saved <= excluded.saved",
               (number, record, table, saved, owner))
    # (a table another process took, its owner thought dead, is that one's: this one's
    # saves of it change nothing)


def drop_save(number: int, db: psycopg.Connection) -> None:
    db.execute("DELETE FROM tables WHERE number = %s", (number,))


def rate(finished: Finished, compute: Compute, db: psycopg.Connection
         ) -> dict[str, Rating] | None:
    """``RoomStore.rate_match`` in one transaction on ``db``."""
    f = finished
    players = list(dict.fromkeys(f.players))
    with db.transaction():
        kept = db.execute("INSERT INTO results VALUES (%s, %s, %s, %s) ON CONFLICT (match) DO "
                          "NOTHING", (f.match, f.game, f.record, f.when)).rowcount
        if not kept:
            return None
        after = compute(locked(db, f.game, players))
        write(db, f.game, after)
        release(db, f.game, players)
        with db.cursor() as cur:
            cur.executemany("INSERT INTO match_players VALUES (%s, %s, %s)",
                            [(f.match, place, p) for place, p in enumerate(players)])
    return after
