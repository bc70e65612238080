"""Undo (u) against bots: the person's last card and the bots' replies after it are taken
back, the table is as it was, and the record says so and still replays the line of play
that stood. Never offered between people at one keyboard."""

from __future__ import annotations

import json

import pytest
from tui_helpers import (
    first_playable_index,
    hand_key,
    log_text,
    make_app,
    open_table,
    play_key,
    press,
    quick_table,
    quiet,
    settle,
    table,
    until,
)

from bisca_tui.engine.actions import action_str as _card
from bisca_tui.engine.records import RecordError, Undo, load_record, parse_record, replay_record
from bisca_tui.table.save import SAVE_NAME
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.handover import HandOverScreen
from bisca_tui.tui.screens.table import TableScreen


def footer_has_undo(t) -> bool:
    from textual.widgets._footer import FooterKey

    return any(k.key == "u" for k in t.query(FooterKey))


async def test_undo_restores_the_hand_and_the_trick(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=8)
        s = t.session
        assert not t.check_action("undo", ())  # nothing of the person's yet
        # play until the person follows a bot's lead (the trick then completes, cards are
        # drawn and a new trick may start: all of it must come back)
        for _ in range(20):
            if s.state.trick:
                break
            await play_key(app, pilot, hand_key(first_playable_index(t)))
        st = s.state
        assert st.trick and st.current == 0
        before = (list(st.history), s.view(0).hand, list(st.trick), len(st.tricks),
                  list(st.points), list(st.stock))
        card = t.sorted_hand(s.view(0))[first_playable_index(t)]
        await play_key(app, pilot, hand_key(first_playable_index(t)))
        assert len(s.state.history) > len(before[0])  # the card, and the bots' replies
        await until(pilot, lambda: footer_has_undo(t))
        await press(pilot, "u")
        await settle(app, pilot)
        st = s.state
        after = (list(st.history), s.view(0).hand, list(st.trick), len(st.tricks),
                 list(st.points), list(st.stock))
        assert after == before
        assert card in s.view(0).hand and st.current == 0
        assert log_text(t)[-1].startswith("Undone: ")
        # the table draws the hand as it was, cursor on a card that may be played
        assert t.query_one("#hand").cards == t.sorted_hand(s.view(0))
        assert t.sorted_hand(s.view(0))[t.selected] in t.playable(s.view(0))
        # and play goes on from there: another card this time
        await play_key(app, pilot, hand_key(first_playable_index(t)))
        assert len(s.state.history) > len(before[0])


async def test_the_record_keeps_the_undo_and_still_replays(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=8)
        s = t.session
        for _ in range(3):
            await play_key(app, pilot, hand_key(first_playable_index(t)))
        kept = s.undo_point()
        taken = list(s.state.history[kept:])
        await press(pilot, "u")
        await settle(app, pilot)
        assert len(s.state.history) == kept
        await play_key(app, pilot, hand_key(first_playable_index(t)))
        history = list(s.state.history)
        log = log_text(t)
        await press(pilot, "q")
    path = private_data / SAVE_NAME
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["deals"][0]["undone"] == [{"kept": kept, "actions": [_card(a) for a in taken]}]
    record = load_record(path)
    assert record.deals[0].undone == [Undo(kept, [_card(a) for a in taken])]
    match = replay_record(record)  # the line of play that stood
    assert match.deals[0].history == history

    # Continue: the undo is still in the record, and the log tells it as it happened
    app2 = make_app(private_data)
    async with app2.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        await press(pilot, "enter")
        await settle(app2, pilot)
        t2 = table(app2)
        assert t2.session.state.history == history
        assert log_text(t2) == log
        assert t2.session.recording.record().deals[0].undone == record.deals[0].undone


async def test_no_undo_between_people(private_data) -> None:
    app = make_app(private_data)
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(HUMAN, "Bea")]
    session = Session.new("bisca-3", {}, seats, seed=21)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_table(app, pilot, session)
        st = session.state
        for _ in range(2):  # each plays a card, handing the keyboard over between them
            assert isinstance(app.screen, HandOverScreen)
            await press(pilot, "enter")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await settle(app, pilot)
            t = app.screen
            app.simulate_key(hand_key(first_playable_index(t)))
            n = len(st.history)
            await until(pilot, lambda n=n: len(st.history) > n or
                        isinstance(app.screen, HandOverScreen))
            await settle(app, pilot)
        assert len(st.history) == 2
        assert not session.undo_allowed and session.undo_point() is None
        t = table(app)
        assert not t.check_action("undo", ())
        if isinstance(app.screen, HandOverScreen):
            await press(pilot, "enter")
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            await settle(app, pilot)
        assert not footer_has_undo(t)
        await press(pilot, "u")
        assert len(st.history) == 2


def test_a_record_with_a_bad_undo_is_refused() -> None:
    seats = [SeatSpec(HUMAN, "You"), SeatSpec(BOT, "Rui", "random")]
    session = Session.new("bisca-3", {}, seats, seed=2)
    data = json.loads(session.recording.save_text())
    assert "undone" not in data["deals"][0]  # written only when something was undone
    data["deals"][0]["undone"] = [{"kept": -1, "actions": ["7H"]}]
    with pytest.raises(RecordError, match="deal 1, undo 1, kept"):
        parse_record(json.dumps(data))
    data["deals"][0]["undone"] = [{"kept": 0, "actions": ["ZZ"]}]
    with pytest.raises(RecordError, match="deal 1, undo 1, action 1"):
        parse_record(json.dumps(data))
    data["deals"][0]["undone"] = [{"kept": 0, "actions": ["7H"], "why": "oops"}]
    with pytest.raises(RecordError, match="unknown field 'why'"):
        parse_record(json.dumps(data))
