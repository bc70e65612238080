"""The places at a host's table and who holds them: the name holding each place, its secret
key, the connection playing it now, the places open to players, and the places held for a
player who dropped (a timer, after which a bot plays the place). Nothing here sends a
message or plays the match: the host's entrance (``entrance``) changes who holds what, and
its outbox (``outbox``) tells the clients.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from collections.abc import Callable, Iterable

from .conn import Connection


class Places:
    """The places of a table of ``n`` people, ``open`` those a client may sit at."""

    def __init__(self, n: int, open: Iterable[int]) -> None:
        self.open = tuple(open)
        if any(not 0 <= p < n for p in self.open):
            raise ValueError(f"the places at this table are 0 to {n - 1}")
        self.owners: list[str | None] = [None] * n  # the name holding each place
        self.keys: list[str | None] = [None] * n  # each held place's secret key
        self.conns: list[Connection | None] = [None] * n  # the connection playing it now
        self.holds: dict[int, asyncio.TimerHandle] = {}  # kept for a player who dropped

    def free(self) -> list[int]:
        """The open places nobody holds, in order."""
        return [p for p in self.open if self.owners[p] is None]

    def held(self) -> int:
        """How many places someone holds."""
        return sum(owner is not None for owner in self.owners)

    def restore(self, owners: Iterable[str | None], keys: Iterable[str | None]) -> None:
        """Who held each place, and with which key, as a save tells it."""
        self.owners, self.keys = list(owners), list(keys)

    def of_key(self, key: str) -> int | None:
        """The place ``key`` holds, if any (every place compared: no early answer)."""
        given = key.encode("utf-8", "replace")
        found = None
        for p, held in enumerate(self.keys):
            if held is not None and hmac.compare_digest(given, held.encode()):
                found = p
        return found

    def away(self, name: str) -> bool:
        """Whether ``name`` holds a place with no connection playing it."""
        return name in self.owners and self.conns[self.owners.index(name)] is None

    def give(self, conn: Connection, place: int) -> None:
        """``conn`` holds ``place`` from now on: its key made the first time, a hold of it
        ended."""
        conn.player = place
        self.owners[place] = conn.name
        self.conns[place] = conn
        if self.keys[place] is None:
            self.keys[place] = secrets.token_urlsafe(18)
        self.unhold(place)

    def drop(self, conn: Connection) -> int | None:
        """``conn`` no longer plays its place (the place it played, if it was the one
        playing it); the place stays held by its name until ``free_up``."""
        p = conn.player
        if p is None or self.conns[p] is not conn:
            return None
        self.conns[p] = None
        return p

    def free_up(self, place: int) -> None:
        """Nobody holds ``place`` any more: its name and key are forgotten."""
        self.owners[place] = None
        self.keys[place] = None

    def hold(self, place: int, seconds: float, then: Callable[[int], None]) -> None:
        """Keep ``place`` for its player ``seconds`` long, then call ``then(place)``."""
        loop = asyncio.get_running_loop()
        self.holds[place] = loop.call_later(seconds, then, place)

    def unhold(self, place: int) -> None:
        """Stop waiting for ``place``'s player (they are back, or the wait is over)."""
        timer = self.holds.pop(place, None)
        if timer is not None:
            timer.cancel()

    def unhold_all(self) -> None:
        for timer in self.holds.values():
            timer.cancel()
        self.holds.clear()
