"""The history database: schema and migrations, writes, two writers at once, a process
killed mid-write, and files that are damaged, foreign or from a newer version."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

from bisca_tui.history import store as S
from bisca_tui.history.schema import insert_children
from bisca_tui.history.store import Store

ROOT = Path(__file__).resolve().parents[2]


def open_ok(directory: Path) -> Store:
    store, problem = Store.open(directory)
    assert problem is None, problem.message() if problem else ""
    assert store is not None
    return store


def test_a_new_history_is_created_at_the_latest_version_in_wal_mode(tmp_path):
    store = open_ok(tmp_path)
    assert store.version == S.VERSION == len(S.MIGRATIONS)
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("PRAGMA application_id").fetchone()[0] == S.APPLICATION_ID
    assert (tmp_path / S.DB_NAME).exists()
    store.close()


def test_a_match_written_twice_is_kept_once_with_its_latest_state(tmp_path, entry_factory):
    store = open_ok(tmp_path)
    entry = entry_factory(1)
    first = store.write(entry, seq=1)
    partial = entry_factory(1)
    partial.deals = partial.deals[:1]
    assert store.write(partial, seq=0 + 2) == first  # a later write of the same match
    assert store.count() == 1
    assert store.query("SELECT count(DISTINCT deal) FROM deal_players")[0][0] == 1
    assert store.write(entry, seq=1) is None  # older than what is written: skipped
    assert store.query("SELECT deals FROM matches")[0][0] == 1
    store.write(entry, seq=3)
    assert store.query("SELECT deals FROM matches")[0][0] == len(entry.deals)
    players = store.query("SELECT name, kind, level, result FROM match_players ORDER BY player")
    assert players[0][:3] == ("Ana", "human", "")
    assert players[1][:3] == ("Bot 1", "bot", "medium")
    assert {players[0][3], players[1][3]} <= {"won", "lost", "level"}
    assert json.loads(store.record_text(first) or "")["variant"] == "bisca-3"
    store.close()


def test_a_first_version_history_is_migrated_to_the_latest(tmp_path, entry_factory):
    store, problem = Store.open(tmp_path, upto=1)
    assert problem is None and store is not None
    assert store.version == 1
    entry = entry_factory(2)
    # the first version's schema has no seed column: write as that version did
    with store.transaction() as db:
        db.execute("INSERT INTO matches (uid, started, ended, variant, options, deals, record)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (entry.uid, entry.started, entry.ended, entry.variant, "{}",
                    len(entry.deals), entry.record))
        mid = db.execute("SELECT id FROM matches").fetchone()[0]
        insert_children(db, mid, entry, version=1)
    store.close()
    store = open_ok(tmp_path)
    assert store.version == S.VERSION
    assert store.count() == 1
    seed = store.query("SELECT seed FROM matches")[0][0]  # version 2 reads it from the record
    assert seed == json.loads(entry.record)["seed"] and seed is not None
    assert store.query("SELECT count(*) FROM deal_players")[0][0] == 2 * len(entry.deals)
    names = {r[1] for r in store.query("PRAGMA index_list(match_players)")}
    assert "match_players_name" in names
    # version 3: the record in a table of its own, each player's deals summed
    assert store.record_text(mid) == entry.record
    assert "record" not in {r[1] for r in store.query("PRAGMA table_info(matches)")}
    ana = entry.players[0]
    lines = [ln for d in entry.deals for ln in d.lines if ln.player == ana.player
             and ln.won is not None]
    assert store.query("SELECT deals_played, deals_won, points, capotes, sweeps "
                       "FROM match_players WHERE player = 0") == [(
        len(lines), sum(ln.won for ln in lines), sum(ln.card_points for ln in lines),
        sum(ln.capote for ln in lines), sum(ln.sweep for ln in lines))]
    # the migrated match reads as a match written by this version does
    fresh = tmp_path / "fresh"
    other = open_ok(fresh)
    other.write(entry)
    cols = "deals_played, deals_won, points, capotes, sweeps, result, opponents"
    assert other.query(f"SELECT {cols} FROM match_players ORDER BY player") == store.query(
        f"SELECT {cols} FROM match_players ORDER BY player")
    assert store.db.execute("PRAGMA foreign_key_check").fetchall() == []
    other.close()
    store.close()


def test_two_connections_writing_at_once_keep_every_match(tmp_path, entry_factory):
    a, b = open_ok(tmp_path), open_ok(tmp_path)
    entries = [entry_factory(k) for k in range(30)]
    errors: list[BaseException] = []

    def write(store: Store, part: list) -> None:
        try:
            for e in part:
                store.write(e)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(a, entries[0::2])),
               threading.Thread(target=write, args=(b, entries[1::2]))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert a.count() == b.count() == 30
    a.close()
    b.close()


WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    sys.path.insert(0, {tests!r})
    from history_support import bisca_entry
    from bisca_tui.history.store import Store

    store, problem = Store.open(Path(sys.argv[1]))
    assert problem is None, problem.message()
    first, count, hold = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "hold"
    entries = [bisca_entry(k) for k in range(first, first + count + 1)]
    for e in entries[:count]:
        store.write(e)
    if hold:  # a match half written when the process is killed
        db = store.db
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO matches (uid, started, variant, options, deals) "
                   "VALUES ('half', '2026', 'bisca-3', '{{}}', 1)")
        print("inside", flush=True)
        sys.stdin.readline()
    print("done", flush=True)
""")


