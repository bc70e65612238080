"""The room's garbage collector: the automatic one off while the room serves, everything
walked when its time has come or when too many new objects are alive, and the collector
as it was once the room stops."""

from __future__ import annotations

import gc

from bisca_tui.room.collector import Collector


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def test_the_room_walks_everything_when_its_time_comes_and_gives_the_collector_back():
    assert gc.isenabled()
    clock = Clock()
    collector = Collector(full_every=900.0, most_new=10**9, look_every=3600.0, clock=clock)
    collector.start()
    try:
        assert not gc.isenabled()  # no pass of its own while the tables play
        clock.now = 899.0
        assert not collector.look() and collector.passes == 0
        cycle: list[object] = []
        cycle.append(cycle)  # garbage that only the collector frees
        del cycle
        clock.now = 900.0
        assert collector.look() and collector.passes == 1
        assert gc.get_count()[0] < 100  # everything walked just now
        collector.most_new = 0  # too many new objects: walked at once, whatever the time
        clock.now = 901.0
        assert collector.look() and collector.passes == 2
    finally:
        await collector.stop()
    assert gc.isenabled()
