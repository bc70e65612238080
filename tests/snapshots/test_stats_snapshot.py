"""A snapshot of the statistics screen over a fixed history: forty matches played by seeded
random bots on fixed days, so that the figures and both charts are the same on every run.
Update after a deliberate change with ``pytest --snapshot-update tests/snapshots``."""

from __future__ import annotations

from pathlib import Path

from pilot_support import press, quiet
from textual.pilot import Pilot

from bisca_tui.history.sample import demo_entries
from bisca_tui.history.store import Store
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.stats import StatsScreen


async def open_stats(pilot: Pilot) -> None:
    await quiet(pilot)
    await press(pilot, "s")
    await quiet(pilot)
    assert isinstance(pilot.app.screen, StatsScreen)
    await pilot.app.workers.wait_for_complete()
    await quiet(pilot)


def test_statistics_at_120x40(snap_compare, tmp_path: Path) -> None:
    data = tmp_path / "data"
    store, problem = Store.open(data)
    assert store is not None and problem is None
    store.write_many(demo_entries(40))
    store.close()
    app = BiscaApp(bot_delay=0, data_directory=data)
    assert snap_compare(app, terminal_size=(120, 40), run_before=open_stats)
