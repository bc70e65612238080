"""A snapshot of the beliefs of a deal (b on its summary) at the table's smallest size:
a hard bot's decision, the card its search preferred, the grid of the cards it could not
see, the true places marked.

Deterministic as the coach's snapshots are: a fixed match seed, the deal played in code to
its last trick by bots that do not follow the clock, the coach's samples fixed. Update with
``pytest --snapshot-update tests/snapshots`` and look at the picture first.
"""

from __future__ import annotations

from pathlib import Path

from pilot_support import press, quiet
from snapshot_support import to_the_last_card, to_the_summary
from textual.pilot import Pilot

from bisca_tui.bots.levels import MediumBot
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.beliefs import BeliefsScreen

SIZE = (80, 24)


def test_the_beliefs_of_a_hard_bot(snap_compare, tmp_path: Path) -> None:
    seats = [SeatSpec(HUMAN, "You"), SeatSpec(BOT, "Rui", "hard"),
             SeatSpec(BOT, "Ana", "medium"), SeatSpec(BOT, "Zé", "easy")]
    session = Session.new("sueca", {}, seats, seed=5)
    # the hard seat's cards played by a bot that does not follow the clock: the same deal
    # on any machine (its beliefs are still the hard level's: the seat's level says so)
    session.bots[1] = MediumBot(7)
    to_the_last_card(session)

    async def run_before(pilot: Pilot) -> None:
        app = pilot.app
        await to_the_summary(pilot, session)
        await press(pilot, "b")
        b = app.screen
        assert isinstance(b, BeliefsScreen) and b.final and b.beliefs
        await press(pilot, "s", "s")  # Rui's decisions
        while b.decision is not None and (b.decision.best in (None, b.decision.chosen)):
            before = b.index
            await press(pilot, "right")
            assert b.index != before, "no decision where the search preferred another card"
        await quiet(pilot)

    app = BiscaApp(bot_delay=0, data_directory=tmp_path / "data", default_bot_level="random")
    app.coach_samples = 4
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
