"""The player's connection to a card room's lobby (``bisca-tui join ROOM``): it comes in (with
the player's key, proved by signing the room's challenge, or as a guest), hands on every
message the room sends, and sends what the player asks for. It stays open while the player
sits at a table over a connection of its own (``net.link.Link``, with the room's ticket).

What becomes of it is told through ``on_status`` as a ``net.link.Status``: connecting,
connected, refused (with the room's words), unreachable, dropped, closed. A lobby that drops
is not entered again by itself: the player comes in again when they wish.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from ..net import link as L
from ..net import protocol as P
from ..net import room_protocol as R
from ..net.client import Refused
from ..net.identity import Identity
from ..net.room_client import DoorPass, RoomClient


class RoomLink:
    """One player's connection to a room's lobby (``identity`` None: as a guest)."""

    def __init__(self, host: str, port: int, name: str, identity: Identity | DoorPass | None,
                 on_message: Callable[[dict[str, Any]], None],
                 on_status: Callable[[L.Status], None], timeout: float = 15.0) -> None:
        self.host, self.port, self.name, self.identity = host, port, name, identity
        self.on_message = on_message
        self.on_status = on_status
        self.timeout = timeout
        self.client: RoomClient | None = None
        self.leaving = False

    async def run(self) -> None:
        """Come in, then keep the connection until the room or the player ends it."""
        self.on_status(L.Status(L.CONNECTING))
        try:
            client = await RoomClient.enter(
                self.host, self.port, self.name, self.identity, self.timeout,
                on_message=lambda _client, message: self.on_message(message))
        except Refused as e:
            self.on_status(L.Status(L.REFUSED, str(e)))
            return
        except (OSError, TimeoutError) as e:
            self.on_status(L.Status(L.UNREACHABLE, getattr(e, "strerror", None) or str(e)
                                    or type(e).__name__))
            return
        self.client = client
        self.on_status(L.Status(L.CONNECTED))
        await client.closed.wait()
        self.on_status(L.Status(L.CLOSED if self.leaving else L.DROPPED))

    def send(self, message: dict[str, Any]) -> bool:
        """Send a message; False when there is no connection to send it on."""
        client = self.client
        if client is None or client.closed.is_set() or self.leaving:
            return False
        client.send(message)
        return True

    # ----- what a player asks the room for ---------------------------------------------

    def open(self, variant: str, players: int | None, people: int, level: str,
             rated: bool, private: bool, options: dict[str, Any] | None = None) -> bool:
        return self.send({"type": R.OPEN, "variant": variant, "players": players,
                          "options": options or {}, "people": people, "bots": True,
                          "level": level, "rated": rated, "private": private})

    def enter(self, table: int, watch: bool) -> bool:
        return self.send({"type": R.ENTER, "table": table, "watch": watch})

    def quick(self, variant: str) -> bool:
        return self.send({"type": R.QUICK, "variant": variant})

    def unquick(self) -> bool:
        return self.send({"type": R.UNQUICK})

    def board(self, variant: str) -> bool:
        return self.send({"type": R.BOARD, "variant": variant})

    def chat(self, text: str) -> bool:
        return self.send({"type": P.CHAT, "text": text})

    def bye(self) -> None:
        """Say goodbye and hang up, without waiting."""
        client = self.client
        self.leaving = True
        if client is not None and not client.closed.is_set():
            client.send({"type": P.BYE})
            with contextlib.suppress(Exception):
                client.writer.close()

