"""A table's connection given to the room process that holds the table, when that process runs
on the same machine: the connection's socket itself goes to it, so that the owner serves the
client directly and this process is out of the way. The relay (``relay``) would copy every
byte both ways through this process, a third of the room's socket writes at a thousand
tables; it stays for an owner on another machine.

Each process of a room of several listens on a Unix socket of its own (``SocketDesk``), in a
folder only its user may enter, named after the address the room's other processes reach it
at. A process that finds the owner's socket there asks whether it holds the table of the
code (one message, one answer); if so it stops reading the connection and sends, in a second
message, the client's address as the balancer named it, the hello, any bytes the client sent
after the hello, and the connection's descriptor (``SCM_RIGHTS``). Its own copy is closed
then: the client, connected all along, never notices. The owner takes a descriptor only
from a process of its own user, and serves it as a connection that came to its own door
with that hello (its limits, its checks of the ticket).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import os
import socket
import struct
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from ..net import protocol as P

if TYPE_CHECKING:
    from ..net.conn import Connection

MAX_MESSAGE = P.MAX_LINE + 4096  # a hello, and the bytes that came after it, at most
ANSWER_TIMEOUT = 2.0  # seconds the owner has to answer

Taker = Callable[[asyncio.StreamReader, asyncio.StreamWriter, str, str, dict[str, Any]],
                 Awaitable[None]]


def socket_folder() -> Path | None:
    """The folder of the room's Unix sockets on this machine, made if need be: in the user's
    runtime folder, else in the temporary folder; None when no such folder is the user's
    alone (then connections are relayed)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    folders = [Path(runtime) / "bisca-tui-room"] if runtime else []
    folders.append(Path(tempfile.gettempdir()) / f"bisca-tui-room-{os.getuid()}")
    for folder in folders:
        with contextlib.suppress(OSError):
            folder.mkdir(mode=0o700, exist_ok=True)
            st = folder.lstat()
            if folder.is_dir() and not folder.is_symlink() and st.st_uid == os.getuid() \
                    and st.st_mode & 0o077 == 0:
                return folder
    return None


def socket_path(folder: Path, address: str) -> Path:
    """The Unix socket of the process the others reach at ``address``."""
    return folder / f"{hashlib.blake2b(address.encode(), digest_size=8).hexdigest()}.sock"


def same_user(conn: socket.socket) -> bool:
    """Whether the process at the other end of the Unix socket ``conn`` runs as this one's
    user."""
    size = struct.calcsize("3i")
    try:
        _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(
            socket.SOL_SOCKET, socket.SO_PEERCRED, size))
    except (OSError, AttributeError, struct.error):
        return False
    return uid == os.getuid()


async def _readable(sock: socket.socket) -> None:
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    loop.add_reader(sock.fileno(), lambda: ready.done() or ready.set_result(None))
    try:
        await ready
    finally:
        loop.remove_reader(sock.fileno())


async def _receive(sock: socket.socket) -> tuple[bytes, list[int]]:
    """One message and the descriptors that came with it (an empty message: hung up)."""
    while True:
        await _readable(sock)
        try:
            data, fds, _flags, _addr = socket.recv_fds(sock, MAX_MESSAGE, 1)
        except BlockingIOError:
            continue
        return data, fds


# ----- giving a connection ------------------------------------------------------------------

async def give(conn: Connection, hello: dict[str, Any], path: Path) -> bool:
    """Give ``conn`` (its ``hello`` read) to the process listening at ``path``: True once
    it has it; False, ``conn`` untouched, when there is no such process or it does not hold
    the table."""
    if not path.exists():
        return False
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    sock.setblocking(False)
    loop = asyncio.get_running_loop()
    try:
        await asyncio.wait_for(loop.sock_connect(sock, str(path)), ANSWER_TIMEOUT)
        if not same_user(sock):
            return False
        await loop.sock_sendall(sock, orjson.dumps({"code": hello.get("code")}))
        answer = await asyncio.wait_for(loop.sock_recv(sock, 16), ANSWER_TIMEOUT)
        if answer != b"yes":
            return False
        reader, writer = await conn.detach()
        transport = writer.transport
        transport.pause_reading()  # what comes from now on is read by the owner
        early = bytes(reader._buffer)  # (read here after the hello: the owner's to read)
        raw = writer.get_extra_info("socket")
        message = orjson.dumps({"peer": conn.peer, "address": conn.address, "hello": hello,
                                "early": base64.b64encode(early).decode()})
        try:
            socket.send_fds(sock, [message], [raw.fileno()])
        except OSError:
            transport.abort()  # (the client comes back through the balancer)
            return True
        transport.abort()  # this copy of the descriptor only: the owner's serves on
        return True
    except (OSError, TimeoutError):
        return False
    finally:
        sock.close()


