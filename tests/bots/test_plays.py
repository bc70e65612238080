"""The generator of decisions (benchmarks/plays.py) writes its parts and resumes a run with
the parts not yet written."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from bots_support import benchmark  # noqa: E402

plays = benchmark("plays")


def _run(out: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "argv", ["plays.py", "--variant", "brisca", "--deals", "2",
                                      "--part", "1", "--jobs", "1", "--samples", "2",
                                      "--seed", "3", "--out", str(out)])
    plays.main()


def test_a_tiny_run_is_written_and_resumed(tmp_path: Path, monkeypatch, capsys) -> None:
    _run(tmp_path, monkeypatch)
    parts = sorted(tmp_path.glob("brisca-2p-s3-*.npz"))
    assert [p.name for p in parts] == ["brisca-2p-s3-0000000.npz", "brisca-2p-s3-0000001.npz"]
    with np.load(parts[1]) as z:
        deal, codes, legal, choice = z["deal"], z["codes"], z["legal"], z["choice"]
        assert set(deal) == {1} and codes.shape == (len(deal), 40)
        for k in range(len(deal)):  # the card chosen is a legal one, held in hand
            assert choice[k] in legal[k] and codes[k, choice[k]] == 1
        assert set(z["win"]) <= {0.0, 0.5, 1.0}
        before = z["codes"].copy()
    parts[0].unlink()
    capsys.readouterr()
    _run(tmp_path, monkeypatch)
    assert "1 parts to play" in capsys.readouterr().out
    assert parts[0].exists()
    with np.load(parts[1]) as z:
        assert (z["codes"] == before).all()
