"""A room that loses its PostgreSQL server for a while: it says so once, goes on playing
(a table's save never waits for the server), keeps the latest save of each table and every
rated result until the server is back, then writes them and says the server is back. A
newcomer at the door meanwhile is refused in words, not with a trace."""

from __future__ import annotations

import asyncio

import pytest
from room.room_support import LONG, open_room

from bisca_tui.net import protocol as P
from bisca_tui.net import room_protocol as R
from bisca_tui.net.client import Refused
from bisca_tui.ratings.rating import Rating
from bisca_tui.room.pg_store import PostgresRoom
from bisca_tui.room.store import UNREACHABLE, Finished, Unreachable

from .servers import (
    free_port,
    halt_postgres,
    new_database,
    restart_postgres,
    start_postgres,
    unavailable,
)


@pytest.fixture
def own_server():
    """A PostgreSQL of this test's own, to stop and start again."""
    try:
        server = start_postgres()
    except (OSError, RuntimeError) as e:
        unavailable(f"could not start the server: {e}")
    yield server
    server.stop()


def plus_one(found: dict[str, Rating]) -> dict[str, Rating]:
    return {p: Rating((found.get(p) or Rating()).mu + 1, 5.0, 1) for p in ("Ana", "Rui")}


async def test_a_room_rides_out_a_database_outage(own_server):
    url = new_database(own_server)
    said: list[str] = []
    lost, back = asyncio.Event(), asyncio.Event()

    def problem(text: str) -> None:
        said.append(text)
        (lost if "unreachable" in text else back).set()

    store = PostgresRoom(url, problem=problem, retry=0.1)
    run = await open_room(store=store)
    try:
        ana = await run.enter("Ana")
        store.save_table(1, "r1", "t1", "p1")
        assert await asyncio.to_thread(store.flush, 10)

        await asyncio.to_thread(halt_postgres, own_server)
        store.save_table(1, "r1b", "t1", "p1")
        await asyncio.wait_for(lost.wait(), LONG)
        assert len(said) == 1 and "1 save waiting" in said[0]
        for k in range(5):  # the latest save of table 2 replaces those not written
            store.save_table(2, f"r2-{k}", "t2", "p1")
        store.save_table(3, "r3", "t3", "p1")
        store.drop_table(3)
        told: list[dict[str, Rating] | None] = []
        store.rate_later(Finished("m1", "briscola", "record", 1.0, ("Ana", "Rui")), plus_one,
                         told.append)
        assert store.writer.waiting() == 4  # tables 1, 2 and 3, and the result
        ended: list[bool] = []  # a deal's end: its table is not held while the server is
        store.save_now(4, "r4", "t4", "p1", done=ended.append)  # away, its save waits
        assert ended == [False] and store.writer.waiting() == 5
        with pytest.raises(Unreachable):
            store.owner("Ana")
        with pytest.raises(Refused, match=UNREACHABLE):
            await run.enter("Rui")
        ana.board("briscola")  # a read in the lobby: refused, and Ana stays
        refused = await ana.expect(P.REFUSED, LONG)
        assert refused["rule"] == UNREACHABLE
        ana.board("briscola")
        assert (await ana.expect(P.REFUSED, LONG))["rule"] == UNREACHABLE
        assert ("problem" not in [kind for kind, _f in run.events])  # no trace in the log
        assert not told and not back.is_set()

        await asyncio.to_thread(restart_postgres, own_server)
        await asyncio.wait_for(back.wait(), LONG)
        assert await asyncio.to_thread(store.flush, LONG)
        await run.wait_for(lambda: told)
        assert told == [plus_one({})]
        assert len(said) == 2 and "back" in said[1]  # each said once, for many tries
        assert store.saved_tables() == [(1, "r1b", "t1"), (2, "r2-4", "t2"), (4, "r4", "t4")]
        assert store.ratings.get("briscola", "Rui") == Rating(26.0, 5.0, 1)
        assert [h.match for h in store.history("Ana")] == ["m1"]
        await run.enter("Rui")  # the door reads names again
        ana.board("briscola")
        board = await ana.expect(R.BOARD, LONG)
        assert "Rui" in [row.get("name") for row in board["rows"]]
        assert store.owner("rui") is not None
    finally:
        await run.stop()
        store.close()


def test_saves_a_room_stopping_cannot_write_are_said_to_be_lost(database):
    said: list[str] = []
    store = PostgresRoom(database, problem=said.append, retry=0.05)
    store.writer.link.url = f"postgresql://bisca@127.0.0.1:{free_port()}/gone"  # no server
    store.save_table(1, "r1", "t1")
    store.save_table(2, "r2", "t2")
    store.close(patience=0.2)
    assert "unreachable" in said[0]
    assert said[-1] == ("The database is still unreachable: 2 saves are lost as the room "
                        "stops.")
