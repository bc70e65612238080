"""The room's schema in PostgreSQL: numbered steps, the step reached recorded, an older
database brought up to date with its data kept, all or none of the missing steps applied, and
processes starting together migrating once between them."""

from __future__ import annotations

import threading

import psycopg
import pytest

from bisca_tui.ratings.rating import Rating
from bisca_tui.room import pg_schema
from bisca_tui.room.pg_schema import LATEST, migrate, version
from bisca_tui.room.pg_store import PostgresRoom

KEY = "a" * 64


def test_a_database_at_the_first_step_is_brought_up_to_date_with_its_data(database):
    with psycopg.connect(database, autocommit=True) as db:
        assert migrate(db, upto=1) == 0
        assert version(db) == 1
        db.execute("INSERT INTO players VALUES (%s, 'Ana', 'ana', 1.0)", (KEY,))
        db.execute("INSERT INTO tables VALUES (7, 'record', 'table', 1.0)")
        db.execute("INSERT INTO ratings VALUES ('briscola', 'Ana', 30.0, 4.0, 3, 18.0)")
    store = PostgresRoom(database)
    try:
        with psycopg.connect(database) as db:
            assert version(db) == LATEST > 1
        assert store.name_of(KEY) == "Ana"
        assert store.saved_tables() == [(7, "record", "table")]
        assert store.saved_tables("") == [(7, "record", "table")]  # an owner-less save
        assert store.ratings.get("briscola", "Ana") == Rating(30.0, 4.0, 3)
        assert store.next_number() == 8  # after every table saved before
    finally:
        store.close()


def test_a_new_database_gets_every_step_and_a_second_start_changes_nothing(database):
    with psycopg.connect(database, autocommit=True) as db:
        assert version(db) == 0
        assert migrate(db) == 0
        assert migrate(db) == LATEST
        assert db.execute("SELECT count(*) FROM schema_version").fetchone() == (1,)


def test_a_step_that_fails_leaves_the_database_at_the_step_it_was(database, monkeypatch):
    with psycopg.connect(database, autocommit=True) as db:
        migrate(db, upto=1)
        broken = (*pg_schema.STEPS, ("CREATE TABLE fine (x INTEGER)", "SELECT no_such()"))
        monkeypatch.setattr(pg_schema, "STEPS", broken)
        with pytest.raises(psycopg.errors.UndefinedFunction):
            migrate(db, upto=len(broken))
        assert version(db) == 1
        assert db.execute("SELECT to_regclass('results')").fetchone() == (None,)  # step 2's
        assert db.execute("SELECT to_regclass('fine')").fetchone() == (None,)


def test_three_processes_starting_together_migrate_once(database):
    gate = threading.Barrier(3)
    failures: list[BaseException] = []
    stores: list[PostgresRoom] = []

    def start() -> None:
        gate.wait()
        try:
            stores.append(PostgresRoom(database))
        except BaseException as e:  # noqa: BLE001 (the test reports it)
            failures.append(e)

    threads = [threading.Thread(target=start) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    try:
        assert failures == [] and len(stores) == 3
        with psycopg.connect(database) as db:
            assert version(db) == LATEST
            assert db.execute("SELECT count(*) FROM schema_version").fetchone() == (1,)
    finally:
        for s in stores:
            s.close()
