"""Who comes in to a host's table and who goes: the hello checked (the protocol, the invite
code, a name, a place's key), a place taken and given back, a dropped player's place held
and then handed to a bot. ``Admission`` is a part of ``Host`` (``host.py``).

A player coming back gets the place again in one of two ways: with the place's secret key
(sent in their ``welcome``), even while the old connection still looks alive (it is closed:
a machine that lost its network may hold a dead connection for minutes), or, once the old
connection is gone, with the same name and the code.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from typing import TYPE_CHECKING, Any

from ..table.seats import HUMAN
from . import protocol as P
from .conn import Connection

if TYPE_CHECKING:
    from ..table.loop import TableLoop
    from ..table.session import Session
    from .settings import NetSettings

REPLACED = "your place was taken back with its key by another connection"


def peer(writer: asyncio.StreamWriter) -> str:
    """The client's address as the log shows it (``host:port``)."""
    where = writer.get_extra_info("peername")
    if isinstance(where, tuple) and len(where) >= 2:
        host = str(where[0])
        return f"[{host}]:{where[1]}" if ":" in host else f"{host}:{where[1]}"
    return "?"


class Admission:
    """The host's door."""

    settings: NetSettings
    code: str
    owners: list[str | None]
    conns: list[Connection | None]
    keys: list[str | None]
    clients: set[Connection]
    holds: dict[int, asyncio.TimerHandle]
    session: Session | None
    table: TableLoop | None
    done: asyncio.Event

    if TYPE_CHECKING:  # the rest of the host (stubs here would hide the real ones)
        def tell(self, kind: str, **fields: Any) -> None: ...
        def lobby(self) -> None: ...
        def advance(self) -> None: ...
        def save(self) -> None: ...
        def on_message(self, conn: Connection, message: dict[str, Any]) -> None: ...
        def send_views(self, conn: Connection) -> None: ...
        def welcome(self, conn: Connection) -> dict[str, Any]: ...

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One client, from its hello to its leaving."""
        conn = Connection(reader, writer, self.settings.limits)
        conn.peer = peer(writer)
        try:
            hello = await asyncio.wait_for(conn.read(), self.settings.hello_timeout)
            if hello is None or not self.greet(conn, hello):
                return
            while not self.done.is_set():
                message = await conn.read()
                if message is None:
                    break
                self.on_message(conn, message)
        except P.ProtocolError as e:
            self.turn_away(conn, str(e))
        except TimeoutError:
            self.turn_away(conn, "no hello in time")
        finally:
            self.leave(conn)

    def turn_away(self, conn: Connection, problem: str) -> None:
        """Tell a client why it is cut off, and hang up; the log says so when it never got
        in (a client at the table that breaks the rules leaves as a dropped player)."""
        if conn not in self.clients:
            self.tell("refused", reason=problem, peer=conn.peer)
        conn.close(problem)

    def hello_problem(self, hello: dict[str, Any]) -> tuple[str, int | None]:
        """Why a hello is refused ("" when it is not), and the place its key names."""
        code, name, key = hello.get("code"), hello.get("name"), hello.get("key")
        if hello.get("type") != P.HELLO:
            return "the first message must be a hello", None
        if hello.get("protocol") != P.PROTOCOL or isinstance(hello.get("protocol"), bool):
            return f"this host speaks protocol {P.PROTOCOL}", None
        if not isinstance(code, str) or not hmac.compare_digest(
                code.strip().upper().encode(), self.code.encode()):
            return "wrong invite code", None
        if key is not None:
            if not isinstance(key, str):
                return "a key must be a string", None
            place = self.place_of_key(key)
            if place is None:
                return "wrong key: it holds no place at this table", None
            return "", place
        if not isinstance(name, str):
            return "a name must be a string", None
        if len(name) > P.MAX_NAME_SENT:
            return f"a name must be at most {P.MAX_NAME_SENT} characters", None
        if not P.clean_text(name, P.MAX_NAME):
            return "a name is needed", None
        return "", None

    def place_of_key(self, key: str) -> int | None:
        given = key.encode("utf-8", "replace")
        found = None
        for p, held in enumerate(self.keys):  # every place compared: no early answer
            if held is not None and hmac.compare_digest(given, held.encode()):
                found = p
        return found

    def greet(self, conn: Connection, hello: dict[str, Any]) -> bool:
        """Check a hello; then welcome it, with its place when it comes back to one."""
        problem, place = self.hello_problem(hello)
        name = P.clean_text(hello.get("name"), P.MAX_NAME)
        if place is not None:
            name = self.owners[place] or name
            old = self.conns[place]
            if old is not None:  # the player is back while the old connection lingers
                self.evict(old)
        if not problem and len(self.clients) >= self.settings.max_clients:
            problem = "the table is full"
        elif not problem and any(c.name == name for c in self.clients):
            problem = f"{name} is already at the table"
        if problem:
            self.turn_away(conn, problem)
            return False
        conn.name = name
        self.clients.add(conn)
        if place is None and name in self.owners:  # back by name: the place is given back
            place = self.owners.index(name)
        if place is not None:
            self.take(conn, place)
        self.tell("came", name=name, seat=place, back=place is not None, peer=conn.peer)
        conn.send(self.welcome(conn))
        self.send_views(conn)
        self.lobby()
        self.advance()
        return True

    def evict(self, old: Connection) -> None:
        """Close a connection whose place was taken back with its key: no hold starts."""
        self.clients.discard(old)
        if old.player is not None and self.conns[old.player] is old:
            self.conns[old.player] = None
        old.player = None
        old.close(REPLACED)

    def leave(self, conn: Connection) -> None:
        conn.close()  # one that never got in too: its sending ends with it
        if conn not in self.clients:
            return
        self.clients.discard(conn)
        p = conn.player
        held = None
        if p is not None and self.conns[p] is conn:
            self.conns[p] = None
            if self.session is None:
                self.owners[p] = None  # not started: the place is free again
                self.keys[p] = None
            elif not self.done.is_set():
                loop = asyncio.get_running_loop()
                self.holds[p] = loop.call_later(self.settings.hold, self.hold_over, p)
                held = self.settings.hold
        if not self.done.is_set():
            self.tell("left", name=conn.name, seat=p, held=held)
        self.lobby()

    def hold_over(self, player: int) -> None:
        """A dropped player has not come back in time: a bot plays the place."""
        self.holds.pop(player, None)
        if self.session is None or self.conns[player] is not None or self.done.is_set():
            return
        spec = self.session.people[player]
        spec.kind, spec.level = "bot", self.settings.level
        self.tell("replaced", name=self.owners[player], seat=player, level=spec.level)
        self.save()
        self.lobby()
        self.advance()

    def take(self, conn: Connection, player: int) -> None:
        """``conn`` holds ``player``'s place from now on (a person plays it)."""
        conn.player = player
        conn.sent = {}
        self.owners[player] = conn.name
        self.conns[player] = conn
        if self.keys[player] is None:
            self.keys[player] = secrets.token_urlsafe(18)
        timer = self.holds.pop(player, None)
        if timer is not None:
            timer.cancel()
        if self.session is not None:
            spec = self.session.people[player]
            spec.kind, spec.level, spec.name = HUMAN, "", conn.name
            self.save()
