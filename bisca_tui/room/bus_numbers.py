"""Table numbers unique across the processes of a room, from one counter in Redis: a process
takes ``BLOCK`` of them at a time (more once half are used), so that opening a table waits
for nobody. The counter is never below a number a process holds: a Redis that lost it (a
restart without a save) is raised to the highest held as each process takes its next block.

(This is one object with one method the room calls, ``next``: the room's database may count
the tables instead, behind the same method.)

A Redis that lost the counter while several processes lost it too hands out numbers again:
a number a table of any process holds (as the processes published them) is passed over, and
the counter raised past the highest; until every process has published its tables again, two
tables may yet be given one number (a Redis that keeps its data, or the database, is sure).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

BLOCK = 10  # numbers taken at once
RAISE_AND_ADD = """local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
return redis.call('INCRBY', KEYS[1], ARGV[2])"""


class TableNumbers:
    def __init__(self, key: str) -> None:
        self.key = key
        self.held: deque[int] = deque()
        self.taking = False

    def next(self, last: int, used: Callable[[int], bool],
             take: Callable[[], None] | None) -> int | None:
        """The next number this process holds above ``last`` (the highest it gave) that no
        table has (``used``), or None when it holds none; ``take`` (None: Redis does not
        answer) has more taken soon."""
        while self.held and (self.held[0] <= last or used(self.held[0])):
            self.held.popleft()  # (the counter was lost and given again: raised past them)
        if len(self.held) <= BLOCK // 2 and take is not None and not self.taking:
            self.taking = True
            take()
        return self.held.popleft() if self.held else None

    async def take(self, client: Any, last: int) -> None:
        """Take ``BLOCK`` more numbers, the counter raised to ``last`` first if below."""
        try:
            top = int(await client.eval(RAISE_AND_ADD, 1, self.key, str(last), str(BLOCK)))
            self.held.extend(range(top - BLOCK + 1, top + 1))
        except Exception:  # (not now: the next number asked tries again)
            return
        finally:
            self.taking = False
