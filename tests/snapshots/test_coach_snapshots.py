"""Snapshot tests of the coach: the hint in the side panel, and the review of a deal.

Deterministic as the table's pictures are (a fixed match seed, instant random-level bots,
a private data directory), and the coach's search bounded by a fixed number of sampled
deals instead of its time budget, its workers waited for before the screenshot. Update
with ``pytest --snapshot-update tests/snapshots`` and look at the pictures first.
"""

from __future__ import annotations

from pathlib import Path

from pilot_support import press, quiet
from snapshot_support import settle, to_the_last_card, to_the_summary
from textual.pilot import Pilot

from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.review import ReviewScreen
from bisca_tui.tui.screens.table import TableScreen

SIZE = (110, 34)


def make_app(tmp_path: Path, samples: int) -> BiscaApp:
    app = BiscaApp(bot_delay=0, data_directory=tmp_path / "data", default_bot_level="random")
    app.coach_samples = samples
    return app


async def sit_down(pilot: Pilot, variant: str, seed: int) -> TableScreen:
    app = pilot.app
    await quiet(pilot)
    n = len(default_seats(2)) if variant == "bisca-3" else 4
    app.seating.start(Session.new(variant, {}, default_seats(n, "random"), seed=seed))
    await settle(pilot)
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


def test_the_hint_in_the_side_panel(snap_compare, tmp_path: Path) -> None:
    async def run_before(pilot: Pilot) -> None:
        t = await sit_down(pilot, "bisca-3", 42)
        await press(pilot, "h")
        await settle(pilot)
        assert t.coach.advice is not None

    assert snap_compare(make_app(tmp_path, 8), terminal_size=SIZE, run_before=run_before)


def test_the_review_of_a_deal(snap_compare, tmp_path: Path) -> None:
    """The deal played in code up to its last trick, as the keys would play it (the first
    legal card every time; the bots answer as at the table), and its last card by its key:
    the same deal as played by keys throughout, so the same picture, for a redraw less
    per card (playing cards by keys has tests of its own)."""
    session = Session.new("sueca", {}, default_seats(4, "random"), seed=1)
    to_the_last_card(session)

    async def run_before(pilot: Pilot) -> None:
        app = pilot.app
        assert len(session.state.tricks) == 9
        await to_the_summary(pilot, session)
        await press(pilot, "r")
        await settle(pilot)
        r = app.screen
        assert isinstance(r, ReviewScreen) and r.review is not None and r.review.marked
        await press(pilot, "n")  # on to the second marked decision
        await quiet(pilot)

    assert snap_compare(make_app(tmp_path, 4), terminal_size=SIZE, run_before=run_before)
