"""A room whose store is PostgreSQL: a table under way is saved there (as this process's) and a
room started again on the database opens it again with the same match id, so that its match
is still rated once."""

from __future__ import annotations

from bisca_tui.net import protocol as P
from bisca_tui.room.pg_store import PostgresRoom
from tests.room.room_support import LONG, open_room


async def test_a_table_comes_back_from_postgres_with_its_match_id(database):
    store = PostgresRoom(database)
    run = await open_room(store=store)
    run.room.owner = "p1"
    ana = await run.enter("Ana")
    ana.open("bisca-3", people=1, rated=True)
    go = await ana.go()
    match = run.room.tables[go["table"]].match
    table = await run.sit(ana, go, play=False)
    first = await table.expect(P.VIEW, LONG, where=lambda m: m["view"]["legal"])
    table.act(first["view"]["legal"][0], first["token"])
    await table.expect(P.VIEW, LONG, where=lambda m: m["view"]["legal"] and
                       m["token"] != first["token"])
    await run.stop()
    store.close()  # its last saves written
    store = PostgresRoom(database)
    assert [n for n, _r, _t in store.saved_tables("p1")] == [go["table"]]
    assert store.saved_tables("p2") == []

    again = await open_room(store=store)
    try:
        reopened = again.room.tables[go["table"]]
        assert reopened.rated and reopened.match == match
        assert store.owner("ANA") is not None  # her name, bound to her key in the database
    finally:
        await again.stop()
        store.close()
