"""The card room's door: every connection to the room's port, from its hello on.

- A hello with ``room`` comes to the lobby: a player proves their key by signing a fresh
  challenge (their name is the one bound to the key, or is bound to it now), a guest brings
  a name no player of the room holds. Then each lobby message goes to the room.
- A hello with a table's ``code`` goes to that table: a private table's code is its way in,
  as at a table one hosts; a table of the lobby wants the ticket the lobby gave (it seats
  its holder under their room name, so that nobody plays as another).

Connections from one address are counted, and past the room's cap refused; wrong codes,
tickets and proofs count as wrong tries with the room's guard.
"""

from __future__ import annotations

import asyncio
import hmac
import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from ..net import protocol as P
from ..net import room_protocol as R
from ..net.conn import Connection
from ..net.entrance import BARRED, WRONG_CODE, address_of, peer
from ..net.guard import source
from ..net.identity import challenge, proves
from .person import Person
from .relay import PROXY, ProxyLineError, parse_proxy
from .store import Unreachable

if TYPE_CHECKING:
    from .room import Room

TOO_MANY = "too many connections from your address"
NO_TICKET = "the tables of the room are reached from its lobby (bisca-tui join ROOM)"
NOT_PROVED = "the signature does not prove that key"
NO_GUESTS = "this room takes no guests: join with your key"
ROOM_FULL = "the room is full: try again later"
ELSEWHERE = "you came into the room from elsewhere"
KEY = re.compile(r"[0-9a-f]{64}")