def writer(tmp_path: Path, first: int, count: int, hold: bool) -> subprocess.Popen:
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(tests=str(Path(__file__).parent)), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, str(script), str(tmp_path / "data"), str(first),
                             str(count), "hold" if hold else "go"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env)


def test_two_processes_writing_at_once_keep_every_match(tmp_path):
    procs = [writer(tmp_path, 0, 15, False), writer(tmp_path, 100, 15, False)]
    for p in procs:
        out, _ = p.communicate(timeout=120)
        assert p.returncode == 0 and "done" in out
    store = open_ok(tmp_path / "data")
    assert store.count() == 30
    store.close()


def test_a_process_killed_mid_write_loses_only_what_it_had_not_committed(tmp_path):
    proc = writer(tmp_path, 0, 5, True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "inside"  # a transaction is open
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    store = open_ok(tmp_path / "data")
    assert store.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert sorted(r[0] for r in store.query("SELECT uid FROM matches")) == [
        f"m{k}" for k in range(5)]
    assert store.query("SELECT count(*) FROM deal_players")[0][0] > 0
    store.close()


def test_a_file_that_is_not_a_database_is_set_aside_never_deleted(tmp_path, entry_factory):
    path = tmp_path / S.DB_NAME
    junk = b"these are not the matches you are looking for\n" * 200
    path.write_bytes(junk)
    store, problem = Store.open(tmp_path)
    assert store is not None and problem is not None and problem.moved_to is not None
    assert "not a game history" in problem.message()
    assert problem.moved_to.read_bytes() == junk
    assert problem.moved_to.name.startswith("history.damaged-")
    store.write(entry_factory(1))
    assert store.count() == 1
    store.close()


def test_another_programs_database_is_set_aside(tmp_path):
    path = tmp_path / S.DB_NAME
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE recipes (name TEXT)")
    other.execute("INSERT INTO recipes VALUES ('bacalhau')")
    other.commit()
    other.close()
    store, problem = Store.open(tmp_path)
    assert store is not None and problem is not None and problem.moved_to is not None
    assert "another program's database" in problem.message()
    kept = sqlite3.connect(problem.moved_to)
    assert kept.execute("SELECT name FROM recipes").fetchall() == [("bacalhau",)]
    kept.close()
    store.close()


def test_a_damaged_history_is_set_aside_with_its_matches(tmp_path, entry_factory):
    store = open_ok(tmp_path)
    for k in range(40):
        store.write(entry_factory(k))
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    path = tmp_path / S.DB_NAME
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 6 * page
    for at in range(2 * page, len(data) - page, page):  # every page but the first and last
        data[at:at + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))
    store, problem = Store.open(tmp_path)
    assert problem is not None and problem.moved_to is not None, "the damage went unseen"
    assert "damaged" in problem.message()
    assert problem.moved_to.read_bytes() == bytes(data)
    assert store is not None and store.count() == 0
    store.close()


