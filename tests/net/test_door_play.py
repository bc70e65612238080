"""A trick played through the SSH door: asyncssh's own client logs in with the invite code,
asks for a terminal, and types like a player into the join client the door runs for it; the
host in the test's own event loop says what happened at the table."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import asyncssh
import pytest
from net_support import CODE, LONG, open_table

from bisca_tui.net.door import open_door, table_address
from bisca_tui.net.host import NetSettings

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX")


class Screen:
    """What the visitor's terminal was sent, read in the background."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.text = ""
        self.process = process
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while chunk := await self.process.stdout.read(65536):
            self.text += chunk.decode("utf-8", "replace")


async def until(condition, what: str) -> None:
    deadline = time.monotonic() + LONG
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never came: {what}")
        await asyncio.sleep(0.05)


async def test_a_player_over_ssh_takes_a_place_and_plays_a_trick(tmp_path: Path,
                                                                 monkeypatch) -> None:
    monkeypatch.setenv("BISCA_TUI_DATA", str(tmp_path / "data"))  # the visitor's settings
    table = await open_table(NetSettings("briscola", level="random", start_with=1, seed=5))
    door = await open_door(table_address("127.0.0.1", table.host.port), CODE, tmp_path,
                           port=0)
    port = door.sockets[0].getsockname()[1]
    try:
        async with asyncssh.connect("127.0.0.1", port, username="ana", password=CODE,
                                    known_hosts=None, client_keys=None,
                                    agent_path=None) as conn:
            process = await conn.create_process(term_type="xterm-256color",
                                                term_size=(100, 30), encoding=None)
            screen = Screen(process)
            # the places: ana (the login name) is in, and takes the first place by its key
            await table.log.heard("came", lambda f: f.get("name") == "ana")
            await until(lambda: "ana" in screen.text, "the places screen")
            process.stdin.write(b"1")
            await table.log.heard("sat", lambda f: f.get("name") == "ana")
            session_of = lambda: table.host.session  # noqa: E731
            await until(lambda: session_of() is not None, "the first deal")
            seat = session_of().seat_of(0)
            # play the first card in hand whenever it is ana's turn, until a trick is taken
            state = lambda: session_of().state  # noqa: E731
            deadline = time.monotonic() + LONG
            while not state().tricks and time.monotonic() < deadline:
                if state().current == seat and seat not in state().trick_seats:
                    process.stdin.write(b"1")
                await asyncio.sleep(0.2)
            assert state().tricks, screen.text[-2000:]
            assert seat in state().tricks[0].seats  # ana's card is in the trick taken
            process.stdin.write(b"q")
            process.close()
            screen.task.cancel()
    finally:
        door.close()
        table.task.cancel()


async def test_a_place_over_ssh_is_bound_to_the_visitor_s_public_key(tmp_path: Path,
                                                                    monkeypatch) -> None:
    from bisca_tui.join.keys import PlaceKeys, table_id
    from bisca_tui.net.door import place_key_file
    from bisca_tui.net.entrance import HELD

    monkeypatch.setenv("BISCA_TUI_DATA", str(tmp_path / "data"))
    table = await open_table(NetSettings("briscola", level="random", start_with=1, seed=5,
                                         hold=LONG))
    where = table_address("127.0.0.1", table.host.port)
    door = await open_door(where, CODE, tmp_path, port=0)
    port = door.sockets[0].getsockname()[1]
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def visit(**login) -> Screen:
        conn = await asyncssh.connect("127.0.0.1", port, known_hosts=None, agent_path=None,
                                      **login)
        process = await conn.create_process(term_type="xterm-256color", term_size=(100, 30),
                                            encoding=None)
        screen = Screen(process)
        screen.conn = conn  # type: ignore[attr-defined]
        return screen

    try:
        ana = await visit(username="ana", client_keys=[key], password=CODE)
        await until(lambda: "ana" in ana.text, "the places screen")
        ana.process.stdin.write(b"1")
        await table.log.heard("sat", lambda f: f.get("name") == "ana")
        await until(lambda: table.host.session is not None, "the first deal")
        kept = place_key_file(tmp_path, CODE, "ana", key)
        keys = PlaceKeys(kept)
        place = table_id("127.0.0.1", table.host.port, CODE, "ana")
        await until(lambda: keys.get(place), "the place's key kept for ana's public key")
        assert keys.get(place) == table.host.places.keys[0]
        ana.conn.abort()  # type: ignore[attr-defined]  # the visitor's network goes
        await table.log.heard("left", lambda f: f.get("name") == "ana")

        # another visitor who has the code logs in as ana: no place for them
        eve = await visit(username="ana", client_keys=None, password=CODE)
        await table.log.heard("refused", lambda f: f["reason"] == f"ana {HELD}")
        eve.conn.close()  # type: ignore[attr-defined]
        assert table.host.places.conns[0] is None

        # ana, with her key (remembered, no password), has her place back
        back = await visit(username="ana", client_keys=[key])
        came = await table.log.heard("came", lambda f: f.get("back"))
        assert (came["name"], came["seat"]) == ("ana", 0)
        back.process.stdin.write(b"q")
        back.conn.close()  # type: ignore[attr-defined]
    finally:
        door.close()
        table.task.cancel()
