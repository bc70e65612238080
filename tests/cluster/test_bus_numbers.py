"""Table numbers from the room's counter in Redis: taken ten at a time, more once half are
used; a counter that Redis lost is raised past the highest number a process holds, and a
number a table of any process has is passed over."""

from __future__ import annotations

import redis.asyncio as aioredis

from bisca_tui.room.bus_mirror import Mirror
from bisca_tui.room.bus_numbers import BLOCK, TableNumbers


async def test_numbers_are_taken_in_blocks_and_never_given_twice(bus):
    client = aioredis.Redis.from_url(bus, decode_responses=True)
    try:
        one, two = TableNumbers("n"), TableNumbers("n")  # two processes
        await one.take(client, 0)
        await two.take(client, 0)
        assert list(one.held) == list(range(1, BLOCK + 1))
        assert list(two.held) == list(range(BLOCK + 1, 2 * BLOCK + 1))
        asked: list[bool] = []
        given = [one.next(0, lambda n: False, lambda: asked.append(True))
                 for _ in range(BLOCK // 2 + 2)]
        assert given == [1, 2, 3, 4, 5, 6, 7] and asked == [True]  # more asked for, once
        await client.flushall()  # Redis lost the counter
        mirror = Mirror()
        mirror.take_tables("other", 1, ["CODE"], [], 0, [14, 30])
        two.held.clear()
        await two.take(client, max(5, mirror.highest()))
        assert min(two.held) == 31
        one.taking = False
        assert one.next(7, lambda n: n in (8, 9), None) == 10  # (held by another table)
        assert mirror.uses(14) and not mirror.uses(15)
    finally:
        await client.aclose()
