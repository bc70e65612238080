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
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # opening the history at start-up does not load the engine
    from .entry import MatchEntry

DB_NAME = "history.sqlite3"
APPLICATION_ID = 0x42495343  # "BISC"
BUSY_TIMEOUT = 5.0  # seconds a writer waits for another


def _script(db: sqlite3.Connection, sql: str) -> None:
    """Run statements one by one (``executescript`` would commit the migration's
    transaction half way)."""
    for statement in sql.split(";"):
        if statement.strip():
            db.execute(statement)


def _v1(db: sqlite3.Connection) -> None:
    _script(db, """
        CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            started TEXT NOT NULL,
            ended TEXT,
            variant TEXT NOT NULL,
            options TEXT NOT NULL,
            deals INTEGER NOT NULL,
            record TEXT NOT NULL
        );
        CREATE TABLE match_players (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            player INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            level TEXT NOT NULL,
            side INTEGER,
            opponents TEXT NOT NULL,
            score INTEGER NOT NULL,
            result TEXT,
            PRIMARY KEY (match_id, player)
        );
        CREATE TABLE deals (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            deal INTEGER NOT NULL,
            redeal INTEGER NOT NULL,
            card_points TEXT NOT NULL,
            game_points TEXT NOT NULL,
            notes TEXT NOT NULL,
            PRIMARY KEY (match_id, deal)
        );
        CREATE TABLE deal_players (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            deal INTEGER NOT NULL,
            player INTEGER NOT NULL,
            seat INTEGER,
            side INTEGER,
            card_points INTEGER,
            tricks INTEGER,
            gain INTEGER NOT NULL,
            won INTEGER,
            capote INTEGER NOT NULL,
            sweep INTEGER NOT NULL,
            PRIMARY KEY (match_id, deal, player)
        );
    """)


def _v2(db: sqlite3.Connection) -> None:
    """The match seed (shown with a match, typed into a new game to deal it again), and
    indexes for the statistics and the history list."""
    db.execute("ALTER TABLE matches ADD COLUMN seed INTEGER")
    _script(db, """
        CREATE INDEX matches_started ON matches(started);
        CREATE INDEX match_players_name ON match_players(name, kind);
    """)
    for (mid, record) in db.execute("SELECT id, record FROM matches").fetchall():
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            seed = json.loads(record).get("seed")
            if isinstance(seed, int):
                db.execute("UPDATE matches SET seed = ? WHERE id = ?", (seed, mid))


def _v3(db: sqlite3.Connection) -> None:
    """Speed for a big history: the game records move to a table of their own (a list or
    the statistics no longer page through them), and each player's line of a match sums
    its deals (played, won, card points, capotes, sweeps), so that the statistics read one
    row per match. The matches table is rebuilt without its record column, the way
    SQLite's documentation describes (any SQLite 3 can do it)."""
    _script(db, """
        CREATE TABLE records (
            match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            record TEXT NOT NULL
        );
        INSERT INTO records (match_id, record) SELECT id, record FROM matches;
        CREATE TABLE matches_new (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            started TEXT NOT NULL,
            ended TEXT,
            variant TEXT NOT NULL,
            options TEXT NOT NULL,
            deals INTEGER NOT NULL,
            seed INTEGER
        );
        INSERT INTO matches_new (id, uid, started, ended, variant, options, deals, seed)
            SELECT id, uid, started, ended, variant, options, deals, seed FROM matches;
        DROP TABLE matches;
        ALTER TABLE matches_new RENAME TO matches;
        CREATE INDEX matches_started ON matches(started);
        ALTER TABLE match_players ADD COLUMN deals_played INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE match_players ADD COLUMN deals_won INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE match_players ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE match_players ADD COLUMN capotes INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE match_players ADD COLUMN sweeps INTEGER NOT NULL DEFAULT 0
    """)
    sums = db.execute(
        "SELECT match_id, player, count(*), sum(won), sum(card_points), sum(capote), "
        "sum(sweep) FROM deal_players WHERE won IS NOT NULL GROUP BY match_id, player"
    ).fetchall()
    db.executemany("UPDATE match_players SET deals_played = ?, deals_won = ?, points = ?, "
                   "capotes = ?, sweeps = ? WHERE match_id = ? AND player = ?",
                   [(n, w or 0, p or 0, c or 0, sw or 0, mid, pl)
                    for mid, pl, n, w, p, c, sw in sums])


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2, _v3]
VERSION = len(MIGRATIONS)


class StoreError(Exception):
    """The history cannot be used; the message says why and what became of the file."""


@dataclass
class StoreProblem:
    """Why the history could not be opened as it was, in words for the player."""

    path: Path
    reason: str
    moved_to: Path | None = None
    busy: bool = False  # locked by another program: it may be free later

    def message(self) -> str:
        if self.moved_to is not None:
            return (f"The game history {self.path} {self.reason}; it was set aside as "
                    f"{self.moved_to.name} and a new history begins.")
        if self.busy:
            return f"The game history {self.path} {self.reason}; it is tried again later."
        return f"The game history {self.path} {self.reason}; no history is kept this time."


BUSY_REASON = "is busy (used by another bisca-tui, or another program?)"


def _unusable(e: sqlite3.OperationalError) -> StoreProblem | None:
    """Why a sound file cannot be used (locked, read-only, no permission, ...); None when
    the error is none of these."""
    name = str(getattr(e, "sqlite_errorname", ""))
    text = str(e).lower()
    if _is_locked(e) or name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return StoreProblem(Path(), BUSY_REASON, busy=True)
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return StoreProblem(Path(), f"cannot be written ({e})")
    if name.startswith(("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_IOERR", "SQLITE_FULL",
                        "SQLITE_AUTH")) or "unable to open" in text:
        return StoreProblem(Path(), f"cannot be opened ({e})")
    return None


