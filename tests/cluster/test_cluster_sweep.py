"""Tables saved by a process of the room that is gone, and was not seen going (the whole room
stopped, say), are taken by the next process to look: here a process stops with a match
under way, and another, started after it, opens that table again from the database, though
another program now listens at the port of the process gone."""

from __future__ import annotations

import asyncio
import random

from room.room_support import LONG, identity

from bisca_tui.net.client import Client, random_legal
from bisca_tui.net.room_client import RoomClient
from bisca_tui.room.caps import RoomCaps
from bisca_tui.room.pg_store import PostgresRoom
from bisca_tui.room.redis_bus import RedisBus
from bisca_tui.room.relay import answers_as
from bisca_tui.room.room import Room
from bisca_tui.room.serving import serve_room


async def serving(room: Room) -> tuple[asyncio.Task, int]:
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve_room(room, ready=ready.set_result))
    return task, await asyncio.wait_for(ready, LONG)


async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.write(await reader.readline())  # (another program: it answers, but not as a room)
    writer.close()


async def until(condition) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), LONG)


async def test_a_table_saved_by_a_process_no_longer_running_opens_in_the_next(database, bus):
    first = Room(PostgresRoom(database), RoomCaps(per_address=50), bus=RedisBus(bus))
    task, port = await serving(first)
    lobby = await RoomClient.enter("127.0.0.1", port, "Ana", identity())
    lobby.open("sueca", people=1, level="easy")
    go = await lobby.go(LONG)
    rng = random.Random(4)
    choose = random_legal(rng)
    table = await Client.connect("127.0.0.1", port, go["code"], "Ana", ticket=go["ticket"],
                                 chooser=lambda m: choose(m) if m["deal"] == 1 else None)
    await table.sit(0)
    await table.expect("view", LONG, where=lambda m: m["deal"] == 2)
    await lobby.close()
    task.cancel()  # the process stops: its table saved as it was, owned by it
    await asyncio.gather(task, return_exceptions=True)
    first.store.close()
    stranger = await asyncio.start_server(echo, "127.0.0.1", port)  # the port given again
    events: list[tuple[str, dict]] = []
    second = Room(PostgresRoom(database), RoomCaps(per_address=50), bus=RedisBus(bus),
                  events=lambda kind, fields: events.append((kind, fields)))
    task, port = await serving(second)
    try:
        await until(lambda: go["table"] in second.tables)
        assert not await answers_as(f"127.0.0.1:{port}", first.bus.process)
        assert await answers_as(second.cluster.address, second.bus.process)
        assert not await answers_as(second.cluster.address, first.bus.process)
        assert ("reopened", {"table": go["table"], "game": "sueca"}) in events
        assert second.store.saved_tables(second.owner)[0][0] == go["table"]
        back = await Client.connect("127.0.0.1", port, go["code"], "Ana", key=table.key,
                                    ticket=go["ticket"])
        view = await back.expect("view", LONG)
        assert view["deal"] == 2  # the first deal kept
        await back.close()
    finally:
        stranger.close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        second.store.close()
