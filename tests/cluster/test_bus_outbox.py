"""The tasks that write a process's news to Redis, read the others' and keep it alive stop
when cancelled, even where the Redis client takes the cancellation in while it writes or
reads (a room stopping must not wait forever for them)."""

from __future__ import annotations

import asyncio
import contextlib
from types import SimpleNamespace

from bisca_tui.room.bus_outbox import Outbox
from bisca_tui.room.redis_bus import RedisBus


class SwallowingPipe:
    """A pipeline whose writing takes a cancellation in and returns as if written."""

    def __init__(self, writing: asyncio.Event) -> None:
        self.commands: list = []
        self.writing = writing

    def publish(self, channel, message) -> None:
        self.commands.append((channel, message))

    def __len__(self) -> int:
        return len(self.commands)

    async def execute(self) -> list:
        self.writing.set()
        with contextlib.suppress(asyncio.CancelledError):  # taken in, as a client
            await asyncio.Event().wait()  # cleaning its connection up may
        return []


async def test_a_cancellation_taken_in_while_writing_still_stops_the_writer():
    writing = asyncio.Event()
    client = SimpleNamespace(pipeline=lambda transaction: SwallowingPipe(writing))
    bus = SimpleNamespace(process="p1", room=None, key=lambda *parts: ":".join(parts))
    outbox = Outbox(bus)  # type: ignore[arg-type]
    outbox.wake = asyncio.Event()
    task = asyncio.create_task(outbox.writing(client))
    outbox.post("chat", name="Ana", text="olá")
    await asyncio.wait_for(writing.wait(), 30)
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=30)
    assert task in done and task.cancelled()


async def swallowed(started: asyncio.Event) -> None:
    """A read or a write of the Redis client that takes a cancellation in and returns."""
    started.set()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.Event().wait()


async def stops_when_cancelled(work, started: asyncio.Event) -> None:
    task = asyncio.create_task(work)
    await asyncio.wait_for(started.wait(), 30)
    task.cancel()
    done, _ = await asyncio.wait([task], timeout=30)
    assert task in done and task.cancelled()


async def test_the_reader_of_the_others_news_stops_when_cancelled_while_reading():
    started = asyncio.Event()

    async def get_message(**_kw):
        await swallowed(started)

    bus = RedisBus("redis://127.0.0.1:1")
    await stops_when_cancelled(bus._listening(SimpleNamespace(get_message=get_message)), started)


async def test_the_heartbeat_stops_when_cancelled_while_beating():
    started = asyncio.Event()
    bus = RedisBus("redis://127.0.0.1:1", ttl=0.03)

    async def beat(_client):
        await swallowed(started)

    bus._beat = beat  # type: ignore[method-assign]
    await stops_when_cancelled(bus._beating(None), started)
