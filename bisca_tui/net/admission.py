"""Who comes in to a host's table and who goes: the hello checked (the protocol, the invite
code, a name, a place's key), a place taken and given back, a dropped player's place held
and then handed to a bot. ``Admission`` is a part of ``Host`` (``host.py``).

A player coming back gets the place again with the place's secret key only (sent in their
``welcome``), even while the old connection still looks alive (it is closed: a machine that
lost its network may hold a dead connection for minutes). A name is no way back in: names
are public, so a hello with the name of a place's holder, or one that looks like any name at
the table (``lookalike``), is refused. Wrong codes and keys are counted by address
(``guard``): an address that guesses is slowed, then refused for a while. People at the
table and people watching are counted apart: watchers never fill the places' room.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
from typing import TYPE_CHECKING, Any

from ..table.seats import HUMAN
from . import protocol as P
from .conn import Connection
from .guard import Guard
from .lookalike import confusable

if TYPE_CHECKING:
    from ..table.loop import TableLoop
    from ..table.session import Session
    from .settings import NetSettings

REPLACED = "your place was taken back with its key by another connection"
WRONG_CODE = "wrong invite code"
WRONG_KEY = "wrong key: it holds no place at this table"
FULL = "the table is full"
BARRED = "too many wrong tries from your address: try again later"
UNREAD = "the host could not take that message"
IN_USE = "is already at the table"
LOOKS_LIKE = "looks like"  # "NAME looks like OTHER, who is already at the table"
HELD = "holds a place at this table: only its key gives it back"


def peer(writer: asyncio.StreamWriter) -> str:
    """The client's address as the log shows it (``host:port``)."""
    where = writer.get_extra_info("peername")
    if isinstance(where, tuple) and len(where) >= 2:
        host = str(where[0])
        return f"[{host}]:{where[1]}" if ":" in host else f"{host}:{where[1]}"
    return "?"


def address_of(writer: asyncio.StreamWriter) -> str:
    """The client's address without its port: what wrong tries are counted by."""
    where = writer.get_extra_info("peername")
    return str(where[0]) if isinstance(where, tuple) and where else "?"


class Admission:
    """The host's door."""

    settings: NetSettings
    code: str
    owners: list[str | None]
    conns: list[Connection | None]
    keys: list[str | None]
    clients: set[Connection]
    holds: dict[int, asyncio.TimerHandle]
    guard: Guard
    open: tuple[int, ...]
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
        conn.peer, conn.address = peer(writer), address_of(writer)
        try:
            hello = await asyncio.wait_for(conn.read(), self.settings.hello_timeout)
            if hello is None:
                return
            await self.guard.pause(conn.address)  # an address that guessed waits its turn
            if self.guard.barred(conn.address):  # logged once, when it was barred
                conn.close(BARRED)
                return
            if self.done.is_set() or not self.greet(conn, hello):
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
        except asyncio.CancelledError:  # the event loop is closing (the host stopped): this
            conn.abort()  # task is nobody's to wait for, and asyncio would print its end
        except Exception as e:  # a fault of the host's: said in its log in one line, and
            # the client told, never a traceback in the host's output
            self.tell("problem", message=f"{conn.peer}: {e.__class__.__name__}: {e}")
            self.turn_away(conn, UNREAD)
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
        if not P.speaks(hello.get("protocol")):
            return f"this host speaks protocol {P.versions()}", None
        if not isinstance(code, str) or not hmac.compare_digest(
                code.strip().upper().encode("utf-8", "replace"), self.code.encode()):
            return WRONG_CODE, None
        if key is not None:
            if not isinstance(key, str):
                return "a key must be a string", None
            place = self.place_of_key(key)
            if place is None:
                return WRONG_KEY, None
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
        """Check a hello; then welcome it, with its place when its key names one."""
        problem, place = self.hello_problem(hello)
        if problem in (WRONG_CODE, WRONG_KEY):
            self.guard.wrong(conn.address, "code" if problem == WRONG_CODE else "key")
            if self.guard.barred(conn.address):
                problem = BARRED
        name = P.clean_text(hello.get("name"), P.MAX_NAME)
        if not problem and place is not None:  # its key: the place's holder is back
            name = self.owners[place] or name
            old = self.conns[place]
            if old is not None:  # the player is back while the old connection lingers
                self.evict(old)
        elif not problem:
            problem = self.name_problem(name)
            if not problem and self.watchers() >= self.room():
                problem = FULL
        if problem:
            self.turn_away(conn, problem)
            return False
        conn.name = name
        conn.protocol = hello["protocol"]  # the version it is sent, from its welcome on
        self.clients.add(conn)
        if place is not None:
            self.take(conn, place)
        self.tell("came", name=name, seat=place, back=place is not None, peer=conn.peer)
        conn.send(self.welcome(conn))
        self.send_views(conn)
        self.lobby()
        self.advance()
        return True

    def name_problem(self, name: str) -> str:
        """Why a newcomer may not use ``name`` ("" when it may): it is, or looks like, the
        name of someone at the table or of a place's holder who is away."""
        for other in [c.name for c in self.clients] + [o for o in self.owners if o]:
            if other == name:
                held = name in self.owners and self.conns[self.owners.index(name)] is None
                return f"{name} {HELD}" if held else f"{name} {IN_USE}"
            if confusable(other, name):
                return f"{name} {LOOKS_LIKE} {other}, who {IN_USE}"
        return ""

    def watchers(self) -> int:
        """The clients holding no place (a newcomer is one until it sits)."""
        return sum(c.player is None for c in self.clients)

    def room(self) -> int:
        """How many clients may hold no place: the watchers allowed, and one for each open
        place nobody holds (someone coming to take it)."""
        free = sum(self.owners[p] is None for p in self.open)
        return self.settings.max_watchers + free

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
