"""The player's connection to a card room's lobby (``bisca-tui join ROOM``): it comes in (with
the player's key, proved by signing the room's challenge, or as a guest), hands on every
message the room sends, and sends what the player asks for. It stays open while the player
sits at a table over a connection of its own (``net.link.Link``, with the room's ticket).

What becomes of it is told through ``on_status`` as a ``net.link.Status``: connecting,
connected, refused (with the room's words), unreachable, dropped, retrying, back, closed. A
lobby connection lost without the room's word (its process gone, the network down) comes in
again by itself, a few tries each later than the last (in a room of several processes, the
balancer takes it to one still running); one the room ended with words (the operator sent
the player out, the same key came in elsewhere, the room closed) does not, nor one an SSH
door let in (its pass is good once).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
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
                 on_status: Callable[[L.Status], None], timeout: float = 15.0,
                 back_off: Sequence[float] = L.BACK_OFF) -> None:
        self.host, self.port, self.name, self.identity = host, port, name, identity
        self.on_message = on_message
        self.on_status = on_status
        self.timeout = timeout
        self.back_off = tuple(back_off)
        self.client: RoomClient | None = None
        self.leaving = False

    async def run(self) -> None:
        """Come in, then keep the connection until the room or the player ends it."""
        self.on_status(L.Status(L.CONNECTING))
        problem = await self._enter()
        if problem is not None:
            self.on_status(problem)
            return
        self.on_status(L.Status(L.CONNECTED))
        while True:
            assert self.client is not None
            await self.client.closed.wait()
            if self.leaving:
                self.on_status(L.Status(L.CLOSED))
                return
            told = any(m.get("type") == P.ERROR for m in self.client.messages)
            if told or isinstance(self.identity, DoorPass) or not await self._again():
                self.on_status(L.Status(L.DROPPED))
                return

    async def _enter(self) -> L.Status | None:
        """Come into the room: None when in, else what stopped it."""
        try:
            self.client = await RoomClient.enter(
                self.host, self.port, self.name, self.identity, self.timeout,
                on_message=lambda _client, message: self.on_message(message))
        except Refused as e:
            return L.Status(L.REFUSED, str(e))
        except (OSError, TimeoutError) as e:
            return L.Status(L.UNREACHABLE, getattr(e, "strerror", None) or str(e)
                            or type(e).__name__)
        return None

    async def _again(self) -> bool:
        """Come in again after a drop, a few tries each later than the last: whether it
        did. A name the room still thinks in use (the lost connection not yet seen gone)
        is tried again; any other refusal ends the tries."""
        tries = len(self.back_off)
        for attempt, wait in enumerate(self.back_off, 1):
            self.on_status(L.Status(L.RETRYING, attempt=attempt, tries=tries))
            await asyncio.sleep(wait)
            if self.leaving:
                return False
            problem = await self._enter()
            if problem is None:
                self.on_status(L.Status(L.BACK))
                return True
            if problem.kind == L.REFUSED and R.USED_NAME not in problem.detail:
                self.on_status(problem)
                return False
        return False

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

