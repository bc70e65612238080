"""A player's name is text, never markup: names that look like markup (``x[/b]``, ``[/]``,
``[Rui]``, ``[b]Rui``) start a match, play, save and continue, and show as typed; a saved
match the table cannot draw is reported and set aside, never a crash."""

from __future__ import annotations

from textual.widgets import Button, Input
from textual.widgets._toast import Toast
from tui_helpers import (
    first_playable_index,
    hand_key,
    log_text,
    make_app,
    open_table,
    play_ahead,
    play_key,
    press,
    quiet,
    settle,
    table,
    until,
)

from bisca_tui.engine.records import parse_record
from bisca_tui.table.recording import from_saved
from bisca_tui.table.save import SAVE_NAME, read_save, write_save
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.messages import BotReplaced
from bisca_tui.tui.screens.handover import HandOverScreen
from bisca_tui.tui.screens.newgame import NewGameScreen
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.screens.table import TableScreen
from bisca_tui.tui.widgets.log import GameLog
from bisca_tui.tui.widgets.table import SeatPanel

NAMES = ("x[/b]", "[/]", "[Rui]", "[b]Rui")


def rendered(widget) -> str:
    return "\n".join(line.text for line in widget.render_lines(widget.region.reset_offset))


def seat_title(t: TableScreen, seat: int) -> str:
    """The top line of a seat's frame, where its name is drawn."""
    return rendered(t.query_one(f"#seat-{seat}", SeatPanel)).splitlines()[0]


def log_shown(t: TableScreen) -> str:
    return "\n".join(strip.text for strip in t.query_one(GameLog).lines)


def assert_names_drawn(t: TableScreen) -> None:
    for seat, name in enumerate(NAMES):
        assert name in seat_title(t, seat), (name, seat_title(t, seat))
    # bold from a name would show as a style, not as the name's own brackets
    assert "[b]Rui" in seat_title(t, 3)


def bots_named(level: str = "random") -> list[SeatSpec]:
    return [SeatSpec(HUMAN, NAMES[0])] + [SeatSpec(BOT, name, level) for name in NAMES[1:]]


async def play_one_card(app, pilot) -> None:
    t = table(app)
    before = len(t.session.state.history)
    await play_key(app, pilot, hand_key(first_playable_index(t)))
    assert len(t.session.state.history) > before


