"""A table's connection handed on to the room process that holds the table.

When a room runs as several processes, a balancer (HAProxy) gives each connection to any of
them, and a table lives in one. A connection whose hello names a table of a process on this
machine is given to it (``socket_pass``); one of a process on another machine is relayed:
the process it reached opens a connection to the owner, says whose connection it is (the
PROXY protocol's first line, as the balancer says it), sends the hello and from then on
copies bytes both ways until either side hangs up. The owner reads that connection as any
other: its limits, its pace and what it may see are the owner's, and the process that
passed it on holds no game state.

The PROXY protocol's line (version 1, text) is read where a room runs behind a balancer
(``proxied``): the address it names is the client's, for the room's counts of connections
and wrong tries. Such a room's port must be reachable only by the balancer and the room's
other processes, since the line is believed.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress

from ..net import protocol as P
from ..net import room_protocol as R
from ..net.conn import Connection

PROXY = b"PROXY "
MAX_PROXY = 107  # the longest line version 1 allows, its end included
CHUNK = 1 << 16


class ProxyLineError(ValueError):
    pass


def parse_proxy(line: bytes) -> tuple[str, str] | None:
    """The client (``host:port`` as the log shows it, and its address alone) a PROXY
    protocol line names; None for ``PROXY UNKNOWN`` (the connection's own address
    stands). ``ProxyLineError`` for a line that is not one."""
    if len(line) > MAX_PROXY or not line.startswith(PROXY) or not line.endswith(b"\r\n"):
        raise ProxyLineError("not a PROXY protocol line")
    parts = line[:-2].decode("ascii", "replace").split(" ")
    if len(parts) >= 2 and parts[1] == "UNKNOWN":
        return None
    if len(parts) != 6 or parts[1] not in ("TCP4", "TCP6"):
        raise ProxyLineError("a PROXY protocol line of an unknown kind")
    _proxy, kind, source, _dest, port, _dport = parts
    try:
        ip = ipaddress.ip_address(source)
        number = int(port)
    except ValueError:
        raise ProxyLineError("a PROXY protocol line with no address") from None
    if (ip.version == 4) != (kind == "TCP4") or not 0 <= number <= 65535:
        raise ProxyLineError("a PROXY protocol line with no address")
    address = str(ip)
    shown = f"[{address}]:{number}" if ip.version == 6 else f"{address}:{number}"
    return shown, address


def proxy_line(peer: str, address: str) -> bytes:
    """The PROXY protocol line that says a connection is ``peer``'s (as ``parse_proxy``
    gives it back)."""
    try:
        ip = ipaddress.ip_address(address)
        port = int(peer.rsplit(":", 1)[1])
    except (ValueError, IndexError):
        return b"PROXY UNKNOWN\r\n"
    if ip.version == 4:
        return f"PROXY TCP4 {ip} 127.0.0.1 {port} 0\r\n".encode()
    return f"PROXY TCP6 {ip} ::1 {port} 0\r\n".encode()


def split_address(address: str) -> tuple[str, int]:
    host, _sep, port = address.rpartition(":")
    return host.strip("[]"), int(port)


async def _copy(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(CHUNK):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()


Streams = tuple[asyncio.StreamReader, asyncio.StreamWriter]


async def reach(address: str, timeout: float = 5.0) -> Streams | None:
    """A connection to the room's process at ``address``; None when it does not answer."""
    host, port = split_address(address)
    try:
        return await asyncio.wait_for(asyncio.open_connection(host, port, limit=P.MAX_LINE),
                                      timeout)
    except (OSError, TimeoutError):
        return None


async def answers_as(address: str, process: str, timeout: float = 3.0) -> bool:
    """Whether the room's process ``process`` answers at ``address``: a port that answers
    may have been given, since that process ended, to another (of the room, or any other
    program), so the one there is asked whether it is that one."""
    there = await reach(address, timeout)
    if there is None:
        return False
    reader, writer = there
    try:
        writer.write(P.encode({"type": R.WHO, "process": process}))
        line = await asyncio.wait_for(reader.readline(), timeout)
        answer = P.decode(line)
        return answer["type"] == R.WHO and answer.get("same") is True
    except (OSError, TimeoutError, ValueError):  # (a ProtocolError is a ValueError)
        return False
    finally:
        writer.close()


async def hand_over(conn: Connection, hello: dict, there: Streams) -> None:
    """Pass ``conn`` (its ``hello`` read) on through ``there``, a connection to the
    process that holds its table, until either side hangs up."""
    their_reader, their_writer = there
    reader, writer = await conn.detach()
    their_writer.write(proxy_line(conn.peer, conn.address) + P.encode(hello))
    out = asyncio.ensure_future(_copy(reader, their_writer))
    back = asyncio.ensure_future(_copy(their_reader, writer))
    try:
        await asyncio.wait([out, back], return_when=asyncio.FIRST_COMPLETED)
    finally:
        for side in (out, back):  # one side hung up: so does the other
            side.cancel()
        for w in (writer, their_writer):
            with contextlib.suppress(Exception):
                w.close()
        await asyncio.gather(out, back, return_exceptions=True)
