"""A public card room (``bisca-tui room``): one port where anyone who reaches it comes into a
lobby, sees the open tables, who is in the room and the leaderboards, opens a table, sits at
one or watches it, asks for a quick match, and talks. Each table is a ``net.host.Host`` the
room holds; a rated one's result moves its players' ratings (``rated``), a player who left
it before the end counting as the last.

The room keeps its players and ratings in a ``RoomStore`` (SQLite in the data folder on one
machine). Everything runs on the event loop's thread but the bots' thinking.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

from ..argtypes import builtin_levels
from ..engine.variant import all_variants, make_variant
from ..net import protocol as P
from ..net import room_protocol as R
from ..net.chatlog import MUTED, TOO_FAST, ChatLog, ChatMeter
from ..net.conn import Limits
from ..net.guard import Guard
from ..net.host import Host
from ..net.hostfiles import Resume
from ..net.settings import NetSettings, new_code
from ..table.seats import default_level
from .bus import Bus, LocalBus
from .caps import RoomCaps
from .cluster import Cluster, table_number
from .lobby_board import leaderboard
from .matchmaker import Matchmaker
from .noticeboard import Noticeboard
from .passes import DoorPasses
from .person import Person
from .rated import rate_table
from .saves import keep_saving
from .store import RoomStore, folded
from .table import RoomTable

Listener = Callable[[str, dict[str, Any]], None]
LEVELS = ("easy", "medium", "hard")  # the bots a table of the room may have
NO_NUMBER = "the room cannot open a table just now: try again in a moment"
NO_TABLE = "there is no such table in the lobby"
GUEST_WATCHES = "a rated table is for players with a key: a guest may watch it"


class Room:
    def __init__(self, store: RoomStore, caps: RoomCaps | None = None,
                 events: Listener | None = None, guests: bool = True,
                 hold: float = 60.0, limits: Limits | None = None,
                 clock: Callable[[], float] = time.monotonic, bus: Bus | None = None,
                 proxied: bool = False) -> None:
        self.store = store
        self.bus: Bus = bus or LocalBus()  # the room's other processes, if any
        self.caps = caps or RoomCaps()
        self.events = events
        self.guests = guests
        self.hold = hold
        self.limits = limits or Limits(chat_rate=self.caps.chat_rate,
                                       chat_burst=self.caps.chat_burst)
        self.clock = clock
        self.guard = Guard()
        self.guard.tell = self.tell
        self.people: list[Person] = []
        self.named: dict[str, Person] = {}  # the people in the lobby by name
        self.lookalikes: dict[str, Person] = {}  # and by the form two lookalikes share
        self.codes: dict[str, RoomTable] = {}  # the tables by code
        self.games = [{"variant": c.id, "name": c.name, "players": list(c.players),
                       "default": c.default_players, "family": c.family}
                      for c in all_variants()]
        self.muted: set[str] = set()
        self.tables: dict[int, RoomTable] = {}
        self.numbers = 0
        self.chat = ChatLog()
        self.matchmaker = Matchmaker(self)
        self.board = Noticeboard(self)
        self.seated: dict[str, int] = {}  # who is at a table (playing or watching), and which
        self.passes = DoorPasses(clock)  # the SSH door's, for the clients it starts
        self.closed = False
        self.proxied = proxied  # behind a balancer: a PROXY protocol line says who came
        self.cluster: Cluster | None = None  # one process of several (``cluster``)
        self.owner = ""  # this process's name among the room's (its tables' saves are its)

    def tell(self, kind: str, **fields: Any) -> None:
        if self.events is not None:
            with contextlib.suppress(Exception):
                self.events(kind, fields)

    # ----- people ------------------------------------------------------------------------

    def come(self, person: Person) -> None:
        person.meter = ChatMeter(self.caps.chat_rate, self.caps.chat_burst, self.clock())
        self.people.append(person)
        self.named[person.name] = person
        self.lookalikes[folded(person.name)] = person
        person.conn.send({"type": R.ROOM, "you": person.name, "guest": person.guest,
                          "games": self.games, "levels": list(LEVELS),
                          "chat": self.chat.recent()})
        person.conn.send(self.board.tables())
        self.board.people_changed()
        self.tell("came", name=person.name, guest=person.guest, peer=person.conn.peer)

    def go(self, person: Person) -> None:
        if not person.here:
            return
        person.here = False
        with contextlib.suppress(ValueError):
            self.people.remove(person)
        if self.named.get(person.name) is person:
            del self.named[person.name]
        if self.lookalikes.get(folded(person.name)) is person:
            del self.lookalikes[folded(person.name)]
        self.matchmaker.drop(person.name)
        person.conn.close()
        self.board.people_changed()
        self.tell("went", name=person.name)

    def find(self, name: str) -> Person | None:
        return self.named.get(name)

    def looking_like(self, name: str) -> Person | None:
        """Who in the lobby goes by ``name``, or one that looks like it (case aside)."""
        return self.lookalikes.get(folded(name))

    # ----- the lobby's messages ----------------------------------------------------------

    def on_message(self, person: Person, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == P.CHAT:
            self.say(person, message.get("text"))
        elif kind == R.OPEN:
            self.open(person, message)
        elif kind == R.ENTER:
            self.enter(person, message.get("table"), bool(message.get("watch")))
        elif kind == R.QUICK:
            self.matchmaker.ask(person, message.get("variant"))
        elif kind == R.UNQUICK:
            if self.matchmaker.drop(person.name):
                person.conn.send({"type": R.WAITING, "variant": None})
        elif kind == R.BOARD:
            self.send_board(person, message.get("variant"))
        elif kind == P.BYE:
            self.go(person)
        else:
            self.refuse(person, f"unknown message type {P.clean_text(kind, 20)!r}")

    def refuse(self, person: Person, rule: str) -> None:
        person.conn.send({"type": P.REFUSED, "rule": rule})

    def say(self, person: Person, text: Any) -> None:
        line = P.clean_text(text, P.MAX_CHAT)
        if not line:
            return
        if person.name in self.muted:
            return self.refuse(person, MUTED)
        assert person.meter is not None
        if not person.meter.allows(self.clock()):
            return self.refuse(person, TOO_FAST)
        self.heard(person.name, line)
        self.bus.said(person.name, line)

    def heard(self, name: str, line: str) -> None:
        """A line said in the lobby (of this process or another), to everyone here."""
        message = P.encode(self.chat.add(name, line))
        for other in self.people:
            other.conn.send(message)

    def open(self, person: Person, m: dict[str, Any]) -> None:
        """Open a table as ``m`` says: its game, house rules and number of players, how many
        places people take (the others bots'; no bots: every place), the bots' level,
        rated or not, private (its code to the opener alone) or listed."""
        refuse = self.refuse
        mine = sum(t.opener == person.name and not t.over for t in self.tables.values())
        if mine >= self.caps.tables_per_player:
            return refuse(person, f"you have {mine} tables open already")
        if len(self.tables) >= self.caps.tables:
            return refuse(person, "the room has as many tables as it can hold")
        rated, private, bots = bool(m.get("rated")), bool(m.get("private")), m.get("bots", True)
        if rated and person.guest:
            return refuse(person, "a guest's tables are not rated")
        if rated and private:
            return refuse(person, "a private table is not rated")
        options = m.get("options") or {}
        if not isinstance(options, dict) or len(options) > R.MAX_OPTIONS:
            return refuse(person, "house rules are a few names and values")
        level = m.get("level", default_level())
        if level not in LEVELS or level not in builtin_levels():
            return refuse(person, f"the bots' level is one of {', '.join(LEVELS)}")
        try:
            variant = make_variant(str(m.get("variant")), options, m.get("players"))
        except (ValueError, TypeError, KeyError) as e:
            return refuse(person, str(e) or "no such game")
        n = variant.n_people
        people = m.get("people", n)
        if not bots:
            people = n
        if not isinstance(people, int) or isinstance(people, bool) or not 1 <= people <= n:
            return refuse(person, f"people take 1 to {n} places at this table")
        table = self.new_table(person.name, variant.id, variant.options, variant.n_people,
                               people, level, rated=rated, private=private,
                               bots=bool(bots))
        if table is None:
            return refuse(person, NO_NUMBER)
        self.send_go(person.name, table, watch=False)

    def new_table(self, opener: str, variant: str, options: dict[str, Any], players: int,
                  people: int, level: str, rated: bool = False, private: bool = False,
                  bots: bool = True, quick: bool = False) -> RoomTable | None:
        number = table_number(self)  # (unique among the room's processes)
        if number is None:
            return None
        self.numbers = max(self.numbers, number)
        settings = NetSettings(variant, dict(options), players, open=tuple(range(people)),
                               start_with=people, level=level, hold=self.hold,
                               limits=self.limits, max_watchers=self.caps.watchers,
                               hints=not rated)
        code = new_code()
        while code in self.codes:
            code = new_code()
        host = Host(settings, code, guard=self.guard)
        table = RoomTable(number, host, opener, rated=rated, private=private, bots=bots,
                          quick=quick)
        self.seat_table(table)
        self.tell("opened", table=number, game=variant, opener=opener, rated=rated,
                  private=private)
        self.board.tables_changed()
        return table

    def seat_table(self, table: RoomTable) -> None:
        """``table`` is the room's: its events heard, its match saved in the store."""
        table.host.events = self.table_listener(table)
        table.host.muted = self.muted  # whom the operator muted, at every table too
        keep_saving(table, self.store, self.owner)
        self.tables[table.number] = table
        self.codes[table.code] = table

    def reopen(self, number: int, resume: Resume, part: dict[str, Any]) -> None:
        """A table saved before the room stopped, open again: every player is away, their
        place held for them a while, as at a hosted match started again."""
        tickets, left = part.get("tickets", {}), part.get("left", [])
        if not isinstance(tickets, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in tickets.items()) \
                or not isinstance(left, list) or not all(isinstance(x, str) for x in left):
            raise ValueError("table.host.room's tickets or leavers are not names")
        settings = resume.settings(hold=self.hold, limits=self.limits,
                                   max_watchers=self.caps.watchers)
        host = Host(settings, resume.code, guard=self.guard)
        table = RoomTable(number, host, str(part.get("opener", "")),
                          rated=bool(part.get("rated")), private=bool(part.get("private")),
                          bots=bool(part.get("bots", True)), quick=bool(part.get("quick")),
                          tickets=dict(tickets), left=set(left))
        if isinstance(part.get("match"), str) and part["match"]:
            table.match = part["match"]  # (a save from before matches had ids: a new one)
        self.seat_table(table)
        host.restore(resume)
        self.numbers = max(self.numbers, number)
        self.tell("reopened", table=number, game=host.variant.id)
        host.advance()

    def enter(self, person: Person, number: Any, watch: bool) -> None:
        if isinstance(number, int) and number not in self.tables and self.bus.enter(
                person.name, person.guest, number, watch):
            return  # the process holding it answers
        self.admit(person.name, person.guest, number, watch)

    def admit(self, name: str, guest: bool, number: Any, watch: bool) -> None:
        """Let ``name`` (in this process's lobby or another's) in to table ``number``."""
        table = self.tables.get(number) if isinstance(number, int) else None
        if table is None or table.private or table.over:
            self.send_to(name, {"type": P.REFUSED, "rule": NO_TABLE})
        elif table.rated and guest and not watch:
            self.send_to(name, {"type": P.REFUSED, "rule": GUEST_WATCHES})
        else:
            self.send_go(name, table, watch)

    def send_go(self, name: str, table: RoomTable, watch: bool) -> None:
        go = {"type": R.GO, "table": table.number, "code": table.code,
              "ticket": table.ticket(name), "watch": watch, "private": table.private}
        self.send_to(name, go)

    def send_to(self, name: str, message: dict[str, Any]) -> bool:
        """Send ``message`` to ``name``, in this process's lobby or another's."""
        person = self.find(name)
        if person is not None:
            return person.conn.send(message)
        return self.bus.send_to(name, message)

    def by_code(self, code: str) -> RoomTable | None:
        table = self.codes.get(code.strip().upper())
        return table if table is not None and not table.over else None

    def forget(self, table: RoomTable) -> None:
        """``table`` is no longer the room's."""
        if self.tables.get(table.number) is table:
            del self.tables[table.number]
        if self.codes.get(table.code) is table:
            del self.codes[table.code]

    # ----- ratings -----------------------------------------------------------------------

    def send_board(self, person: Person, variant: Any) -> None:
        try:
            v = make_variant(str(variant))
        except (ValueError, KeyError) as e:
            return self.refuse(person, str(e) or "no such game")
        person.conn.send(leaderboard(self.store.ratings, v, LEVELS))

    def table_listener(self, table: RoomTable) -> Listener:
        def heard(kind: str, fields: dict[str, Any]) -> None:
            table.listed = None  # (what the lobby lists of it is made again when asked)
            if kind == "replaced" and table.rated and fields.get("name"):
                table.left.add(fields["name"])
            name = fields.get("name")
            if kind == "came" and isinstance(name, str):
                self.seated[name] = table.number
            elif kind == "left" and self.seated.get(name) == table.number:
                self.back_in_lobby(name)
            if kind == "over":
                self.table_over(table, bool(fields.get("finished")))
            if kind in ("sat", "left", "came", "started", "replaced", "over"):
                self.board.tables_changed()
            if kind == "left" and not table.started and not table.host.places.held() \
                    and not table.host.clients:
                self.close_table(table.number, "everyone left before it started")
            self.tell(f"table {kind}", table=table.number, **fields)

        return heard

    def back_in_lobby(self, name: str) -> None:
        """``name`` is at no table now: their lobby is told again what it missed meanwhile
        (the lobby tells nobody at a table of the tables and people, which change often)."""
        self.seated.pop(name, None)
        person = self.find(name)
        if person is not None:
            person.conn.send(self.board.tables())
            person.conn.send(self.board.people())

    def unseat(self, number: int) -> None:
        for name in [n for n, at in self.seated.items() if at == number]:
            self.back_in_lobby(name)

    def table_over(self, table: RoomTable, finished: bool) -> None:
        self.unseat(table.number)
        if table.rated and finished:
            rate_table(self, table)
        loop = asyncio.get_running_loop()
        loop.call_later(5.0, self.forget, table)  # (its last messages go out meanwhile)

    def close_table(self, number: int, why: str) -> bool:
        """End a table now (the operator's, or nobody is left at it)."""
        table = self.tables.get(number)
        if table is None:
            return False
        self.forget(table)
        table.host.abandon(f"the room closed this table: {why}")
        self.unseat(number)
        self.store.drop_table(number)  # (its last actions were saved as it stopped)
        self.tell("closed", table=number, why=why)
        self.board.tables_changed()
        return True

    # ----- the operator ------------------------------------------------------------------

    def mute(self, name: str, on: bool = True) -> None:
        """``name`` may not talk in the lobby nor at a table (``on``), or may again."""
        (self.muted.add if on else self.muted.discard)(name)
        self.bus.mute(name, on)

    def kick(self, name: str) -> bool:
        """Send ``name`` out of the room and its tables, in every process of it."""
        elsewhere = self.bus.kick(name)
        return self.kick_here(name) or elsewhere

    def kick_here(self, name: str) -> bool:
        found = False
        person = self.find(name)
        if person is not None:
            person.conn.close("the room's operator sent you out")
            self.go(person)
            found = True
        for t in self.tables.values():
            for c in list(t.host.clients):
                if c.name == name:
                    c.close("the room's operator sent you out")
                    found = True
        return found

    async def stop(self) -> None:
        self.closed = True
        for table in self.tables.values():  # saved as they are: open again at the restart
            table.host.abandon("the room has stopped; its tables go on when it starts again")
        for p in list(self.people):
            p.conn.close("the room is closing")
            self.go(p)
        await self.matchmaker.stop()
        await self.bus.stop()
