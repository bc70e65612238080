"""Room processes behind HAProxy: each connection reaches one of them, which knows the
client's own address from the balancer's PROXY protocol line."""

from __future__ import annotations

import asyncio

from bisca_tui.net.room_client import RoomClient

from .cluster_support import RoomCluster


async def test_the_balancer_spreads_the_lobby_over_the_processes_and_says_who_came():
    cluster = await asyncio.to_thread(RoomCluster, 3)
    try:
        clients = [await RoomClient.enter(cluster.host, cluster.port, f"Guest{i}", None)
                   for i in range(3)]
        came: list[dict] = []

        def everyone_came() -> bool:
            came[:] = [e for p in cluster.processes for e in p.events
                       if e.get("event") == "came"]
            return len(came) == 3

        await cluster.wait(everyone_came)
        assert sorted(e["name"] for e in came) == ["Guest0", "Guest1", "Guest2"]
        ports = {c.writer.get_extra_info("sockname")[1] for c in clients}
        assert {int(e["peer"].rsplit(":", 1)[1]) for e in came} == ports
        served = [p for p in cluster.processes if any(
            e.get("event") == "came" for e in p.events)]
        assert len(served) > 1  # (spread: not all on one)
        for c in clients:
            await c.close()
    finally:
        await asyncio.to_thread(cluster.stop)
