"""A table's connection that reached a process of the room other than the table's, on the same
machine, is given to the owner as the socket itself: the owner serves the client directly,
knowing the client's own address, and the process it reached is out of the way. The owner
takes only a connection of a table it holds, from a process of its own user; anything else
its socket is sent is refused, and it stays up."""

from __future__ import annotations

import asyncio
import os
import random
import socket
import stat
from types import SimpleNamespace

import pytest
from room.room_support import LONG, open_room

from bisca_tui.net.client import Client, random_legal
from bisca_tui.room import socket_pass
from bisca_tui.room.cluster import Cluster
from bisca_tui.room.door import Door
from bisca_tui.room.socket_pass import SocketDesk, socket_folder, socket_path

from .relay_support import directory_of, table_on


def _desk(run, folder):
    """``run``'s room taking connections at its socket in ``folder``, as a room of several
    processes does."""
    door = Door(run.room)
    desk = SocketDesk(socket_path(folder, f"127.0.0.1:{run.port}"),
                      lambda code: run.room.by_code(code) is not None, door.given)
    desk.open()
    return desk


def _open_fds():
    return len(os.listdir("/proc/self/fd"))


async def test_a_table_connection_is_given_to_the_owner_on_this_machine(tmp_path):
    owner = await open_room(proxied=True)
    front = await open_room(proxied=True)
    desk = _desk(owner, tmp_path)
    try:
        ana, go = await table_on(owner)
        table = owner.room.by_code(go["code"])
        front.room.cluster = cluster = Cluster(front.room, directory_of(
            lambda code: f"127.0.0.1:{owner.port}" if code == go["code"] else None))
        cluster.folder = tmp_path
        client = await Client.connect("127.0.0.1", front.port, go["code"], "Ana",
                                      ticket=go["ticket"],
                                      chooser=random_legal(random.Random(1)))
        assert await client.sit(0) == 0  # (served by the owner: the front holds no table)
        assert (cluster.given, cluster.passed, desk.taken) == (1, 1, 1)
        assert front.room.tables == {}
        (conn,) = table.host.clients
        assert conn.name == "Ana"
        here = client.writer.get_extra_info("sockname")
        assert conn.peer == f"{here[0]}:{here[1]}"  # the client's own address
        # Rui sits at the owner's own door: the table plays, the given connection told
        # every move by the owner directly
        rui = await owner.enter("Rui")
        rui.enter_table(go["table"])
        other = await owner.sit(rui, await rui.go(), seed=2)
        assert await client.expect("over", LONG * 5) is not None
        await other.close()
        await client.close()
        await ana.close()
        await rui.close()
    finally:
        await desk.close()
        await front.stop()
        await owner.stop()


async def test_an_owner_that_does_not_hold_the_table_says_no_and_the_connection_is_kept(
        tmp_path):
    owner = await open_room(proxied=True)
    desk = _desk(owner, tmp_path)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", owner.port)
        conn = SimpleNamespace(closed=False)
        path = socket_path(tmp_path, f"127.0.0.1:{owner.port}")
        assert not await socket_pass.give(conn, {"code": "NOSUCH99"}, path)
        assert not await socket_pass.give(conn, {"code": "X"}, tmp_path / "none.sock")
        assert desk.taken == 0
        writer.close()
        del reader
    finally:
        await desk.close()
        await owner.stop()


def _send(path, message, fds=()):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    s.connect(str(path))
    s.settimeout(LONG)
    socket.send_fds(s, [message], list(fds)) if fds else s.send(message)
    return s


@pytest.mark.parametrize("second", [b"not json", b'{"peer": 1}', b"[]",
                                    b'{"peer": "a", "address": "b", "hello": {}, '
                                    b'"early": "!!"}'])
async def test_what_the_desk_is_sent_amiss_is_refused_and_leaks_nothing(tmp_path, second):
    owner = await open_room(proxied=True)
    desk = _desk(owner, tmp_path)
    path = socket_path(tmp_path, f"127.0.0.1:{owner.port}")
    try:
        ana, go = await table_on(owner)
        before = _open_fds()
        loop = asyncio.get_running_loop()
        # a code the owner does not hold: no, and nothing more is read
        s = await loop.run_in_executor(None, _send, path, b'{"code": "NOSUCH99"}')
        assert await loop.run_in_executor(None, s.recv, 16) == b"no"
        s.close()
        # a code it holds, then a message amiss, with a descriptor (a pipe's, not a
        # connection) or none: the owner takes nothing and closes what it was given
        r, w = os.pipe()
        s = await loop.run_in_executor(None, _send, path, b'{"code": "%s"}' % go[
            "code"].encode())
        assert await loop.run_in_executor(None, s.recv, 16) == b"yes"
        await loop.run_in_executor(None, lambda: socket.send_fds(s, [second], [r]))
        assert await loop.run_in_executor(None, s.recv, 16) == b""  # hung up
        s.close()
        os.close(r)
        os.close(w)
        # a descriptor that is not a TCP connection, with a message as it should be
        r, w = os.pipe()
        s = await loop.run_in_executor(None, _send, path, b'{"code": "%s"}' % go[
            "code"].encode())
        assert await loop.run_in_executor(None, s.recv, 16) == b"yes"
        good = (b'{"peer": "192.0.2.1:5", "address": "192.0.2.1", "hello": {}, '
                b'"early": ""}')
        await loop.run_in_executor(None, lambda: socket.send_fds(s, [good], [r]))
        assert await loop.run_in_executor(None, s.recv, 16) == b""
        s.close()
        os.close(r)
        os.close(w)
        assert desk.taken == 0
        assert _open_fds() == before  # every descriptor it was given, closed
        await ana.close()
    finally:
        await desk.close()
        await owner.stop()


def test_the_sockets_folder_is_the_users_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    folder = socket_folder()
    assert folder == tmp_path / "bisca-tui-room"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    # a folder others may enter is not used (nor one in the temporary folder like it)
    folder.chmod(0o755)
    monkeypatch.setattr(socket_pass.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    other = socket_folder()
    assert other == tmp_path / "tmp" / f"bisca-tui-room-{os.getuid()}"
    (tmp_path / "tmp" / f"bisca-tui-room-{os.getuid()}").chmod(0o777)
    assert socket_folder() is None
