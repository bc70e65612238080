"""With two or more people at one keyboard each is named: the hand-over, the status line, the
seat titles and the log say "Player 1" or "Ana", never "You" for everyone."""

from __future__ import annotations

from tui_helpers import (
    first_playable_index,
    hand_key,
    log_text,
    make_app,
    press,
    quiet,
    settle,
    table,
    until,
)

from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.handover import HandOverScreen
from bisca_tui.tui.screens.table import TableScreen


def status(t) -> str:
    return str(t.query_one("#status").render())


async def test_the_forms_you_is_named_when_two_people_play(private_data) -> None:
    app = make_app(private_data, variant="bisca-4")
    async with app.run_test(size=(100, 32)) as pilot:
        await quiet(pilot)
        await press(pilot, "enter")  # New game
        await quiet(pilot)
        form = app.screen
        form.query_one("#seed").value = "21"
        form.query_one("#kind-2").value = HUMAN  # a second person, across the table
        await until(pilot, lambda: form.query_one("#name-2").value == "Player 3")
        assert form.query_one("#name-0").value == "You"
        await press(pilot, "enter")
        await settle(app, pilot)
        t = table(app)
        s = t.session
        assert [p.name for p in s.people] == ["Player 1", "Rui", "Player 3", "Tiago"]
        assert s.state.current == 0  # eldest leads: the first person
        assert isinstance(app.screen, HandOverScreen)
        assert "Pass to Player 1" in str(app.screen.query_one("#handover-text").render())
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and t.viewer == 0)
        await settle(app, pilot)
        assert status(t).startswith("Player 1's turn: lead a card")
        assert "Player 1" in str(t.query_one("#seat-0").border_title)
        app.simulate_key(hand_key(first_playable_index(t)))
        # pushed is not yet drawn: wait for its text, as a person waits for it to show
        await until(pilot, lambda: isinstance(app.screen, HandOverScreen)
                    and bool(app.screen.query("#handover-text")))
        assert "Pass to Player 3" in str(app.screen.query_one("#handover-text").render())
        await press(pilot, "enter")
        await until(pilot, lambda: t.viewer == 2)
        await settle(app, pilot)
        assert status(t).startswith("Player 3's turn: play a card")
        log = log_text(t)
        assert any(line.startswith("Player 1 plays ") for line in log)
        assert not any("You" in line for line in log)
        # a card the rules refuse is refused by name too
        await press(pilot, "9")
        assert "Player 3 holds 3 cards" in status(t)


def test_a_single_person_stays_you() -> None:
    seats = [SeatSpec(HUMAN, "You"), SeatSpec(BOT, "Rui", "random")]
    session = Session.new("bisca-3", {}, seats, seed=1)
    assert session.people[0].name == "You" and not session.hot_seat


def test_names_stay_apart() -> None:
    seats = [SeatSpec(HUMAN, "You"), SeatSpec(HUMAN, "Player 1")]
    session = Session.new("bisca-3", {}, seats, seed=1)
    names = [p.name for p in session.people]
    assert "You" not in names and len(set(names)) == 2
