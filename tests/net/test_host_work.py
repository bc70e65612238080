"""A host does each thing once per action: whole deals played through a real host over
loopback, with watchers, while a counting probe (``benchmarks/host_work.py``) wraps the
engine's view builder, the spectator's view, the view's body and its parts, and the lines
put together. At each position, each seat's view is built at most once and the spectators'
once, and each message's body is written once for its audience (the parts of it that are
the table's once for all of them) and its line put together once for its audience and
version of the protocol, however many clients it goes to, clients of versions 1 and 2 at
one table too."""

from __future__ import annotations

import pytest
from benchmark_support import benchmark

from bisca_tui.engine import codec
from bisca_tui.net import protocol

host_work = benchmark("host_work")

SETUPS = {
    "sueca": host_work.Setup("Sueca, 4 players, 2 watchers", "sueca"),
    "sueca-bots": host_work.Setup("Sueca, 2 players, 2 bots, 3 watchers", "sueca", people=2,
                                  watchers=3),
    "sueca-3": host_work.Setup("Sueca for three (a dummy)", "sueca-3"),
    "chiamata": host_work.Setup("Briscola Chiamata for five", "chiamata", players=5),
    "sueca-versions": host_work.Setup("Sueca, clients of versions 1 and 2", "sueca",
                                      watchers=4, protocols=(1, 2)),
}


@pytest.mark.parametrize("name", list(SETUPS))
async def test_each_view_and_each_encoding_is_made_once_per_position(name):
    setup = SETUPS[name]
    played = await host_work.measure(setup, seeds=1, deals=1)
    (probe,) = played.probes
    total = probe.totals()
    n = sum(1 for (kind, who) in total if kind == "views" and isinstance(who, int))
    assert played.actions > 20 and n >= 3, "a whole deal, every seat's view counted"
    watchers = host_work.WATCHERS
    # the watchers of each version were sent their messages, and each was encoded once for
    # all of them
    for version in set(setup.protocols):
        audience = watchers if version == protocol.PROTOCOL else (watchers, version)
        those = sum(setup.protocol(k) == version for k in range(setup.watchers))
        assert total[("sent", audience)] == those * total[("encoded", audience)] > 0
    assert probe.most() == {"views": 1, "bodies": 1, "encoded": 1}
    # a view's body is written a run of fields at a time: the table's runs once for every
    # view of the position, each view's own at most once (and only when they changed)
    runs = [run for run in codec.NET_RUNS if run.names[0] not in protocol.ViewWriter.GIVEN]
    table_runs = sum(run.table for run in runs)
    for position, counts in probe.counts.items():
        for (kind, who), made in counts.items():
            if kind in host_work.ONCE and host_work.for_views(who):
                assert made == 1, f"{kind} for {who} made {made} times at {position}"
            if kind == "parts":
                most = table_runs if who == host_work.SHARED else len(runs) - table_runs
                assert made <= most, f"{made} parts for {who} at {position}"
    assert 0 < total[("parts", host_work.SHARED)] <= table_runs * len(probe.counts)
    if len(setup.protocols) > 1:  # each version's lines were made, each once
        assert total[("encoded", (0, 1))] > 0 and total[("encoded", 1)] > 0


def test_the_probe_counts_a_line_encoded_twice():
    """The probe itself: two encodings of one audience's message at one position are
    counted as two."""
    encode = protocol.encode
    with host_work.Probe() as probe:
        message = {"type": "view", "seat": None}
        protocol.encode(message)
        protocol.encode(message)
    assert probe.most()["encoded"] == 2
    assert probe.totals()[("encoded", host_work.WATCHERS)] == 2
    assert protocol.encode is encode  # the probe leaves the host as it found it
