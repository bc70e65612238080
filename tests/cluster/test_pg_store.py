"""The room's store behaves the same in SQLite and in PostgreSQL: names bound to keys (folded
uniqueness, the same refusals), tables' saves with their owners, table numbers, and rated
matches kept once with their players' histories."""

from __future__ import annotations

import threading

import psycopg
import pytest

from bisca_tui.ratings.rating import Rating
from bisca_tui.room.pg_store import PostgresRoom
from bisca_tui.room.store import HAS_NAME, TAKEN, Finished, SqliteRoom

A, B, C = "a" * 64, "b" * 64, "c" * 64


@pytest.fixture(params=["sqlite", "postgres"])
def store(request, tmp_path):
    if request.param == "sqlite":
        made = SqliteRoom(tmp_path / "room.sqlite")
    else:
        made = PostgresRoom(request.getfixturevalue("database"))
    yield made
    made.close()


def test_a_name_is_bound_once_and_lookalikes_are_one_name(store):
    assert store.name_of(A) is None
    assert store.claim(A, "Maria") == ""
    assert store.name_of(A) == "Maria"
    assert store.claim(A, "Joana") == HAS_NAME
    assert store.claim(B, "MARIA") == TAKEN
    assert store.claim(B, "Mar\u0456a") == TAKEN  # a Cyrillic i that looks like ours
    assert store.owner("maria") == A
    assert store.owner("Joana") is None
    assert store.claim(B, "Joana") == ""


def test_table_numbers_are_never_given_twice(store):
    numbers = [store.next_number() for _ in range(5)]
    assert numbers == sorted(set(numbers)) and numbers[0] >= 1


def test_saves_keep_their_owner_and_the_old_call_still_works(store):
    store.save_table(1, "r1", "t1")
    store.save_table(2, "r2", "t2", owner="p1")
    store.save_table(3, "r3", "t3", owner="p2")
    store.save_table(2, "r2b", "t2b", owner="p1")
    store.drop_table(3)
    assert store.saved_tables() == [(1, "r1", "t1"), (2, "r2b", "t2b")]
    assert store.saved_tables("p1") == [(2, "r2b", "t2b")]
    assert store.saved_tables("") == [(1, "r1", "t1")]
    assert store.take_tables("p1", "p3") == [(2, "r2b", "t2b")]
    assert store.take_tables("p1", "p4") == []
    assert store.saved_tables("p3") == [(2, "r2b", "t2b")]


def test_a_deals_last_save_replaces_the_one_waiting_and_says_when_it_is_written(store):
    told = []
    store.save_table(1, "r1", "t1", owner="p1")
    store.save_now(1, "r1-end", "t1", owner="p1", done=told.append)
    store.save_table(2, "r2", "t2", owner="p1")
    if hasattr(store, "flush"):
        assert store.flush(10)
    assert told == [True]
    assert store.saved_tables("p1") == [(1, "r1-end", "t1"), (2, "r2", "t2")]


def finished(match: str, players: tuple[str, ...], when: float = 1000.0) -> Finished:
    return Finished(match, "briscola", f"record of {match}", when, players)


def plus_one(found: dict[str, Rating], players=("ana", "rui")) -> dict[str, Rating]:
    return {p: Rating((found.get(p) or Rating()).mu + 1, 5.0,
                      (found.get(p) or Rating()).matches + 1) for p in players}


def test_a_match_is_rated_once_and_kept_in_each_history(store):
    seen = []

    def compute(found):
        seen.append(dict(found))
        return plus_one(found)

    after = store.rate_match(finished("m1", ("ana", "rui")), compute)
    assert after == {"ana": Rating(26.0, 5.0, 1), "rui": Rating(26.0, 5.0, 1)}
    assert seen == [{}]  # newcomers: no rating read
    assert store.rate_match(finished("m1", ("ana", "rui")), compute) is None
    assert len(seen) == 1
    assert store.ratings.get("briscola", "ana") == Rating(26.0, 5.0, 1)
    store.rate_match(finished("m2", ("ana", "rui"), when=2000.0), compute)
    assert seen[1] == {"ana": Rating(26.0, 5.0, 1), "rui": Rating(26.0, 5.0, 1)}
    assert store.ratings.get("briscola", "rui") == Rating(27.0, 5.0, 2)
    assert [n for n, _r in store.ratings.board("briscola")] == ["ana", "rui"]
    history = store.history("rui")
    assert [(h.match, h.record, h.when) for h in history] == [
        ("m2", "record of m2", 2000.0), ("m1", "record of m1", 1000.0)]
    assert history[0].players == ("ana", "rui") and history[0].game == "briscola"
    assert len(store.history("rui", limit=1)) == 1
    assert store.history("nobody") == []


