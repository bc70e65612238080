"""The task that writes a process's news to Redis stops when it is cancelled, even where the
Redis client takes the cancellation in while it writes (a room stopping must not wait
forever for it)."""

from __future__ import annotations

import asyncio
import contextlib
from types import SimpleNamespace

from bisca_tui.room.bus_outbox import Outbox


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
