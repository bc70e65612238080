"""What a room's lobby is told of the room: its tables (the open ones first, as many as a
screen can list) and who is in it, each sent to everyone in the lobby when it changes, at
most five times a second however much changes; a player at a table is told again once back
from it (``Room.back_in_lobby``): a room of many tables changes many times a second.

Each list is sent whole, to everyone, so that what it costs grows with the square of the
people in the lobby: in a big room the lists go out less often, the room sending no more
than ``BUDGET`` bytes of them a second on average (a room of several processes as much as
one: each process its share). A list is a picture of the room that
the next one replaces: someone who has not yet read the last one sent them (their
connection still holds it) is not sent another on top, but the newest one once they have
read it. A list goes out to a big lobby over several turns of the event loop, the tables'
messages going out between.

In a room of several processes, the lists are everyone's: this process's tables and people
with those the others publish (``bus``); a change here is published to them, and a change
they publish is sent to this lobby as one of its own would be."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..net import protocol as P
from ..net import room_protocol as R

if TYPE_CHECKING:
    from .person import Person
    from .room import Room

EVERY = 0.2  # seconds: the lobby is told at most this often
BUDGET = 10 * 2**20  # bytes a second both lists take to everyone in the lobby, on average
SLICE = 2**20  # bytes of a list sent in one turn of the event loop


class Notice:
    """One of the lists: whether it is due, the line last sent, and who is owed it (behind
    when it went)."""

    def __init__(self, make: Callable[[], dict[str, Any]]) -> None:
        self.make = make
        self.due = False
        self.line = b""
        self.owed: set[Person] = set()
        self.catching = False  # a catch-up for those owed it is on its way


def behind(person: Person) -> bool:
    """Whether ``person``'s connection still holds lines its client has not read."""
    transport = person.conn.writer.transport
    return transport is not None and transport.get_write_buffer_size() > 0


class Noticeboard:
    def __init__(self, room: Room) -> None:
        self.room = room
        self.free_at = 0.0  # when the budget of the lists sent so far is back
        self._listing: tuple[float, dict[str, Any] | None] = (0.0, None)
        self.listed = Notice(self._list_tables)
        self.present = Notice(self.people)

    def tables(self) -> dict[str, Any]:
        """The tables as the lobby lists them; the list made at most ``EVERY`` seconds ago
        when there is one (each newcomer is sent it, and a change since goes out to
        everyone shortly)."""
        made, listing = self._listing
        if listing is None or self.room.clock() - made >= EVERY:
            listing = self._list_tables()
        return listing

    def own_tables(self) -> tuple[list[dict[str, Any]], int]:
        """This process's listed tables, as many as the lobby lists, and how many more."""
        listed = [t for t in self.room.tables.values() if not t.private and not t.over]
        listed.sort(key=lambda t: (t.started, t.number))
        return ([t.listing() for t in listed[:R.MAX_LISTED]],
                max(0, len(listed) - R.MAX_LISTED))

    def _list_tables(self) -> dict[str, Any]:
        bus = self.room.bus
        own, more = self.own_tables()
        listed = own + bus.tables()
        listed.sort(key=lambda t: (bool(t.get("started")), t["table"]))
        listing = {"type": R.TABLES, "tables": listed[:R.MAX_LISTED],
                   "more": max(0, len(listed) - R.MAX_LISTED) + more + bus.more_tables()}
        self._listing = (self.room.clock(), listing)
        return listing

    def at(self, name: str) -> int | None:
        """The table ``name`` sits at or watches, in this process or another."""
        number = self.room.seated.get(name)
        return number if number is not None else self.room.bus.seated(name)

    def own_people(self) -> list[dict[str, Any]]:
        """Everyone in this process's lobby, and at which table."""
        return [{"name": p.name, "guest": p.guest, "table": self.at(p.name)}
                for p in self.room.people]

    def people(self) -> dict[str, Any]:
        """Who is in the lobby (as many as a screen lists) and at which table."""
        people = self.room.people
        shown = [{"name": p.name, "guest": p.guest, "table": self.at(p.name)}
                 for p in people[:R.MAX_LISTED]]
        others = self.room.bus.people()
        shown += [dict(p, table=self.at(p["name"]) or p["table"])
                  for p in others[:R.MAX_LISTED - len(shown)]]
        everyone = len(people) + len(others)
        return {"type": R.PEOPLE, "people": shown, "more": max(0, everyone - len(shown))}

    def tables_changed(self) -> None:
        self.room.bus.tables_changed()
        self._changed(self.listed)

    def people_changed(self) -> None:
        self.room.bus.people_changed()
        self._changed(self.present)

    def others_changed(self, tables: bool) -> None:
        """Another process's tables (or people) changed: this lobby is told."""
        self._changed(self.listed if tables else self.present)

    def wait(self) -> float:
        """Seconds until a list may go out again: the budget the last ones spent refills."""
        return max(EVERY, self.free_at - self.room.clock())

    def _changed(self, notice: Notice) -> None:
        if not notice.due:
            notice.due = True
            asyncio.get_running_loop().call_later(self.wait(), self._send, notice)

    def _send(self, notice: Notice) -> None:
        notice.due = False
        notice.line = P.encode(notice.make())
        notice.owed.clear()
        self._deliver(notice, notice.line,  # (those at a table told once back from it)
                      [p for p in self.room.people if self.at(p.name) is None], 0)
        if notice is self.listed:
            self.people_changed()  # who sits where changed with the tables

    def _deliver(self, notice: Notice, line: bytes, people: list[Person], start: int) -> None:
        """Send ``line`` to ``people`` from ``start`` on, ``SLICE`` bytes of it a turn of the
        event loop, so that the tables' messages go out between; those behind are owed
        it. A newer line, once made, replaces this one for those not yet sent it."""
        if line is not notice.line:
            return
        end = start + max(1, SLICE // len(line))
        sent = 0
        for p in people[start:end]:
            if not p.here or p.conn.closed:
                notice.owed.discard(p)
            elif behind(p):
                notice.owed.add(p)
            else:
                notice.owed.discard(p)
                sent += p.conn.send(line)
        self._spent(notice, sent)
        if end < len(people):
            asyncio.get_running_loop().call_soon(self._deliver, notice, line, people, end)
        else:
            self._catch_up_later(notice)

    def _catch_up(self, notice: Notice) -> None:
        """Send the last line to those owed it who have read what came before; the others
        wait on (a newer line, when one goes, replaces it)."""
        notice.catching = False
        if notice.due:
            return  # a newer line goes soon, to everyone who can take it
        ready = [p for p in notice.owed if not p.here or p.conn.closed or not behind(p)]
        self._deliver(notice, notice.line, ready, 0)

    def _catch_up_later(self, notice: Notice) -> None:
        if notice.owed and not notice.catching:
            notice.catching = True
            asyncio.get_running_loop().call_later(EVERY, self._catch_up, notice)

    def _spent(self, notice: Notice, sent: int) -> None:
        now = self.room.clock()
        share = BUDGET / max(1, len(self.room.bus.alive()))  # (the room's, shared out)
        self.free_at = max(self.free_at, now) + len(notice.line) * sent / share
