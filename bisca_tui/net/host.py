"""A table shared over the network: an asyncio server that holds the match and is its only
authority. Clients come in with the invite code and a name, take a place at the table, and
are sent what their seat may see; every action they send is submitted to the table
(``table.front``'s ``LocalTable``, over the turn loop), which refuses one out of turn,
illegal or for a position that is gone, and the table goes on. Places nobody holds are
played by bots, which think in the worker threads every table of the process shares
(``pool``), so the host keeps answering.

The host plays the match; it holds a part for each other job: who holds which place
(``Places``, ``places``), who comes in and goes (``Entrance``, ``entrance``: the hello, a
dropped player's place held, then played by a bot, and given back) and what is sent
(``Outbox``, ``outbox``).

With a folder to save in, the match is saved after every action and a host started again
from the save (``serve(resume=...)``) continues it; with a folder for the game history,
each deal is written there (``hostfiles``). A host tells what happens at its table (who
came, sat, left, each deal's score, the end) to an ``events`` listener: the ``host``
command's log.

``serve_table`` runs one table until its match is over; ``serve`` is the same as a
coroutine, for a program that runs its own event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from ..argtypes import builtin_levels
from ..engine.actions import parse_action
from ..engine.errors import IllegalAction
from ..engine.variant import make_variant
from ..table.front import LocalTable
from ..table.loop import (
    BOT,
    DEAL_CLOSED,
    DEAL_OVER,
    MATCH_OVER,
    PERSON,
    BotRequest,
    Step,
    TableLoop,
)
from ..table.seats import BOT_NAMES, HUMAN, SeatSpec
from ..table.session import Session
from . import protocol as P
from .conn import Connection, Handlers
from .entrance import Entrance
from .guard import Guard
from .hostfiles import HostAutosave, HostHistory, Resume, hosted_path
from .outbox import Outbox
from .places import Places
from .pool import bot_pool
from .settings import NetSettings, new_code
from .views import Views

Listener = Callable[[str, dict[str, Any]], None]  # an event's kind and its fields
STOPPED = "the host has stopped; the match is saved, and goes on when it starts again"

__all__ = ["Host", "NetSettings", "serve", "serve_table"]


class Host:
    """One table and its clients. Everything runs on the event loop's thread but the bots'
    thinking and the history's writes."""

    def __init__(self, settings: NetSettings, code: str, events: Listener | None = None,
                 guard: Guard | None = None) -> None:
        self.settings = settings
        self.code = code
        self.events = events
        self.guard = guard if guard is not None else Guard()
        if self.guard.tell is None:  # its words go to the host's log
            self.guard.tell = self.tell
        self.variant = make_variant(settings.variant, settings.options, settings.players)
        n = self.variant.n_people
        if settings.level not in builtin_levels():
            raise ValueError(f"unknown bot level {settings.level!r}")
        self.places = Places(n, range(n) if settings.open is None else settings.open)
        self.start_with = (len(self.places.open) if settings.start_with is None else
                           settings.start_with)
        self.clients: set[Connection] = set()  # every client let in, watchers too
        self.closing: list[Connection] = []  # the clients told the match is over
        self.session: Session | None = None
        self.table: TableLoop | None = None
        self.front: LocalTable | None = None  # the table the players' actions are put to
        self.views: Views | None = None
        self.history: HostHistory | None = None
        self.saves: Callable[[Session], Any] | None = None  # the save of a room's table
        self.muted: set[str] = set()  # names that may not talk (a room's operator's)
        self.asking: tuple[int, int] | None = None  # the position a bot is thinking on
        self.thinking: set[Future[int]] = set()
        self.done = asyncio.Event()
        self.port = 0
        self.entrance = Entrance(self)
        self.outbox = Outbox(self)

    def tell(self, kind: str, **fields: Any) -> None:
        """Tell the listener what happened (a listener's failure never stops the table)."""
        if self.events is not None:
            with contextlib.suppress(Exception):
                self.events(kind, fields)

    def problem(self, text: str) -> None:
        self.tell("problem", message=text)

    # ----- messages ----------------------------------------------------------------------

    def on_message(self, conn: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == P.SIT:
            self.sit(conn, message.get("seat"))
        elif kind == P.ACT:
            self.act(conn, message)
        elif kind == P.CHAT:
            self.outbox.said(conn, message.get("text"))
        elif kind == P.BYE:
            self.entrance.leave(conn)
        else:
            self.outbox.refuse(conn, f"unknown message type {P.clean_text(kind, 20)!r}")

    def sit(self, conn: Connection, seat: Any) -> None:
        free, refuse = self.places.free(), self.outbox.refuse
        if conn.player is not None:
            return refuse(conn, "you already hold a place")
        if seat is None and free:
            seat = free[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.places.open:
            return refuse(conn, "that place is not open to players")
        if seat not in free:
            return refuse(conn, "that place is taken")
        self.entrance.take(conn, seat)
        self.tell("sat", name=conn.name, seat=seat)
        conn.send(self.outbox.welcome(conn))
        self.outbox.lobby()
        if self.session is None and self.places.held() >= self.start_with:
            self.start()
        else:
            self.outbox.send_views(conn)
            self.advance()

    def act(self, conn: Connection, message: dict[str, Any]) -> None:
        front, session, p = self.front, self.session, conn.player
        text = message.get("action")
        refuse = self.outbox.refuse
        if front is None or session is None or self.done.is_set():
            return refuse(conn, "the match has not started", text)
        if p is None:
            return refuse(conn, "you hold no place at this table", text)
        seat = message.get("seat", session.seat_of(p))
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.variant.n:
            return refuse(conn, "no such seat", text)
        if session.person_of(session.controller(seat)) != p:
            return refuse(conn, f"seat {seat} is not yours to play", text)
        if self.views is None or message.get("token") != self.views.token(seat):
            return refuse(conn, "that answers a position that is gone", text, seat)
        try:
            action = parse_action(text, self.variant.signal_names)
        except ValueError as e:
            return refuse(conn, str(e), text, seat)
        if not session.is_human(seat):
            return refuse(conn, "a bot is playing that seat", text, seat)
        try:
            step = front.submit(seat, action)
        except IllegalAction as e:
            return refuse(conn, e.rule, text, seat)
        conn.refund()
        self.played(step)

    # ----- the match ---------------------------------------------------------------------

    def start(self) -> None:
        """Deal: bots take the places nobody holds."""
        s = self.settings
        specs = [SeatSpec(HUMAN, owner) if owner else
                 SeatSpec("bot", BOT_NAMES[p % len(BOT_NAMES)], s.level)
                 for p, owner in enumerate(self.places.owners)]
        first = specs[0]
        if not any(x.is_human for x in specs):  # a session needs a person: one for now
            specs[0] = SeatSpec(HUMAN, first.name)
        session = Session.new(s.variant, s.options, specs, seed=s.seed, speed="instant",
                              hints=s.hints)
        session.people[0].kind, session.people[0].level = first.kind, first.level
        self.begin(session)
        self.save()
        self.tell("started", seats=[p.name for p in session.people])
        self.outbox.lobby()
        self.outbox.shuffle(0)  # the commitment, before the deal's first view
        self.outbox.broadcast()
        self.advance()

    def begin(self, session: Session) -> None:
        """Play ``session`` from here on: its turn loop, with the save and the history."""
        s = self.settings
        self.session = session
        autosave = self.saves(session) if self.saves is not None else None  # a room's store
        if autosave is None and s.save_dir is not None:
            autosave = HostAutosave(session, s.save_dir, hosted_path(s.save_dir, self.code),
                                    self.host_part, self.problem)
        if s.history_dir is not None:
            self.history = HostHistory(s.history_dir, self.problem)
        self.table = TableLoop(session, runner=self.run_bot, autosave=autosave,
                               history=self.history)
        self.front = LocalTable(self.table)
        self.views = Views(session)

    def restore(self, resume: Resume) -> None:
        """Continue a match read back from its save: every player is away, as after a drop
        (the place is held for them, then a bot plays it, until they come back)."""
        self.places.restore(resume.owners, resume.keys)
        self.begin(resume.session)
        for p, owner in enumerate(self.places.owners):
            if owner is not None and resume.session.people[p].is_human:
                self.entrance.hold(p)

    def host_part(self) -> dict[str, Any]:
        """The host's section of the save: what ``Resume`` reads back."""
        s, places = self.settings, self.places
        return {"code": self.code, "open": list(places.open), "start_with": self.start_with,
                "level": s.level, "hold": s.hold, "deals": s.deals,
                "owners": list(places.owners), "keys": list(places.keys)}

    def save(self) -> None:
        if self.table is not None and not self.done.is_set():
            self.table.save()

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
                score = table.end_deal()
                s = table.session
                self.outbox.shuffle(s.deal_number - 1, revealed=True)
                self.tell("deal", deal=s.deal_number, points=list(score.card_points),
                          scores=list(s.match.scores), sides=self.score_labels())
                deals = self.settings.deals
                if deals is not None and len(s.match.results) >= deals:
                    return self.finish()
            elif turn.kind == DEAL_CLOSED:
                table.next_deal()  # (the views tell no action of the deal gone by)
                self.outbox.shuffle(table.session.deal_number - 1)
                self.outbox.broadcast()
            else:
                if turn.kind == MATCH_OVER:
                    table.end_match()
                return self.finish()

    def score_labels(self) -> list[str]:
        """Who each entry of the match's scores is: a player, or a team's players."""
        s = self.session
        assert s is not None
        if s.variant.people_scores:
            return [p.name for p in s.people]
        return [" & ".join(s.team_members(k)) for k in range(len(s.match.scores))]

    def run_bot(self, request: BotRequest) -> None:
        """The table loop's runner: the bot thinks in the shared pool."""
        future = bot_pool().submit(request.bot.choose, request.view)
        self.thinking.add(future)
        loop = asyncio.get_running_loop()

        def answered(f: Future[int]) -> None:  # in the bot's thread
            with contextlib.suppress(RuntimeError):  # the event loop has closed
                loop.call_soon_threadsafe(self.bot_answered, request, f)

        future.add_done_callback(answered)

    def bot_answered(self, request: BotRequest, future: Future[int]) -> None:
        self.thinking.discard(future)
        self.asking = None
        table = self.table
        if table is None or self.done.is_set() or future.cancelled():
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
        assert self.views is not None
        self.views.led_here(step)
        self.outbox.broadcast()
        self.advance()

    def finish(self) -> None:
        """The match is over (or its deals played): tell everyone, and hang up."""
        if self.done.is_set():
            return
        session = self.session
        if self.table is not None and self.table.autosave is not None:
            self.table.autosave.clear()  # nothing is left to resume
        self.done.set()
        self.closing = list(self.clients)
        self.outbox.broadcast()
        over: dict[str, Any] = {"type": P.OVER}
        if session is not None:
            over["scores"] = list(session.match.scores)
            over["deals"] = len(session.match.results)
            if all(d.is_over() for d in session.match.deals):  # nothing of it is secret
                over["record"] = session.recording.record().to_json()  # for each history
                over["kinds"] = [{"kind": p.kind, "level": p.level} for p in session.people]
            self.tell("over", scores=over["scores"], deals=over["deals"],
                      sides=self.score_labels(), finished=session.match.is_over())
        self.stop_waiting()
        self.outbox.send_all(over)  # the same for everyone: encoded once
        for conn in list(self.clients):
            conn.close()

    def stop_waiting(self) -> None:
        self.places.unhold_all()
        for future in list(self.thinking):
            future.cancel()  # a bot that has not begun; one thinking ends unheard

    def abandon(self, why: str = STOPPED) -> None:
        """The host stops before the match is over (Ctrl+C; a room closing the table): the
        save stays as it is, and every client is told ``why``, and hung up on."""
        if self.done.is_set():
            return
        if self.table is not None and isinstance(self.table.autosave, HostAutosave):
            self.table.autosave.flush()  # the last actions are saved, not lost
        self.done.set()
        self.stop_waiting()
        self.closing = list(self.clients)
        for conn in self.closing:
            conn.close(why)


async def serve(settings: NetSettings, host: str = "127.0.0.1", port: int = 0,
                code: str | None = None, ready: Callable[[Host], None] | None = None,
                events: Listener | None = None,
                resume: Resume | None = None, guard: Guard | None = None) -> Session | None:
    """Host one table until its match is over; ``ready`` is told the host once it listens
    (its ``port`` and ``code``), ``events`` what happens at the table. With ``resume`` the
    match read back from a save goes on (its code is the save's). Returns the session
    played (None: it never started). ``guard`` counts wrong tries (a new one by default).
    Cancelled, the host stops as ``Host.abandon`` says."""
    table = Host(settings, resume.code if resume is not None else code or new_code(), events,
                 guard)
    if resume is not None:
        table.restore(resume)
    handlers = Handlers(table.entrance.handle)
    server = await asyncio.start_server(handlers, host, port, limit=P.MAX_LINE)
    table.port = server.sockets[0].getsockname()[1]
    try:
        if ready is not None:
            ready(table)
        if table.session is not None:
            s = table.session
            table.tell("resumed", deal=s.deal_number, actions=len(s.state.history),
                       seats=[p.name for p in s.people])
            table.advance()
        elif table.start_with <= 0:
            table.start()
        await table.done.wait()
    except asyncio.CancelledError:
        table.abandon()
        raise
    finally:
        server.close()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*(c.finished(5.0) for c in table.closing))
            for conn in list(table.clients):
                conn.abort()
            await handlers.end(5.0)  # every client's task ended, not left to the loop's end
            autosave = table.table.autosave if table.table is not None else None
            if isinstance(autosave, HostAutosave):
                await autosave.drain()
            if table.history is not None:
                await table.history.drain()
    return table.session


def serve_table(settings: NetSettings, host: str = "127.0.0.1", port: int = 0,
                code: str | None = None,
                ready: Callable[[Host], None] | None = None) -> Session | None:
    """``serve``, in an event loop of its own: returns when the match is over."""
    return asyncio.run(serve(settings, host, port, code, ready))
