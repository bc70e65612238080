"""Continue brings a match back as it was left: the points setting (hidden or shown), and
the log of every deal played so far, not only the current deal's.

The first deal is played on in the engine to its last trick (``play_ahead``): the log of
what the keys played, told live, is then the last trick, the deal's result, the second
deal's heading and its first cards; what came before is told as a table opened on a match
tells it, which is what Continue tells too."""

from __future__ import annotations

import json

import pytest
from tui_helpers import (
    first_playable_index,
    last_trick_to_play,
    log_text,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    play_key,
    press,
    quiet,
    settle,
    table,
)

from bisca_tui.engine.records import parse_record
from bisca_tui.table.recording import from_saved
from bisca_tui.table.save import TABLE_NAME
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.summary import DealSummaryScreen


async def test_continue_keeps_hidden_points_and_the_log_of_every_deal(private_data) -> None:
    # the first deal played on in the engine to its last trick, points hidden from the
    # start (the log told so far has none); p shows them and hides them again, by key
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=31)
    session.hide_points = True
    play_ahead(session, last_trick_to_play(session))
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        t = await open_table(app, pilot, session)
        await press(pilot, "p")
        assert not t.hide_points
        await press(pilot, "p")
        assert t.hide_points
        await play_deal_by_keys(app, pilot)  # its last trick, told live
        assert isinstance(app.screen, DealSummaryScreen)
        await press(pilot, "enter")
        await settle(app, pilot)
        for _ in range(2):
            await play_key(app, pilot, str(first_playable_index(t) + 1))
        log = log_text(t)
        await press(pilot, "q")
    table_file = json.loads((private_data / TABLE_NAME).read_text(encoding="utf-8"))
    assert table_file["hide_points"] is True
    # the live log: both deals' headings, the first deal's result, no card points
    assert [line for line in log if line.startswith("— Deal")] == [
        "— Deal 1, Rui deals —", "— Deal 2, You deal —"]
    assert any(line.strip().startswith("Deal 1: ") for line in log)
    assert not any("(+" in line for line in log)

    app2 = make_app(private_data)
    async with app2.run_test(size=(100, 30)) as pilot:
        await quiet(pilot)
        await press(pilot, "enter")  # Continue
        await settle(app2, pilot)
        t2 = table(app2)
        assert t2.session.deal_number == 2
        assert t2.hide_points  # still hidden: the side panel has no card points
        assert "hidden" in str(t2.query_one("#points").render()).lower()
        assert log_text(t2) == log  # every deal told again, as it was told live
        await press(pilot, "p")
        assert not t2.hide_points
    table_file = json.loads((private_data / TABLE_NAME).read_text(encoding="utf-8"))
    assert table_file["hide_points"] is False


def test_an_older_save_without_the_setting_shows_points() -> None:
    made = Session.new("bisca-3", {}, default_seats(2, "random"), seed=3)
    record = parse_record(made.recording.save_text())
    table_data = json.loads(made.recording.table_text())
    del table_data["hide_points"]
    assert from_saved(record, table_data).hide_points is False
    table_data["hide_points"] = "yes"
    with pytest.raises(ValueError, match="hide_points"):
        from_saved(record, table_data)
    table_data["hide_points"] = True
    assert from_saved(record, table_data).hide_points is True