class Door:
    def __init__(self, room: Room) -> None:
        self.room = room
        self.open_from: Counter[str] = Counter()

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, self.room.limits)
        conn.peer, conn.address = peer(writer), address_of(writer)
        await self.serve(conn)

    async def given(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    client: str, address: str, hello: dict[str, Any]) -> None:
        """A table's connection another process of the room on this machine gave this one,
        its ``hello`` read there (``socket_pass``): ``client`` and ``address`` are the
        client's, as the balancer named them."""
        conn = Connection(reader, writer, self.room.limits)
        conn.peer, conn.address = client, address
        await self.serve(conn, hello)

    async def serve(self, conn: Connection, hello: dict[str, Any] | None = None) -> None:
        """Serve ``conn`` from its hello on (read here unless given)."""
        room = self.room
        where = source(conn.address)
        self.open_from[where] += 1
        try:
            if self.open_from[where] > room.caps.per_address:
                room.tell("refused", reason=TOO_MANY, peer=conn.peer)
                conn.close(TOO_MANY)
                return
            if hello is None:
                try:
                    hello = await asyncio.wait_for(self.hello(conn), room.caps.hello_timeout)
                except (P.ProtocolError, ProxyLineError, TimeoutError) as e:
                    conn.close(str(e) or "no hello in time")
                    return
                if hello is None:
                    conn.close()
                    return
            await room.guard.pause(conn.address)
            if room.guard.barred(conn.address):
                conn.close(BARRED)
                return
            if hello.get("type") == R.WHO:  # another process of the room asks who is here
                conn.send({"type": R.WHO, "same": hello.get("process") == room.bus.process})
                conn.close()
            elif hello.get("type") != P.HELLO:
                conn.close("the first message must be a hello")
            elif not P.speaks(hello.get("protocol")):
                conn.close(f"this room speaks protocol {P.versions()}")
            elif hello.get("room"):
                await self.lobby(conn, hello)
            else:
                await self.to_table(conn, hello)
        except asyncio.CancelledError:
            conn.abort()
        except Unreachable as e:  # the room's database is away for now: the visitor is told
            conn.close(str(e))
        except Exception as e:  # the room's own fault: one line in its log, never a trace
            room.tell("problem", message=f"{conn.peer}: {e.__class__.__name__}: {e}")
            conn.close("the room could not take that message")
        finally:
            self.open_from[where] -= 1
            if self.open_from[where] <= 0:
                del self.open_from[where]

    async def hello(self, conn: Connection) -> dict[str, Any] | None:
        """The client's hello. Behind a balancer (``room.proxied``), a PROXY protocol line
        may come first: the client's address is the one it names (``relay``)."""
        if not self.room.proxied:
            return await conn.read()
        try:
            line = await conn.reader.readuntil(b"\n")
        except asyncio.LimitOverrunError:
            raise P.ProtocolError(f"a line is longer than {P.MAX_LINE} bytes") from None
        except (asyncio.IncompleteReadError, ConnectionError):
            return None
        if not line.startswith(PROXY):
            return P.decode(line)
        named = parse_proxy(line)
        if named is not None:
            conn.peer, conn.address = named
        return await conn.read()

    # ----- to a table --------------------------------------------------------------------

    async def to_table(self, conn: Connection, hello: dict[str, Any]) -> None:
        room = self.room
        code = hello.get("code")
        table = room.by_code(code) if isinstance(code, str) else None
        if table is None and room.cluster is not None and isinstance(code, str):
            if await room.cluster.pass_on(conn, hello, code):
                return  # another process of the room holds the table, and served it
            table = room.by_code(code)  # (or it came to this one meanwhile)
        if table is None:
            room.tell("refused", reason=WRONG_CODE, peer=conn.peer)
            room.guard.wrong(conn.address, "code")
            conn.close(BARRED if room.guard.barred(conn.address) else WRONG_CODE)
            return
        name = table.holder(hello.get("ticket"))
        if name is not None:
            hello = dict(hello, name=name)  # the room's name, whatever the hello said
        elif not table.private:
            room.guard.wrong(conn.address, "ticket")
            conn.close(NO_TICKET)
            return
        else:  # a private table's code is its way in; a room player's name is theirs alone
            asked = P.clean_text(hello.get("name"), P.MAX_NAME)
            if asked and room.store.owner(asked) is not None:
                conn.close(f"{asked}: {R.OWNED_NAME}")
                return
        await table.host.entrance.admit(conn, hello)

    # ----- the lobby ---------------------------------------------------------------------

    async def lobby(self, conn: Connection, hello: dict[str, Any]) -> None:
        room = self.room
        if len(room.people) >= room.caps.people:
            conn.close(ROOM_FULL)
            return
        person = await self.identify(conn, hello)
        if person is None:
            return
        if person.guest and not await room.bus.take_name(person.name):  # (at once, anywhere)
            conn.close(f"{person.name}: {R.USED_NAME}")
            return
        room.come(person)
        try:
            while True:
                message = await conn.read()
                if message is None:
                    break
                try:
                    room.on_message(person, message)
                except Unreachable as e:  # (a leaderboard, a quick match's rating): not now
                    room.refuse(person, str(e))
        except P.ProtocolError as e:
            conn.close(str(e))
        finally:
            room.go(person)
            if person.guest:
                room.bus.let_name_go(person.name)

    async def identify(self, conn: Connection, hello: dict[str, Any]) -> Person | None:
        """Who this is: a player whose key signs the challenge, or a guest; None when
        neither (the client told why, and hung up on)."""
        room = self.room
        name = P.clean_text(hello.get("name"), P.MAX_NAME)
        if not isinstance(hello.get("name"), str) or not name:
            conn.close("a name is needed")
            return None
        if hello.get("guest"):
            if not room.guests:
                conn.close(NO_GUESTS)
                return None
            problem = self.guest_name_problem(name)
            if problem:
                conn.close(problem)
                return None
            return Person(conn, name, key=None)
        if "door" in hello:  # from the room's SSH door, which checked the visitor's key
            vouched = room.passes.use(hello.get("door"))
            if vouched is None:
                room.guard.wrong(conn.address, "door pass")
                conn.close(NOT_PROVED)
                return None
            return self.player(conn, *vouched)
        key = hello.get("key")
        if not isinstance(key, str) or not KEY.fullmatch(key):
            conn.close("a player's key is 64 hex digits (or come as a guest)")
            return None
        asked = challenge()
        conn.send({"type": R.CHALLENGE, "challenge": asked})
        answer = await asyncio.wait_for(conn.read(), room.caps.hello_timeout)
        signature = answer.get("signature") if answer else None
        if answer is None or answer.get("type") != R.PROVE or not isinstance(
                signature, str) or not proves(key, asked, signature):
            room.guard.wrong(conn.address, "proof")
            conn.close(NOT_PROVED)
            return None
        return self.player(conn, key, name)

    def player(self, conn: Connection, key: str, name: str) -> Person | None:
        """The player of ``key`` (proven), by the name bound to it, or by ``name`` now bound
        to it; the same key's older connection to the lobby is let go."""
        room = self.room
        bound = room.store.name_of(key)
        if bound is None:
            problem = self.guest_name_problem(name, player=True) or room.store.claim(key, name)
            if problem:
                conn.close(problem)
                return None
            room.tell("named", name=name, peer=conn.peer)
            bound = name
        other = room.find(bound)  # the same key again (a name is one key's): the newer stays
        if other is not None and other.key is not None and hmac.compare_digest(other.key, key):
            other.conn.close(ELSEWHERE)
            room.go(other)
        room.bus.came(bound, key)  # and from another process of the room
        return Person(conn, bound, key=key)

    def guest_name_problem(self, name: str, player: bool = False) -> str:
        """Why a guest (or a newcomer's first name) may not be ``name``: a player of the
        room holds it, or someone in the room now (in any of its processes) goes by it or by one
        that looks like it."""
        room = self.room
        if not player and room.store.owner(name) is not None:
            return f"{name}: {R.OWNED_NAME}"
        if room.looking_like(name) is not None or room.bus.name_used(name):
            return f"{name}: {R.USED_NAME}"
        return ""



