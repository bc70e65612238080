"""A card room started in the test's own event loop, on a free loopback port, with its store
in memory; its players' keys made fresh. Tests wait for the messages they expect, never for
a fixed time."""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from bisca_tui.net.client import Client, random_legal
from bisca_tui.net.identity import Identity
from bisca_tui.net.room_client import RoomClient
from bisca_tui.room.caps import RoomCaps
from bisca_tui.room.room import Room
from bisca_tui.room.serving import serve_room
from bisca_tui.room.store import SqliteRoom

LONG = 60.0


def identity() -> Identity:
    return Identity(Ed25519PrivateKey.generate())


class RoomRun:
    """A room serving in the background: ``room``, its ``port``, and what it told."""

    def __init__(self, room: Room, port: int, task: asyncio.Task[None],
                 events: list[tuple[str, dict[str, Any]]]) -> None:
        self.room, self.port, self.task, self.events = room, port, task, events

    async def enter(self, name: str, ident: Identity | None = None, guest: bool = False,
                    **kw: Any) -> RoomClient:
        return await RoomClient.enter("127.0.0.1", self.port, name,
                                      None if guest else ident or identity(), **kw)

    async def sit(self, client: RoomClient, go: dict[str, Any], seat: int | None = None,
                  play: bool = True, seed: int = 0) -> Client:
        kw: dict[str, Any] = {}
        if play:
            kw["chooser"] = random_legal(random.Random(seed))
        table = await client.table(go, **kw)
        if not go["watch"]:
            await table.sit(seat)
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


async def open_room(caps: RoomCaps | None = None, store: SqliteRoom | None = None,
                    **kw: Any) -> RoomRun:
    events: list[tuple[str, dict[str, Any]]] = []
    room = Room(store or SqliteRoom(":memory:"), caps,
                events=lambda k, f: events.append((k, f)), **kw)
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve_room(room, ready=ready.set_result))
    port = await asyncio.wait_for(ready, LONG)
    return RoomRun(room, port, task, events)
