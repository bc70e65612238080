"""What a room's lobby is told of the room: its tables (the open ones first, as many as a
screen can list) and who is in it, each sent to everyone in the lobby when it changes, at
most five times a second however much changes; a player at a table is told again once back
from it."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ..net import protocol as P
from ..net import room_protocol as R

if TYPE_CHECKING:
    from .room import Room

EVERY = 0.2  # seconds: the lobby is told at most this often


class Noticeboard:
    def __init__(self, room: Room) -> None:
        self.room = room
        self._tables_due = False
        self._people_due = False

    def tables(self) -> dict[str, Any]:
        listed = [t for t in self.room.tables.values() if not t.private and not t.over]
        listed.sort(key=lambda t: (t.started, t.number))
        return {"type": R.TABLES, "tables": [t.listing() for t in listed[:R.MAX_LISTED]],
                "more": max(0, len(listed) - R.MAX_LISTED)}

    def people(self) -> dict[str, Any]:
        """Who is in the lobby (as many as a screen lists) and at which table."""
        at, people = self.room.seated, self.room.people
        return {"type": R.PEOPLE, "people": [
            {"name": p.name, "guest": p.guest, "table": at.get(p.name)}
            for p in people[:R.MAX_LISTED]], "more": max(0, len(people) - R.MAX_LISTED)}

    def tables_changed(self) -> None:
        if not self._tables_due:
            self._tables_due = True
            asyncio.get_running_loop().call_later(EVERY, self._send_tables)

    def people_changed(self) -> None:
        if not self._people_due:
            self._people_due = True
            asyncio.get_running_loop().call_later(EVERY, self._send_people)

    def _send_tables(self) -> None:
        self._tables_due = False
        self._send(self.tables())
        self.people_changed()  # who sits where changed with the tables

    def _send_people(self) -> None:
        self._people_due = False
        self._send(self.people())

    def _send(self, message: dict[str, Any]) -> None:
        """To everyone in the lobby but those at a table, who are told when they are back
        (``Room.back_in_lobby``): a room of many tables changes many times a second."""
        line = P.encode(message)
        seated = self.room.seated
        for p in self.room.people:
            if p.name not in seated:
                p.conn.send(line)
