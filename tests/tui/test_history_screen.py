"""The list of past matches, from the start screen: filters by game, opponent and day, a
match's deals, export as a record file, and the replay viewer opened on a deal."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, OptionList, Select, Static
from tui_helpers import make_app, press, quiet

from bisca_tui.engine.records import load_record, replay_record
from bisca_tui.history.listing import list_matches
from bisca_tui.history.sample import demo_entries
from bisca_tui.history.store import Store
from bisca_tui.tui.screens.history import DealChooser, HistoryScreen
from bisca_tui.tui.screens.replay import ReplayScreen
from bisca_tui.tui.screens.start import StartScreen

N = 12


@pytest.fixture
def filled(private_data):
    store, problem = Store.open(private_data)
    assert store is not None and problem is None
    store.write_many(demo_entries(N))
    store.close()
    return private_data


async def open_history(app, pilot) -> HistoryScreen:
    await quiet(pilot)
    await press(pilot, "h")
    await quiet(pilot)
    assert isinstance(app.screen, HistoryScreen)
    return app.screen


def ids(screen: HistoryScreen) -> list[str]:
    table = screen.query_one("#history-table", DataTable)
    if not table.display:
        return []
    return [str(table.get_row_at(r)[0]) for r in range(table.row_count)]


async def test_the_list_shows_matches_newest_first_and_filters_them(filled):
    app = make_app(filled)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_history(app, pilot)
        listed = ids(screen)
        assert len(listed) == N
        assert listed == sorted(listed, key=int, reverse=True)  # written in day order
        row = screen.query_one("#history-table", DataTable).get_row_at(0)
        assert str(row[1]) == "2026-03-12 20:00" and "Bisca de Três" in str(row[2])
        screen.query_one("#history-game", Select).value = "briscola"
        await quiet(pilot)
        assert len(ids(screen)) == sum(1 for k in range(N) if k % 3 == 0)
        screen.query_one("#history-opponent", Select).value = "bot:easy"
        await quiet(pilot)
        briscola_easy = [k for k in range(N) if k % 3 == 0 and k % 5 != 4 and k % 2 == 0]
        assert len(ids(screen)) == len(briscola_easy)
        screen.query_one("#history-game", Select).value = Select.NULL
        screen.query_one("#history-opponent", Select).value = Select.NULL
        await quiet(pilot)
        day = screen.query_one("#history-day", Input)
        day.focus()
        await press(pilot, *"2026-03-05", "enter")
        await quiet(pilot)
        assert len(ids(screen)) == 1
        day.focus()
        day.value = ""
        await press(pilot, "enter")
        await quiet(pilot)
        assert len(ids(screen)) == N
        screen.query_one("#history-period", Select).value = "week"  # long after March
        await quiet(pilot)
        assert ids(screen) == []
        assert "No matches match" in str(screen.query_one("#history-empty", Static).render())
        await press(pilot, "escape")
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen)


async def test_choosing_a_match_lists_its_deals_x_exports_it_and_a_deal_replays(filled):
    store, _ = Store.open(filled)
    assert store is not None
    newest = list_matches(store, limit=1)[0]
    store.close()
    app = make_app(filled)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_history(app, pilot)
        await press(pilot, "enter")
        await quiet(pilot)
        assert isinstance(app.screen, DealChooser)
        options = app.screen.query_one("#deal-list", OptionList)
        assert options.option_count == newest.deals
        await press(pilot, "escape")
        await quiet(pilot)
        assert app.screen is screen
        await press(pilot, "x")
        await quiet(pilot)
        assert screen.exported == filled / "exports" / f"match-{newest.id}.json"
        record = load_record(screen.exported)
        assert record.players == [p.name for p in newest.players]
        assert replay_record(record).is_over()
        # a deal chosen opens the replay viewer on it
        await press(pilot, "enter")
        await quiet(pilot)
        await press(pilot, "down", "enter")  # the second deal
        await quiet(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.deal == 1 and app.screen.walk.deal_count >= 2
        await press(pilot, "escape")
        await quiet(pilot)
        assert not isinstance(app.screen, ReplayScreen)


async def test_an_empty_history_says_how_it_fills(private_data):
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_history(app, pilot)
        assert "No matches yet" in str(screen.query_one("#history-empty", Static).render())
        await press(pilot, "enter", "x")  # nothing to open or export: nothing happens
        await quiet(pilot)
        assert app.screen is screen and screen.exported is None


async def test_names_from_the_history_are_shown_as_typed(private_data):
    from bisca_tui.history.sample import entry_of, play, sitters
    from bisca_tui.tui.screens.stats import StatsScreen

    name = "[bold red]Zé[/bold red]"
    store, _ = Store.open(private_data)
    assert store is not None
    store.write(entry_of(play("bisca-3", 2), sitters(2, name), "n", "2026-05-01T10:00:00Z"))
    store.close()
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_history(app, pilot)
        players = screen.query_one("#history-table", DataTable).get_row_at(0)[3]
        assert name in str(players)
        await press(pilot, "escape", "s")
        await quiet(pilot)
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        assert name in str(stats.query_one("#stats-title", Static).render())
