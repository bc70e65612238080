"""Room processes behind HAProxy: each connection reaches one of them, which knows the
client's own address from the balancer's PROXY protocol line."""

from __future__ import annotations

import asyncio

from bisca_tui.net.room_client import RoomClient

from .cluster_support import LONG, RoomCluster


async def test_the_balancer_spreads_the_lobby_over_the_processes_and_says_who_came():
    cluster = await asyncio.to_thread(RoomCluster, 3)
    try:
        clients = [await RoomClient.enter(cluster.host, cluster.port, f"Guest{i}", None)
                   for i in range(3)]
        came = []
        for proc in cluster.processes:
            came.append(await asyncio.to_thread(
                proc.wait_for, lambda e: e.get("event") == "came", LONG))
        assert sorted(e["name"] for e in came) == ["Guest0", "Guest1", "Guest2"]
        ports = {c.writer.get_extra_info("sockname")[1] for c in clients}
        assert {int(e["peer"].rsplit(":", 1)[1]) for e in came} == ports
        for c in clients:
            await c.close()
    finally:
        await asyncio.to_thread(cluster.stop)
