"""A game history held locked by another program: the statistics and past matches screens
open, say the history is busy (once), open it once it is free, and the app quits normally.

The app runs in a child process: were it to freeze (the app's thread waiting for the
history while a worker waits for the app's thread), the test ends when its time is up
instead of hanging with it."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from bisca_tui.history.store import DB_NAME, Store

LIMIT = 90  # seconds for the child: its steps take a few; a frozen app takes them all


def hold_locked(data: Path) -> sqlite3.Connection:
    """Another program's connection holding the history for itself."""
    store, problem = Store.open(data)
    assert store is not None and problem is None
    store.close()
    other = sqlite3.connect(data / DB_NAME, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")
    other.execute("BEGIN EXCLUSIVE")
    other.execute("SELECT count(*) FROM matches").fetchall()
    return other


async def scenario(data: Path) -> dict[str, object]:
    """Open the statistics and past matches from the start screen, then quit."""
    from textual.widgets import Static
    from tui_helpers import make_app

    from bisca_tui.history import store as store_module
    from bisca_tui.tui.screens.history import HistoryScreen
    from bisca_tui.tui.screens.start import StartScreen
    from bisca_tui.tui.screens.stats import StatsScreen

    store_module.BUSY_TIMEOUT = 2.0  # a worker's wait for the file, shortened
    other = hold_locked(data)
    seen: dict[str, object] = {}
    app = make_app(data)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        seen["stats"] = type(app.screen).__name__
        if isinstance(app.screen, StatsScreen):
            seen["stats_text"] = str(app.screen.query_one("#stats-empty", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        seen["history"] = type(app.screen).__name__
        if isinstance(app.screen, HistoryScreen):
            seen["history_text"] = str(app.screen.query_one("#history-empty",
                                                             Static).render())
        await pilot.press("escape")
        await pilot.pause()
        seen["back"] = isinstance(app.screen, StartScreen)
        await app.workers.wait_for_complete()
        # the other program lets go: the history opens the next time it is asked for
        other.close()
        await pilot.press("s")
        await pilot.pause()
        if isinstance(app.screen, StatsScreen):
            seen["free_text"] = str(app.screen.query_one("#stats-empty", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        seen["notices"] = [n.message for n in app._notifications]
        await pilot.press("ctrl+q")
    seen["quit"] = app.return_value
    return seen


def test_a_locked_history_is_said_once_and_the_app_quits(tmp_path) -> None:
    data = tmp_path / "data"
    try:
        child = subprocess.run([sys.executable, __file__, str(data)], capture_output=True,
                               text=True, timeout=LIMIT, cwd=Path(__file__).parent)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the app froze: still running after {LIMIT} s") from None
    assert child.returncode == 0, child.stderr
    seen = json.loads(child.stdout.strip().splitlines()[-1])
    assert seen["stats"] == "StatsScreen" and seen["history"] == "HistoryScreen"
    assert "busy" in seen["stats_text"] and "busy" in seen["history_text"]
    assert seen["back"] is True
    assert "No games yet" in seen["free_text"]  # tried again once free
    busy = [n for n in seen["notices"] if "busy" in n]
    assert len(busy) == 1, seen["notices"]
    assert not [n for n in seen["notices"] if "damaged" in n or "set aside" in n]
    assert seen["quit"] == 0
    assert (data / DB_NAME).exists()  # left where it is
    assert not list(data.glob("history.damaged-*"))


if __name__ == "__main__":
    # run from this folder: the helpers beside it, and the waits they share one level up
    sys.path.insert(1, str(Path(__file__).resolve().parents[1]))
    print(json.dumps(asyncio.run(scenario(Path(sys.argv[1])))))
