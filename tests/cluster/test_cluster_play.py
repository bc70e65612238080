"""Three ``bisca-tui room`` processes behind HAProxy, sharing PostgreSQL and Redis, as an
operator runs them: players whose lobbies are on different processes share a table (their
table connections reach it through the balancer, whichever process they land on), a rated
match moves both players' ratings exactly once, and a process killed outright in the middle
of a deal loses no deal that was played out: its table goes on in another process, its
player back at their place through the balancer."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import psycopg
import pytest
from room.room_support import identity

from bisca_tui.net import protocol as P
from bisca_tui.net import room_protocol as R
from bisca_tui.net.client import Client, random_legal
from bisca_tui.net.room_client import RoomClient

from .cluster_support import LONG, RoomCluster


@pytest.fixture
async def cluster(database, bus):
    room = await asyncio.to_thread(RoomCluster, 3, database, bus, "--hold", "600")
    yield room
    await asyncio.to_thread(room.stop)


async def lobby_on(process, name: str, guest: bool = False) -> RoomClient:
    """``name`` in the lobby of one given process (straight to its port)."""
    return await RoomClient.enter("127.0.0.1", process.port, name,
                                  None if guest else identity())


async def to_table(cluster: RoomCluster, go: dict[str, Any], name: str, **kw: Any) -> Client:
    """``name``'s connection to the table of ``go``, through the balancer."""
    return await Client.connect(cluster.host, cluster.port, go["code"], name,
                                ticket=go["ticket"], **kw)


async def test_players_on_two_processes_play_a_rated_match_rated_once(cluster, database):
    first, second = cluster.processes[0], cluster.processes[1]
    ana = await lobby_on(first, "Ana")
    rui = await lobby_on(second, "Rui")
    ana.open("bisca-3", rated=True, people=2)
    go = await ana.go(LONG)
    # Rui's lobby, on another process, lists the table and seats him at it
    await rui.expect(R.TABLES, LONG, where=lambda m: any(
        t["table"] == go["table"] for t in m["tables"]))
    rui.enter_table(go["table"])
    go2 = await rui.go(LONG)
    assert go2["code"] == go["code"]
    # Ana's table connection through the balancer, Rui's straight to a process that does
    # not hold the table: it gives the connection to the owner, on this machine
    owner = await cluster.holder(go["table"])
    front = next(p for p in cluster.processes if p is not owner)
    tables = [await to_table(cluster, go, "Ana", chooser=random_legal(random.Random(1))),
              await Client.connect("127.0.0.1", front.port, go2["code"], "Rui",
                                   ticket=go2["ticket"], chooser=random_legal(random.Random(2)))]
    await tables[0].sit(0)
    await tables[1].sit()
    over = await tables[0].expect(P.OVER, LONG * 5)
    told = {c.you: await c.expect(R.RATED, LONG) for c in (ana, rui)}
    assert set(told) == {"Ana", "Rui"}
    await asyncio.to_thread(front.wait_for, lambda e: e.get("event") == "given")
    await asyncio.to_thread(owner.wait_for, lambda e: e.get("event") == "rated")
    with psycopg.connect(database) as db:
        results = db.execute("SELECT count(*) FROM results").fetchone()[0]
        matches = dict(db.execute("SELECT player, matches FROM ratings WHERE game = "
                                  "'bisca-3'").fetchall())
        kept = db.execute("SELECT count(*) FROM match_players").fetchone()[0]
    assert results == 1 and kept == 2
    assert matches == {"Ana": 1, "Rui": 1}
    scores = over["scores"]
    if scores[0] != scores[1]:
        winner, loser = ("Ana", "Rui") if scores[0] > scores[1] else ("Rui", "Ana")
        assert told[winner]["after"] > told[loser]["after"]
    for client in (*tables, ana, rui):
        await client.close()


async def test_a_process_killed_mid_deal_loses_no_finished_deal(cluster):
    """Ana plays Sueca with three bots at a table of one process; after the first deal she
    stops, mid-way through the second, and that process is killed outright. Another
    process takes the table from its save; Ana comes back through the balancer with her
    place's key, and the match goes on from the second deal."""
    lobby = await lobby_on(cluster.processes[0], "Ana")
    lobby.open("sueca", people=1, level="easy")
    go = await lobby.go(LONG)
    number = go["table"]
    owner = await cluster.holder(number)
    hold = {"after": 1}  # she plays no further than the first deal, until it is moved
    rng = random.Random(5)

    def choose(message: dict[str, Any]) -> str | None:
        legal = message["view"]["legal"]
        if not legal or hold["after"] and message["deal"] > hold["after"]:
            return None
        return rng.choice(legal)

    table = await to_table(cluster, go, "Ana", chooser=choose)
    await table.sit(0)
    key = table.key
    first = await asyncio.to_thread(owner.wait_for, lambda e: e.get("event") == "table deal"
                                    and e.get("table") == number, LONG * 3)
    await table.expect(P.VIEW, LONG, where=lambda m: m["deal"] == 2 and m["view"]["legal"])
    await asyncio.to_thread(owner.kill)
    survivors = [p for p in cluster.processes if p is not owner]

    def reopened() -> bool:
        return any(e.get("event") == "reopened" and e.get("table") == number
                   for p in survivors for e in p.events)

    hold["after"] = 0
    back = await Client.connect(cluster.host, cluster.port, go["code"], "Ana", key=key,
                                ticket=go["ticket"], chooser=choose, timeout=LONG)
    assert reopened()
    taker = await cluster.holder(number)
    assert taker is not owner
    again = await asyncio.to_thread(taker.wait_for, lambda e: e.get("event") == "table deal"
                                    and e.get("table") == number, LONG * 3)
    assert again["deal"] == first["deal"] + 1  # the first deal kept, not played again
    for client in (back, lobby):
        await client.close()
