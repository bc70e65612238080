"""``benchmarks/read_hands.py`` runs in a game where partners are shown each other's hands,
and prints each of its figures."""

from __future__ import annotations

import re

import pytest
from bots_support import benchmark

pytest.importorskip("numpy")


def test_the_reading_benchmark_reports_every_figure(monkeypatch, capsys) -> None:
    script = benchmark("read_hands")
    monkeypatch.setattr("sys.argv", ["read_hands.py", "--variant", "bisca-capixaba",
                                     "--deals", "1", "--samples", "6", "--temper", "0.5"])
    script.main()
    out = capsys.readouterr().out
    decisions = int(re.search(r"for 4: (\d+) decisions in 1 deals", out)[1])
    assert decisions >= 10  # the stock phase of a deal, seen from every seat
    rank = float(re.search(r"ranks above ([\d.]+)% of the samples", out)[1])
    assert 0.0 <= rank <= 100.0
    assert "log-loss of the guess at each unseen card" in out
    assert "samples' worth" in out
