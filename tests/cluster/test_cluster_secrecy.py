"""A table whose players sit on different processes of one room keeps every secret: its
players' lobbies take turns between two processes sharing Redis and PostgreSQL, their
connections to the table passed on by the process they reached, and every line either
process writes, to the table or to a lobby, is held against what its reader could know
(``benchmarks/secrecy.py``)."""

from __future__ import annotations

import pytest
from benchmark_support import benchmark

from bisca_tui.room.caps import RoomCaps
from bisca_tui.room.pg_store import PostgresRoom
from bisca_tui.room.redis_bus import RedisBus
from bisca_tui.room.room import Room

secrecy = benchmark("secrecy")
GAMES = [g for g in secrecy.every_game() if g[1] in ("sueca-aberta", "chiamata")
         and g[2] == {}][:2]


@pytest.mark.parametrize(("game", "variant", "options", "players"), GAMES,
                         ids=[g[1] for g in GAMES])
async def test_nothing_hidden_leaves_a_table_played_from_two_processes(
        game, variant, options, players, database, bus):
    stores = [PostgresRoom(database) for _ in range(2)]
    rooms = [Room(store, RoomCaps(per_address=100), bus=RedisBus(bus), proxied=True)
             for store in stores]
    try:
        result = await secrecy.audit_room(game, variant, options, players, seed=3,
                                          rooms=rooms)
    finally:
        for store in stores:
            store.close()
    assert rooms[1].cluster is not None and rooms[1].cluster.passed >= 2
    assert result.wire_matches, "a client read other bytes than the rooms wrote to it"
    assert result.messages > 20 * result.clients // 2
    assert result.leaks == []
