"""A room whose store is PostgreSQL: a table under way is saved there (as this process's) and a
room started again on the database opens it again with the same match id; a rated match is
told to its player, kept in the history under that id, and rated once however often its end
is seen."""

from __future__ import annotations

import json

from room.room_support import LONG, open_room

from bisca_tui.net import protocol as P
from bisca_tui.net import room_protocol as R
from bisca_tui.room.pg_store import PostgresRoom
from bisca_tui.room.rated import rate_table


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


async def test_a_rated_match_on_postgres_is_rated_once_and_kept_in_the_history(database):
    store = PostgresRoom(database)
    run = await open_room(store=store, hold=0.05)
    try:
        ana = await run.enter("Ana")
        ana.open("bisca-3", people=1, rated=True)
        go = await ana.go()
        room_table = run.room.tables[go["table"]]
        table = await run.sit(ana, go, play=False)
        await table.expect(P.VIEW, LONG)
        await table.close()  # a bot plays her place after the hold, to the end
        rated = await ana.expect(R.RATED, LONG)
        assert rated["table"] == go["table"] and rated["before"] is None and rated["left"]
        history = store.history("Ana")
        assert [h.match for h in history] == [room_table.match]
        assert history[0].game == "bisca-3" and history[0].players == ("Ana",)
        assert isinstance(json.loads(history[0].record), dict)  # the match's game record
        after = store.ratings.get("bisca-3", "Ana")
        assert after is not None and after.matches == 1
        told = len([e for e in run.events if e[0] == "rated"])
        rate_table(run.room, room_table)  # the same match seen ending again: no change
        assert store.flush(10)
        assert store.ratings.get("bisca-3", "Ana") == after
        assert len([e for e in run.events if e[0] == "rated"]) == told
    finally:
        await run.stop()
        store.close()
