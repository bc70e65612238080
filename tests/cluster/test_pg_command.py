"""``bisca-tui room --database URL``: the room keeps its players in that PostgreSQL database,
prints the database's address with the password hidden, and takes the password from libpq's
PGPASSWORD as well as from the address; a database it cannot use is said, without the
password, and the room does not start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from urllib.parse import urlsplit

import psycopg

from bisca_tui.room.pg_link import masked
from bisca_tui.room.pg_store import PostgresRoom


def room(args: list[str], tmp_path, **env: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "bisca_tui", "room", "--port", "0", "--data-dir",
         str(tmp_path), "--lang", "en", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL, text=True, env={**os.environ, **env})


def stopped(proc: subprocess.Popen) -> tuple[str, str]:
    proc.send_signal(signal.SIGINT)
    return proc.communicate(timeout=60)


def test_the_room_keeps_its_players_in_postgres_and_never_prints_the_password(
        database, tmp_path):
    password = urlsplit(database).password
    proc = room(["--database", database], tmp_path)
    lines = [proc.stdout.readline()]
    while "kept in the database" not in lines[-1]:
        lines.append(proc.stdout.readline())
    out, err = stopped(proc)
    assert masked(database) in lines[-1] and ":***@" in lines[-1]
    assert password not in "".join(lines) + out + err
    assert not (tmp_path / "room.sqlite").exists()
    with psycopg.connect(database) as db:  # the room made its schema there
        assert db.execute("SELECT count(*) FROM schema_version").fetchone() == (1,)


def test_the_password_may_come_from_pgpassword(database, monkeypatch):
    password = urlsplit(database).password
    without = database.replace(f":{password}@", "@", 1)
    assert masked(without) == without
    monkeypatch.setenv("PGPASSWORD", password)
    store = PostgresRoom(without)
    try:
        assert store.claim("a" * 64, "Ana") == ""
    finally:
        store.close()


def test_an_address_is_printed_with_its_password_hidden():
    assert masked("postgresql://room:s3cret@db.example:5432/cards") == (
        "postgresql://room:***@db.example:5432/cards")
    assert masked("postgres://db.example/cards?password=s3cret&sslmode=require") == (
        "postgres://db.example/cards?password=***&sslmode=require")
    assert masked("host=db.example password='s3 cret' dbname=cards") == (
        "host=db.example password=*** dbname=cards")
    assert masked("host=db.example password=s3cret") == "host=db.example password=***"


def test_a_database_the_room_cannot_use_is_said_without_its_password(database, tmp_path):
    wrong = database.replace(":", ":Wrong", 2).replace("postgresql:Wrong", "postgresql:", 1)
    assert "Wrong" in wrong
    proc = room(["--database", wrong], tmp_path)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 1
    assert "cannot use the database" in err and "password authentication failed" in err
    assert "Wrong" not in err and masked(wrong) in err
