"""A snapshot of a card room's lobby: a room started in the app's own event loop, two tables
open (Rui's Sueca with bots, a guest's Briscola), a line of chat with markup in it shown as
text, the leaderboard of Sueca with the bots' levels; Ana comes in as a guest.

Update it after a deliberate change with ``pytest --snapshot-update tests/snapshots`` and
look at it before accepting it.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

from textual.pilot import Pilot

from bisca_tui.join.room_app import RoomApp
from bisca_tui.net.client import Client
from bisca_tui.net.room_client import RoomClient
from bisca_tui.room.room import Room
from bisca_tui.room.serving import serve_room
from bisca_tui.room.store import SqliteRoom


class RoomHere(RoomApp):
    """The lobby's app with the room started in its own event loop first (the screenshot
    runs the app in a loop of its own)."""

    def __init__(self, data: Path) -> None:
        super().__init__("127.0.0.1", 0, "Ana", None, data_directory=data)
        self.where = "cards.example.org:7341"
        self.serving: asyncio.Task[None] | None = None
        self.clients: list[RoomClient | Client] = []

    async def on_mount(self) -> None:
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        room = Room(SqliteRoom(":memory:"))
        self.serving = asyncio.create_task(serve_room(room, ready=ready.set_result))
        self.room_link.port = await ready  # (then the lobby's app's own: it comes in)

    async def open_tables(self) -> None:
        for name, variant in (("Rui", "sueca"), ("Eva", "briscola")):
            client = await RoomClient.enter("127.0.0.1", self.room_link.port, name, None)
            client.open(variant, people=2)
            seated = await client.table(await client.go())
            await seated.sit(0)
            self.clients += [client, seated]
        self.clients[0].send({"type": "chat", "text": "[bold]boa tarde[/bold], uma sueca?"})

    async def on_unmount(self) -> None:
        if self.serving is not None:
            self.serving.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.serving


async def until(condition, what: str) -> None:
    deadline = time.monotonic() + 30
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        await asyncio.sleep(0.001)


async def run_before(pilot: Pilot) -> None:
    app = pilot.app
    assert isinstance(app, RoomHere)
    await until(lambda: app.room.entered, "in the room")
    await app.open_tables()
    await until(lambda: len(app.room.tables) == 2 and app.room.board and app.room.chat
                and all(t.seats[0].name for t in app.room.tables)
                and len(app.room.people) == 3
                and all(p.table is not None for p in app.room.people if p.name != "Ana"),
                "the tables, the people, the leaderboard and the chat")
    await pilot.pause()


def test_the_card_rooms_lobby(snap_compare, tmp_path: Path) -> None:
    """The tables with who sits where, the people (the guests marked), the leaderboard with
    the bots' levels, the quick match line of a guest, the chat as text."""
    assert snap_compare(RoomHere(tmp_path / "data"), terminal_size=(100, 30),
                        run_before=run_before)
