"""What this process sends the room's other processes through Redis, written by one task in
order: its lobby and its tables, each whole (replacing the last, and kept under its id for a
process that comes later), published soon after they change, changes close together going
as one; and the messages and commands of the moment, at once. A part that did not change
since it was last published is not sent again."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    from .redis_bus import RedisBus

SOON = 0.05  # seconds: someone came or went, a table opened or closed: published this late
EVERY = 0.2  # and who sits where, a table's seats and watchers, that change often, at most
# this often (a thousand tables ending their matches change them hundreds of times a second,
# and each publication is the whole lobby, read whole by every other process)


def stop_if_cancelled() -> None:
    """Raise ``CancelledError`` when the running task was asked to stop. The Redis client
    can take a cancellation in while it reads or writes and return as if nothing happened:
    a task looping over it checks at each turn, and stops all the same, rather than go on
    (and a room stopping wait for it for ever)."""
    me = asyncio.current_task()
    if me is not None and me.cancelling():
        raise asyncio.CancelledError


class Outbox:
    def __init__(self, bus: RedisBus) -> None:
        self.bus = bus
        self.dirty: set[str] = set()  # "people", "tables": to publish
        self.queue: list[tuple[str, str, Any]] = []  # messages and commands for the writer
        self.last: dict[str, bytes] = {}  # what was last published of each part
        self.codes: frozenset[str] = frozenset()  # the tables' codes last published
        self.count = 0  # how many people the lobby last published held
        self.seq = 0
        self.wake: asyncio.Event | None = None

    def envelope(self, kind: str, **fields: Any) -> bytes:
        return orjson.dumps({"from": self.bus.process, "kind": kind, **fields})

    def post(self, kind: str, to: str | None = None, **fields: Any) -> None:
        channel = self.bus.key("to", to) if to else self.bus.key("all")
        self.queue.append(("publish", channel, self.envelope(kind, **fields)))
        self._wake()

    def command(self, name: str, *args: Any) -> None:
        self.queue.append((name, "", args))
        self._wake()

    def changed(self, part: str) -> None:
        self.dirty.add(part)
        self._wake()

    def everything(self) -> None:
        """Publish every part again (Redis is back, and may have lost them)."""
        self.last.clear()
        self.dirty |= {"people", "tables"}
        self._wake()

    def _wake(self) -> None:
        if self.wake is not None:
            self.wake.set()

    async def writing(self, client: Any) -> None:
        assert self.wake is not None
        while True:
            stop_if_cancelled()
            await self.wake.wait()
            self.wake.clear()
            if not self.queue and self.dirty:  # (changes coming together go together)
                await asyncio.sleep(SOON if self._hurry() else EVERY)
            queue, self.queue = self.queue, []
            dirty, self.dirty = self.dirty, set()
            pipe = client.pipeline(transaction=False)
            for part in sorted(dirty):
                self._snapshot(pipe, part)
            for name, channel, args in queue:
                if name == "publish":
                    pipe.publish(channel, args)
                else:
                    getattr(pipe, name)(*args)
            if len(pipe):
                await pipe.execute()

    def _hurry(self) -> bool:
        """Whether what changed is wanted at once: someone came or went (their name is
        looked up by the other processes), a table opened or closed (its code is)."""
        room = self.bus.room
        if room is None:
            return False
        return ("people" in self.dirty and len(room.people) != self.count) or \
            frozenset(room.codes) != self.codes

    def _snapshot(self, pipe: Any, part: str) -> None:
        room = self.bus.room
        assert room is not None
        if part == "people":
            self.count = len(room.people)
            body: dict[str, Any] = {"people": room.board.own_people(),
                                    "seated": room.seated}
        else:
            self.codes = frozenset(room.codes)
            listed, more = room.board.own_tables()
            body = {"codes": [c for c, t in room.codes.items() if not t.over],
                    "listed": listed, "more": more, "numbers": sorted(room.tables)}
        text = orjson.dumps(body, option=orjson.OPT_SORT_KEYS)  # (a big room's lists:
        # orjson writes them several times faster than the standard library)
        if text == self.last.get(part):
            return
        self.last[part] = text
        self.seq += 1
        line = self.envelope(part, seq=self.seq, **body)
        pipe.set(self.bus.key(part, self.bus.process), line)
        pipe.publish(self.bus.key("all"), line)
