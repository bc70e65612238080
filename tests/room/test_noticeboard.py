"""The lobby's lists in a big or slow room: someone whose connection still holds the last list
is not sent another on top but, once they have read it, the newest one alone; in a big room
the lists wait as long as the room's budget of bytes a second asks, and go out over several
turns of the event loop; a newcomer is sent the
tables listed a moment ago rather than a list made anew for each. A room of stand-ins: the
lists go out on the event loop, and the tests wait for them to arrive."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from bisca_tui.net import protocol as P
from bisca_tui.room import noticeboard as N
from bisca_tui.room.bus import LocalBus
from bisca_tui.room.noticeboard import Noticeboard
from bisca_tui.room.person import Person

LONG = 30.0


class Conn:
    """A lobby connection: the lines sent it, and how much of them its client has not read
    (``held``)."""

    def __init__(self) -> None:
        self.lines: list[bytes] = []
        self.on_send: Any = None
        self.closed = False
        self.held = 0
        self.arrived = asyncio.Event()
        self.writer = SimpleNamespace(transport=SimpleNamespace(
            get_write_buffer_size=lambda: self.held))

    def send(self, line: bytes) -> bool:
        self.lines.append(line)
        self.arrived.set()
        if self.on_send is not None:
            self.on_send()
        return True

    async def next_line(self) -> dict[str, Any]:
        await asyncio.wait_for(self.arrived.wait(), LONG)
        self.arrived.clear()
        return P.decode(self.lines[-1])


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def a_room(*names: str) -> SimpleNamespace:
    people = [Person(Conn(), name, key=None) for name in names]  # type: ignore[arg-type]
    return SimpleNamespace(people=people, tables={}, seated={}, clock=Clock(), bus=LocalBus())


def names(message: dict[str, Any]) -> list[str]:
    return [p["name"] for p in message["people"]]


async def test_a_reader_behind_is_sent_the_newest_list_alone_once_it_has_read():
    room = a_room("Ana", "Rui")
    board = Noticeboard(room)  # type: ignore[arg-type]
    ana, rui = (p.conn for p in room.people)
    rui.held = 4096  # Rui's client has not read what it was sent
    board.people_changed()
    assert names(await ana.next_line()) == ["Ana", "Rui"]
    room.people.append(Person(Conn(), "Eva", key=None))  # type: ignore[arg-type]
    board.people_changed()
    assert names(await ana.next_line()) == ["Ana", "Rui", "Eva"]
    assert rui.lines == []  # nothing piled on what Rui has not read
    rui.held = 0
    assert names(await rui.next_line()) == ["Ana", "Rui", "Eva"]
    assert len(rui.lines) == 1  # the newest list, not the one before it


async def test_a_big_lobby_is_told_as_often_as_the_budget_allows(monkeypatch):
    room = a_room(*(f"Player{k}" for k in range(50)))
    board = Noticeboard(room)  # type: ignore[arg-type]
    assert board.wait() == N.EVERY  # nothing sent yet
    monkeypatch.setattr(N, "BUDGET", 1000)  # bytes a second, to everyone
    first = room.people[0].conn
    board.people_changed()
    await first.next_line()
    size = len(first.lines[-1])
    assert board.wait() == pytest.approx(size * 50 / 1000)
    room.clock.now += 1.0  # the budget comes back with the time
    assert board.wait() == pytest.approx(size * 50 / 1000 - 1.0)


async def test_the_processes_of_a_room_share_its_budget(monkeypatch):
    """Two processes each send the lists to their own lobby: each sends them half as often
    as one alone, so that the room as a whole keeps to the budget."""
    room = a_room(*(f"Player{k}" for k in range(50)))
    room.bus.alive = lambda: {"p1": "127.0.0.1:1", "p2": "127.0.0.1:2"}
    board = Noticeboard(room)  # type: ignore[arg-type]
    monkeypatch.setattr(N, "BUDGET", 1000)
    first = room.people[0].conn
    board.people_changed()
    await first.next_line()
    assert board.wait() == pytest.approx(len(first.lines[-1]) * 50 * 2 / 1000)


async def test_a_list_goes_out_over_turns_of_the_loop_the_tables_messages_between(
        monkeypatch):
    room = a_room("Ana", "Rui", "Eva")
    board = Noticeboard(room)  # type: ignore[arg-type]
    ana, rui, eva = (p.conn for p in room.people)
    monkeypatch.setattr(N, "SLICE", 1)  # one person a turn
    meanwhile: list[int] = []  # what Eva had when a message queued after Ana's list ran
    ana.on_send = lambda: asyncio.get_running_loop().call_soon(
        lambda: meanwhile.append(len(eva.lines)))
    board.people_changed()
    assert names(await eva.next_line()) == ["Ana", "Rui", "Eva"]
    assert len(ana.lines) == len(rui.lines) == 1
    assert meanwhile == [0]


async def test_newcomers_are_sent_the_tables_listed_a_moment_ago():
    room = a_room("Ana")
    board = Noticeboard(room)  # type: ignore[arg-type]
    listing = board.tables()
    assert board.tables() is listing
    room.clock.now += N.EVERY
    assert board.tables() is not listing