def test_a_history_from_a_newer_version_is_left_alone(tmp_path):
    store = open_ok(tmp_path)
    store.db.execute(f"PRAGMA user_version = {S.VERSION + 5}")
    store.close()
    before = (tmp_path / S.DB_NAME).read_bytes()
    store, problem = Store.open(tmp_path)
    assert store is None and problem is not None and problem.moved_to is None
    assert "newer version" in problem.message()
    assert (tmp_path / S.DB_NAME).read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("history.damaged")] == []


def test_a_write_while_another_holds_the_database_waits_then_says_locked(
        tmp_path, entry_factory, monkeypatch):
    store = open_ok(tmp_path)
    other = sqlite3.connect(tmp_path / S.DB_NAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    store.db.execute("PRAGMA busy_timeout = 50")
    try:
        store.write(entry_factory(1))
    except sqlite3.OperationalError as e:
        assert "locked" in str(e)
    else:  # pragma: no cover
        raise AssertionError("the write went through a held lock")
    other.execute("ROLLBACK")
    other.close()
    store.write(entry_factory(1))
    assert store.count() == 1
    store.close()


def test_a_file_that_cannot_be_opened_is_reported_and_left_alone(tmp_path):
    (tmp_path / S.DB_NAME).mkdir()  # a folder where the file should be
    store, problem = Store.open(tmp_path)
    assert store is None and problem is not None and problem.moved_to is None
    assert "cannot be opened" in problem.message()
    assert (tmp_path / S.DB_NAME).is_dir()
    assert [p.name for p in tmp_path.iterdir()] == [S.DB_NAME]


def test_opening_the_history_does_not_load_the_engine(tmp_path):
    """The app opens the history at start-up: the engine waits until a match needs it."""
    code = ("import sys, pathlib\n"
            "from bisca_tui.history.store import Store\n"
            f"store, _ = Store.open(pathlib.Path({str(tmp_path)!r}))\n"
            "store.count()\n"
            "print(','.join(m for m in sys.modules if m.startswith('bisca_tui.engine')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.stdout.strip() == ""


def test_a_history_that_cannot_be_written_is_never_called_damaged(tmp_path, entry_factory,
                                                                  monkeypatch):
    """SQLite's refusal to write (a read-only file, or a folder where its shared-memory
    file cannot be made, refuses even the first read) says so, and the sound file stays
    where it is."""
    store = open_ok(tmp_path)
    store.write(entry_factory(1))
    store.close()
    before = (tmp_path / S.DB_NAME).read_bytes()
    real = S._connect

    class ReadOnlyFolder:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def execute(self, sql: str, *args):
            if sql.startswith("PRAGMA application_id"):
                raise sqlite3.OperationalError("attempt to write a readonly database")
            return self.db.execute(sql, *args)

        def close(self) -> None:
            self.db.close()

    monkeypatch.setattr(S, "_connect", lambda *how: ReadOnlyFolder(real(*how)))
    store, problem = Store.open(tmp_path)
    assert store is None and problem is not None and problem.moved_to is None
    assert "cannot be written" in problem.message() and "readonly" in problem.message()
    assert "damaged" not in problem.message() and "not a game history" not in problem.reason
    assert (tmp_path / S.DB_NAME).read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []


def test_a_history_held_by_another_program_is_busy_and_left_alone(tmp_path):
    open_ok(tmp_path).close()
    other = sqlite3.connect(tmp_path / S.DB_NAME, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("SELECT count(*) FROM matches").fetchall()
    try:
        store, problem = Store.open(tmp_path, timeout=0.05)
    finally:
        other.close()
    assert store is None and problem is not None and problem.busy
    assert problem.moved_to is None and "busy" in problem.message()
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []
    store, problem = Store.open(tmp_path)  # free again
    assert store is not None and problem is None
    store.close()


def test_a_name_with_a_lone_surrogate_is_kept_as_its_escape(tmp_path):
    """A name read from a save or a record may hold a lone surrogate, which SQLite cannot
    store as text: the history keeps its escape instead of failing to write the match."""
    from history_support import bisca_entry

    store = open_ok(tmp_path)
    entry = bisca_entry(1, me="Ana\ud800")
    assert store.write(entry) is not None
    assert store.query("SELECT name FROM match_players WHERE player = 0")[0][0] == "Ana\\ud800"
    assert json.loads(store.record_text(1) or "")["players"][0] == "Ana\ud800"
    store.close()
