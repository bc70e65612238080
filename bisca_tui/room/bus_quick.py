"""Quick matches across the processes of a room: everyone waiting, from every process, is an
entry of one Redis hash (name -> game, rating, since when, which process), and one process at
a time decides: the one that takes the lock (a key set only if absent, with a time to live)
reads them all, opens the tables it matches, takes those matched out of the hash, tells the
others to forget them, and tells everyone still waiting how many wait, each wherever they are.

A lock rather than a queue of requests: a match is made of people whose ratings are near, so
whoever decides must see everyone waiting at once; and the lock's time to live frees it when
the process holding it stops half way. Each process with people waiting tries each second
(the window of ratings widens as they wait), and whenever someone asks; while Redis does not
answer, a process matches its own people alone."""

from __future__ import annotations

import asyncio
import json
import time
from typing import TYPE_CHECKING, Any

from .quick import Asker, QuickQueue

if TYPE_CHECKING:
    from .redis_bus import RedisBus

LOCK_MS = 5000  # how long the lock holds when its holder stops before letting it go
RELEASE = """if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1])
end return 0"""


def entry_of(raw: Any) -> tuple[str, Asker, str] | None:
    """An entry of the hash read back: the game, the asker (their name to be set), the
    process; None when it is not one."""
    try:
        e = json.loads(raw)
        game, rating, since, process = e["game"], e["rating"], e["since"], e["process"]
    except (ValueError, TypeError, KeyError):
        return None
    if not all(isinstance(x, str) for x in (game, process)) or not all(
            isinstance(x, (int, float)) and not isinstance(x, bool) for x in (rating, since)):
        return None
    return game, Asker("", float(rating), float(since)), process


class QuickShare:
    def __init__(self, bus: RedisBus) -> None:
        self.bus = bus
        self.deciding: asyncio.Task[Any] | None = None
        self.again = False  # something changed while deciding: decide once more
        self.pending: dict[str, str | None] = {}  # entries to write (None: to take out)
        self.seen: dict[str, frozenset[str]] = {}  # who waited for each game, last told

    @property
    def key(self) -> str:
        return self.bus.key("quick")

    def entry(self, game: str, asker: Asker, since: float) -> str:
        return json.dumps({"game": game, "rating": asker.rating, "since": since,
                           "process": self.bus.process})

    def added(self, game: str, asker: Asker, since: float) -> None:
        self.pending[asker.name] = self.entry(game, asker, since)

    def dropped(self, name: str) -> None:
        self.pending[name] = None
        self.round()  # (and the others waiting are told how many wait now)

    def mine(self) -> list[tuple[str, Asker]]:
        room = self.bus.room
        if room is None:
            return []
        return [(g, a) for g, people in room.matchmaker.queue.waiting.items() for a in people]

    def forget_mine(self, pipe: Any) -> None:
        names = [a.name for _g, a in self.mine()]
        if names:
            pipe.hdel(self.key, *names)

    async def republish(self, client: Any) -> None:
        """Redis answers again: the entries of this process are those waiting here now."""
        room = self.bus.room
        assert room is not None
        mine = self.mine()
        now, wall = room.clock(), time.time()
        entries = await client.hgetall(self.key)
        waiting = {a.name for _g, a in mine}
        stale = [n for n, raw in entries.items() if (e := entry_of(raw)) is not None
                 and e[2] == self.bus.process and n not in waiting]
        pipe = client.pipeline(transaction=False)
        if stale:
            pipe.hdel(self.key, *stale)
        for game, a in mine:
            pipe.hset(self.key, a.name, self.entry(game, a, wall - (now - a.since)))
        await pipe.execute()
        self.pending.clear()

    def round(self) -> None:
        room = self.bus.room
        if room is None:
            return
        if not self.bus.up:  # alone for now: this process's people among themselves
            room.matchmaker.decide(room.matchmaker.queue, room.clock())
        elif self.deciding is None or self.deciding.done():
            self.deciding = self.bus.spawn(self._round())
        else:
            self.again = True

    async def _round(self) -> None:
        """Write this process's entries that changed, then decide if no other process is
        deciding (the entries written first, so that the round sees them)."""
        lock = self.bus.key("quick", "lock")
        self.again = True
        while self.again and (client := self.bus.client) is not None:
            self.again = False
            try:
                await self._write(client)
                if not await client.set(lock, self.bus.process, nx=True, px=LOCK_MS):
                    continue  # another process decides now
                try:
                    await self._decide(client)
                finally:
                    await client.eval(RELEASE, 1, lock, self.bus.process)
            except Exception as e:  # (Redis gone: the bus says so; anything else: a line)
                if self.bus.up:
                    self.bus.problem(e)
                return

    async def _write(self, client: Any) -> None:
        pending, self.pending = self.pending, {}
        if not pending:
            return
        pipe = client.pipeline(transaction=False)
        for name, entry in pending.items():
            if entry is None:
                pipe.hdel(self.key, name)
            else:
                pipe.hset(self.key, name, entry)
        await pipe.execute()

    async def _decide(self, client: Any) -> None:
        room = self.bus.room
        assert room is not None
        queue, stale = QuickQueue(), []
        alive = self.bus.alive()
        for name, raw in (await client.hgetall(self.key)).items():
            entry = entry_of(raw)
            if entry is None or entry[2] not in alive:
                stale.append(name)  # (its process is gone)
                continue
            game, asker, _process = entry
            asker.name = name
            queue.waiting.setdefault(game, []).append(asker)
        before = {a.name for people in queue.waiting.values() for a in people}
        now = time.time()
        matched = room.matchmaker.decide(queue, now)
        taken = before - {a.name for people in queue.waiting.values() for a in people}
        if taken or stale:
            await client.hdel(self.key, *taken, *stale)
        if taken:
            self.bus.post("unqueue", names=sorted(taken))
            for name in taken:
                room.matchmaker.queue.remove(name)
        for game, people in queue.waiting.items():
            names = frozenset(a.name for a in people)
            if game in matched or self.seen.get(game) != names:
                room.matchmaker.tell_waiting(game, queue, now)
            self.seen[game] = names
