"""Guessing the way in, made slow: wrong invite codes, wrong place keys and wrong SSH
passwords are counted by the address they came from. The first few cost nothing (a player
mistypes); after them every answer to that address waits its turn, each twice as long as
the one before, and past a limit the address is refused outright for a while. Wrong tries
are forgotten once an address has made none for a while. An IPv6 address is counted with
its /64 network, which one machine may hold whole.

One ``Guard`` serves a table's every door (its own port and the SSH door), and tells the
host's log when an address is slowed and when it is refused. The clock and the sleep are
given, so that tests run on a clock of their own.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

Tell = Callable[..., None]  # the host's ``tell(kind, **fields)``
MAX_RECORDS = 10_000  # addresses counted at once; past them the stalest are let go


def source(address: str) -> str:
    """Where tries are counted from: the address itself, or for IPv6 its /64 network (one
    machine may hold every address of one)."""
    try:
        ip = ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        if not ip.is_loopback:
            return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass(frozen=True)
class GuardRules:
    """How many wrong tries an address makes freely (``free``), the first wait after them
    (``pause``, doubled at each wrong try, at most ``longest``), after how many it is
    refused (``limit``) and for how long (``barred``), and how long an address that makes
    no wrong try keeps its count (``forget``); times in seconds."""

    free: int = 3
    pause: float = 0.5
    longest: float = 8.0
    limit: int = 10
    barred: float = 900.0
    forget: float = 900.0


@dataclass
class _Record:
    wrong: int = 0
    last: float = 0.0
    turn: float = 0.0  # when the next answer to this address may go out
    barred_until: float = 0.0


@dataclass
class Guard:
    """Wrong tries by address; see the module's words."""

    tell: Tell | None = None
    rules: GuardRules = field(default_factory=GuardRules)
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
    records: dict[str, _Record] = field(default_factory=dict)

    def _record(self, address: str) -> _Record | None:
        key = source(address)
        record = self.records.get(key)
        if record is not None and self._stale(record, self.clock()):
            del self.records[key]  # forgotten
            return None
        return record

    def _stale(self, record: _Record, now: float) -> bool:
        return record.barred_until <= now and now - record.last >= self.rules.forget

    def _prune(self) -> None:
        """Let go of the addresses forgotten, then of the stalest, past ``MAX_RECORDS``."""
        now = self.clock()
        for key in [k for k, r in self.records.items() if self._stale(r, now)]:
            del self.records[key]
        if len(self.records) >= MAX_RECORDS:  # room for one more
            by_age = sorted(self.records, key=lambda k: self.records[k].last)
            for key in by_age[:len(self.records) - MAX_RECORDS + 1]:
                del self.records[key]

    def barred(self, address: str) -> bool:
        """Whether ``address`` is refused for now."""
        record = self._record(address)
        return record is not None and record.barred_until > self.clock()

    def wait(self, address: str) -> float:
        """How long the next answer to ``address`` waits (0: none); the turn is taken, so
        that answers to one address go out one at a time."""
        record = self._record(address)
        now = self.clock()
        if record is None or record.wrong < self.rules.free or record.barred_until > now:
            return 0.0  # (a barred address is refused at once, nothing checked)
        step = min(self.rules.longest, self.rules.pause * 2 ** (record.wrong - self.rules.free))
        at = max(now, record.turn) + step
        record.turn = at
        return at - now

    async def pause(self, address: str) -> None:
        """Wait for ``address``'s turn to be answered."""
        seconds = self.wait(address)
        if seconds > 0:
            await self.sleep(seconds)

    def wrong(self, address: str, what: str) -> None:
        """One wrong try from ``address`` (``what``: "code", "key" or "password")."""
        now = self.clock()
        record = self._record(address)
        if record is None:
            if len(self.records) >= MAX_RECORDS:
                self._prune()
            record = self.records[source(address)] = _Record()
        record.wrong += 1
        record.last = now
        rules = self.rules
        if record.wrong == rules.free and self.tell is not None:
            self.tell("slowed", peer=source(address), tries=record.wrong, what=what)
        if record.wrong >= rules.limit and record.barred_until <= now:
            record.barred_until = now + rules.barred
            if self.tell is not None:
                self.tell("barred", peer=source(address), tries=record.wrong, what=what,
                          seconds=rules.barred)
