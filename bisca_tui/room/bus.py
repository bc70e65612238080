"""What the processes of one room share, and how a room asks for it (``Bus``).

A room may run as several ``bisca-tui room`` processes, on one machine or several: each table
lives in exactly one process, and the processes tell each other, through the bus, who is in
their lobbies, which tables they hold and where, what is said, what the operator decided,
and who waits for a quick match. The room calls the bus when something of its own changes,
and asks it about the others; the bus tells the room (``bus_inbox``) what came from them.

``LocalBus`` is the room of one process, what ``bisca-tui room`` uses unless told otherwise:
nothing is shared and there is nothing elsewhere, so the room behaves as it always has.
``redis_bus.RedisBus`` shares a room through a Redis server.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .quick import Asker
    from .room import Room

GoneListener = Callable[[str, str], None]  # told a process's id and address when it is gone


def new_process_id() -> str:
    """An id for this start of this process: unique however many start on however many
    machines (the machine's name and the process's number say where, a random tail when)."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


class Bus(Protocol):
    process: str  # this process's id, unique per start
    address: str  # "host:port", where the other processes reach this one
    shared: bool  # whether there are other processes (a quick match is decided by one)

    def start(self, room: Room, address: str = "") -> None:
        """Begin serving ``room`` (``address``: where it listens, when none was given)."""

    async def stop(self) -> None:
        """Leave the room's other processes, saying goodbye."""

    # ----- the processes -----------------------------------------------------------------

    def alive(self) -> dict[str, str]:
        """The live processes of the room, this one included: id -> address."""

    def when_gone(self, listener: GoneListener) -> None:
        """Have ``listener`` told of each other process that stops or stops answering."""

    def numbers_of(self, process: str) -> list[int]:
        """The numbers of the tables another live process holds (as it last said; while
        the listeners are told it is gone, what it held when it went)."""

    def where(self, code: str) -> str | None:
        """The address of the live process holding the table of invite code ``code``."""

    def elsewhere(self, code: str) -> str | None:
        """The address of another live process that says it holds the table of ``code``
        (this one may hold it too: it was taken for dead, and the table moved)."""

    # ----- the lobby of the other processes ----------------------------------------------

    def people(self) -> list[dict[str, Any]]:
        """Who is in the other processes' lobbies: name, guest, table."""

    def tables(self) -> list[dict[str, Any]]:
        """The tables the other processes list (``RoomTable.listing()``), the listed ones."""

    def more_tables(self) -> int:
        """How many more tables the other processes list than ``tables()`` holds."""

    def name_used(self, name: str) -> bool:
        """Whether someone in another process's lobby goes by ``name`` or one like it."""

    def seated(self, name: str) -> int | None:
        """The table of another process that ``name`` sits at or watches."""

    async def take_name(self, name: str) -> bool:
        """Whether a guest coming in here may go by ``name``, no guest of another process
        going by it (or one like it); then it is theirs until ``let_name_go``."""

    def let_name_go(self, name: str) -> None: ...

    # ----- this process's news -----------------------------------------------------------

    def people_changed(self) -> None: ...

    def tables_changed(self) -> None: ...

    def said(self, name: str, text: str) -> None:
        """A line of chat said in this process's lobby, for the others'."""

    def came(self, name: str, key: str) -> None:
        """Player ``name`` (``key``) came in here: their connection elsewhere goes."""

    def send_to(self, name: str, message: dict[str, Any]) -> bool:
        """Send ``message`` to ``name`` in another process's lobby (False: nobody there)."""

    def enter(self, name: str, guest: bool, table: int, watch: bool) -> bool:
        """Ask the process holding listed table ``table`` to let ``name`` in; False when
        no other process lists it."""

    def mute(self, name: str, on: bool) -> None: ...

    def kick(self, name: str) -> bool:
        """Send ``name`` out of the other processes: whether one of their lobbies had them."""

    def next_number(self, last: int) -> int | None:
        """A table number no process of the room has given (``last``: the highest this one
        holds); None when none can be had now."""

    # ----- quick matches -----------------------------------------------------------------

    def quick_added(self, game: str, asker: Asker) -> None: ...

    def quick_dropped(self, name: str) -> None: ...

    def quick_round(self) -> None:
        """Match the people waiting in every process, when no other process is at it."""


class LocalBus:
    """A room of one process: nothing shared, nothing elsewhere."""

    shared = False

    def __init__(self, process: str = "", address: str = "") -> None:
        self.process = process or new_process_id()
        self.address = address
        self.room: Room | None = None

    def start(self, room: Room, address: str = "") -> None:
        self.room = room
        self.address = self.address or address

    async def stop(self) -> None:
        return None

    def alive(self) -> dict[str, str]:
        return {self.process: self.address}

    def when_gone(self, listener: GoneListener) -> None:
        return None  # no other process to be gone

    def numbers_of(self, process: str) -> list[int]:
        return []

    def where(self, code: str) -> str | None:
        held = self.room is not None and self.room.by_code(code) is not None
        return self.address if held else None

    def elsewhere(self, code: str) -> str | None:
        return None

    def people(self) -> list[dict[str, Any]]:
        return []

    def tables(self) -> list[dict[str, Any]]:
        return []

    def more_tables(self) -> int:
        return 0

    def name_used(self, name: str) -> bool:
        return False

    def seated(self, name: str) -> int | None:
        return None

    async def take_name(self, name: str) -> bool:
        return True  # (the lobby of this process, the room's only one, was looked at)

    def let_name_go(self, name: str) -> None:
        return None

    def people_changed(self) -> None:
        return None

    def tables_changed(self) -> None:
        return None

    def said(self, name: str, text: str) -> None:
        return None

    def came(self, name: str, key: str) -> None:
        return None

    def send_to(self, name: str, message: dict[str, Any]) -> bool:
        return False

    def enter(self, name: str, guest: bool, table: int, watch: bool) -> bool:
        return False

    def mute(self, name: str, on: bool) -> None:
        return None

    def kick(self, name: str) -> bool:
        return False

    def next_number(self, last: int) -> int | None:
        return last + 1

    def quick_added(self, game: str, asker: Asker) -> None:
        return None

    def quick_dropped(self, name: str) -> None:
        return None

    def quick_round(self) -> None:
        return None
