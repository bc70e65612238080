"""A player's connection to a host, kept up: it connects and says hello, hands on every
message the host sends, and when the connection drops during the match, connects again with
the place's key (a few tries, each later than the last), which gives the player the place
back with its hand and the deal so far. A key kept from an earlier run (``key``) is brought
to the first hello too; each new key the host gives is told (``on_key``), to be kept. A
card room's ``ticket`` to one of its tables goes with every hello: the room seats its holder
under their room name.

What happens to the connection is told through ``on_status`` as one of the ``Status``
kinds below, with the host's words or the error where there are some. The table on screen
listens; tests do too.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import protocol as P
from .client import READ_LIMIT, Client, Refused
from .entrance import BARRED, HELD, IN_USE, LOOKS_LIKE, WRONG_KEY  # the host's words

CONNECTING, CONNECTED, REFUSED, UNREACHABLE = "connecting", "connected", "refused", "unreachable"
DROPPED, RETRYING, BACK, GONE, CLOSED = "dropped", "retrying", "back", "gone", "closed"
BACK_OFF = (0.5, 1.0, 2.0, 4.0, 8.0)  # seconds before each try to connect again
__all__ = ["BARRED", "HELD", "IN_USE", "LOOKS_LIKE", "WRONG_KEY", "Link", "Status"]


@dataclass(frozen=True)
class Status:
    """What became of the connection: its ``kind``, the try (of ``tries``) when trying
    again, and the host's words or the error (``detail``)."""

    kind: str
    detail: str = ""
    attempt: int = 0
    tries: int = 0


class Link:
    """One player's connection to a host, for as long as the match lasts."""

    def __init__(self, host: str, port: int, code: str, name: str,
                 on_message: Callable[[dict[str, Any]], None],
                 on_status: Callable[[Status], None],
                 back_off: Sequence[float] = BACK_OFF, timeout: float = 15.0,
                 key: str | None = None,
                 on_key: Callable[[str | None], None] | None = None,
                 ticket: str | None = None) -> None:
        self.host, self.port, self.code, self.name = host, port, code, name
        self.ticket = ticket  # a card room's ticket to this table
        self.on_message = on_message
        self.on_status = on_status
        self.back_off = tuple(back_off)
        self.timeout = timeout
        self.client: Client | None = None
        self.over = False  # the host said the match is over: a hang-up is no drop
        self.key = key  # the place's key (kept from an earlier run, or given by the host)
        self.on_key = on_key  # told each new key (None: a kept one the host did not know)
        self.leaving = False
        self.connected = asyncio.Event()

    def send(self, message: dict[str, Any]) -> bool:
        """Send a message; False when there is no connection to send it on."""
        client = self.client
        if client is None or client.closed.is_set():
            return False
        client.send(message)
        return True

    async def run(self) -> None:
        """Connect, then keep the connection until the match is over or the player
        leaves."""
        self.on_status(Status(CONNECTING))
        if not await self._connect(first=True):
            return
        self.on_status(Status(CONNECTED))
        while True:
            assert self.client is not None
            await self.client.closed.wait()
            self.connected.clear()
            if self.over or self.leaving:
                self.on_status(Status(CLOSED))
                return
            self.on_status(Status(DROPPED))
            if not await self._again():
                return

    async def _again(self) -> bool:
        tries = len(self.back_off)
        last = ""
        for k, delay in enumerate(self.back_off):
            self.on_status(Status(RETRYING, attempt=k + 1, tries=tries))
            await asyncio.sleep(delay)
            if self.leaving:
                return False
            try:
                if await self._connect(first=False):
                    self.on_status(Status(BACK))
                    return True
                return False  # refused for good: said
            except OSError as e:
                last = e.strerror or str(e)
        self.on_status(Status(GONE, last))
        return False

    async def _connect(self, first: bool) -> bool:
        """One try: True once welcomed; False when the host refused (said through
        ``on_status``). A refusal that only says the host still holds the dropped
        connection is tried again (an ``OSError`` for ``_again``)."""
        try:
            await asyncio.wait_for(self._hello(), self.timeout)
        except Refused as e:
            if first and self.key is not None and str(e) == WRONG_KEY:
                self._keep(None)  # a key kept from a match that is over: in without it
                return await self._connect(first)
            if not first and IN_USE in str(e):
                raise ConnectionRefusedError(str(e)) from None
            self.on_status(Status(REFUSED, str(e)))
            return False
        except (OSError, TimeoutError) as e:
            if not first:
                raise OSError(str(e)) from None
            self.on_status(Status(UNREACHABLE, getattr(e, "strerror", None) or str(e)
                                  or type(e).__name__))
            return False
        self.connected.set()
        return True

    async def _hello(self) -> None:
        """Connect and say hello (as ``Client.connect``), the client kept from the first
        message on: what the host sends with its welcome may be answered at once."""
        reader, writer = await asyncio.open_connection(self.host, self.port, limit=READ_LIMIT)
        client = self.client = Client(reader, writer,
                                      on_message=lambda _client, message: self._got(message))
        hello = {"type": P.HELLO, "protocol": P.PROTOCOL, "code": self.code,
                 "name": self.name}
        if self.key is not None:  # the place back, even over a connection that looks alive
            hello["key"] = self.key
        if self.ticket is not None:
            hello["ticket"] = self.ticket
        client.send(hello)
        answer = await client.expect((P.WELCOME, P.ERROR), self.timeout)
        if answer is None or answer["type"] == P.ERROR:
            await client.close(bye=False)
            raise Refused(answer["message"] if answer else "the host hung up")
        client.seat = answer["seat"]
        client.protocol = answer.get("protocol", P.PROTOCOL)

    def _got(self, message: dict[str, Any]) -> None:
        if message.get("type") == P.OVER:
            self.over = True
            if self.key is not None:
                self._keep(None)  # the match is over: its place's key opens nothing more
        elif message.get("type") == P.WELCOME and isinstance(message.get("key"), str) \
                and message["key"] != self.key:
            self._keep(message["key"])
        self.on_message(message)

    def _keep(self, key: str | None) -> None:
        self.key = key
        if self.on_key is not None:
            self.on_key(key)

    def bye(self) -> None:
        """Say goodbye and hang up, without waiting (the place stays the player's for a
        while)."""
        self.leaving = True
        client = self.client
        if client is not None and not client.closed.is_set():
            client.send({"type": P.BYE})
            with contextlib.suppress(Exception):
                client.writer.close()  # what is written goes out first
