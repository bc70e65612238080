"""The history database: one SQLite file, ``history.sqlite3``, in the user's data directory
(beside the saved match).

The schema is versioned (``PRAGMA user_version``) and grown by the ``MIGRATIONS`` in order,
each in a transaction of its own, so that a file written by any earlier version opens and is
brought up to date. The file is marked as ours (``PRAGMA application_id``).

Safety:

- WAL journal and a busy timeout: two tables open at once (two processes) both keep their
  matches; a writer waits for the other rather than failing.
- Every write is one transaction holding a whole match as it stands after a deal: a process
  killed mid-write loses at most that deal, never a committed one, and SQLite's journal keeps
  the file whole.
- A file that is not ours (another program's database, or not a database at all) or that is
  damaged is reported and set aside under a new name (``history.damaged-<time>.sqlite3``, its
  journal files beside it); a fresh database takes its place. Nothing here deletes a file.
- A database locked by another process beyond the busy timeout, one that cannot be opened
  or written (no permission, a read-only folder, a full disk), or one written by a newer
  version of the program, is reported and left as it is: such a file is sound, and is never
  called damaged nor moved (the program holding a locked file would go on writing to the
  moved file). A locked one is ``busy``: the table may try it again later.

The schema and its migrations are in ``schema``; the problems and the setting aside, in
``safety``.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..lang import _
from .safety import (
    BUSY_REASON,
    Foreign,
    StoreError,
    StoreProblem,
    set_aside,
    unusable,
    wal_mode,
)
from .schema import APPLICATION_ID, MIGRATIONS, VERSION, insert_children

if TYPE_CHECKING:  # opening the history at start-up does not load the engine
    from .entry import MatchEntry

__all__ = ["BUSY_REASON", "BUSY_TIMEOUT", "DB_NAME", "VERSION", "Store", "StoreError",
           "StoreProblem", "db_path", "now_iso"]

DB_NAME = "history.sqlite3"
BUSY_TIMEOUT = 5.0  # seconds a writer waits for another


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def db_path(directory: Path) -> Path:
    return directory / DB_NAME


def _connect(path: Path, timeout: float) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=timeout, isolation_level=None,
                         check_same_thread=False)
    db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    return db


class Store:
    """An open history database. Methods may be called from any one thread at a time (the
    table writes from a worker thread; a lock keeps writers apart)."""

    def __init__(self, db: sqlite3.Connection, path: Path) -> None:
        self.db = db
        self.path = path
        self._written: dict[str, int] = {}  # uid -> the sequence number last written
        self._commits = 0  # transactions this store committed
        self.lock = threading.RLock()

    # ----- opening ---------------------------------------------------------------------

    @classmethod
    def open(cls, directory: Path, upto: int | None = None,
             timeout: float | None = None) -> tuple[Store | None, StoreProblem | None]:
        """Open (or create) the history in ``directory``. Returns the store, and the
        problem met on the way: a file set aside (the store is then a fresh one), or one
        that could not be used (the store is then None). ``upto`` stops the migrations at
        that version (for tests of the migrations); ``timeout`` is how long to wait for
        another program holding the file (default ``BUSY_TIMEOUT``)."""
        path = db_path(directory)
        wait = BUSY_TIMEOUT if timeout is None else timeout
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return None, StoreProblem(path, _("cannot be created ({error})").format(error=e))
        try:
            return cls._open(path, upto, wait), None
        except Foreign as e:
            reason = str(e)
        except StoreError as e:
            return None, StoreProblem(path, str(e))
        except sqlite3.OperationalError as e:  # the file may be fine: leave it be
            problem = unusable(e) or StoreProblem(
                path, _("cannot be opened ({error})").format(error=e))
            problem.path = path
            return None, problem
        except sqlite3.Error as e:
            reason = _("is damaged ({error})").format(error=e)
        try:
            moved = set_aside(path)
        except OSError as e:
            return None, StoreProblem(path, _("{reason}, and could not be set aside ({error})")
                                      .format(reason=reason, error=e))
        try:
            return cls._open(path, upto, wait), StoreProblem(path, reason, moved)
        except (sqlite3.Error, StoreError) as e:
            return None, StoreProblem(path, _("{reason}; a new one could not be made ({error})")
                                      .format(reason=reason, error=e), moved)

    @classmethod
    def _open(cls, path: Path, upto: int | None, timeout: float) -> Store:
        db = _connect(path, timeout)
        try:
            try:
                # one read transaction: another table may be creating the schema meanwhile,
                # and the three must describe the same moment of the file
                db.execute("BEGIN")
                try:
                    app_id = db.execute("PRAGMA application_id").fetchone()[0]
                    version = db.execute("PRAGMA user_version").fetchone()[0]
                    tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                finally:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("COMMIT")
            except sqlite3.DatabaseError as e:
                if isinstance(e, sqlite3.OperationalError) and unusable(e) is not None:
                    raise  # locked, read-only, no permission: the file may well be sound
                raise Foreign(_("is not a game history ({error})").format(error=e)) from None
            if app_id != APPLICATION_ID and (app_id != 0 or tables or version):
                raise Foreign(_("is another program's database"))
            if version > VERSION:
                raise StoreError(_("was written by a newer version of bisca-tui (schema "
                                   "{version}, this one reads up to {upto})").format(
                                       version=version, upto=VERSION))
            wal_mode(db, timeout)
            db.execute("PRAGMA synchronous = FULL")
            if version:
                check = db.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise sqlite3.DatabaseError(f"quick check: {check}")
            target = VERSION if upto is None else upto
            for v in range(version, target):
                db.execute("BEGIN IMMEDIATE")
                try:
                    if db.execute("PRAGMA user_version").fetchone()[0] != v:
                        db.execute("ROLLBACK")  # another table migrated it meanwhile
                        continue
                    MIGRATIONS[v](db)
                    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                    db.execute(f"PRAGMA user_version = {v + 1}")
                    db.execute("COMMIT")
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                    raise
            db.execute("PRAGMA foreign_keys = ON")  # after the migrations rebuild tables
        except BaseException:
            db.close()
            raise
        return cls(db, path)

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.db.close()

    @property
    def version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                yield self.db
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")
            self._commits += 1

    @contextlib.contextmanager
    def impatient(self, timeout: float) -> Iterator[None]:
        """Reads within that wait at most ``timeout`` seconds for another program holding
        the file, then raise (for the app's own thread, which must not freeze)."""
        with self.lock:
            self.db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            try:
                yield
            finally:
                self.db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")

    def stamp(self) -> tuple[int, int]:
        """Changes when the history changes, by this store's writes or another table's:
        what was worked out from it with the same stamp still holds."""
        with self.lock:
            other = int(self.db.execute("PRAGMA data_version").fetchone()[0])
            return (self._commits, other)

    # ----- writing ---------------------------------------------------------------------

    def write(self, entry: MatchEntry, seq: int = 0) -> int | None:
        """Keep ``entry``, replacing what the history held of the same match; returns the
        match's id. ``seq`` orders the writes of one match: an entry older than one already
        written is skipped (None)."""
        with self.lock:  # the check and the write together: writers may race
            if seq and self._written.get(entry.uid, 0) > seq:
                return None
            mid = self._write(entry)
            if seq:
                self._written[entry.uid] = seq
            return mid

    def _write(self, entry: MatchEntry) -> int:
        with self.transaction() as db:
            row = db.execute("SELECT id FROM matches WHERE uid = ?", (entry.uid,)).fetchone()
            values = (entry.started, entry.ended, entry.variant,
                      json.dumps(entry.options, sort_keys=True), len(entry.deals), entry.seed)
            if row is None:
                cur = db.execute(
                    "INSERT INTO matches (uid, started, ended, variant, options, deals, "
                    "seed) VALUES (?, ?, ?, ?, ?, ?, ?)", (entry.uid, *values))
                mid = int(cur.lastrowid or 0)
            else:
                mid = int(row[0])
                db.execute("UPDATE matches SET started = ?, ended = ?, variant = ?, "
                           "options = ?, deals = ?, seed = ? WHERE id = ?", (*values, mid))
                for table in ("records", "match_players", "deals", "deal_players"):
                    db.execute(f"DELETE FROM {table} WHERE match_id = ?", (mid,))
            insert_children(db, mid, entry)
        return mid

    def write_many(self, entries: list[MatchEntry]) -> None:
        """Keep many new matches in one transaction (for filling a database at once)."""
        with self.transaction() as db:
            for entry in entries:
                cur = db.execute(
                    "INSERT INTO matches (uid, started, ended, variant, options, deals, "
                    "seed) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (entry.uid, entry.started, entry.ended, entry.variant,
                     json.dumps(entry.options, sort_keys=True), len(entry.deals), entry.seed))
                insert_children(db, int(cur.lastrowid or 0), entry)

    # ----- reading ---------------------------------------------------------------------

    def query(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[tuple[Any, ...]]:
        with self.lock:
            return self.db.execute(sql, params).fetchall()

    def record_text(self, match_id: int) -> str | None:
        rows = self.query("SELECT record FROM records WHERE match_id = ?", (match_id,))
        return rows[0][0] if rows else None

    def count(self) -> int:
        return int(self.query("SELECT count(*) FROM matches")[0][0])
