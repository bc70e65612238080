"""The seed line of the side panel: a seed of any length stays one readable line; the new
game form refuses a seed no record could hold and starts a match with the largest one."""

from __future__ import annotations

import pytest
from tui_helpers import make_app, open_table, press, quiet, table, until

from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.widgets.common import Panel
from bisca_tui.tui.widgets.side import PANEL_WIDTH, seed_label

REFUSED = "a seed is a whole number from 0 to 18446744073709551615"


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


def _toasts(app) -> list[str]:
    from textual.widgets._toast import Toast

    out = []
    for toast in app.screen.query(Toast):
        lines = toast.render_lines(toast.region.reset_offset)
        out.append(" ".join(" ".join(strip.text.strip(" ▌") for strip in lines).split()))
    return out


def _seed_lines(screen) -> list[str]:
    info = screen.query_one("#info", Panel)
    lines = [strip.text.strip(" │") for strip in info.render_lines(info.region.reset_offset)]
    return [line for line in lines if line.startswith("Seed")]


async def test_the_form_refuses_seeds_no_record_could_hold_and_the_panel_cuts_a_long_one(
        private_data) -> None:
    """One app: each seed no record could hold refused by the form, with the reason shown
    and no match started; the largest seed starts a match; a 400-digit seed (only made in
    code: the form refuses it) fills one line of the panel."""
    from textual.widgets import Button, Input

    from bisca_tui.tui.screens.table import TableScreen

    app = make_app(private_data, variant="bisca-3")
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await press(pilot, "n")
        await quiet(pilot)
        form = app.screen
        said: list[str] = []
        real = app.notify

        def notify(message, *a, **kw):
            said.append(str(message))
            return real(message, *a, **kw)

        app.notify = notify  # type: ignore[method-assign]
        start = form.query_one("#start", Button)
        start.active_effect_duration = 0  # a press while it is drawn pressed is not lost
        for typed in ["-1", str(2**64), "9" * 31, "9" * 5000]:
            before = len(said)
            form.query_one("#seed", Input).value = typed
            start.focus()
            await press(pilot, "enter")
            await quiet(pilot)
            assert app.screen is form, typed[:40]  # no match started: no save to misread
            assert [REFUSED in line for line in said[before:]] == [True], typed[:40]
        # the reason is drawn, as a toast
        await until(pilot, lambda: any(REFUSED in t for t in _toasts(app)))

        form.query_one("#seed", Input).value = str(2**64 - 1)
        await press(pilot, "enter")
        await quiet(pilot)
        screens = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        assert screens and screens[0].session.match.seed == 2**64 - 1
        assert screens[0].session.variant.id == "bisca-3"
        # the form's seed deals exactly what a match of that seed deals
        again = Session.new("bisca-3", {}, default_seats(2, "random"), seed=2**64 - 1)
        assert screens[0].session.view(0).hand == again.view(0).hand
        assert _seed_lines(screens[0]) == ["Seed 184467440737…"]

        seed = int("31415926535" * 37)  # 407 digits
        session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=seed)
        screen = await open_table(app, pilot, session)
        assert screen.session is session and table(app) is screen
        assert _seed_lines(screen) == ["Seed 314159265353…"]
        info = screen.query_one("#info", Panel)
        lines = [strip.text.strip(" │") for strip in info.render_lines(info.region.reset_offset)]
        assert not any("31415926535314159" in line for line in lines)
