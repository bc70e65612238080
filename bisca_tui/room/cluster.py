"""One process's part in a card room of several processes (``bisca-tui room --bus``).

Each table lives in exactly one process. A connection for a table of another process is
passed on to it (``relay``): the process a balancer gave the connection to finds the owner
from the room's directory of tables (``where``, kept by the bus) and hands the connection
over, bytes and all. We pass connections on rather than carry each message through Redis:
a table's traffic then takes one hop and never loads the bus, the owner serves the client
with the code every table uses (its limits, pace and secrecy), and the client needs no
second address (behind a balancer it has only one).

When a process dies its tables are moved: the processes still alive are told it is gone,
and each takes from the database the tables it had saved (``take_tables``: each table goes
to exactly one process) and opens them again from their saves, every place held for its
player. Meanwhile, a player's connection that comes back through the balancer to a process
that does not know where the table went waits a while for it (``MOVING``) rather than
being refused.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..net.conn import Connection
from .relay import hand_over, reach

if TYPE_CHECKING:
    from .room import Room

MOVING = 30.0  # seconds a table's connection waits for a table moving to another process
LOOK_AGAIN = 0.1  # seconds between looks at the directory meanwhile


class Cluster:
    def __init__(self, room: Room, process: str, address: str,
                 where: Callable[[str], str | None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.room = room
        self.process = process
        self.address = address  # where the other processes reach this one
        self.where = where
        self.clock = clock
        self.last_gone = float("-inf")  # when a process of the room was last seen gone
        self.passed = 0  # connections passed on to another process
        self.unanswered = 0  # tries to pass one on to a process that did not answer

    def moving(self) -> bool:
        """Whether tables may be on their way to another process now."""
        return self.clock() - self.last_gone < MOVING

    async def pass_on(self, conn: Connection, hello: dict[str, Any], code: str) -> bool:
        """Pass ``conn`` on to the process that holds the table of ``code``: True when it
        was served there; False when no process holds it (or this one does, now)."""
        deadline = self.clock()
        while True:
            if self.room.by_code(code) is not None:
                return False
            address = self.where(code)
            if address and address != self.address:
                there = await reach(address)
                if there is not None:
                    self.passed += 1
                    await hand_over(conn, hello, there)
                    return True
                # its process does not answer: it died, and its tables are moving
                self.unanswered += 1
                deadline = max(deadline, self.clock() + MOVING)
            elif self.moving():
                deadline = max(deadline, self.last_gone + MOVING)
            if self.clock() >= deadline or conn.closed:
                return False
            await asyncio.sleep(LOOK_AGAIN)

    def gone(self, process: str) -> list[int]:
        """``process`` is gone: the tables it saved that come to this one open here
        again (their numbers)."""
        from .saves import reopen_saved

        self.last_gone = self.clock()
        taken = self.room.store.take_tables(process, self.process)
        self.room.tell("moved", process=process, tables=[n for n, _r, _t in taken])
        return reopen_saved(self.room, taken)
