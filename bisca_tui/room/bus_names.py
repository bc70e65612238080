"""Guests' names held across the processes of a room, so that two guests coming in at once
by two processes cannot both take one name (the lobbies each process publishes come a moment
late for that). Each process keeps the names of its guests in a Redis hash of its own; taking
a name is one script that looks in every other process's hash and, the name free, writes it
in this one's, all at once. A name let go is taken out only if it is still the one this
process wrote (a guest of the same name may have come since).

A player's name needs none of this: it is bound to their key in the room's database. While
Redis does not answer, a process's own lobby alone is looked at, and what its guests hold is
written again once Redis is back."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from .store import folded

if TYPE_CHECKING:
    from .redis_bus import RedisBus

TAKE = """for _, p in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if p ~= ARGV[2] and redis.call('HEXISTS', ARGV[3] .. p, ARGV[1]) == 1 then return 0 end
end
redis.call('HSET', ARGV[3] .. ARGV[2], ARGV[1], ARGV[4])
return 1"""
LET_GO = """if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0"""


class GuestNames:
    def __init__(self, bus: RedisBus) -> None:
        self.bus = bus
        self.held: dict[str, str] = {}  # this process's guests' names, folded -> token

    def key(self, process: str) -> str:
        return self.bus.key("names", process)

    async def take(self, name: str) -> bool:
        """Whether a guest may go by ``name`` (then it is theirs until ``let_go``)."""
        form = folded(name)
        if form in self.held:
            return False  # (another guest here is taking it, or holds it)
        token = secrets.token_hex(6)
        self.held[form] = token
        client = self.bus.client
        if client is None:
            return True  # (this process's lobby alone can be looked at now)
        try:
            free = await client.eval(TAKE, 1, self.bus.key("processes"), form,
                                     self.bus.process, self.key(""), token)
        except Exception:  # (Redis went away meanwhile: the bus says so)
            return True
        if not free:
            del self.held[form]
        return bool(free)

    def let_go(self, name: str) -> None:
        token = self.held.pop(folded(name), None)
        if token is not None:
            self.bus.command("eval", LET_GO, 1, self.key(self.bus.process), folded(name), token)

    def write_all(self, pipe: Any) -> None:
        """Write this process's guests' names again (Redis is back)."""
        pipe.delete(self.key(self.bus.process))
        if self.held:
            pipe.hset(self.key(self.bus.process), mapping=self.held)
