"""At the end of a deal a room's table waits for its save: its players are told the deal is
over once the store says the save is written (a process that dies loses no deal played out),
and the room goes on serving meanwhile, rather than waiting for the database."""

from __future__ import annotations

import asyncio

from bisca_tui.net import protocol as P
from bisca_tui.room.store import SqliteRoom

from .room_support import LONG, open_room


class SlowStore(SqliteRoom):
    """A store whose saves at a deal's end are written when the test says so."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.waiting: list = []
        self.ended = asyncio.Event()

    def save_now(self, number, record, table, owner="", done=lambda _written: None):
        self.save_table(number, record, table, owner)
        self.waiting.append(done)
        self.ended.set()


def told_the_end(message) -> bool:
    return message["type"] == P.VIEW and (message["deal"] > 1 or any(message["scores"]))


async def test_the_players_hear_the_deal_is_over_once_its_save_is_written():
    store = SlowStore()
    run = await open_room(store=store)
    try:
        ana = await run.enter("Ana")
        ana.open("bisca-3", people=1)  # Ana against a bot
        go = await ana.go()
        table = await run.sit(ana, go, seed=3)
        await asyncio.wait_for(store.ended.wait(), LONG * 5)
        # the room answers meanwhile: a line said in the lobby comes back ...
        ana.chat("still here?")
        await ana.expect(P.CHAT, LONG, where=lambda m: "still here?" in str(m))
        # ... and the table has not told the end of the deal
        assert not any(told_the_end(m) for m in table.messages)
        (done,) = store.waiting
        done(True)
        await table.expect(P.VIEW, LONG, where=told_the_end)
    finally:
        await run.stop()
