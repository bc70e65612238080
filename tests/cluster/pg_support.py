"""A card room on a PostgreSQL store, started in the test's own event loop on a free loopback
port: what the tests of a room on PostgreSQL drive (its players' keys made fresh). Tests wait
for the messages they expect, never for a fixed time."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from bisca_tui.net.client import Client
from bisca_tui.net.identity import Identity
from bisca_tui.net.room_client import RoomClient
from bisca_tui.room.room import Room
from bisca_tui.room.serving import serve_room
from bisca_tui.room.store import RoomStore

LONG = 60.0


class RoomRun:
    """A room serving in the background: ``room``, its ``port``, and what it told."""

    def __init__(self, room: Room, port: int, task: asyncio.Task[None],
                 events: list[tuple[str, dict[str, Any]]]) -> None:
        self.room, self.port, self.task, self.events = room, port, task, events

    async def enter(self, name: str) -> RoomClient:
        """``name`` comes into the lobby with a new key."""
        return await RoomClient.enter("127.0.0.1", self.port, name,
                                      Identity(Ed25519PrivateKey.generate()))

    async def sit(self, client: RoomClient, go: dict[str, Any]) -> Client:
        table = await client.table(go)
        await table.sit(None)
        return table

    async def wait_for(self, condition: Any) -> None:
        """Until ``condition()`` holds, looking again whenever the event loop has run."""
        async def poll() -> None:
            while not condition():
                await asyncio.sleep(0)

        await asyncio.wait_for(poll(), LONG)

    async def stop(self) -> None:
        self.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.wait_for(self.task, LONG)


async def open_room(store: RoomStore, **kw: Any) -> RoomRun:
    events: list[tuple[str, dict[str, Any]]] = []
    room = Room(store, events=lambda k, f: events.append((k, f)), **kw)
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve_room(room, ready=ready.set_result))
    port = await asyncio.wait_for(ready, LONG)
    return RoomRun(room, port, task, events)
