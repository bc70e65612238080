"""A quick match across the processes of one room: two people of near ratings, each in
another process's lobby, are put at one rated table, held by one process, each told of it
where they are; someone who stops waiting is no longer matched anywhere."""

from __future__ import annotations

import pytest

from bisca_tui.net import room_protocol as R
from bisca_tui.room.caps import RoomCaps
from bisca_tui.room.store import SqliteRoom

from .bus_support import bus_of, got, process, until


@pytest.fixture
def store():
    shared = SqliteRoom(":memory:")
    yield shared
    shared.close()


async def test_a_person_in_one_process_is_matched_with_one_in_another(bus, store):
    a, b = await process(bus, store), await process(bus, store)
    try:
        ana = await a.enter("Ana")
        rui = await b.enter("Rui")
        ana.quick("bisca-3")
        waiting = await ana.expect(R.WAITING)
        assert waiting["people"] == 1
        await until(lambda: bus_of(b).quick.seen or bus_of(a).quick.seen, "a round decided")
        rui.quick("bisca-3")
        go_ana, go_rui = await ana.go(), await rui.go()
        assert (go_ana["table"], go_ana["code"]) == (go_rui["table"], go_rui["code"])
        holders = [run for run in (a, b) if go_ana["table"] in run.room.tables]
        assert len(holders) == 1  # the table lives in exactly one process
        table = holders[0].room.tables[go_ana["table"]]
        assert table.rated and table.quick
        assert {table.holder(go_ana["ticket"]), table.holder(go_rui["ticket"])} == {
            "Ana", "Rui"}
        await until(lambda: not a.room.matchmaker.queue.waiting.get("bisca-3")
                    and not b.room.matchmaker.queue.waiting.get("bisca-3"),
                    "nobody left waiting in either process")
        assert got(ana, R.WAITING, lambda m: m["variant"] is None)
        assert got(rui, R.WAITING, lambda m: m["variant"] is None)
    finally:
        await b.stop()
        await a.stop()


async def test_someone_who_stops_waiting_is_not_matched_from_another_process(bus, store):
    caps = RoomCaps(fill_after=0.5)  # (alone, bots take the other places soon)
    a, b = await process(bus, store, caps=caps), await process(bus, store, caps=caps)
    try:
        ana = await a.enter("Ana")
        rui = await b.enter("Rui")
        ana.quick("sueca")
        await ana.expect(R.WAITING)
        ana.send({"type": R.UNQUICK})
        await until(lambda: got(ana, R.WAITING, lambda m: m["variant"] is None),
                    "Ana no longer waiting")
        rui.quick("sueca")
        go = await rui.go()  # after the wait, with bots: Ana is not at it
        table = next(run.room.tables[go["table"]] for run in (a, b)
                     if go["table"] in run.room.tables)
        assert table.host.places.open == (0,)
        assert not got(ana, R.GO, lambda m: True), ana.messages
    finally:
        await b.stop()
        await a.stop()
