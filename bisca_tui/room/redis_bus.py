"""A room shared by several processes through a Redis server (``bisca-tui room --bus URL``).

- Liveness: each process keeps a key of its own alive (its address, with a time to live of
  ``ttl`` seconds, renewed three times in it) and its id in the set of the room's processes.
  At each renewal it reads which of them still have their key: one that lost it stopped
  answering, one that said goodbye is gone at once. Every process finds this out for itself,
  so each is told of every process gone, for a read of the set and one multi-get a beat.
- Lobby: each process publishes its lobby (who, guest or not, at which table) and its tables
  (every invite code, private ones too, and the listing of the listed ones) whole, numbered,
  at most twenty times a second, stored under its id too, for a process that comes later or
  comes back; the others keep them in a ``Mirror`` they read without waiting.
- Messages: a line of chat, a word of the operator (mute, kick), a player coming in
  elsewhere, go to every process on one channel; a message for one person, a request for a
  seat, to the process holding them on its own channel.
- Quick matches: the people waiting, from every process, are in one hash; one process at a
  time decides (``bus_quick``).
- Outage: when Redis cannot be reached, the room's log says so once; the process goes on with
  its own lobby and tables (its quick matches among its own people), tries again, from every
  quarter second to every five, and once Redis is back publishes all it has and says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Any

import orjson
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from . import bus_inbox
from .bus import GoneListener, new_process_id
from .bus_mirror import Mirror
from .bus_names import GuestNames
from .bus_numbers import TableNumbers
from .bus_outbox import Outbox, stop_if_cancelled
from .bus_quick import QuickShare

if TYPE_CHECKING:
    from .quick import Asker
    from .room import Room

RETRY = (0.25, 5.0)  # seconds between tries to reach Redis again: first, longest


class RedisBus:
    shared = True

    def __init__(self, url: str, process: str = "", address: str = "", ttl: float = 5.0,
                 prefix: str = "bisca:room:") -> None:
        self.url = url
        self.process = process or new_process_id()
        self.address = address
        self.ttl = ttl
        self.prefix = prefix
        self.room: Room | None = None
        self.mirror = Mirror()
        self.live: dict[str, str] = {}  # the other live processes: id -> address
        self.listeners: list[GoneListener] = []
        self.client: aioredis.Redis | None = None  # while Redis answers
        self.down_said = False
        self.failed = 0  # tries to reach Redis that failed since it last answered
        self.joined = 0.0  # when Redis came to answer again after an outage
        self.quick = QuickShare(self)
        self.numbers = TableNumbers(self.key("numbers"))
        self.outbox = Outbox(self)
        self.names = GuestNames(self)
        self._task: asyncio.Task[None] | None = None
        self._side: set[asyncio.Task[Any]] = set()

    # ----- keys and channels -------------------------------------------------------------

    def key(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)

    @property
    def up(self) -> bool:
        return self.client is not None

    # ----- start and stop ----------------------------------------------------------------

    def start(self, room: Room, address: str = "") -> None:
        self.room = room
        self.address = self.address or address
        self.outbox.wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is None:
            return
        client = self.client
        if client is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._goodbye(client), self.ttl)
        self._task.cancel()
        for task in (self._task, *self._side):
            task.cancel()
        await asyncio.gather(self._task, *self._side, return_exceptions=True)
        self._task = None

    async def _goodbye(self, client: aioredis.Redis) -> None:
        pipe = client.pipeline(transaction=False)
        pipe.delete(*(self.key(k, self.process) for k in ("alive", "people", "tables",
                                                           "names")))
        pipe.srem(self.key("processes"), self.process)
        self.quick.forget_mine(pipe)
        pipe.publish(self.key("all"), self.outbox.envelope("bye"))
        await pipe.execute()

    def spawn(self, work: Any) -> asyncio.Task[Any]:
        """Run ``work`` beside the bus's loop (ended with it)."""
        task = asyncio.get_running_loop().create_task(work)
        self._side.add(task)
        task.add_done_callback(self._side.discard)
        return task

    async def _run(self) -> None:
        pause = RETRY[0]
        while True:
            client = pubsub = None
            try:
                client = aioredis.Redis.from_url(
                    self.url, decode_responses=True, retry=Retry(NoBackoff(), 0),
                    socket_connect_timeout=self.ttl, socket_timeout=self.ttl)
                pubsub = client.pubsub()
                await pubsub.subscribe(self.key("all"), self.key("to", self.process))
                await self._join(client)
                pause = RETRY[0]
                stop_if_cancelled()
                await self._serve(client, pubsub)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # (Redis gone, or anything else: never a trace)
                self._lost(e)
            finally:
                self.client = None
                for link in (pubsub, client):
                    if link is not None:
                        with contextlib.suppress(Exception):
                            await link.aclose()
            stop_if_cancelled()
            await asyncio.sleep(pause)
            pause = min(pause * 2, RETRY[1])

    async def _join(self, client: aioredis.Redis) -> None:
        """Redis answers: publish everything this process has, and read the others'."""
        room = self.room
        assert room is not None
        if room.muted:
            await client.sadd(self.key("muted"), *room.muted)
        room.muted.update(await client.smembers(self.key("muted")))
        if self.failed:  # back after an outage (the others may not be back yet)
            self.joined = time.monotonic()
        await self._beat(client)
        self.client = client
        await self.numbers.take(client, max(room.numbers, self.mirror.highest()))
        await self.quick.republish(client)
        pipe = client.pipeline(transaction=False)
        self.names.write_all(pipe)
        await pipe.execute()
        self.outbox.everything()
        self.failed = 0
        if self.down_said:
            self.down_said = False
            room.tell("bus back")

    def _lost(self, error: Exception) -> None:
        room = self.room
        self.failed += 1
        if not self.down_said and room is not None:
            self.down_said = True
            reason = f"{error.__class__.__name__}: {error}".strip().rstrip(":")
            room.tell("bus lost", reason=reason)
        if self.mirror.lobbies and room is not None:  # nobody elsewhere can be told of now
            self.mirror.clear()
            room.board.others_changed(tables=True)
            room.board.others_changed(tables=False)

    async def _serve(self, client: aioredis.Redis, pubsub: Any) -> None:
        tasks = [asyncio.create_task(work) for work in (
            self._beating(client), self._listening(pubsub), self.outbox.writing(client))]
        try:
            done, _pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                task.result()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    # ----- liveness ----------------------------------------------------------------------

    async def _beating(self, client: aioredis.Redis) -> None:
        while True:
            stop_if_cancelled()
            await asyncio.sleep(self.ttl / 3)
            await self._beat(client)

    async def _beat(self, client: aioredis.Redis) -> None:
        pipe = client.pipeline(transaction=False)
        pipe.set(self.key("alive", self.process), self.address, px=int(self.ttl * 1000))
        pipe.sadd(self.key("processes"), self.process)
        pipe.smembers(self.key("processes"))
        members = (await pipe.execute())[-1]
        others = sorted(p for p in members if p != self.process)
        found = await client.mget([self.key("alive", p) for p in others]) if others else []
        live = {p: a for p, a in zip(others, found, strict=True) if a is not None}
        dead = [p for p in others if p not in live]
        if dead:  # (every live process may tidy after the dead: it is done once)
            pipe = client.pipeline(transaction=False)
            pipe.srem(self.key("processes"), *dead)
            pipe.delete(*(self.key(k, p) for p in dead for k in ("people", "tables", "names")))
            await pipe.execute()
        for p in live:
            if p not in self.mirror.lobbies:
                await self._load(client, p)
        missing = [p for p in self.live if p not in live]
        if time.monotonic() - self.joined < RETRY[1] + self.ttl:  # (Redis just came back:
            live.update((p, self.live[p]) for p in missing)  # the others may not have yet)
            missing = []
        for p in missing:
            self.gone(p)
        self.live = live
        strays = [p for p in self.mirror.lobbies if p not in live]
        for p in strays:  # (heard from, but never alive here: gone before it was seen)
            self.mirror.drop(p)
        if strays and self.room is not None:
            self.room.board.others_changed(tables=True)
            self.room.board.others_changed(tables=False)

    async def _load(self, client: aioredis.Redis, process: str) -> None:
        """What ``process`` last published of its lobby and tables."""
        self.mirror.lobby(process)
        for kind in ("people", "tables"):
            line = await client.get(self.key(kind, process))
            if line:
                self.take(line)

    def gone(self, process: str) -> None:
        """``process`` stopped: the listeners told (its tables' numbers still known to
        ``numbers_of`` meanwhile), then its lobby and tables are no longer listed."""
        address = self.live.pop(process, "")
        if self.room is not None:
            self.room.tell("process gone", process=process, address=address)
        for listener in list(self.listeners):
            try:
                listener(process, address)
            except Exception as e:
                self.problem(e)
        if self.mirror.drop(process) and self.room is not None:
            self.room.board.others_changed(tables=True)
            self.room.board.others_changed(tables=False)

    def numbers_of(self, process: str) -> list[int]:
        lobby = self.mirror.lobbies.get(process)
        return sorted(lobby.used) if lobby is not None else []

    def alive(self) -> dict[str, str]:
        return {self.process: self.address, **(self.live if self.up else {})}

    def when_gone(self, listener: GoneListener) -> None:
        self.listeners.append(listener)

    def where(self, code: str) -> str | None:
        if self.room is not None and self.room.by_code(code) is not None:
            return self.address
        return self.elsewhere(code)

    def elsewhere(self, code: str) -> str | None:
        holder = self.mirror.holding(code)
        return self.live.get(holder) if holder is not None else None

    # ----- what comes from the others ----------------------------------------------------

    async def _listening(self, pubsub: Any) -> None:
        while True:
            stop_if_cancelled()
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            if message is not None:
                self.take(message["data"])

    def take(self, line: Any) -> None:
        try:
            message = orjson.loads(line)
            if isinstance(message, dict) and message.get("from") != self.process \
                    and isinstance(message.get("from"), str) and self.room is not None:
                bus_inbox.take(self, self.room, message)
        except Exception as e:  # another process's fault, or this one's: a line, no trace
            self.problem(e)

    def problem(self, error: Exception) -> None:
        if self.room is not None:
            self.room.tell("problem", message=f"bus: {error.__class__.__name__}: {error}")

    # ----- what goes to them -------------------------------------------------------------

    def post(self, kind: str, to: str | None = None, **fields: Any) -> None:
        """Send a message to every process (``to``: to that one), when Redis answers."""
        if self.up:
            self.outbox.post(kind, to, **fields)

    def command(self, name: str, *args: Any) -> None:
        """Have Redis do ``name`` with ``args`` soon, in order with the messages."""
        if self.up:
            self.outbox.command(name, *args)

    def people_changed(self) -> None:
        self.outbox.changed("people")

    def tables_changed(self) -> None:
        self.outbox.changed("tables")

    # ----- the lobby of the others -------------------------------------------------------

    def people(self) -> list[dict[str, Any]]:
        return self.mirror.people()

    def tables(self) -> list[dict[str, Any]]:
        return self.mirror.tables()

    def more_tables(self) -> int:
        return self.mirror.more_tables()

    def name_used(self, name: str) -> bool:
        return self.mirror.name_used(name)

    def seated(self, name: str) -> int | None:
        return self.mirror.seated(name)

    async def take_name(self, name: str) -> bool:
        return await self.names.take(name)

    def let_name_go(self, name: str) -> None:
        self.names.let_go(name)

    def said(self, name: str, text: str) -> None:
        self.post("chat", name=name, text=text)

    def came(self, name: str, key: str) -> None:
        self.post("came", name=name, key=key)

    def send_to(self, name: str, message: dict[str, Any]) -> bool:
        home = self.mirror.home_of(name)  # (not known yet: every process looks)
        self.post("send", to=home, name=name, message=message)
        return home is not None

    def enter(self, name: str, guest: bool, table: int, watch: bool) -> bool:
        holder = self.mirror.listing(table)
        if holder is None or not self.up:
            return False
        self.post("enter", to=holder, name=name, guest=guest, table=table, watch=watch)
        return True

    def mute(self, name: str, on: bool) -> None:
        self.command("sadd" if on else "srem", self.key("muted"), name)
        self.post("mute", name=name, on=on)

    def kick(self, name: str) -> bool:
        self.post("kick", name=name)
        return self.mirror.home_of(name) is not None

    # ----- table numbers -----------------------------------------------------------------

    def next_number(self, last: int) -> int | None:
        client, room = self.client, self.room
        take = None if client is None or room is None else (
            lambda: self.spawn(self.numbers.take(
                client, max(room.numbers, self.mirror.highest()))))
        return self.numbers.next(last, self.mirror.uses, take)

    # ----- quick matches -----------------------------------------------------------------

    def quick_added(self, game: str, asker: Asker) -> None:
        self.quick.added(game, asker, time.time())

    def quick_dropped(self, name: str) -> None:
        self.quick.dropped(name)

    def quick_round(self) -> None:
        self.quick.round()
