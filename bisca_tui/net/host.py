"""A table shared over the network: an asyncio server that holds the match and is its only
authority. Clients come in with the invite code and a name, take a place at the table, and
are sent what their seat may see; every action they send is applied through the table's
turn loop (``table.loop``), which refuses one from another seat, out of turn, illegal or for
a position that is gone, and the table goes on. Places nobody holds are played by bots,
which think in worker threads so the host keeps answering. A player who drops keeps the
place: after ``hold`` seconds a bot plays for it, and the player coming back with the same
name and code takes it over again, with the current view.

``serve_table`` runs one table until its match is over; ``serve`` is the same as a
coroutine, for a program that runs its own event loop.
"""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from ..bots.base import bot_levels
from ..engine.actions import action_str, parse_action
from ..engine.errors import IllegalAction
from ..engine.variant import make_variant
from ..table.loop import (
    BOT,
    DEAL_CLOSED,
    DEAL_OVER,
    MATCH_OVER,
    PERSON,
    BotRequest,
    FileAutosave,
    Step,
    TableLoop,
)
from ..table.seats import BOT_NAMES, HUMAN, SeatSpec
from ..table.session import Session
from . import protocol as P
from .conn import Connection
from .settings import NetSettings, new_code
from .views import Views


class Host:
    """One table and its clients. Everything runs on the event loop's thread but the bots'
    thinking."""

    def __init__(self, settings: NetSettings, code: str) -> None:
        self.settings = settings
        self.code = code
        self.variant = make_variant(settings.variant, settings.options)
        n = self.variant.n_people
        if settings.level.startswith("cmd:") or settings.level not in bot_levels(arena=True):
            raise ValueError(f"unknown bot level {settings.level!r}")
        self.open = tuple(range(n)) if settings.open is None else tuple(settings.open)
        if any(not 0 <= p < n for p in self.open):
            raise ValueError(f"the places at this table are 0 to {n - 1}")
        self.start_with = len(self.open) if settings.start_with is None else settings.start_with
        self.owners: list[str | None] = [None] * n  # the name holding each place
        self.conns: list[Connection | None] = [None] * n
        self.clients: set[Connection] = set()
        self.closing: list[Connection] = []  # the clients told the match is over
        self.holds: dict[int, asyncio.TimerHandle] = {}
        self.session: Session | None = None
        self.table: TableLoop | None = None
        self.views: Views | None = None
        self.asking: tuple[int, int] | None = None  # the position a bot is thinking on
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bot")
        self.done = asyncio.Event()
        self.port = 0

    # ----- connections -------------------------------------------------------------------

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One client, from its hello to its leaving."""
        conn = Connection(reader, writer, self.settings.limits)
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
            conn.close(str(e))
        except TimeoutError:
            conn.close("no hello in time")
        finally:
            self.leave(conn)

    def greet(self, conn: Connection, hello: dict[str, Any]) -> bool:
        """Check a hello: the protocol, the code, a name not in use; then welcome it."""
        code = hello.get("code")
        name = P.clean_text(hello.get("name"), P.MAX_NAME)
        problem = ""
        if hello.get("type") != P.HELLO:
            problem = "the first message must be a hello"
        elif hello.get("protocol") != P.PROTOCOL:
            problem = f"this host speaks protocol {P.PROTOCOL}"
        elif not isinstance(code, str) or not hmac.compare_digest(
                code.strip().upper().encode(), self.code.encode()):
            problem = "wrong invite code"
        elif not name:
            problem = "a name is needed"
        elif len(self.clients) >= self.settings.max_clients:
            problem = "the table is full"
        elif any(c.name == name for c in self.clients):
            problem = f"{name} is already at the table"
        if problem:
            conn.close(problem)
            return False
        conn.name = name
        self.clients.add(conn)
        player = self.owners.index(name) if name in self.owners else None
        if player is not None:  # back: the place is given back
            self.take(conn, player)
        conn.send(self.welcome(conn))
        self.send_views(conn)
        self.lobby()
        self.advance()
        return True

    def leave(self, conn: Connection) -> None:
        if conn not in self.clients:
            return
        self.clients.discard(conn)
        conn.close()
        p = conn.player
        if p is not None and self.conns[p] is conn:
            self.conns[p] = None
            if self.session is None:
                self.owners[p] = None  # not started: the place is free again
            elif not self.done.is_set():
                loop = asyncio.get_running_loop()
                self.holds[p] = loop.call_later(self.settings.hold, self.hold_over, p)
        self.lobby()

    def hold_over(self, player: int) -> None:
        """A dropped player has not come back in time: a bot plays the place."""
        self.holds.pop(player, None)
        if self.session is None or self.conns[player] is not None or self.done.is_set():
            return
        spec = self.session.people[player]
        spec.kind, spec.level = "bot", self.settings.level
        self.lobby()
        self.advance()

    def take(self, conn: Connection, player: int) -> None:
        """``conn`` holds ``player``'s place from now on (a person plays it)."""
        conn.player = player
        conn.sent = {}
        self.owners[player] = conn.name
        self.conns[player] = conn
        timer = self.holds.pop(player, None)
        if timer is not None:
            timer.cancel()
        if self.session is not None:
            spec = self.session.people[player]
            spec.kind, spec.level, spec.name = HUMAN, "", conn.name

    # ----- messages ----------------------------------------------------------------------

    def on_message(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == P.SIT:
            self.sit(conn, message.get("seat"))
        elif kind == P.ACT:
            self.act(conn, message)
        elif kind == P.CHAT:
            text = P.clean_text(message.get("text"), P.MAX_CHAT)
            if text:
                self.send_all({"type": P.CHAT, "from": conn.name, "text": text})
        elif kind == P.BYE:
            self.leave(conn)
        else:
            self.refuse(conn, f"unknown message type {P.clean_text(kind, 20)!r}")

    def refuse(self, conn: Connection, rule: str, action: Any = None) -> None:
        message: dict[str, Any] = {"type": P.REFUSED, "rule": rule}
        if isinstance(action, str):
            message["action"] = P.clean_text(action, 40)
        if self.table is not None:
            message["token"] = list(self.table.token())
        conn.send(message)

    def sit(self, conn: Connection, seat: Any) -> None:
        free = [p for p in self.open if self.owners[p] is None]
        if conn.player is not None:
            return self.refuse(conn, "you already hold a place")
        if seat is None and free:
            seat = free[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.open:
            return self.refuse(conn, "that place is not open to players")
        if seat not in free:
            return self.refuse(conn, "that place is taken")
        self.take(conn, seat)
        conn.send(self.welcome(conn))
        self.lobby()
        if self.session is None and sum(o is not None for o in self.owners) >= self.start_with:
            self.start()
        else:
            self.send_views(conn)
            self.advance()

    def act(self, conn: Connection, message: dict[str, Any]) -> None:
        table, session, p = self.table, self.session, conn.player
        text = message.get("action")
        if table is None or session is None or self.done.is_set():
            return self.refuse(conn, "the match has not started", text)
        if p is None:
            return self.refuse(conn, "you hold no place at this table", text)
        seat = message.get("seat", session.seat_of(p))
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.variant.n:
            return self.refuse(conn, "no such seat", text)
        if session.person_of(session.controller(seat)) != p:
            return self.refuse(conn, f"seat {seat} is not yours to play", text)
        if message.get("token") != list(table.token()):
            return self.refuse(conn, "that answers a position that is gone", text)
        try:
            action = parse_action(text, self.variant.signal_names)
        except ValueError as e:
            return self.refuse(conn, str(e), text)
        if not session.is_human(seat):
            return self.refuse(conn, "a bot is playing that seat", text)
        try:
            step = table.act(action, seat)
        except IllegalAction as e:
            return self.refuse(conn, e.rule, text)
        conn.refund()
        self.played(step)

    # ----- the match ---------------------------------------------------------------------

    def start(self) -> None:
        """Deal: bots take the places nobody holds."""
        s = self.settings
        specs = []
        for p, owner in enumerate(self.owners):
            name = BOT_NAMES[p % len(BOT_NAMES)]
            specs.append(SeatSpec(HUMAN, owner) if owner else SeatSpec("bot", name, s.level))
        first = specs[0]
        if not any(x.is_human for x in specs):  # a session needs a person: one for now
            specs[0] = SeatSpec(HUMAN, first.name)
        session = Session.new(s.variant, s.options, specs, seed=s.seed, speed="instant")
        session.people[0].kind, session.people[0].level = first.kind, first.level
        self.session = session
        autosave = FileAutosave(session, s.save_dir) if s.save_dir is not None else None
        self.table = TableLoop(session, runner=self.run_bot, autosave=autosave)
        self.views = Views(session)
        self.lobby()
        self.broadcast()
        self.advance()

    def advance(self) -> None:
        """Play on until a person is to act or a bot is thinking."""
        table = self.table
        while table is not None and not self.done.is_set():
            turn = table.turn()
            if turn.kind == PERSON:
                return
            if turn.kind == BOT:
                if self.asking != table.token():
                    self.asking = table.token()
                    table.ask_bot(turn.seat)
                return
            if turn.kind == DEAL_OVER:
                table.end_deal()
                deals = self.settings.deals
                if deals is not None and len(table.session.match.results) >= deals:
                    return self.finish()
            elif turn.kind == DEAL_CLOSED:
                table.next_deal()
                if self.views is not None:
                    self.views.last = None
                self.broadcast()
            else:
                if turn.kind == MATCH_OVER:
                    table.end_match()
                return self.finish()

    def run_bot(self, request: BotRequest) -> None:
        """The table loop's runner: the bot thinks in a worker thread."""
        future = self.executor.submit(request.bot.choose, request.view)
        loop = asyncio.get_running_loop()
        future.add_done_callback(
            lambda f: loop.call_soon_threadsafe(self.bot_answered, request, f))

    def bot_answered(self, request: BotRequest, future: Future[int]) -> None:
        self.asking = None
        table = self.table
        if table is None or self.done.is_set():
            return
        if not table.session.is_human(request.seat):  # else: its player came back
            error = future.exception()
            step = (table.answer(request.seat, request.token, action=future.result())
                    if error is None else
                    table.answer(request.seat, request.token,
                                 error=f"{error.__class__.__name__}: {error}"))
            if step is not None:
                self.played(step)
        self.advance()

    def played(self, step: Step) -> None:
        assert self.views is not None and self.session is not None
        s = self.session
        self.views.last = {"token": [s.deal_number, s.moves - 1], "seat": step.seat,
                           "action": action_str(step.action, self.variant.signal_names)}
        self.broadcast()
        self.advance()

    def finish(self) -> None:
        """The match is over (or its deals played): tell everyone, and hang up."""
        if self.done.is_set():
            return
        self.done.set()
        self.closing = list(self.clients)
        self.broadcast()
        session = self.session
        over: dict[str, Any] = {"type": P.OVER}
        if session is not None:
            over["scores"] = list(session.match.scores)
            over["deals"] = len(session.match.results)
        for timer in self.holds.values():
            timer.cancel()
        for conn in list(self.clients):
            conn.send(over)
            conn.close()
        self.executor.shutdown(wait=False, cancel_futures=True)

    # ----- what is sent ------------------------------------------------------------------

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
        v = self.variant
        return {"type": P.WELCOME, "protocol": P.PROTOCOL, "you": conn.name,
                "seat": conn.player, "started": self.session is not None,
                "game": {"variant": v.id, "name": v.name, "players": v.n_people,
                         "seats": v.n, "options": {k: P.plain(x) for k, x in v.options.items()}},
                "seats": self.seats_json()}

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
            for message in self.views.messages(conn.player, conn.sent):
                conn.send(message)


async def serve(settings: NetSettings, host: str = "127.0.0.1", port: int = 0,
                code: str | None = None,
                ready: Callable[[Host], None] | None = None) -> Session | None:
    """Host one table until its match is over; ``ready`` is told the host once it listens
    (its ``port`` and ``code``). Returns the session played (None: it never started)."""
    table = Host(settings, code or new_code())
    server = await asyncio.start_server(table.handle, host, port, limit=P.MAX_LINE)
    table.port = server.sockets[0].getsockname()[1]
    if ready is not None:
        ready(table)
    if table.start_with <= 0:
        table.start()
    async with server:
        await table.done.wait()
        await asyncio.gather(*(c.finished(5.0) for c in table.closing))
    return table.session


def serve_table(settings: NetSettings, host: str = "127.0.0.1", port: int = 0,
                code: str | None = None,
                ready: Callable[[Host], None] | None = None) -> Session | None:
    """``serve``, in an event loop of its own: returns when the match is over."""
    return asyncio.run(serve(settings, host, port, code, ready))
