"""A client of a card room's lobby without a screen: it comes in (proving its key by signing
the room's challenge, or as a guest), keeps every message the room sends, and asks the room
for what a player asks (open a table, enter one, a quick match, the leaderboard, a line of
chat). A table the room sends it to (``go``) is joined with ``table``: an ordinary ``Client``
of that table, over a connection of its own. The tests and the room's load benchmark play
through it; the lobby's screen speaks the same messages."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from . import protocol as P
from . import room_protocol as R
from .client import READ_LIMIT, Client, Refused
from .identity import Identity


@dataclass(frozen=True)
class DoorPass:
    """Who a client started by a room's SSH door is: the one-time pass the door gave it,
    standing for the visitor's SSH key (which is on their machine, not here to sign)."""

    token: str


def room_hello(name: str, identity: Identity | DoorPass | None) -> dict[str, Any]:
    hello: dict[str, Any] = {"type": P.HELLO, "protocol": P.PROTOCOL, "room": True,
                             "name": name}
    if identity is None:
        hello["guest"] = True
    elif isinstance(identity, DoorPass):
        hello["door"] = identity.token
    else:
        hello["key"] = identity.public
    return hello


class RoomClient(Client):
    """One connection to a room's lobby: ``you`` is the name the room knows it by."""

    you = ""
    address: tuple[str, int] = ("", 0)

    @classmethod
    async def enter(cls, host: str, port: int, name: str,
                    identity: Identity | DoorPass | None,
                    timeout: float = 30.0, **kw: Any) -> RoomClient:
        """Come into the room (``identity`` None: as a guest); ``Refused`` with the room's
        words when it will not let this client in."""
        reader, writer = await asyncio.open_connection(host, port, limit=READ_LIMIT)
        client = cls(reader, writer, **kw)
        client.address = (host, port)
        client.send(room_hello(name, identity))
        answer = await client.expect((R.CHALLENGE, R.ROOM, P.ERROR), timeout)
        if answer is not None and answer["type"] == R.CHALLENGE and isinstance(identity,
                                                                                Identity):
            client.send({"type": R.PROVE, "signature": identity.sign(answer["challenge"])})
            answer = await client.expect((R.ROOM, P.ERROR), timeout)
        if answer is None or answer["type"] != R.ROOM:
            await client.close(bye=False)
            raise Refused(answer["message"] if answer and answer["type"] == P.ERROR
                          else "the room hung up")
        client.you = answer["you"]
        return client

    def open(self, variant: str, **fields: Any) -> None:
        self.send({"type": R.OPEN, "variant": variant, **fields})

    def enter_table(self, table: int, watch: bool = False) -> None:
        self.send({"type": R.ENTER, "table": table, "watch": watch})

    def quick(self, variant: str) -> None:
        self.send({"type": R.QUICK, "variant": variant})

    def board(self, variant: str) -> None:
        self.send({"type": R.BOARD, "variant": variant})

    async def go(self, timeout: float = 30.0) -> dict[str, Any]:
        """The next ticket to a table the room gives (``Refused``: the room said no)."""
        answer = await self.expect((R.GO, P.REFUSED), timeout)
        if answer is None or answer["type"] == P.REFUSED:
            raise Refused(answer["rule"] if answer else "the room hung up")
        return answer

    async def table(self, go: dict[str, Any], **kw: Any) -> Client:
        """Join the table of a ``go``: a client of it, welcomed (its place not yet taken)."""
        host, port = self.address
        return await Client.connect(host, port, go["code"], self.you, ticket=go["ticket"],
                                    **kw)
