"""Quitting mid-match saves it; the next start resumes it; a damaged save is set aside."""

from __future__ import annotations

import json
import re

from textual.widgets import Button
from tui_helpers import (
    first_playable_index,
    last_trick_to_play,
    log_text,
    make_app,
    play_ahead,
    play_deal_by_keys,
    play_key,
    press,
    quick_table,
    quiet,
    settle,
    table,
    until,
)

from bisca_tui.engine.records import load_record
from bisca_tui.table.save import SAVE_NAME, write_save
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.summary import DealSummaryScreen


async def test_quit_and_resume_where_it_stopped(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=99)
        for _ in range(4):
            await play_key(app, pilot, str(first_playable_index(t) + 1))
        history = list(t.session.state.history)
        hand = t.session.view(0).hand
        log = log_text(t)
        # saved as play goes, each action as it is taken: nothing waits for the quit
        early = load_record(private_data / SAVE_NAME)
        assert len(early.deals[0].actions) == len(history)
        await press(pilot, "q")
    saved = private_data / SAVE_NAME
    assert saved.exists()
    record = load_record(saved)  # the save is a plain game record
    assert record.variant == "bisca-3" and len(record.deals[0].actions) == len(history)

    app2 = make_app(private_data)
    async with app2.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        button = app2.screen.query_one("#continue", Button)
        assert button.display and app2.focused is button
        await press(pilot, "enter")
        await settle(app2, pilot)
        t2 = table(app2)
        assert t2.session.state.history == history
        assert t2.session.view(0).hand == hand
        assert t2.session.match.seed == 99
        # the log tells the deal so far, as it did before quitting: every card played and
        # every trick taken, not only the deal's heading
        assert log_text(t2) == log
        assert sum(line.startswith(("You play", "Rui plays")) for line in log) == len(history)
        taken = [line for line in log if re.match(r" +\S+ takes? (the trick|it) \(\+\d+\)", line)]
        assert len(taken) == len(t2.session.state.tricks)


async def test_no_continue_without_a_save(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        assert not app.screen.query_one("#continue", Button).display


async def test_a_damaged_save_is_reported_and_set_aside(private_data) -> None:
    private_data.mkdir(parents=True)
    bad = private_data / SAVE_NAME
    bad.write_text('{"format": "bisca-tui-record", "version": 1, "variant": "bisca-3",'
                   ' "players": ["You"', encoding="utf-8")
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        notice = str(app.screen.query_one("#save-notice").render())
        assert SAVE_NAME in notice and "not valid JSON" in notice
        assert not app.screen.query_one("#continue", Button).display
    assert not bad.exists()
    aside = list(private_data.glob("saved-match.damaged-*[0-9].json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").startswith('{"format"')


async def test_a_save_with_an_illegal_action_is_set_aside(private_data) -> None:
    # a match saved as the table saves it (its save and quit by q: the first test above)
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=5)
    write_save(private_data, session.recording.save_text(), session.recording.table_text())
    path = private_data / SAVE_NAME
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"][0]["actions"] = ["cut"]
    path.write_text(json.dumps(data), encoding="utf-8")
    app2 = make_app(private_data)
    async with app2.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        notice = str(app2.screen.query_one("#save-notice").render())
        assert "could not be resumed" in notice and "cut" in notice
    assert len(list(private_data.glob("saved-match.damaged-*[0-9].json"))) == 1
    assert len(list(private_data.glob("saved-match.damaged-*.table.json"))) == 1


def test_an_unknown_card_style_in_a_save_is_said_not_silently_changed() -> None:
    import json as _json

    from bisca_tui.table.recording import from_saved
    from bisca_tui.table.session import Session, default_seats

    s = Session.new("bisca-3", {}, default_seats(2, "random"), seed=3)
    table = _json.loads(s.recording.table_text())
    table["card_style"] = "runes"
    back = from_saved(s.recording.record(), table)
    assert back.card_setting == "symbols"
    assert any("'runes' is unknown" in p for p in back.bot_problems)
    table["card_style"] = "letters"
    assert not from_saved(s.recording.record(), table).bot_problems


async def test_q_at_the_end_of_a_deal_saves_and_quits(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=7)
        # to the deal's last trick in the engine (the save follows every action, as the
        # test above shows): the deal's end by keys is what this is about
        play_ahead(t.session, last_trick_to_play(t.session))
        t.refresh_table()
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        played = len(t.session.state.history)
        await press(pilot, "q")
        await until(pilot, lambda: app.return_code is not None)
        assert app.return_code == 0
    record = load_record(private_data / SAVE_NAME)
    assert len(record.deals[0].actions) == played

    app2 = make_app(private_data)
    async with app2.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        await press(pilot, "enter")  # continue: the next deal
        await settle(app2, pilot)
        t2 = table(app2)
        assert t2.session.deal_number == 2
        assert t2.session.match.results[0].card_points == t.session.match.results[0].card_points
