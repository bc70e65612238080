"""A host does each thing once per action: whole deals played through a real host over
loopback, with watchers, while a counting probe (``benchmarks/host_work.py``) wraps the
engine's view builder, the spectator's view, the view's JSON and the encoder. At each
position, each seat's view is built at most once and the spectators' once, and each message
is turned into JSON and encoded once for its audience, however many clients it goes to."""

from __future__ import annotations

import pytest
from benchmark_support import benchmark

from bisca_tui.net import protocol

host_work = benchmark("host_work")

SETUPS = {
    "sueca": host_work.Setup("Sueca, 4 players, 2 watchers", "sueca"),
    "sueca-bots": host_work.Setup("Sueca, 2 players, 2 bots, 3 watchers", "sueca", people=2,
                                  watchers=3),
    "sueca-3": host_work.Setup("Sueca for three (a dummy)", "sueca-3"),
    "chiamata": host_work.Setup("Briscola Chiamata for five", "chiamata", players=5),
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
    # the watchers were sent their messages, and each was encoded once for all of them
    assert total[("sent", watchers)] == setup.watchers * total[("encoded", watchers)] > 0
    assert probe.most() == {"views": 1, "bodies": 1, "encoded": 1}
    for position, counts in probe.counts.items():
        for (kind, who), made in counts.items():
            if kind != "sent" and (isinstance(who, int) or who == watchers):
                assert made == 1, f"{kind} for {who} made {made} times at {position}"


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
