"""Snapshot test of the replay viewer: a shipped record of Briscola for four on the table,
three tricks and a card in, every hand open, at 100x30.

The picture depends only on the record (no seed drawn, no bots); the app reads its settings
from a private data directory. Update it after a deliberate change with
``pytest --snapshot-update tests/snapshots`` and look at it before accepting it.
"""

from __future__ import annotations

from pathlib import Path

from pilot_support import press, quiet
from textual.pilot import Pilot

from bisca_tui.replay import viewer_app

RECORD = Path(__file__).resolve().parents[2] / "bisca_tui" / "examples" / "briscola-4p.json"


def test_replay_viewer_at_100x30(snap_compare, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("BISCA_TUI_DATA", str(tmp_path / "data"))

    async def run_before(pilot: Pilot) -> None:
        await quiet(pilot)
        await press(pilot, "down", "down", "down", "right")
        await quiet(pilot)

    assert snap_compare(viewer_app(str(RECORD)), terminal_size=(100, 30),
                        run_before=run_before)
