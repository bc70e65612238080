"""What a host sends about its table: the places and who holds them, the welcome, the lobby,
and each client's views. ``Sending`` is a part of ``Host`` (``host.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import protocol as P

if TYPE_CHECKING:
    from ..engine.variant import Variant
    from ..table.session import Session
    from .chatlog import ChatLog
    from .conn import Connection
    from .views import Views


class Sending:
    """The host's messages to its clients."""

    variant: Variant
    session: Session | None
    views: Views | None
    owners: list[str | None]
    conns: list[Connection | None]
    keys: list[str | None]
    open: tuple[int, ...]
    clients: set[Connection]
    chat: ChatLog

    def seats_json(self) -> list[dict[str, Any]]:
        out = []
        for p, owner in enumerate(self.owners):
            spec = self.session.people[p] if self.session is not None else None
            kind = ("person" if owner and (spec is None or spec.is_human) else
                    "bot" if spec is not None else "open" if p in self.open else "bot")
            out.append({"seat": p, "name": owner or (spec.name if spec else None),
                        "kind": kind, "held_by": owner,
                        "connected": self.conns[p] is not None, "open": p in self.open})
        return out

    def welcome(self, conn: Connection) -> dict[str, Any]:
        """The welcome of ``conn``: with its place, the place's secret key (for this client
        only: it takes the place back over a connection that still looks alive), and the
        last lines said at the table."""
        v = self.variant
        message = {
            "type": P.WELCOME, "protocol": conn.protocol, "you": conn.name,
            "seat": conn.player, "started": self.session is not None,
            "game": {"variant": v.id, "name": v.name, "players": v.n_people, "seats": v.n,
                     "options": {k: P.plain(x) for k, x in v.options.items()}},
            "seats": self.seats_json(), "chat": self.chat.recent(),
            "hints": self.settings.hints}
        if conn.player is not None:
            message["key"] = self.keys[conn.player]
        return message

    def lobby(self) -> None:
        self.send_all({"type": P.LOBBY, "started": self.session is not None,
                       "seats": self.seats_json(), "watchers": sum(
                           c.player is None for c in self.clients)})

    def send_all(self, message: dict[str, Any]) -> None:
        line = P.encode(message)
        for conn in list(self.clients):
            conn.send(line)

    def broadcast(self) -> None:
        for conn in list(self.clients):
            self.send_views(conn)

    def send_views(self, conn: Connection) -> None:
        if self.views is not None:
            for line in self.views.messages(conn.player, conn.sent, conn.protocol):
                conn.send(line)
