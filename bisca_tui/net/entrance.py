"""A host's entrance: who comes in to its table and who goes. The hello checked (the
protocol, the invite code, a name, a place's key), a place taken and given back, a dropped
player's place held and then handed to a bot. ``Entrance`` is the part of the ``Host``
(``host.py``) that does it; who holds which place is ``places``'.

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
from typing import TYPE_CHECKING, Any

from ..table.seats import HUMAN
from . import protocol as P
from .conn import Connection
from .lookalike import confusable

if TYPE_CHECKING:
    from .host import Host

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


class Entrance:
    """The host's door: each client from its hello to its leaving, and the places it takes
    and gives back."""

    def __init__(self, host: Host) -> None:
        self.host = host

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One client, from its hello to its leaving."""
        host = self.host
        conn = Connection(reader, writer, host.settings.limits)
        conn.peer, conn.address = peer(writer), address_of(writer)
        try:
            hello = await asyncio.wait_for(conn.read(), host.settings.hello_timeout)
        except P.ProtocolError as e:
            hello = None
            self.turn_away(conn, str(e))
        except TimeoutError:
            hello = None
            self.turn_away(conn, "no hello in time")
        except asyncio.CancelledError:  # the host stopped
            conn.abort()
            return
        if hello is None:
            self.leave(conn)
            return
        await self.admit(conn, hello)

    async def admit(self, conn: Connection, hello: dict[str, Any]) -> None:
        """One client whose ``hello`` was read (by this door, or by a room's that holds
        the table), from that hello to its leaving."""
        host = self.host
        try:
            await host.guard.pause(conn.address)  # an address that guessed waits its turn
            if host.guard.barred(conn.address):  # logged once, when it was barred
                conn.close(BARRED)
                return
            if host.done.is_set() or not self.greet(conn, hello):
                return
            while not host.done.is_set():
                message = await conn.read()
                if message is None:
                    break
                host.on_message(conn, message)
        except P.ProtocolError as e:
            self.turn_away(conn, str(e))
        except TimeoutError:
            self.turn_away(conn, "no hello in time")
        except asyncio.CancelledError:  # the event loop is closing (the host stopped): this
            conn.abort()  # task is nobody's to wait for, and asyncio would print its end
        except Exception as e:  # a fault of the host's: said in its log in one line, and
            # the client told, never a traceback in the host's output
            host.tell("problem", message=f"{conn.peer}: {e.__class__.__name__}: {e}")
            self.turn_away(conn, UNREAD)
        finally:
            self.leave(conn)

    def turn_away(self, conn: Connection, problem: str) -> None:
        """Tell a client why it is cut off, and hang up; the log says so when it never got
        in (a client at the table that breaks the rules leaves as a dropped player)."""
        if conn not in self.host.clients:
            self.host.tell("refused", reason=problem, peer=conn.peer)
        conn.close(problem)

    def hello_problem(self, hello: dict[str, Any]) -> tuple[str, int | None]:
        """Why a hello is refused ("" when it is not), and the place its key names."""
        code, name, key = hello.get("code"), hello.get("name"), hello.get("key")
        if hello.get("type") != P.HELLO:
            return "the first message must be a hello", None
        if not P.speaks(hello.get("protocol")):
            return f"this host speaks protocol {P.versions()}", None
        if not isinstance(code, str) or not hmac.compare_digest(
                code.strip().upper().encode("utf-8", "replace"), self.host.code.encode()):
            return WRONG_CODE, None
        if key is not None:
            if not isinstance(key, str):
                return "a key must be a string", None
            place = self.host.places.of_key(key)
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

    def greet(self, conn: Connection, hello: dict[str, Any]) -> bool:
        """Check a hello; then welcome it, with its place when its key names one."""
        host, places = self.host, self.host.places
        problem, place = self.hello_problem(hello)
        if problem in (WRONG_CODE, WRONG_KEY):
            host.guard.wrong(conn.address, "code" if problem == WRONG_CODE else "key")
            if host.guard.barred(conn.address):
                problem = BARRED
        name = P.clean_text(hello.get("name"), P.MAX_NAME)
        if not problem and place is not None:  # its key: the place's holder is back
            name = places.owners[place] or name
            old = places.conns[place]
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
        host.clients.add(conn)
        if place is not None:
            self.take(conn, place)
        host.tell("came", name=name, seat=place, back=place is not None, peer=conn.peer)
        conn.send(host.outbox.welcome(conn))
        host.outbox.send_views(conn)
        host.outbox.lobby()
        host.advance()
        return True

    def name_problem(self, name: str) -> str:
        """Why a newcomer may not use ``name`` ("" when it may): it is, or looks like, the
        name of someone at the table or of a place's holder who is away."""
        places = self.host.places
        for other in [c.name for c in self.host.clients] + [o for o in places.owners if o]:
            if other == name:
                return f"{name} {HELD}" if places.away(name) else f"{name} {IN_USE}"
            if confusable(other, name):
                return f"{name} {LOOKS_LIKE} {other}, who {IN_USE}"
        return ""

    def watchers(self) -> int:
        """The clients holding no place (a newcomer is one until it sits)."""
        return sum(c.player is None for c in self.host.clients)

    def room(self) -> int:
        """How many clients may hold no place: the watchers allowed, and one for each open
        place nobody holds (someone coming to take it)."""
        return self.host.settings.max_watchers + len(self.host.places.free())

    def evict(self, old: Connection) -> None:
        """Close a connection whose place was taken back with its key: no hold starts."""
        self.host.clients.discard(old)
        self.host.places.drop(old)
        old.player = None
        old.close(REPLACED)

    def leave(self, conn: Connection) -> None:
        host = self.host
        conn.close()  # one that never got in too: its sending ends with it
        if conn not in host.clients:
            return
        host.clients.discard(conn)
        p = conn.player
        held = None
        if host.places.drop(conn) is not None:
            assert p is not None
            if host.session is None:
                host.places.free_up(p)  # not started: the place is free again
            elif not host.done.is_set():
                self.hold(p)
                held = host.settings.hold
        if not host.done.is_set():
            host.tell("left", name=conn.name, seat=p, held=held)
        host.outbox.lobby()

    def hold(self, player: int) -> None:
        """Keep ``player``'s place for them a while (``hold_over`` when they are late)."""
        self.host.places.hold(player, self.host.settings.hold, self.hold_over)

    def hold_over(self, player: int) -> None:
        """A dropped player has not come back in time: a bot plays the place."""
        host = self.host
        host.places.holds.pop(player, None)
        if host.session is None or host.places.conns[player] is not None or host.done.is_set():
            return
        spec = host.session.people[player]
        spec.kind, spec.level = "bot", host.settings.level
        host.tell("replaced", name=host.places.owners[player], seat=player, level=spec.level)
        host.save()
        host.outbox.lobby()
        host.advance()

    def take(self, conn: Connection, player: int) -> None:
        """``conn`` holds ``player``'s place from now on (a person plays it)."""
        conn.sent = {}  # its views start again, from its seat's
        self.host.places.give(conn, player)
        session = self.host.session
        if session is not None:
            spec = session.people[player]
            spec.kind, spec.level, spec.name = HUMAN, "", conn.name
            self.host.save()
