"""Which processes of a room are alive: one that stops says goodbye, one that stops answering
loses its key when its time to live runs out; every live process is told of each, and the
tables of a process gone are found nowhere."""

from __future__ import annotations

import pytest

from bisca_tui.room.store import SqliteRoom

from .bus_support import bus_of, process, until


@pytest.fixture
def store():
    shared = SqliteRoom(":memory:")
    yield shared
    shared.close()


async def test_every_live_process_is_told_of_one_that_stopped_or_stopped_answering(
        bus, store):
    a, b, c = [await process(bus, store, ttl=1.0) for _ in range(3)]
    told: dict[str, list[tuple[str, str]]] = {"a": [], "c": []}
    held: list[list[int]] = []  # the tables a process held when it went, as told
    bus_of(a).when_gone(lambda p, address: told["a"].append((p, address)))
    bus_of(a).when_gone(lambda p, address: held.append(bus_of(a).numbers_of(p)))
    bus_of(c).when_gone(lambda p, address: told["c"].append((p, address)))
    ids = {bus_of(run).process: bus_of(run).address for run in (a, b, c)}
    assert len(ids) == 3 and len(set(ids.values())) == 3
    try:
        await until(lambda: all(bus_of(run).alive() == ids for run in (a, b, c)),
                    "each process to know every other")
        eva = await c.enter("Eva")
        eva.open("bisca-3", people=2)
        go = await eva.go()
        await until(lambda: bus_of(a).where(go["code"]) == ids[bus_of(c).process],
                    "Eva's table found in the first process")
        gone_b = (bus_of(b).process, bus_of(b).address)
        await b.stop()  # it says goodbye
        await until(lambda: told["a"] == [gone_b] and told["c"] == [gone_b],
                    "both live processes told")
        assert gone_b[0] not in bus_of(a).alive() and gone_b[0] not in bus_of(c).alive()
        gone_c = (bus_of(c).process, bus_of(c).address)
        task = bus_of(c)._task  # as a process that froze or was killed: no goodbye
        assert task is not None
        task.cancel()
        await until(lambda: told["a"] == [gone_b, gone_c], "its key to run out")
        assert held == [[], [go["table"]]]
        assert bus_of(a).numbers_of(gone_c[0]) == []  # (forgotten once told)
        assert bus_of(a).alive() == {bus_of(a).process: bus_of(a).address}
        assert bus_of(a).where(go["code"]) is None
        assert bus_of(a).people() == [] and bus_of(a).tables() == []
        assert any(kind == "process gone" and f["process"] == gone_c[0]
                   for kind, f in a.events)
    finally:
        await c.stop()
        await a.stop()
