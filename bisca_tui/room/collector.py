"""The room's garbage collector, kept from holding its tables up. A room of a thousand tables
holds millions of objects that live as long as their tables (the engine's states, views,
bots' notes); Python's collector walks all of them in each pass of its oldest generation,
about a second each at that size, during which no table moves. Most of what each action
makes is freed at once by its reference count; the collector is for cycles, which are few.

So every ``FREEZE_EVERY`` seconds what has lived that long is set aside (``gc.freeze``):
later passes walk only what is newer, and take milliseconds. Every ``FULL_EVERY`` seconds
everything is walked once again (``gc.unfreeze`` then a full pass), so that cycles among
the objects set aside (a table that ended) are freed: one pause in a quarter of an hour
rather than several a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time

FREEZE_EVERY = 30.0  # seconds between setting aside what has lived that long
FULL_EVERY = 900.0  # seconds between passes over everything
YOUNG = 5000  # objects made (less those freed) before a pass of the youngest generation


class Collector:
    def __init__(self, freeze_every: float = FREEZE_EVERY, full_every: float = FULL_EVERY,
                 clock: type[time.monotonic] | None = None) -> None:
        self.freeze_every = freeze_every
        self.full_every = full_every
        self.clock = clock or time.monotonic
        self.thresholds = gc.get_threshold()
        self.task: asyncio.Task[None] | None = None
        self.full_passes = 0
        self.freezes = 0

    def start(self) -> None:
        gc.set_threshold(YOUNG, *self.thresholds[1:])
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        last_full = self.clock()
        while True:
            await asyncio.sleep(self.freeze_every)
            if self.clock() - last_full >= self.full_every:
                self.full()
                last_full = self.clock()
            gc.freeze()
            self.freezes += 1

    def full(self) -> None:
        """Walk everything once: the cycles among what was set aside are freed too."""
        gc.unfreeze()
        gc.collect()
        self.full_passes += 1

    async def stop(self) -> None:
        """Everything is the collector's again, as it was."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        gc.unfreeze()
        gc.set_threshold(*self.thresholds)
