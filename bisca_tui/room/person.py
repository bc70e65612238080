"""Someone in a room's lobby: their connection, the name the room knows them by, and their
key (None: a guest), with the pace of their chat."""

from __future__ import annotations

from dataclasses import dataclass

from ..net.chatlog import ChatMeter
from ..net.conn import Connection


@dataclass(eq=False)
class Person:
    conn: Connection
    name: str
    key: str | None
    meter: ChatMeter | None = None
    here: bool = True  # in the lobby still (``Room.go`` lets each go once)

    @property
    def guest(self) -> bool:
        return self.key is None
