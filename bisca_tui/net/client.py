"""A client of a shared table without a screen: it connects, says hello with the invite code
and a name, takes a place, keeps every message the host sends, and answers its seat's turns
with a ``Chooser`` when given one. The tests and the load benchmark play through it, and a
screen can read its messages the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from typing import Any

from . import protocol as P

Chooser = Callable[[dict[str, Any]], str | None]  # a view message in, an action (or None) out
READ_LIMIT = 16 * 1024 * 1024  # what the host sends is not limited as a client's lines are
_READING: set[asyncio.Task[None]] = set()  # the event loop keeps only weak references


class Refused(Exception):
    """The host would not let this client in: its ``error`` message's words."""


def random_legal(rng: random.Random) -> Chooser:
    """A chooser playing any legal action, at random."""

    def choose(message: dict[str, Any]) -> str | None:
        legal = message["view"]["legal"]
        return rng.choice(legal) if legal else None

    return choose


class Client:
    """One connection to a host. ``messages`` holds every message received, in order, and
    ``raw`` every line as it came (when ``keep_raw``)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 chooser: Chooser | None = None, keep_raw: bool = False,
                 on_message: Callable[[Client, dict[str, Any]], None] | None = None) -> None:
        self.reader = reader
        self.writer = writer
        self.chooser = chooser
        self.keep_raw = keep_raw
        self.on_message = on_message
        self.messages: list[dict[str, Any]] = []
        self.raw: list[bytes] = []
        self.protocol = P.PROTOCOL  # the version the host speaks to it (its welcome's)
        self.seat: int | None = None  # the place held
        self.key: str | None = None  # the place's key: it takes the place back
        self.views: dict[int | None, dict[str, Any]] = {}  # the last view message, by seat
        self.acted: set[tuple[Any, ...]] = set()
        self.closed = asyncio.Event()
        self._arrived = asyncio.Event()
        self._cursor = 0
        # a client nobody holds on to plays on (its chooser answering) until the host
        # hangs up: its reading task is held here, not only by the client
        self._reader = asyncio.get_running_loop().create_task(self._read_all())
        _READING.add(self._reader)
        self._reader.add_done_callback(_READING.discard)

    @classmethod
    async def connect(cls, host: str, port: int, code: str, name: str,
                      timeout: float = 30.0, key: str | None = None,
                      protocol: int = P.PROTOCOL, ticket: str | None = None,
                      **kw: Any) -> Client:
        """Connect and say hello in ``protocol``'s version (the newest by default; with
        ``key``, a place's key, to take that place back; with ``ticket``, a card room's ticket
        to one of its tables); ``Refused`` when the host answers with an error."""
        reader, writer = await asyncio.open_connection(host, port, limit=READ_LIMIT)
        client = cls(reader, writer, **kw)
        hello = {"type": P.HELLO, "protocol": protocol, "code": code, "name": name}
        if key is not None:
            hello["key"] = key
        if ticket is not None:
            hello["ticket"] = ticket
        client.send(hello)
        answer = await client.expect((P.WELCOME, P.ERROR), timeout)
        if answer is None or answer["type"] == P.ERROR:
            await client.close()
            raise Refused(answer["message"] if answer else "the host hung up")
        client.seat, client.key = answer["seat"], answer.get("key")
        client.protocol = answer.get("protocol", protocol)
        return client

    # ----- sending -----------------------------------------------------------------------

    def send(self, message: dict[str, Any] | bytes) -> None:
        if not self.writer.is_closing():
            self.writer.write(message if isinstance(message, bytes) else P.encode(message))

    async def sit(self, seat: int | None = None, timeout: float = 30.0) -> int:
        """Take a place (any free one by default); returns it. ``Refused`` when taken."""
        self.send({"type": P.SIT, "seat": seat})
        answer = await self.expect((P.WELCOME, P.REFUSED), timeout)
        if answer is None or answer["type"] == P.REFUSED:
            raise Refused(answer["rule"] if answer else "the host hung up")
        self.seat, self.key = answer["seat"], answer.get("key")
        return answer["seat"]

    def act(self, action: str, token: list[int], seat: int | None = None) -> None:
        message: dict[str, Any] = {"type": P.ACT, "action": action, "token": token}
        if seat is not None:
            message["seat"] = seat
        self.send(message)

    def chat(self, text: str) -> None:
        self.send({"type": P.CHAT, "text": text})

    async def close(self, bye: bool = True) -> None:
        if bye:
            self.send({"type": P.BYE})
        self.writer.close()
        with contextlib.suppress(Exception):
            await self.writer.wait_closed()
        await asyncio.wait_for(self.closed.wait(), 30)

    def kill(self) -> None:
        """Drop the connection at once, as a machine that loses its network."""
        self.writer.transport.abort()

    # ----- receiving ---------------------------------------------------------------------

    async def _read_all(self) -> None:
        try:
            while True:
                line = await self.reader.readline()
                if not line:
                    break
                if self.keep_raw:
                    self.raw.append(line)
                message = P.decode(line)
                self.messages.append(message)
                self._arrived.set()
                self._react(message)
        except (ConnectionError, asyncio.LimitOverrunError, ValueError):
            pass
        finally:
            self.closed.set()
            self._arrived.set()

    def _react(self, message: dict[str, Any]) -> None:
        if message["type"] == P.VIEW:
            self.views[message["seat"]] = message
            legal = message["view"]["legal"]
            key = (*message["token"], message["seat"])
            if self.chooser is not None and legal and key not in self.acted:
                action = self.chooser(message)
                if action is not None:
                    self.acted.add(key)
                    self.act(action, message["token"], message["seat"])
        if self.on_message is not None:
            self.on_message(self, message)

    async def expect(self, types: str | tuple[str, ...], timeout: float = 30.0,
                     where: Callable[[dict[str, Any]], bool] | None = None
                     ) -> dict[str, Any] | None:
        """The next message of one of ``types`` (and that ``where`` accepts) not expected
        before; None when the connection closes first. ``TimeoutError`` after ``timeout``."""
        kinds = (types,) if isinstance(types, str) else types

        async def find() -> dict[str, Any] | None:
            while True:
                while self._cursor < len(self.messages):
                    message = self.messages[self._cursor]
                    self._cursor += 1
                    if message["type"] in kinds and (where is None or where(message)):
                        return message
                if self.closed.is_set():
                    return None
                self._arrived.clear()
                await self._arrived.wait()

        return await asyncio.wait_for(find(), timeout)

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((m for m in reversed(self.messages) if m["type"] == kind), None)
