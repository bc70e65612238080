"""The seed line of the side panel: a seed of any length stays one readable line."""

from __future__ import annotations

import pytest
from tui_helpers import make_app, open_table, press, quiet

from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.widgets.common import Panel
from bisca_tui.tui.widgets.side import PANEL_WIDTH, seed_label


@pytest.mark.parametrize("seed,label", [
    (0, "Seed 0"),
    (123456, "Seed 123456"),
    (2**64 - 1, "Seed 184467440737…"),  # 25 characters: the panel has 24
    (10**20, "Seed 100000000000…"),
    (int("7" * 400), "Seed 777777777777…"),
    (-int("5" * 30), "Seed -555555555555…"),
])
def test_a_seed_too_long_for_the_panel_is_cut(seed: int, label: str) -> None:
    assert seed_label(seed) == label
    assert len(seed_label(seed)) <= PANEL_WIDTH


async def test_a_400_digit_seed_fills_one_line_of_the_panel(private_data) -> None:
    seed = int("31415926535" * 37)  # 407 digits
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=seed)
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_table(app, pilot, session)
        info = screen.query_one("#info", Panel)
        lines = [strip.text.strip(" │") for strip in info.render_lines(info.region.reset_offset)]
        seed_lines = [line for line in lines if line.startswith("Seed")]
        assert seed_lines == ["Seed 314159265353…"]
        assert not any("31415926535314159" in line for line in lines)


def _toasts(app) -> list[str]:
    from textual.widgets._toast import Toast

    out = []
    for toast in app.screen.query(Toast):
        lines = toast.render_lines(toast.region.reset_offset)
        out.append(" ".join(" ".join(strip.text.strip(" ▌") for strip in lines).split()))
    return out


@pytest.mark.parametrize("typed", ["-1", str(2**64), "9" * 31, "9" * 5000],
                         ids=["negative", "2**64", "31 digits", "5000 digits"])
async def test_the_new_game_form_refuses_a_seed_no_record_could_hold(private_data,
                                                                    typed: str) -> None:
    from textual.widgets import Button, Input

    app = make_app(private_data, variant="bisca-3")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await press(pilot, "n")
        await quiet(pilot)
        form = app.screen
        form.query_one("#seed", Input).value = typed
        form.query_one("#start", Button).focus()
        await press(pilot, "enter")
        await quiet(pilot)
        assert app.screen is form  # no match started, so no save it could not read back
        assert any("a seed is a whole number from 0 to 18446744073709551615" in t
                   for t in _toasts(app)), _toasts(app)


async def test_the_largest_seed_starts_a_match(private_data) -> None:
    from textual.widgets import Button, Input

    from bisca_tui.tui.screens.table import TableScreen

    app = make_app(private_data, variant="bisca-3")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await press(pilot, "n")
        await quiet(pilot)
        form = app.screen
        form.query_one("#seed", Input).value = str(2**64 - 1)
        form.query_one("#start", Button).focus()
        await press(pilot, "enter")
        await quiet(pilot)
        screens = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        assert screens and screens[0].session.match.seed == 2**64 - 1
