"""A snapshot of the table joined over the network: Sueca hosted in the app's own event loop,
three headless players seeded alike every run, a card played by its key; the picture is the
local table's own, drawn from the host's views, with the chat in the log.

Update it after a deliberate change with ``pytest --snapshot-update tests/snapshots`` and
look at it before accepting it.
"""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path

from textual.pilot import Pilot

from bisca_tui.join.app import JoinApp
from bisca_tui.net.client import Client, random_legal
from bisca_tui.net.host import Host, NetSettings, serve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "net"))
from join_support import my_turn, play_a_card, sit, until  # noqa: E402

CODE = "SNAP42"


class HostedHere(JoinApp):
    """The join app with the host started in its own event loop first (the screenshot runs
    the app in a loop of its own)."""

    def __init__(self, data: Path) -> None:
        super().__init__("127.0.0.1", 0, CODE, "Ana", data_directory=data,
                         back_off=(0.01,))
        self.host: Host | None = None
        self.clients: list[Client] = []

    async def on_mount(self) -> None:
        ready: asyncio.Future[Host] = asyncio.get_running_loop().create_future()
        self.hosting = asyncio.create_task(
            serve(NetSettings("sueca", seed=11), code=CODE, ready=ready.set_result))
        self.host = await ready
        self.link.port = self.host.port  # (then the join app's own: it connects)

    def on_unmount(self) -> None:
        if self.host is not None:
            self.host.finish()


async def run_before(pilot: Pilot) -> None:
    app = pilot.app
    assert isinstance(app, HostedHere)
    started = time.monotonic()
    await until(pilot, lambda: app.host is not None, "the host")
    await sit(app, pilot, 1)
    host = app.host
    assert host is not None
    for seat in (0, 2, 3):
        client = await Client.connect("127.0.0.1", host.port, CODE, f"P{seat}",
                                      chooser=random_legal(random.Random(seat)))
        await client.sit(seat)
        app.clients.append(client)
    await until(pilot, lambda: my_turn(app), "Ana's turn")
    app.clients[0].chat("boa sorte!")
    await until(pilot, lambda: len(app.chat_lines) == 1, "the chat")
    await play_a_card(app, pilot)
    await until(pilot, lambda: my_turn(app), "Ana's turn again")
    assert time.monotonic() - started < 30


def test_the_table_joined_over_the_network(snap_compare, tmp_path: Path) -> None:
    """Sueca joined at place 2: the players elsewhere named in their seats, the trick and
    the log as the host told them, the chat line among them."""
    assert snap_compare(HostedHere(tmp_path / "data"), terminal_size=(100, 30),
                        run_before=run_before)