def test_rating_later_tells_the_outcome_once(store):
    told = []
    store.rate_later(finished("m1", ("ana", "rui")), plus_one, told.append)
    store.rate_later(finished("m1", ("ana", "rui")), plus_one, told.append)
    if hasattr(store, "flush"):
        assert store.flush(10)
    assert told == [plus_one({}), None]


def test_a_rating_that_fails_changes_nothing(store):
    def broken(found):
        raise ValueError("no")

    with pytest.raises(ValueError):
        store.rate_match(finished("m1", ("ana",)), broken)
    assert store.ratings.get("briscola", "ana") is None
    assert store.history("ana") == []
    assert store.rate_match(finished("m1", ("ana", "rui")), plus_one) is not None


# ----- PostgreSQL: several store objects (processes) on one database -----------------------

def together(n: int, job) -> list:
    """``job(i)`` run in ``n`` threads let go at once: their answers by ``i``."""
    gate = threading.Barrier(n)
    out: list = [None] * n

    def run(i: int) -> None:
        gate.wait()
        out[i] = job(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return out


def test_two_processes_claiming_one_name_at_once_one_wins(database):
    stores = [PostgresRoom(database) for _ in range(2)]
    try:
        for round_ in range(10):
            name = f"Name{round_}"
            keys = [f"{round_}{k}".ljust(64, "0") for k in "ab"]
            answers = together(2, lambda i, keys=keys, name=name: stores[i].claim(keys[i],
                                                                                 name))
            assert sorted(answers) == ["", TAKEN]
            winner = keys[answers.index("")]
            assert stores[0].owner(name.upper()) == winner
    finally:
        for s in stores:
            s.close()


def test_two_processes_taking_a_dead_ones_tables_each_table_goes_to_one(database):
    stores = [PostgresRoom(database) for _ in range(3)]
    try:
        for n in range(1, 41):
            stores[0].save_table(n, f"r{n}", f"t{n}", owner="dead")
        assert stores[0].flush(10)
        taken = together(2, lambda i: stores[i + 1].take_tables("dead", f"p{i}"))
        numbers = [n for got in taken for n, _r, _t in got]
        assert sorted(numbers) == list(range(1, 41))
        for i, got in enumerate(taken):
            assert stores[0].saved_tables(f"p{i}") == got
    finally:
        for s in stores:
            s.close()


def test_table_numbers_from_several_processes_never_meet(database):
    stores = [PostgresRoom(database) for _ in range(3)]
    try:
        got = together(3, lambda i: [stores[i].next_number() for _ in range(30)])
        numbers = [n for some in got for n in some]
        assert len(set(numbers)) == 90
    finally:
        for s in stores:
            s.close()


def test_one_match_rated_by_two_processes_at_once_counts_once(database):
    stores = [PostgresRoom(database) for _ in range(2)]
    try:
        for k in range(5):
            answers = together(2, lambda i, k=k: stores[i].rate_match(
                finished(f"m{k}", ("ana", "rui")), plus_one))
            assert answers.count(None) == 1
        assert stores[0].ratings.get("briscola", "ana") == Rating(30.0, 5.0, 5)
    finally:
        for s in stores:
            s.close()


def test_matches_sharing_a_player_rated_at_once_both_count(database):
    stores = [PostgresRoom(database) for _ in range(2)]
    try:
        rounds = 8
        sides = [("ana", "rui"), ("ana", "eva")]

        def rate(i: int, k: int) -> None:
            stores[i].rate_match(finished(f"m{k}-{i}", sides[i]),
                                 lambda found: plus_one(found, sides[i]))

        for k in range(rounds):
            together(2, lambda i, k=k: rate(i, k))
        ana = stores[0].ratings.get("briscola", "ana")
        assert ana == Rating(25.0 + 2 * rounds, 5.0, 2 * rounds)  # no update lost
        assert stores[1].ratings.get("briscola", "eva").matches == rounds
        assert len(stores[1].history("ana", limit=100)) == 2 * rounds
    finally:
        for s in stores:
            s.close()


def test_a_refused_write_is_said_and_the_rest_go_on(database):
    said = []
    store = PostgresRoom(database, problem=said.append)
    try:
        store.save_table(1, "r\x00", "t")  # PostgreSQL's text takes no NUL
        store.save_table(2, "r2", "t2")
        assert store.flush(10)
        assert store.saved_tables() == [(2, "r2", "t2")]
        assert len(said) == 1 and "refused" in said[0]
    finally:
        store.close()
    with psycopg.connect(database) as db:
        assert db.execute("SELECT count(*) FROM tables").fetchone() == (1,)


# ----- SQLite: a file from before, and two stores on one file -------------------------------

def test_a_sqlite_file_from_before_owners_keeps_its_tables_and_numbers_go_on(tmp_path):
    import sqlite3

    path = tmp_path / "room.sqlite"
    old = sqlite3.connect(path)
    old.execute("CREATE TABLE tables (number INTEGER PRIMARY KEY, record TEXT NOT NULL, "
                "table_file TEXT NOT NULL, saved REAL NOT NULL)")
    old.execute("INSERT INTO tables VALUES (4, 'r', 't', 1.0)")
    old.commit()
    old.close()
    store = SqliteRoom(path)
    try:
        assert store.saved_tables("") == [(4, "r", "t")]
        assert store.next_number() == 5
        assert store.take_tables("", "p1") == [(4, "r", "t")]
    finally:
        store.close()


def test_two_sqlite_stores_on_one_file_take_a_dead_ones_tables_once(tmp_path):
    path = tmp_path / "room.sqlite"
    first = SqliteRoom(path)
    for n in range(1, 31):
        first.save_table(n, f"r{n}", f"t{n}", owner="dead")
    first.close()

    def take(i: int) -> list:
        store = SqliteRoom(path)  # (a connection is its thread's)
        try:
            return store.take_tables("dead", f"p{i}")
        finally:
            store.close()

    taken = together(2, take)
    assert sorted(n for got in taken for n, _r, _t in got) == list(range(1, 31))


def test_saves_waiting_together_go_together_and_a_refused_one_alone(database, monkeypatch):
    """Saves queued while the writer was busy are sent in one batch; a batch the server
    refuses is written again save by save, so that only the refused save is lost and each
    deal's end is told its own outcome."""
    from bisca_tui.room import pg_writer

    sizes: list[int] = []
    real = pg_writer.together

    def counted(jobs):
        sizes.append(len(jobs))
        return real(jobs)

    monkeypatch.setattr(pg_writer, "together", counted)
    said: list[str] = []
    told: dict[int, bool] = {}
    store = PostgresRoom(database, problem=said.append)
    try:
        with store.writer.cond:  # (the writer waits for these to be queued, all of them)
            for n in range(1, 41):
                store.save_table(n, f"r{n}", "t")
        assert store.flush(10)
        assert sizes[-1] == 40  # one round trip for forty saves
        with store.writer.cond:
            for n in range(41, 46):
                record = "r\x00" if n == 43 else f"r{n}"  # PostgreSQL's text takes no NUL
                store.save_now(n, record, "t", done=lambda ok, n=n: told.__setitem__(n, ok))
            store.save_table(46, "r\x00", "t")
            store.save_table(47, "r47", "t")
        assert store.flush(10)
        saved = {number for number, _record, _table in store.saved_tables()}
        assert saved == set(range(1, 48)) - {43, 46}
        assert len(said) == 2 and all("refused" in s for s in said)
    finally:
        store.close()
    assert told == {41: True, 42: True, 43: False, 44: True, 45: True}
    assert 5 in sizes and 2 in sizes  # each batch tried whole first, then alone
