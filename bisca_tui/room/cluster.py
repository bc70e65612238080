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
being refused; and any code not found waits a moment (``SETTLE``), as the news of a table
just opened may not have reached this process yet.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..net.conn import Connection
from .relay import answers_as, hand_over, reach
from .socket_pass import SocketDesk, give, socket_path
from .store import Unreachable

if TYPE_CHECKING:
    from .bus import Bus
    from .room import Room

MOVING = 30.0  # seconds a table's connection waits for a table moving to another process
SETTLE = 3.0  # seconds a table just opened may take to reach every process's directory
LOOK_AGAIN = 0.1  # seconds between looks at the directory meanwhile
SWEEP = 2.0  # seconds between looks for tables whose process is gone


def table_number(room: Room) -> int | None:
    """A number for a new table of ``room``, no process of the room's having given it: from
    the database's sequence when the room keeps its tables in a database server (numbers
    kept in Redis alone would start again if Redis lost them, under tables still saved),
    else from the bus. None when none can be had now."""
    if getattr(room.store, "shared", False):
        try:
            return int(room.store.next_number())
        except Unreachable:
            return None
    return room.bus.next_number(room.numbers)


class Cluster:
    def __init__(self, room: Room, bus: Bus, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.room = room
        self.bus = bus
        self.process = bus.process
        self.address = bus.address  # where the other processes reach this one
        self.owner = f"{bus.process}@{bus.address}"  # this process's tables' saves are its
        self.where = bus.where
        self.clock = clock
        self.last_gone = float("-inf")  # when a process of the room was last seen gone
        self.passed = 0  # connections passed on to another process (relayed or given)
        self.given = 0  # of which given as sockets, to a process on this machine
        self.folder: Path | None = None  # the room's Unix sockets here (``socket_pass``)
        self.desk: SocketDesk | None = None  # where this process is given connections
        self.unanswered = 0  # tries to pass one on to a process that did not answer

    def moving(self) -> bool:
        """Whether tables may be on their way to another process now."""
        return self.clock() - self.last_gone < MOVING

    async def pass_on(self, conn: Connection, hello: dict[str, Any], code: str) -> bool:
        """Pass ``conn`` on to the process that holds the table of ``code``: True when it
        was served there; False when no process holds it (or this one does, now)."""
        deadline = self.clock() + SETTLE
        while True:
            if self.room.by_code(code) is not None:
                return False
            address = self.where(code)
            if address and address != self.address:
                if self.folder is not None and await give(
                        conn, hello, socket_path(self.folder, address)):
                    self.passed += 1
                    self.given += 1
                    self.room.tell("given", to=address)
                    return True
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

    # ----- tables whose process is gone ------------------------------------------------

    def on_gone(self, process: str, address: str) -> None:
        """The bus's word that ``process`` is gone: its tables are taken (``sweep`` takes
        them too, should this word be missed)."""
        self.last_gone = self.clock()
        asyncio.get_running_loop().create_task(self.taking(f"{process}@{address}"))

    async def taking(self, owner: str) -> None:
        try:
            await self.take(owner)
        except Exception as e:  # (the database away: the sweep takes them later)
            self.room.tell("problem", message=f"taking the tables of {owner}: "
                                              f"{e.__class__.__name__}: {e}")

    async def sweep(self) -> None:
        """Now and then: take the tables saved by processes that are gone (at the start,
        those of a room that stopped), and let go of a table of this one's that another
        process took meanwhile (this one had lost the bus, and was taken for dead)."""
        while True:
            with contextlib.suppress(Exception):  # (the bus or the database away: later)
                if getattr(self.bus, "up", True):
                    alive = set(self.bus.alive())
                    owners = await asyncio.to_thread(self.room.store.owners)
                    for owner in owners:
                        if owner.partition("@")[0] not in alive and owner != self.owner:
                            await self.taking(owner)
                    self.let_go_taken()
            await asyncio.sleep(SWEEP)

    async def take(self, owner: str) -> list[int]:
        """The tables saved by ``owner`` (``process@address``), when that process is gone:
        those that come to this one open here again (their numbers). A process that still
        answers at its address is not gone (it lost the bus for a while), and keeps them."""
        from .saves import reopen_saved

        process, _, address = owner.partition("@")
        if address and address != self.address and await answers_as(address, process):
            return []
        self.last_gone = self.clock()
        taken = await asyncio.to_thread(self.room.store.take_tables, owner, self.owner)
        if not taken:
            return []
        self.room.tell("moved", owner=owner, tables=[n for n, _r, _t in taken])
        opened = reopen_saved(self.room, taken)
        self.room.board.tables_changed()  # (the room's directory hears where they are)
        return opened

    def let_go_taken(self) -> None:
        """Let go of each table of this process that the room's directory says another
        holds: its players are dropped, and come back to it there."""
        for table in list(self.room.tables.values()):
            there = self.bus.elsewhere(table.code)
            if there and not table.over:
                self.room.forget(table)
                host = table.host
                host.done.set()
                host.stop_waiting()
                for conn in list(host.clients):
                    conn.abort()  # (not closed with words: the client comes back)
                self.room.tell("let go", table=table.number, to=there)
