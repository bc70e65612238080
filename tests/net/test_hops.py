"""The path of one action from a player's submit to the other player's client, as the probe
``benchmarks/hops.py`` follows it through a real host over loopback: every stage it names is
met, in its order, on every action, and only the other player's client takes a view on the
way (the acting player's own client reads nothing until the other has the view)."""

from __future__ import annotations

from benchmark_support import benchmark

hops = benchmark("hops")


async def test_each_action_meets_every_stage_in_order() -> None:
    followed = await hops.play(6, seed=3, traced=True)
    assert len(followed) == 6
    for _wall, calls in followed:
        met = hops.stages(calls)
        assert [where for _label, where in met if where is None] == [], met
        names = [hops.name_of(code) for code in calls]
        assert names.count("net.remote:JoinedMatch.take_view") == 1
        assert names.count("net.host:Host.act") == 1
