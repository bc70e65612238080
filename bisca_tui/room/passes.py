"""The one-time passes of a room's SSH door. The door lets a visitor in by their SSH key, then
starts a join client for them, which cannot sign the room's challenge (the key is in the
visitor's SSH client, on their machine): the door gives it a pass instead, which the room
takes once, within ``LIFE`` seconds, as that key proven."""

from __future__ import annotations

import secrets
from collections.abc import Callable

LIFE = 60.0  # seconds a pass is good for


class DoorPasses:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.passes: dict[str, tuple[str, str, float]] = {}  # pass -> key, name, when

    def issue(self, key: str, name: str) -> str:
        """A pass standing for ``key`` (a visitor the door let in, as ``name``)."""
        now = self.clock()
        for old in [p for p, (_k, _n, when) in self.passes.items() if now - when > LIFE]:
            del self.passes[old]
        token = secrets.token_urlsafe(24)
        self.passes[token] = (key, name, now)
        return token

    def use(self, token: object) -> tuple[str, str] | None:
        """The key and name a pass stands for, the pass used up; None: no such pass (or
        one too old)."""
        if not isinstance(token, str) or token not in self.passes:
            return None
        key, name, when = self.passes.pop(token)
        return (key, name) if self.clock() - when <= LIFE else None
