"""How long a table waits when its room process dies: three ``bisca-tui room`` processes on
PostgreSQL and Redis behind HAProxy (all started here, on loopback); a player at a table of
Sueca with three bots, mid-way through the second deal, and the process holding the table
killed outright (SIGKILL). Timed from the kill: until another process says it took the table
(``moved``), until it has opened it again (``reopened``), and until the player, knocking
again at once through HAProxy with their place's key, has their place and a view of the
deal (the client of ``bisca-tui join`` knocks after 0.5, 1, 2, 4 and 8 seconds; add its
wait). Also checked each time: the deal that was played out is not played again.

    python benchmarks/failover.py [--runs N]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from cluster.cluster_support import LONG, RoomCluster  # noqa: E402
from cluster.servers import new_database, start_postgres, start_redis  # noqa: E402
from room.room_support import identity  # noqa: E402

from bisca_tui.net import protocol as P  # noqa: E402
from bisca_tui.net.client import Client  # noqa: E402
from bisca_tui.net.room_client import RoomClient  # noqa: E402


def said_at(process: Any, kind: str, number: int) -> float | None:
    for event in process.events:
        if event.get("event") == kind and (event.get("table") == number or number in (
                event.get("tables") or [])):
            return float(event["at"])
    return None


async def one_run(pg: Any, redis_url: str, seed: int) -> dict[str, float]:
    cluster = await asyncio.to_thread(RoomCluster, 3, new_database(pg), redis_url,
                                      "--hold", "600")
    try:
        lobby = await RoomClient.enter("127.0.0.1", cluster.processes[0].port, "Ana",
                                       identity())
        lobby.open("sueca", people=1, level="easy")
        go = await lobby.go(LONG)
        number = go["table"]
        owner = await cluster.holder(number)
        hold = {"after": 1}
        rng = random.Random(seed)

        def choose(message: dict[str, Any]) -> str | None:
            legal = message["view"]["legal"]
            if not legal or hold["after"] and message["deal"] > hold["after"]:
                return None
            return rng.choice(legal)

        table = await Client.connect(cluster.host, cluster.port, go["code"], "Ana",
                                     ticket=go["ticket"], chooser=choose)
        await table.sit(0)
        await table.expect(P.VIEW, LONG, where=lambda m: m["deal"] == 2 and m["view"]["legal"])
        survivors = [p for p in cluster.processes if p is not owner]
        killed = time.monotonic()
        await asyncio.to_thread(owner.kill)
        hold["after"] = 0
        back = await Client.connect(cluster.host, cluster.port, go["code"], "Ana",
                                    key=table.key, ticket=go["ticket"], chooser=choose,
                                    timeout=LONG)
        await back.expect(P.VIEW, LONG, where=lambda m: m["deal"] == 2)
        served = time.monotonic() - killed
        taker = await cluster.holder(number)
        again = await asyncio.to_thread(taker.wait_for, lambda e: e.get(
            "event") == "table deal" and e.get("table") == number, LONG * 3)
        moved = min(t for p in survivors if (t := said_at(p, "moved", number)) is not None)
        reopened = said_at(taker, "reopened", number)
        await back.close()
        await lobby.close()
        return {"moved": moved - killed, "reopened": (reopened or moved) - killed,
                "back": served, "kept": float(again["deal"] == 2)}
    finally:
        await asyncio.to_thread(cluster.stop)


async def main_async(runs: int) -> int:
    pg, redis = start_postgres(), start_redis()
    try:
        results = [await one_run(pg, redis.url, seed) for seed in range(runs)]
    finally:
        pg.stop()
        redis.stop()
    print(f"a room process killed mid-deal, {runs} runs (3 processes, PostgreSQL, Redis, "
          f"HAProxy, on loopback; seconds from the kill):")
    for key, title in (("moved", "another process took the table"),
                       ("reopened", "the table open again there"),
                       ("back", "the player back at their place, with a view")):
        xs = [r[key] for r in results]
        print(f"  {title}: median {statistics.median(xs):.2f} s, max {max(xs):.2f} s")
    kept = sum(r["kept"] for r in results)
    print(f"  the finished first deal kept (the match went on with the second): {kept:.0f} "
          f"of {runs}")
    return 0 if kept == runs else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    return asyncio.run(main_async(parser.parse_args().runs))


if __name__ == "__main__":
    sys.exit(main())