async def test_names_typed_in_the_form_show_as_typed(private_data) -> None:
    """On one form: a seed typed as markup is refused as text; then the names as typed
    start the match, and show at the table and in its log."""
    app = make_app(private_data, variant="bisca-4")
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await press(pilot, "n")
        await quiet(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        for seat, name in enumerate(NAMES):
            form.query_one(f"#name-{seat}", Input).value = name
        form.query_one("#seed", Input).value = "[/]"
        form.query_one("#start", Button).focus()
        await press(pilot, "enter")
        await quiet(pilot)
        assert app.screen is form
        assert any("'[/]'" in text for text in toasts(app)), toasts(app)
        form.query_one("#seed", Input).value = "5"
        start = form.query_one("#start", Button)
        # a button takes no second press while it shows the first (a moment)
        await until(pilot, lambda: not start.has_class("-active"))
        start.focus()
        await press(pilot, "enter")
        await settle(app, pilot)
        t = table(app)
        assert [t.session.name(seat) for seat in range(4)] == list(NAMES)
        assert_names_drawn(t)
        await play_one_card(app, pilot)
        await quiet(pilot)
        assert_names_drawn(t)
        shown = log_shown(t)
        assert f"{NAMES[0]} plays" in shown
        for name in NAMES[1:]:  # every bot has played since
            assert f"{name} plays" in shown
            assert any(line.startswith(f"{name} plays") for line in log_text(t))
        assert "Deal 1" in shown


async def test_hot_seat_hands_over_to_names_as_typed(private_data) -> None:
    seats = [SeatSpec(HUMAN, NAMES[0]), SeatSpec(BOT, NAMES[1], "random"),
             SeatSpec(HUMAN, NAMES[2]), SeatSpec(BOT, NAMES[3], "random")]
    session = Session.new("bisca-4", {}, seats, seed=21)
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        app.seating.start(session)
        await settle(app, pilot)
        assert isinstance(app.screen, HandOverScreen)
        assert f"Pass to {NAMES[0]} — press Enter" in rendered(app.screen.query_one(
            "#handover-text"))
        await press(pilot, "enter")
        await settle(app, pilot)
        t = table(app)
        assert t.viewer == 0
        assert_names_drawn(t)
        await play_one_card(app, pilot)  # the bot after plays; then the other person
        await quiet(pilot)
        assert isinstance(app.screen, HandOverScreen)
        assert f"Pass to {NAMES[2]} — press Enter" in rendered(app.screen.query_one(
            "#handover-text"))
        await press(pilot, "enter")
        await settle(app, pilot)
        assert t.viewer == 2
        for seat, name in enumerate(NAMES):
            assert name in seat_title(t, seat)


def saved_session(data) -> Session:
    """The match saved in ``data``, read back as Continue reads it."""
    saved = read_save(data)
    assert saved is not None
    return from_saved(parse_record(saved.text, str(saved.path)), saved.table)


async def test_a_save_with_such_names_continues(private_data) -> None:
    # saved as the table saves it, after a card of the person's (the table's own q writes
    # the save below, which is read back)
    session = Session.new("bisca-4", {}, bots_named(), seed=8)
    play_ahead(session, lambda st: len(st.history) > 0 and session.is_human(st.current))
    history = list(session.state.history)
    write_save(private_data, session.recording.save_text(), session.recording.table_text())

    app2 = make_app(private_data)
    async with app2.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        assert app2.screen.query_one("#continue", Button).display
        await press(pilot, "enter")
        await settle(app2, pilot)
        t2 = table(app2)
        assert t2.session.state.history[:len(history)] == history
        assert_names_drawn(t2)
        assert f"{NAMES[0]} plays" in log_shown(t2)  # the deal so far, told again
        await play_one_card(app2, pilot)
        history = list(t2.session.state.history)
        await press(pilot, "q")
    # and again: continuing saves it anew, with the same names
    again = saved_session(private_data)
    assert [again.name(seat) for seat in range(4)] == list(NAMES)
    assert list(again.state.history) == history


def toasts(app) -> list[str]:
    return [" ".join(rendered(toast).split()) for toast in app.screen.query(Toast)]


async def test_a_bot_problem_failing_or_replaced_is_told_as_text(private_data) -> None:
    """A bot level that does not exist, a bot that fails and one replaced, each naming
    its seat: at one table."""
    seats = bots_named()
    seats[1] = SeatSpec(BOT, NAMES[1], "no-such-level[/b]")
    app = make_app(private_data)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        t = await open_table(app, pilot, Session.new("bisca-4", {}, seats, seed=4))
        await quiet(pilot)
        shown = toasts(app)
        assert any(f"{NAMES[1]}: unknown bot level" in text for text in shown), shown
        assert any(line.startswith(f"{NAMES[1]}: unknown bot level 'no-such-level[/b]'")
                   for line in log_text(t))

        def fails(view) -> int:
            raise RuntimeError("[/b] broke")

        t.session.bots[1].choose = fails  # the seat after the person's
        await play_one_card(app, pilot)
        await quiet(pilot)
        assert any(f"{NAMES[1]} (bot) failed: RuntimeError: [/b] broke" in text
                   for text in toasts(app)), toasts(app)
        t.post_message(BotReplaced(2, "its program [/i] stopped"))
        await quiet(pilot)
        assert f"{NAMES[2]}: its program [/i] stopped" in log_text(t)
        assert any(f"{NAMES[2]}: its program [/i] stopped" in text for text in toasts(app))


async def test_a_save_the_table_cannot_draw_is_reported_and_set_aside(
        private_data, monkeypatch) -> None:
    # saved as the table saves it (the test above reads back one made at the table by q)
    session = Session.new("bisca-4", {}, bots_named(), seed=8)
    play_ahead(session, lambda st: len(st.history) > 4)
    write_save(private_data, session.recording.save_text(), session.recording.table_text())

    def cannot_draw(self, info, show_team) -> None:
        raise ValueError("a seat that cannot be drawn")

    monkeypatch.setattr(SeatPanel, "show", cannot_draw)
    app2 = make_app(private_data)
    async with app2.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        await press(pilot, "enter")  # Continue
        await quiet(pilot)
        assert isinstance(app2.screen, StartScreen)
        notice = rendered(app2.screen.query_one("#save-notice"))
        assert "could not be resumed" in " ".join(notice.split())
        assert "a seat that cannot be drawn" in " ".join(notice.split())
        assert not app2.screen.query_one("#continue", Button).display
        assert app2.session is None
    assert not (private_data / SAVE_NAME).exists()
    assert len(list(private_data.glob("saved-match.damaged-*[0-9].json"))) == 1
