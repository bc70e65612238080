"""The room's SSH door, with asyncssh's own client over loopback: a visitor's public key is
who they are (no password is asked, none is taken), and their session runs the one command
the door chooses, with a one-time pass in its environment that the room takes as that key,
once. The join client is stood in for by a tiny program that shows the pass it was given."""

from __future__ import annotations

import asyncio
import sys

import asyncssh
import pytest

from bisca_tui.net import protocol as P
from bisca_tui.room import ssh

from .room_support import LONG, open_room

SHOW = ("import os, sys; print('PASS', os.environ.get('BISCA_TUI_ROOM_PASS'), 'ARGS', "
        "sys.argv[1:], flush=True); sys.stdin.readline()")


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ssh, "room_command",
                        lambda address, name: [sys.executable, "-c", SHOW, name, address])


def connect(port: int, username: str, **kw) -> asyncssh.SSHClientConnection:
    kw.setdefault("client_keys", None)
    return asyncssh.connect("127.0.0.1", port, username=username, known_hosts=None,
                            agent_path=None, **kw)


async def test_a_key_is_a_visitors_identity_and_its_pass_opens_the_lobby_once(tmp_path,
                                                                             stand_in):
    run = await open_room()
    door = await ssh.open_room_door(run.room, f"127.0.0.1:{run.port}", tmp_path, port=0)
    port = door.sockets[0].getsockname()[1]
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(port, "eve", password="anything"):
                pass
        key = asyncssh.generate_private_key("ssh-ed25519")
        async with connect(port, "ana", client_keys=[key]) as conn:
            proc = await conn.create_process("rm -rf /", term_type="xterm")  # ignored
            text = ""
            while "ARGS" not in text:
                text += await asyncio.wait_for(proc.stdout.read(4096), LONG)
            token = text.split("PASS ", 1)[1].split()[0]
            assert f"'ana', '127.0.0.1:{run.port}'" in text
            proc.stdin.write("\n")
        reader, writer = await asyncio.open_connection("127.0.0.1", run.port)
        hello = {"type": "hello", "protocol": 2, "room": True, "name": "whoever",
                 "door": token}
        writer.write(P.encode(hello))
        room_said = P.decode(await asyncio.wait_for(reader.readline(), LONG))
        assert room_said["type"] == "room" and room_said["you"] == "ana"
        assert run.room.store.owner("ana") == ssh.ssh_identity(key)
        writer.close()
        again = await asyncio.open_connection("127.0.0.1", run.port)
        again[1].write(P.encode(hello))  # the same pass a second time: used up
        refused = P.decode(await asyncio.wait_for(again[0].readline(), LONG))
        assert refused["type"] == P.ERROR and "does not prove" in refused["message"]
        again[1].close()
    finally:
        door.close()
        await run.stop()


async def test_over_ssh_the_visitor_comes_into_the_lobby_as_their_key(tmp_path, monkeypatch):
    monkeypatch.setenv("BISCA_TUI_DATA", str(tmp_path / "data"))  # the visitor's settings
    run = await open_room()
    door = await ssh.open_room_door(run.room, f"127.0.0.1:{run.port}", tmp_path, port=0)
    port = door.sockets[0].getsockname()[1]
    key = asyncssh.generate_private_key("ssh-ed25519")
    try:
        async with connect(port, "ana", client_keys=[key]) as conn:
            process = await conn.create_process(term_type="xterm-256color",
                                                term_size=(100, 30), encoding=None)
            screen = ""
            while not run.room.find("ana"):  # the real join client, come in by the pass
                chunk = await asyncio.wait_for(process.stdout.read(65536), LONG)
                assert chunk, screen[-2000:]
                screen += chunk.decode("utf-8", "replace")
            person = run.room.find("ana")
            assert person.key == ssh.ssh_identity(key) and not person.guest
            process.stdin.write(b"q")
            process.close()
    finally:
        door.close()
        await run.stop()
