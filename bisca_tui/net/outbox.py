"""What a host sends about its table: the places and who holds them, the welcome, the lobby,
the chat, a refusal, and each client's views. ``Outbox`` is the part of the ``Host``
(``host.py``) that sends; every message leaves through it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from . import protocol as P
from .chatlog import MUTED, TOO_FAST, ChatLog
from .views import views_key

if TYPE_CHECKING:
    from .conn import Connection
    from .host import Host


class Outbox:
    """The host's messages to its clients, and the last lines said at the table."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.chat = ChatLog()  # the last lines said, for a client that comes in

    def seats_json(self) -> list[dict[str, Any]]:
        places, session = self.host.places, self.host.session
        out = []
        for p, owner in enumerate(places.owners):
            spec = session.people[p] if session is not None else None
            kind = ("person" if owner and (spec is None or spec.is_human) else
                    "bot" if spec is not None else "open" if p in places.open else "bot")
            out.append({"seat": p, "name": owner or (spec.name if spec else None),
                        "kind": kind, "held_by": owner,
                        "connected": places.conns[p] is not None, "open": p in places.open})
        return out

    def welcome(self, conn: Connection) -> dict[str, Any]:
        """The welcome of ``conn``: with its place, the place's secret key (for this client
        only: it takes the place back over a connection that still looks alive), and the
        last lines said at the table."""
        host = self.host
        v = host.variant
        message = {
            "type": P.WELCOME, "protocol": conn.protocol, "you": conn.name,
            "seat": conn.player, "started": host.session is not None,
            "game": {"variant": v.id, "name": v.name, "players": v.n_people, "seats": v.n,
                     "options": {k: P.plain(x) for k, x in v.options.items()}},
            "seats": self.seats_json(), "chat": self.chat.recent(),
            "hints": host.settings.hints}
        if conn.player is not None:
            message["key"] = host.places.keys[conn.player]
        return message

    def lobby(self) -> None:
        host = self.host
        self.send_all({"type": P.LOBBY, "started": host.session is not None,
                       "seats": self.seats_json(), "watchers": sum(
                           c.player is None for c in host.clients)})

    def said(self, conn: Connection, raw: object) -> None:
        """A line of chat from ``conn``: to everyone, unless its speaker is muted or talks
        too fast (then told so)."""
        text = P.clean_text(raw, P.MAX_CHAT)
        if not text:
            return
        if conn.name in self.host.muted:
            return self.refuse(conn, MUTED)
        if not conn.talk.allows(time.monotonic()):
            return self.refuse(conn, TOO_FAST)
        self.say(conn.name, text)

    def say(self, name: str, text: str) -> None:
        """A line said at the table, to everyone (and kept for those who come later)."""
        self.send_all(self.chat.add(name, text))

    def refuse(self, conn: Connection, rule: str, action: Any = None,
               seat: int | None = None) -> None:
        """Tell ``conn`` why its message was not taken (the token: as ``seat`` is told it)."""
        host = self.host
        message: dict[str, Any] = {"type": P.REFUSED, "rule": rule}
        if isinstance(action, str):
            message["action"] = P.clean_text(action, 40)
        views, session = host.views, host.session
        if views is not None and session is not None and not host.done.is_set():
            if seat is None:
                seat = session.seat_of(conn.player) if conn.player is not None else None
            message["token"] = views.token(views_key(seat))
        conn.send(message)

    def send_all(self, message: dict[str, Any]) -> None:
        line = P.encode(message)
        for conn in list(self.host.clients):
            conn.send(line)

    def broadcast(self) -> None:
        views = self.host.views
        if views is None:
            return
        position = views.here()  # worked out once for every client
        for conn in list(self.host.clients):
            for line in views.messages(conn.player, conn.sent, conn.protocol, position):
                conn.send(line)

    def shuffle(self, index: int, revealed: bool = False,
                conn: Connection | None = None) -> None:
        """Deal ``index``'s commitment to its shuffle, said before the deal; with
        ``revealed``, after it, the seed and the salt that give it. To everyone, or to
        ``conn`` alone (a player come in during the deal)."""
        session = self.host.session
        proof = session.match.shuffle_proof(index) if session is not None else None
        if proof is None:
            return
        message: dict[str, Any] = {"type": P.SHUFFLE, "deal": index + 1,
                                   "commitment": proof.commitment}
        if revealed:
            message.update(seed=session.match.deals[index].seed, salt=proof.salt)
        if conn is None:
            self.send_all(message)
        else:
            conn.send(P.encode(message))

    def send_views(self, conn: Connection) -> None:
        views = self.host.views
        session = self.host.session
        if session is not None and session.match.deals:
            self.shuffle(len(session.match.deals) - 1, conn=conn)
        if views is not None:
            for line in views.messages(conn.player, conn.sent, conn.protocol):
                conn.send(line)
