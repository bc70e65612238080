"""Snapshot tests of the card table: the screen drawn at 80x24 and 120x40, for two and four.

Every picture is deterministic: a fixed match seed typed into the new game form, instant
random-level bots (seeded by the match seed), a private data directory, and the bots' workers
waited for before the screenshot. Update the pictures after a deliberate change with
``pytest --snapshot-update tests/snapshots`` and look at them before accepting them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from pilot_support import press, quiet
from snapshot_support import settle
from textual.pilot import Pilot
from textual.widgets import Input

from bisca_tui import lang
from bisca_tui.engine import actions as A
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.table import TableScreen

RunBefore = Callable[[Pilot], Awaitable[None]]


def make_app(tmp_path: Path, variant: str) -> BiscaApp:
    return BiscaApp(bot_delay=0, data_directory=tmp_path / "data", variant=variant,
                    default_bot_level="random")


def table_of(app: BiscaApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), f"expected the table, found {screen!r}"
    return screen


def driver(seed: int, cards: int, choice: str | None = None) -> RunBefore:
    """Start a match from the start screen with ``seed``, answer the cut or knock with the
    key ``choice``, then play the first legal card of the sorted hand ``cards`` times."""

    async def run_before(pilot: Pilot) -> None:
        app = pilot.app
        await quiet(pilot)
        await press(pilot, "enter")  # the start screen: New game
        await quiet(pilot)
        for field in app.screen.query(Input):
            field.cursor_blink = False
        app.screen.query_one("#seed", Input).value = str(seed)
        await press(pilot, "enter")  # the form: Start
        await settle(pilot)
        t = table_of(app)
        if choice is not None:
            assert t.session.state.phase == "cut_or_knock"
            await press(pilot, choice)
            await settle(pilot)
        for _ in range(cards):
            v = t.session.view(0)
            legal = [a for a in v.legal if A.is_play(a)]
            await press(pilot, str(t.sorted_hand(v).index(legal[0]) + 1))
            await settle(pilot)
        assert t.session.match.seed == seed
        assert t.session.state.tricks, "a trick should be finished on the table"

    return run_before


def test_bisca_de_tres_at_80x24(snap_compare, tmp_path: Path) -> None:
    """Two players at the smallest supported size: a finished trick and the log."""
    app = make_app(tmp_path, "bisca-3")
    assert snap_compare(app, terminal_size=(80, 24), run_before=driver(42, 2))


def test_bisca_de_tres_at_120x40(snap_compare, tmp_path: Path) -> None:
    """The same deal on a big terminal: bigger cards."""
    app = make_app(tmp_path, "bisca-3")
    assert snap_compare(app, terminal_size=(120, 40), run_before=driver(42, 2))


def test_bisca_capixaba_at_120x40(snap_compare, tmp_path: Path) -> None:
    """Four in partnership after a cut: the indicator under the stock, the partner's shown
    hand in its seat, a finished trick of four cards."""
    app = make_app(tmp_path, "bisca-capixaba")
    assert snap_compare(app, terminal_size=(120, 40), run_before=driver(42, 1, choice="c"))


@pytest.mark.parametrize(("code", "variant"), [("pt", "sueca"), ("it", "briscola"),
                                               ("es", "brisca")])
def test_the_table_in_its_players_language(snap_compare, tmp_path: Path, code: str,
                                           variant: str) -> None:
    """Sueca in Portuguese, Briscola in Italian, Brisca in Spanish, each in its own pack's
    words, after a trick."""
    lang.use(code)
    try:
        app = make_app(tmp_path, variant)
        assert snap_compare(app, terminal_size=(100, 30), run_before=driver(7, 1))
    finally:
        lang.use("en")
