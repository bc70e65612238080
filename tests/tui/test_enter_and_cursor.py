"""Enter plays the card under the cursor only once a key was pressed at the table (an Enter
meant for the screen before, arriving as the table comes into view, plays nothing). That the
cursor rests only on cards that may be played is checked on the Sueca deal played by keys
(``test_sueca``)."""

from __future__ import annotations

from tui_helpers import (
    make_app,
    open_table,
    play_key,
    press,
    quick_table,
    settle,
    start_game,
    until,
)

from bisca_tui.table.session import HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.handover import HandOverScreen
from bisca_tui.tui.screens.table import TableScreen


def status(t) -> str:
    return str(t.query_one("#status").render())


async def test_an_enter_right_after_the_form_plays_no_card(private_data) -> None:
    app = make_app(private_data, variant="bisca-3")
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start_game(app, pilot, seed=11)  # the form started with Enter
        st = t.session.state
        assert st.current == 0
        before = list(st.history)
        await press(pilot, "enter")  # a second Enter, as if the form's reached the table
        assert st.history == before and st.current == 0
        assert "press it again" in status(t)
        chosen = t.sorted_hand(t.session.view(0))[t.selected]
        await play_key(app, pilot, "enter")  # now it plays the card chosen
        assert st.history[len(before)] == chosen


async def test_any_key_at_the_table_arms_enter(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=11)
        st = t.session.state
        assert not t.armed
        await press(pilot, "right")
        assert t.armed
        chosen = t.sorted_hand(t.session.view(0))[t.selected]
        before = len(st.history)
        await play_key(app, pilot, "enter")
        assert st.history[before] == chosen
        # the next turn at the same table: Enter plays at once
        await settle(app, pilot)
        assert st.current == 0 and t.armed
        before = len(st.history)
        await play_key(app, pilot, "enter")
        assert len(st.history) > before


async def test_an_enter_after_the_hand_over_plays_no_card(private_data) -> None:
    app = make_app(private_data)
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(HUMAN, "Bea")]
    session = Session.new("bisca-3", {}, seats, seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_table(app, pilot, session)
        assert isinstance(app.screen, HandOverScreen)
        st = session.state
        who = st.current
        await press(pilot, "enter")  # "I am here"
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await settle(app, pilot)
        t = app.screen
        assert t.viewer == who
        await press(pilot, "enter")  # the same finger, once more: nothing is played
        assert not st.history and st.current == who
        await press(pilot, "enter")
        await until(pilot, lambda: len(st.history) == 1)
