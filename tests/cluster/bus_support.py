"""Rooms of one card room, each as a process of its own would run it, in the test's event
loop: its own bus to the test's Redis server and its own door on a loopback port, the
players' store shared as a database would be. Tests wait for what they expect, looking again
every hundredth of a second until a deadline, never for a fixed time."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from room.room_support import LONG, RoomRun, open_room

from bisca_tui.net.room_client import RoomClient
from bisca_tui.room.redis_bus import RedisBus
from bisca_tui.room.store import SqliteRoom


async def until(condition: Callable[[], Any], what: str, timeout: float = LONG) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what}")
        await asyncio.sleep(0.01)


async def until_said(check: Callable[[], Awaitable[Any]], what: str,
                     timeout: float = LONG) -> None:
    """Until what ``check()`` comes back with holds (a question to a server)."""
    deadline = time.monotonic() + timeout
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what}")
        await asyncio.sleep(0.01)


async def process(url: str, store: SqliteRoom, ttl: float = 1.5, **kw: Any) -> RoomRun:
    """A room's process, once its bus has reached Redis and has table numbers."""
    bus = RedisBus(url, ttl=ttl)
    run = await open_room(store=store, bus=bus, **kw)
    await until(lambda: bus.up and bus.numbers.held, "the bus to reach Redis")
    return run


def bus_of(run: RoomRun) -> RedisBus:
    bus = run.room.bus
    assert isinstance(bus, RedisBus)
    return bus


def got(client: RoomClient, kind: str, test: Callable[[dict[str, Any]], Any]) -> bool:
    """Whether ``client`` was sent a message of ``kind`` that passes ``test``."""
    return any(m["type"] == kind and test(m) for m in client.messages)


def listed_names(message: dict[str, Any]) -> set[str]:
    return {p["name"] for p in message["people"]}
