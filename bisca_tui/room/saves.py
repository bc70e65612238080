"""A room's tables kept through a restart: each table's match is saved in the room's store
after every action (the hosted match's save, its ``host`` section carrying what the room knows
of the table: who opened it, rated or private, its tickets, who left), and a room started
again opens every table saved, its players coming back with their places' keys as at a
hosted match. A save that cannot be read is said in the room's log (which table, what is
wrong) and left in the store as it is."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from ..engine.records import RecordError
from ..net.hostfiles import HostAutosave, hosted_from
from ..table.session import Session
from .store import RoomStore

# seconds from an action to the save of its table: the actions meanwhile share it (a room
# stopped by Ctrl+C loses none; one killed outright, at most those of the last seconds)
SAVE_DELAY = 3.0
HOLD_AT_MOST = 5.0  # seconds a table waits for the save of a deal's end, at most
KEYS = orjson.OPT_NON_STR_KEYS  # (as the standard library writes a number as a key)

if TYPE_CHECKING:
    from ..net.host import Host
    from .room import Room
    from .table import RoomTable


class RoomAutosave(HostAutosave):
    """A hosted match's save (made ``SAVE_DELAY`` after an action, once for the actions
    meanwhile), written to the room's store rather than to files."""

    def __init__(self, session: Session, store: RoomStore, number: int,
                 host_part: Callable[[], dict[str, Any]], problem: Callable[[str], None],
                 owner: str = "", hold: Callable[[], Callable[[], None]] | None = None
                 ) -> None:
        super().__init__(session, Path(), Path(f"table-{number}"), host_part, problem,
                         delay=SAVE_DELAY)
        self.store = store
        self.number = number
        self.owner = owner
        self.hold = hold  # holds what the table's clients are sent: the release

    def texts(self) -> tuple[str, str]:
        """The save's texts as compact JSON: nobody reads them but the room, and a room of
        a thousand tables makes hundreds a second (orjson writes them several times faster
        than the standard library)."""
        s = self.session
        table = {"seats": [asdict(p) for p in s.people], "hints": s.hints,
                 "host": self.host_part()}
        return (orjson.dumps(s.recording.record().to_json(), option=KEYS).decode(),
                orjson.dumps(table, option=KEYS).decode())

    def save(self) -> None:
        """A save soon; at the end of a deal (once it is scored), at once and written
        before the players are told the deal is over (what they are sent waits meanwhile,
        the room serving its other tables): a room whose process dies loses no deal that
        was played out. A
        database that does not answer within ``HOLD_AT_MOST`` holds the table no longer
        (the save is written when it can be, as when the server is away)."""
        match = self.session.match
        if not self.session.state.is_over() or match.is_over() or \
                len(match.results) < len(match.deals):  # (the deal's score, not yet kept)
            return super().save()
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        release = once(self.hold() if self.hold is not None else lambda: None)
        with contextlib.suppress(RuntimeError):  # (no event loop: nothing waits)
            asyncio.get_running_loop().call_later(HOLD_AT_MOST, release)
        self.store.save_now(self.number, *self.texts(), self.owner,
                            done=lambda _written: release())

    def _submit(self, job: Callable[..., None], *args: Any) -> None:
        job(*args)  # SQLite in WAL mode writes a save in well under a millisecond

    def _write(self, record: str, table: str) -> None:
        self.store.save_table(self.number, record, table, self.owner)

    def _clear(self) -> None:
        self.store.drop_table(self.number)


def once(call: Callable[[], None]) -> Callable[[], None]:
    """``call``, made at most once however often asked."""
    made = False

    def made_once() -> None:
        nonlocal made
        if not made:
            made = True
            call()

    return made_once


def held(host: Host) -> Callable[[], None]:
    """Hold what every client of ``host`` is sent from now on: the release."""
    conns = list(host.clients)
    for conn in conns:
        conn.hold()

    def release() -> None:
        for conn in conns:
            conn.release()

    return release


def room_part(table: RoomTable) -> dict[str, Any]:
    """What the room knows of ``table``, kept in its save's ``host`` section."""
    return {"number": table.number, "opener": table.opener, "rated": table.rated,
            "private": table.private, "bots": table.bots, "quick": table.quick,
            "tickets": dict(table.tickets), "left": sorted(table.left), "match": table.match}


def keep_saving(table: RoomTable, store: RoomStore, owner: str = "") -> None:
    """From its first deal on, ``table``'s match is saved in ``store``, as the process
    ``owner``'s."""
    host = table.host
    host.saves = lambda session: RoomAutosave(
        session, store, table.number, lambda: {**host.host_part(), "room": room_part(table)},
        host.problem, owner, lambda: held(host))


def restore_tables(room: Room) -> None:
    """Open again every table saved in ``room``'s store (by its process, when it has a name
    among the room's processes)."""
    reopen_saved(room, room.store.saved_tables(room.owner or None))


def reopen_saved(room: Room, saved_tables: list[tuple[int, str, str]]) -> list[int]:
    """Open again the tables of ``saved_tables`` (number, record, table file): the
    numbers of those opened."""
    opened = []
    for number, record, table_text in saved_tables:
        where = Path(f"the room's store, table {number}")
        try:
            saved = json.loads(table_text)
            if not isinstance(saved, dict):
                raise ValueError("the table file is not a JSON object")
            resume = hosted_from(record, saved, where)
            part = resume.host.get("room")
            if not isinstance(part, dict):
                raise ValueError("table.host.room is missing")
            room.reopen(number, resume, part)
            opened.append(number)
        except (RecordError, ValueError, TypeError, KeyError) as e:
            room.tell("problem", message=f"{where}: {e}; it is left as it is")
    return opened
