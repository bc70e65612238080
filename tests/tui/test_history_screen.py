"""The list of past matches, from the start screen: filters by game, opponent and day, a
match's deals, export as a record file, and the replay viewer opened on a deal.

What the list holds (the filters, what it says when empty, a match written as a record
file, the players' names as typed) is checked on ``PastMatches`` and the screen's words,
without an app; the screen then shows once that it draws them and that its keys reach
them."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, OptionList, Select, Static
from tui_helpers import make_app, press, quiet

from bisca_tui import lang
from bisca_tui.engine.records import load_record, replay_record
from bisca_tui.history.listing import list_matches
from bisca_tui.history.sample import demo_entries, entry_of, play, sitters
from bisca_tui.history.stats import game_name
from bisca_tui.history.store import Store
from bisca_tui.tui.screens.history import DealChooser, HistoryScreen, players_of
from bisca_tui.tui.screens.past_matches import (
    GAME,
    OPPONENT,
    PERIOD,
    PastMatches,
    export_match,
)
from bisca_tui.tui.screens.replay import ReplayScreen
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.screens.stats import StatsScreen

N = 12
MARKUP_NAME = "[bold red]Zé[/bold red]"


@pytest.fixture
def filled(private_data):
    store, problem = Store.open(private_data)
    assert store is not None and problem is None
    store.write_many(demo_entries(N))
    store.close()
    return private_data


@pytest.fixture
def store(filled):
    store, _ = Store.open(filled)
    assert store is not None
    yield store
    store.close()


def listed(listing: PastMatches, store: Store) -> list[str]:
    return [str(r.id) for r in listing.load(store)]


def test_the_list_shows_matches_newest_first_and_filters_them(store) -> None:
    listing = PastMatches()
    ids = listed(listing, store)
    assert len(ids) == N
    assert ids == sorted(ids, key=int, reverse=True)  # written in day order
    newest = listing.rows[0]
    assert lang.when(newest.started) == "2026-03-12 20:00"
    assert "Bisca de Três" in game_name(newest.variant)
    assert listing.choose(GAME, "briscola")
    assert len(listed(listing, store)) == sum(1 for k in range(N) if k % 3 == 0)
    assert listing.choose(OPPONENT, "bot:easy")
    briscola_easy = [k for k in range(N) if k % 3 == 0 and k % 5 != 4 and k % 2 == 0]
    assert len(listed(listing, store)) == len(briscola_easy)
    listing.choose(GAME, None)
    listing.choose(OPPONENT, None)
    assert listing.set_day(" 2026-03-05 ")
    assert len(listed(listing, store)) == 1
    assert not listing.set_day("5 March")  # not a day: the filter stays
    assert listing.day == "2026-03-05"
    assert listing.set_day("")
    assert len(listed(listing, store)) == N and listing.empty_text() is None
    assert not listing.choose(PERIOD, "fortnight") and not listing.choose("other", "x")
    assert listing.choose(PERIOD, "week")  # long after March
    assert listed(listing, store) == []
    assert listing.empty_text() == "No matches match these filters."


def test_an_empty_history_says_how_it_fills(private_data) -> None:
    store, _ = Store.open(private_data)
    assert store is not None
    listing = PastMatches()
    assert listed(listing, store) == []
    said = listing.empty_text()
    assert said is not None and said.startswith("No matches yet")
    store.close()


def test_a_match_is_exported_as_a_record_file(store, tmp_path) -> None:
    newest = list_matches(store, limit=1)[0]
    written = export_match(store, tmp_path / "exports", newest.id)
    assert written == tmp_path / "exports" / f"match-{newest.id}.json"
    record = load_record(written)
    assert record.players == [p.name for p in newest.players]
    assert replay_record(record).is_over()


def test_names_from_the_history_are_words_as_typed(private_data) -> None:
    store, _ = Store.open(private_data)
    assert store is not None
    store.write(entry_of(play("bisca-3", 2), sitters(2, MARKUP_NAME), "n",
                         "2026-05-01T10:00:00Z"))
    (row,) = list_matches(store)
    store.close()
    assert players_of(row).startswith(MARKUP_NAME + ", ")


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


async def test_the_screen_lists_filters_exports_and_replays(filled, store) -> None:
    """The list drawn as ``PastMatches`` lists it; a filter chosen and a day typed reach
    it; Enter lists a match's deals, x exports it, a deal chosen opens the replay."""
    everything = PastMatches()
    everything.load(store)
    newest = everything.rows[0]
    app = make_app(filled)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_history(app, pilot)
        assert ids(screen) == [str(r.id) for r in everything.rows]
        row = screen.query_one("#history-table", DataTable).get_row_at(0)
        assert str(row[1]) == lang.when(newest.started)
        assert str(row[2]) == game_name(newest.variant)
        assert str(row[3]) == players_of(newest)
        screen.query_one("#history-game", Select).value = "briscola"
        await quiet(pilot)
        assert screen.listing.variant == "briscola"
        assert len(ids(screen)) == sum(1 for k in range(N) if k % 3 == 0)
        screen.query_one("#history-game", Select).value = Select.NULL
        day = screen.query_one("#history-day", Input)
        day.focus()
        day.value = "2026-03-05"
        await press(pilot, "enter")
        assert len(ids(screen)) == 1
        day.focus()
        day.value = "1999-01-01"  # long before any match
        await press(pilot, "enter")
        assert ids(screen) == []
        assert str(screen.query_one("#history-empty", Static).render()) == (
            "No matches match these filters.")
        day.focus()
        day.value = ""
        await press(pilot, "enter")  # every day again; the list has the focus
        assert ids(screen)[0] == str(newest.id) and len(ids(screen)) == N
        # Enter: the match's deals
        await press(pilot, "enter")
        assert isinstance(app.screen, DealChooser)
        options = app.screen.query_one("#deal-list", OptionList)
        assert options.option_count == newest.deals
        await press(pilot, "escape")
        assert app.screen is screen
        await press(pilot, "x")
        assert screen.exported == filled / "exports" / f"match-{newest.id}.json"
        assert load_record(screen.exported).players == [p.name for p in newest.players]
        # a deal chosen opens the replay viewer on it
        await press(pilot, "enter")
        await press(pilot, "down", "enter")  # the second deal
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.deal == 1 and app.screen.walk.deal_count >= 2
        await press(pilot, "escape")
        assert app.screen is screen
        await press(pilot, "escape")
        assert isinstance(app.screen, StartScreen)


async def test_an_empty_history_then_names_as_typed_on_screen(private_data) -> None:
    """An empty history says how it fills, and Enter and x do nothing; a match kept since,
    whose player's name looks like markup, shows the name as typed in the list and on the
    statistics screen."""
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_history(app, pilot)
        assert "No matches yet" in str(screen.query_one("#history-empty", Static).render())
        await press(pilot, "enter", "x")  # nothing to open or export: nothing happens
        assert app.screen is screen and screen.exported is None
        await press(pilot, "escape")
        store, _ = Store.open(private_data)
        assert store is not None
        store.write(entry_of(play("bisca-3", 2), sitters(2, MARKUP_NAME), "n",
                             "2026-05-01T10:00:00Z"))
        store.close()
        screen = await open_history(app, pilot)
        players = screen.query_one("#history-table", DataTable).get_row_at(0)[3]
        assert MARKUP_NAME in str(players)
        await press(pilot, "escape", "s")
        await quiet(pilot)
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        assert MARKUP_NAME in str(stats.query_one("#stats-title", Static).render())