def now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def db_path(directory: Path) -> Path:
    return directory / DB_NAME


def _connect(path: Path, timeout: float) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=timeout, isolation_level=None,
                         check_same_thread=False)
    db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    return db


def _wal(db: sqlite3.Connection, timeout: float) -> None:
    """Put the file in WAL mode (once set, it stays with the file). Switching needs the file
    to itself, and SQLite does not wait for that as it waits for a write: two tables opening
    a new history at once retry here, within the busy timeout."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as e:
            if not _is_locked(e) or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def _is_locked(e: sqlite3.Error) -> bool:
    return isinstance(e, sqlite3.OperationalError) and "locked" in str(e).lower()


def set_aside(path: Path) -> Path:
    """Rename a database and its journal files to an unused ``history.damaged-<time>``
    name beside it; returns the new name. Raises OSError when it cannot be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    suffix, k = stamp, 2
    while True:
        target = path.with_name(f"history.damaged-{suffix}.sqlite3")
        if not any(Path(f"{target}{x}").exists() for x in ("", "-wal", "-shm")):
            break
        suffix = f"{stamp}-{k}"
        k += 1
    for extra in ("-wal", "-shm"):  # the journal first: the file stays whole where it is
        src = Path(f"{path}{extra}")
        if src.exists():
            os.replace(src, Path(f"{target}{extra}"))
    os.replace(path, target)
    return target


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
            return None, StoreProblem(path, f"cannot be created ({e})")
        try:
            return cls._open(path, upto, wait), None
        except _Foreign as e:
            reason = str(e)
        except StoreError as e:
            return None, StoreProblem(path, str(e))
        except sqlite3.OperationalError as e:  # the file may be fine: leave it be
            problem = _unusable(e) or StoreProblem(path, f"cannot be opened ({e})")
            problem.path = path
            return None, problem
        except sqlite3.Error as e:
            reason = f"is damaged ({e})"
        try:
            moved = set_aside(path)
        except OSError as e:
            return None, StoreProblem(path, f"{reason}, and could not be set aside ({e})")
        try:
            return cls._open(path, upto, wait), StoreProblem(path, reason, moved)
        except (sqlite3.Error, StoreError) as e:
            return None, StoreProblem(path, f"{reason}; a new one could not be made ({e})",
                                      moved)

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
                if isinstance(e, sqlite3.OperationalError) and _unusable(e) is not None:
                    raise  # locked, read-only, no permission: the file may well be sound
                raise _Foreign(f"is not a game history ({e})") from None
            if app_id != APPLICATION_ID and (app_id != 0 or tables or version):
                raise _Foreign("is another program's database")
            if version > VERSION:
                raise StoreError(f"was written by a newer version of bisca-tui (schema "
                                 f"{version}, this one reads up to {VERSION})")
            _wal(db, timeout)
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
            _insert_children(db, mid, entry)
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
                _insert_children(db, int(cur.lastrowid or 0), entry)

    # ----- reading ---------------------------------------------------------------------

    def query(self, sql: str, params: tuple[Any, ...] | list[Any] = ()) -> list[tuple[Any, ...]]:
        with self.lock:
            return self.db.execute(sql, params).fetchall()

    def record_text(self, match_id: int) -> str | None:
        rows = self.query("SELECT record FROM records WHERE match_id = ?", (match_id,))
        return rows[0][0] if rows else None

    def count(self) -> int:
        return int(self.query("SELECT count(*) FROM matches")[0][0])


class _Foreign(Exception):
    """The file is not a history of ours."""


def _insert_children(db: sqlite3.Connection, mid: int, entry: MatchEntry,
                     version: int = VERSION) -> None:
    """The rows that hang from a match, as the schema ``version`` holds them."""
    if version < 3:
        db.executemany(
            "INSERT INTO match_players (match_id, player, name, kind, level, side, opponents, "
            "score, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(mid, p.player, p.name, p.kind, p.level, p.side, p.opponents, p.score, p.result)
             for p in entry.players])
    else:
        db.execute("INSERT INTO records (match_id, record) VALUES (?, ?)", (mid, entry.record))
        sums = {p.player: [0, 0, 0, 0, 0] for p in entry.players}
        for d in entry.deals:
            for ln in d.lines:
                if ln.won is not None and ln.player in sums:
                    s = sums[ln.player]
                    s[0] += 1
                    s[1] += int(ln.won)
                    s[2] += ln.card_points or 0
                    s[3] += int(ln.capote)
                    s[4] += int(ln.sweep)
        db.executemany(
            "INSERT INTO match_players (match_id, player, name, kind, level, side, opponents, "
            "score, result, deals_played, deals_won, points, capotes, sweeps) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(mid, p.player, p.name, p.kind, p.level, p.side, p.opponents, p.score, p.result,
              *sums[p.player]) for p in entry.players])
    db.executemany(
        "INSERT INTO deals (match_id, deal, redeal, card_points, game_points, notes) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(mid, d.index, int(d.redeal), json.dumps(list(d.card_points)),
          json.dumps(list(d.game_points)), json.dumps(list(d.notes), ensure_ascii=False))
         for d in entry.deals])
    db.executemany(
        "INSERT INTO deal_players (match_id, deal, player, seat, side, card_points, tricks, "
        "gain, won, capote, sweep) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(mid, d.index, ln.player, ln.seat, ln.side, ln.card_points, ln.tricks, ln.gain,
          None if ln.won is None else int(ln.won), int(ln.capote), int(ln.sweep))
         for d in entry.deals for ln in d.lines])
