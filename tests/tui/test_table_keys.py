"""The table's keys: Esc leaves for the start screen (asking first, the match kept), ? lists
every key of the table, and the footer names only the keys that apply."""

from __future__ import annotations

from textual.widgets import Button
from textual.widgets._footer import FooterKey
from tui_helpers import make_app, open_table, press, quick_table, quiet, settle, table, until

from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.confirm import ChoiceDialog
from bisca_tui.tui.screens.handover import HandOverScreen
from bisca_tui.tui.screens.keys import KeysScreen, key_rows
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.screens.table import TableScreen


def footer(screen) -> dict[str, str]:
    """The footer's keys as shown, each with its description."""
    return {k.key_display: k.description for k in screen.query(FooterKey)}


async def test_escape_asks_then_leaves_and_the_match_can_be_continued(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=8)
        await press(pilot, "1")
        await settle(app, pilot)
        history = list(t.session.state.history)
        await press(pilot, "escape")
        await quiet(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.id == "leave-table"
        assert {b.id for b in dialog.query(Button)} == {"choice-leave", "choice-stay"}
        await press(pilot, "escape")  # Escape answers Stay
        await quiet(pilot)
        assert app.screen is t and t.session.state.history == history
        await press(pilot, "escape", "s")  # so does s
        await quiet(pilot)
        assert app.screen is t
        await press(pilot, "escape")
        await quiet(pilot)
        await press(pilot, "l")  # Save and leave
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen)
        assert app.session is None
        button = app.screen.query_one("#continue", Button)
        assert button.display and app.focused is button
        await press(pilot, "enter")  # Continue: the match as it was left
        await settle(app, pilot)
        t2 = table(app)
        assert t2 is not t and t2.session.state.history == history


async def test_question_mark_lists_every_key_of_the_table(private_data) -> None:
    app = make_app(private_data)
    seats = [SeatSpec(HUMAN, "You"), SeatSpec(BOT, "Rui", "random"),
             SeatSpec(BOT, "Inês", "random"), SeatSpec(BOT, "Tiago", "random")]
    session = Session.new("bisca-capixaba", {}, seats, seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        t = await open_table(app, pilot, session)
        await press(pilot, "question_mark")
        await quiet(pilot)
        keys = app.screen
        assert isinstance(keys, KeysScreen)
        rows = {r.keys: r.what for r in keys.rows}
        # the keys the footer leaves out are listed too
        assert "1-9, 0" in rows and "card" in rows["1-9, 0"]
        assert "← →" in rows and "Enter" in rows and "space" in rows
        assert "Esc" in rows and "?" in rows and "F1" in rows and "Ctrl+Q" in rows
        # the variant's own keys, by its own names
        assert rows["c"] == "Cut" and rows["k"] == "Knock" and rows["x"] == "Exchange the 2"
        text = str(keys.query_one("#keys-text").render())
        assert "Exchange the 2" in text and "(not now)" in text
        await press(pilot, "escape")
        await quiet(pilot)
        assert app.screen is t


async def test_the_footer_names_the_keys_that_reach_the_hand_and_v_applies(
        private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(120, 30)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=8)
        assert len(t.session.view(0).hand) == 3
        await until(pilot, lambda: "1-3" in footer(t))
        shown = footer(t)
        assert shown["1-3"] == "Play" and "1-9" not in shown
        assert shown["esc"] == "Leave" and shown["?"] == "Keys"
        assert "Signal" not in shown.values() and "Bid / call" not in shown.values()
        # against bots, the speed key applies (the same table)
        assert next(r for r in key_rows(t) if r.keys == "v").now
        speed = t.session.speed
        await press(pilot, "v")
        assert t.session.speed != speed


async def test_the_speed_key_is_not_now_without_bots(private_data) -> None:
    app = make_app(private_data)
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(HUMAN, "Bea")]
    session = Session.new("bisca-3", {}, seats, seed=8)
    async with app.run_test(size=(120, 30)) as pilot:
        await open_table(app, pilot, session)
        assert isinstance(app.screen, HandOverScreen)
        await press(pilot, "enter")
        await settle(app, pilot)
        t = app.screen
        assert isinstance(t, TableScreen)
        await until(pilot, lambda: "1-3" in footer(t))
        speed = next(r for r in key_rows(t) if r.keys == "v")
        assert speed.what.startswith("Change how fast") and not speed.now


async def test_question_mark_lists_the_keys_of_the_start_screen_too(private_data) -> None:
    from bisca_tui.tui.screens.keys import KeysScreen

    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        await press(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, KeysScreen))
        shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "New game" in shown and "Rules" in shown
