"""A room that stops keeps its tables: a match under way is saved in the room's store after
every action, and a room started again on that store opens the table again, with its number,
code and tickets, where the player takes their place back with its key."""

from __future__ import annotations

from bisca_tui.net import protocol as P
from bisca_tui.net.client import Client
from bisca_tui.room.store import SqliteRoom

from .room_support import LONG, open_room


async def test_a_table_under_way_opens_again_where_it_was_after_the_room_restarts(tmp_path):
    path = tmp_path / "room.sqlite"
    run = await open_room(store=SqliteRoom(path))
    ana = await run.enter("Ana")
    ana.open("bisca-3", people=1, rated=True)  # Ana against a bot
    go = await ana.go()
    table = await run.sit(ana, go, play=False)
    first = await table.expect(P.VIEW, LONG, where=lambda m: m["view"]["legal"])
    table.act(first["view"]["legal"][0], first["token"])
    second = await table.expect(P.VIEW, LONG, where=lambda m: m["view"]["legal"] and
                                m["token"] != first["token"])
    hand = second["view"]["hand"]
    await run.stop()
    assert [n for n, _r, _t in SqliteRoom(path).saved_tables()] == [go["table"]]

    again = await open_room(store=SqliteRoom(path))
    try:
        reopened = again.room.tables[go["table"]]
        assert reopened.code == go["code"] and reopened.rated
        back = await Client.connect("127.0.0.1", again.port, go["code"], "Ana",
                                    key=table.key, ticket=go["ticket"])
        assert back.seat == 0
        view = await back.expect(P.VIEW, LONG, where=lambda m: m["view"]["legal"])
        assert view["view"]["hand"] == hand
    finally:
        await again.stop()
