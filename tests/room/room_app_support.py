"""The lobby's app (``bisca-tui join ROOM``) driven by Pilot against a room in the same event
loop: waits are for a condition, with a generous deadline, never for a fixed time."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from pilot_support import draw
from textual.pilot import Pilot
from textual.widgets import OptionList

from bisca_tui.join.room_app import RoomApp
from bisca_tui.net.identity import Identity

from .room_support import LONG, RoomRun

SIZE = (100, 30)


def room_app(run: RoomRun, data: Path, name: str = "Ana",
             identity: Identity | None = None) -> RoomApp:
    """The lobby's app for ``run``'s room (``identity`` None: as a guest)."""
    return RoomApp("127.0.0.1", run.port, name, identity, data_directory=data,
                   back_off=(0.01, 0.05, 0.1))


async def until(pilot: Pilot, condition: Callable[[], object],
                what: str | Callable[[], str] = "", timeout: float = LONG) -> None:
    """Let the app run until ``condition`` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what() if callable(what) else what}")
        await asyncio.sleep(0.001)
    draw(pilot.app)  # what changed drawn once the condition holds


def shown(app: RoomApp, selector: str) -> str:
    """The text a widget of the room's screen shows now."""
    return str(app.room_screen.query_one(selector).render())


def tables_shown(app: RoomApp) -> list[str]:
    """The lines of the room's list of tables, as shown."""
    tables = app.room_screen.query_one("#room-tables", OptionList)
    return [str(tables.get_option_at_index(k).prompt) for k in range(tables.option_count)]