# ----- taking connections -------------------------------------------------------------------

class SocketDesk:
    """A process's Unix socket, where the room's other processes on this machine give it
    the connections of its tables: each is asked of ``holds`` (a code), and given to
    ``take`` (reader, writer, peer, address, hello)."""

    def __init__(self, path: Path, holds: Callable[[str], bool], take: Taker) -> None:
        self.path = path
        self.holds = holds
        self.take = take
        self.taken = 0
        self.listener: socket.socket | None = None
        self.serving: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[None]] = set()  # messages being answered
        self.served: set[asyncio.Task[None]] = set()  # connections taken

    def open(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()  # a socket left by a process of this address that died
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        listener.bind(str(self.path))
        os.chmod(self.path, 0o600)
        listener.listen(64)
        listener.setblocking(False)
        self.listener = listener
        self.serving = asyncio.get_running_loop().create_task(self._accepting(listener))

    async def close(self) -> None:
        if self.serving is not None:
            self.serving.cancel()
            for task in self.tasks:
                task.cancel()
            await asyncio.gather(self.serving, *self.tasks, return_exceptions=True)
        if self.listener is not None:
            self.listener.close()
            with contextlib.suppress(FileNotFoundError):
                self.path.unlink()

    async def _accepting(self, listener: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            conn, _addr = await loop.sock_accept(listener)
            task = loop.create_task(self._serve(conn))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _serve(self, conn: socket.socket) -> None:
        fds: list[int] = []
        try:
            conn.setblocking(False)
            if not same_user(conn):
                return
            data, fds = await asyncio.wait_for(_receive(conn), ANSWER_TIMEOUT)
            asked = _object(data)
            code = asked.get("code") if asked is not None else None
            holds = isinstance(code, str) and self.holds(code)
            await asyncio.get_running_loop().sock_sendall(conn, b"yes" if holds else b"no")
            if not holds:
                return
            for fd in fds:
                os.close(fd)
            data, fds = await asyncio.wait_for(_receive(conn), ANSWER_TIMEOUT)
            given = _given(data)
            if given is None or len(fds) != 1:
                return
            client = socket.socket(fileno=fds[0])  # (OSError: not a socket)
            fds.clear()  # (the client's socket holds the descriptor now)
            if client.type != socket.SOCK_STREAM or client.family not in (
                    socket.AF_INET, socket.AF_INET6):
                client.close()
                return
            await self._adopt(client, *given)
        except (OSError, TimeoutError):
            pass
        finally:
            for fd in fds:
                with contextlib.suppress(OSError):
                    os.close(fd)
            conn.close()

    async def _adopt(self, client: socket.socket, peer: str, address: str,
                     hello: dict[str, Any], early: bytes) -> None:
        loop = asyncio.get_running_loop()
        client.setblocking(False)
        reader = asyncio.StreamReader(limit=P.MAX_LINE, loop=loop)
        if early:
            reader.feed_data(early)  # before anything the client sends from now on
        protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
        transport, _ = await loop.connect_accepted_socket(lambda: protocol, client)
        writer = asyncio.StreamWriter(transport, protocol, reader, loop)
        self.taken += 1
        task = loop.create_task(self.take(reader, writer, peer, address, hello))
        self.served.add(task)
        task.add_done_callback(self.served.discard)


def _object(data: bytes) -> dict[str, Any] | None:
    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None


def _given(data: bytes) -> tuple[str, str, dict[str, Any], bytes] | None:
    """The client's address (as shown, and alone), hello and early bytes a message gives;
    None when it is not as it should be."""
    m = _object(data)
    if m is None:
        return None
    peer, address, hello, early = (m.get(k) for k in ("peer", "address", "hello", "early"))
    if not (isinstance(peer, str) and isinstance(address, str) and isinstance(hello, dict)
            and isinstance(early, str)) or len(peer) > 64 or len(address) > 64:
        return None
    try:
        raw = base64.b64decode(early, validate=True)
    except ValueError:
        return None
    return peer, address, hello, raw
