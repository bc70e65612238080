"""The SSH door, with asyncssh's own client over loopback: who comes in (the code as the
password, a key remembered once the code was given), the one command a visitor runs whatever
they ask for, nothing forwarded, and the host key kept.

The join client is stood in for here by a tiny program that shows what it was started with
and echoes a line, so these tests check the door alone; a whole trick through the door is
played in ``test_door_play``.
"""

from __future__ import annotations

import asyncio
import socket
import stat
import sys
from pathlib import Path

import asyncssh
import pytest

from bisca_tui.net import door

ECHO = ("import os, sys; print('ARGS', sys.argv[1:], os.get_terminal_size(), flush=True); "
        "print('GOT', sys.stdin.readline().strip(), flush=True)")


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    def command(address: str, code: str, name: str, language: str | None = None) -> list[str]:
        return [sys.executable, "-c", ECHO, name, address]

    monkeypatch.setattr(door, "join_command", command)


async def opened(tmp_path: Path, code: str = "K7Q2XP") -> tuple[asyncssh.SSHAcceptor, int]:
    server = await door.open_door("127.0.0.1:4321", code, tmp_path, port=0)
    return server, server.sockets[0].getsockname()[1]


def connect(port: int, username: str, **kw) -> asyncssh.SSHClientConnection:
    kw.setdefault("client_keys", None)
    return asyncssh.connect("127.0.0.1", port, username=username, known_hosts=None,
                            agent_path=None, **kw)


async def read_until(proc: asyncssh.SSHClientProcess, marker: bytes) -> bytes:
    seen = b""
    while marker not in seen:
        chunk = await asyncio.wait_for(proc.stdout.read(4096), 20)
        if not chunk:
            break
        seen += chunk
    return seen


async def test_the_code_is_the_password_and_the_command_is_the_door_s(tmp_path, stand_in):
    server, port = await opened(tmp_path)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(port, "eve", password="WRONG1"):
                pass
        async with connect(port, "ana", password=" k7q2xp ") as conn:  # as typed, any case
            # a visitor asking for a command of their own still gets the table
            proc = await conn.create_process("cat /etc/passwd", term_type="xterm",
                                             term_size=(100, 30), encoding=None)
            seen = await read_until(proc, b")\r\n")
            assert b"ARGS ['ana', '127.0.0.1:4321', '--key-file', '']" in seen
            assert b"columns=100, lines=30" in seen  # the visitor's own terminal size
            proc.stdin.write(b"hello\r")
            assert b"GOT hello" in await read_until(proc, b"GOT hello")
            await asyncio.wait_for(proc.wait_closed(), 20)
            assert proc.exit_status == 0
    finally:
        server.close()


async def test_nothing_is_forwarded(tmp_path, stand_in):
    server, port = await opened(tmp_path)
    try:
        async with connect(port, "ana", password="K7Q2XP") as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", port)
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", port)
    finally:
        server.close()


async def test_a_key_offered_with_the_code_is_known_next_time(tmp_path, stand_in):
    key = asyncssh.generate_private_key("ssh-ed25519")
    other = asyncssh.generate_private_key("ssh-ed25519")
    server, port = await opened(tmp_path)
    try:
        with pytest.raises(asyncssh.PermissionDenied):  # an unknown key alone: no way in
            async with connect(port, "ana", client_keys=[key]):
                pass
        async with connect(port, "ana", client_keys=[key], password="K7Q2XP"):
            pass
        async with connect(port, "ana", client_keys=[key]):  # no password now
            pass
        for name, keys in (("bob", [key]), ("ana", [other])):  # the key is ana's, and only
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(port, name, client_keys=keys):
                    pass
    finally:
        server.close()
    # kept in the data folder for the owner only, and read back by the next door
    saved = door.known_keys_path(tmp_path, "K7Q2XP")  # this match's
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    server, port = await opened(tmp_path)
    try:
        async with connect(port, "ana", client_keys=[key]):
            pass
    finally:
        server.close()


def test_the_host_key_is_made_once_and_kept(tmp_path):
    first = door.host_key(tmp_path)
    path = tmp_path / door.HOST_KEY_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = door.host_key(tmp_path)
    assert again.export_public_key() == first.export_public_key()


def test_a_visitor_s_client_finds_the_table_on_this_machine():
    assert door.table_address("0.0.0.0", 7341) == "127.0.0.1:7341"
    assert door.table_address("127.0.0.1", 7341) == "127.0.0.1:7341"
    assert door.table_address("192.0.2.7", 7341) == "192.0.2.7:7341"
    assert door.table_address("::1", 7341) == "[::1]:7341"


def test_a_login_name_is_a_clean_player_name():
    assert door.player_name("ana") == "ana"
    shown = door.player_name("\x1b[31mred\x1b[0m")  # no terminal code gets through
    assert "\x1b" not in shown and "red" in shown
    assert door.player_name("a b") == "a_b"
    assert door.player_name("\x00\x07") == "Guest"
    assert len(door.player_name("x" * 500)) <= 24


async def test_the_host_command_says_how_to_come_in_over_ssh(tmp_path, stand_in):
    from types import SimpleNamespace

    from bisca_tui.net.hosting import open_ssh

    said: list[tuple[str, dict, str]] = []
    log = SimpleNamespace(line=lambda kind, fields, text: said.append((kind, fields, text)))
    table = SimpleNamespace(port=4321, code="K7Q2XP")
    acceptor = await open_ssh(table, "127.0.0.1", 0, tmp_path, log)
    try:
        port = acceptor.sockets[0].getsockname()[1]
        (kind, fields, text), = said
        assert kind == "ssh" and fields["ssh"] == [f"ssh -p {port} NAME@127.0.0.1"]
        assert "the invite code is the password" in text
        async with connect(port, "ana", password="K7Q2XP"):
            pass
    finally:
        acceptor.close()
    # a port already taken is said, and the table goes on without a door
    said.clear()
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        assert await open_ssh(table, "127.0.0.1", taken.getsockname()[1], tmp_path, log) is None
    finally:
        taken.close()
    (kind, _, text), = said
    assert kind == "problem" and "cannot listen on port" in text
