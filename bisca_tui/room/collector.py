"""The room's garbage collector, kept from holding its tables up. A room of a thousand tables
holds millions of objects that live as long as their tables (the engine's states, views,
bots' notes), and each action makes hundreds more that are freed a moment later. Python's
own collector walks what is young many times a second (about 15 ms a pass at a thousand
tables) and, every few seconds, everything (about a second): during each pass no table
moves, and those passes were the room's slowest moments by far.

What the room makes is freed by reference counting as soon as it is done with; the
collector is only for cycles, and the room makes few (a table that ended, its host and its
parts referring to each other). So the room turns the automatic collector off, and walks
everything itself, all at once, every ``FULL_EVERY`` seconds, or sooner once the objects
made since the last pass and still alive pass ``MOST_NEW``: one pause of about a second in
a quarter of an hour, in a big room, instead of several a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from collections.abc import Callable

FULL_EVERY = 900.0  # seconds between passes over everything
MOST_NEW = 2_000_000  # objects made since the last pass and still alive: a pass is due
LOOK_EVERY = 5.0  # seconds between looks at how many there are


class Collector:
    def __init__(self, full_every: float = FULL_EVERY, most_new: int = MOST_NEW,
                 look_every: float = LOOK_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.full_every = full_every
        self.most_new = most_new
        self.look_every = look_every
        self.clock = clock
        self.was_enabled = gc.isenabled()
        self.task: asyncio.Task[None] | None = None
        self.passes = 0
        self.last = 0.0

    def start(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()
        self.last = self.clock()
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.look_every)
            self.look()

    def look(self) -> bool:
        """Walk everything now if a pass is due (its time has come, or too many objects
        have been made since the last); whether it walked."""
        if self.clock() - self.last < self.full_every and gc.get_count()[0] < self.most_new:
            return False
        gc.collect()
        self.passes += 1
        self.last = self.clock()
        return True

    async def stop(self) -> None:
        """The collector as it was."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.was_enabled:
            gc.enable()
