"""The statistics screen, from the start screen: the figures of the person who played most,
the filters, the charts, and a history that is empty or cannot be read."""

from __future__ import annotations

from textual.widgets import DataTable, Select, Static
from textual_plotext import PlotextPlot
from tui_helpers import make_app, press, quiet

from bisca_tui.history.sample import demo_entries
from bisca_tui.history.stats import compute
from bisca_tui.history.store import Store
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.screens.stats import KEY_COLUMNS, StatsScreen


def fill(data, n: int = 12) -> None:
    store, problem = Store.open(data)
    assert store is not None and problem is None
    store.write_many(demo_entries(n))
    store.close()


def cells(screen: StatsScreen) -> list[list[str]]:
    table = screen.query_one("#stats-table", DataTable)
    out = []
    for r in range(table.row_count):
        out.append([str(c.plain if hasattr(c, "plain") else c) for c in table.get_row_at(r)])
    return out


async def open_stats(app, pilot) -> StatsScreen:
    await quiet(pilot)
    await press(pilot, "s")
    await quiet(pilot)
    assert isinstance(app.screen, StatsScreen)
    return app.screen


async def test_the_stats_screen_shows_the_figures_and_follows_the_filters(private_data):
    """The figures, the game and player filters, and last a period with no games."""
    fill(private_data)
    store, _ = Store.open(private_data)
    assert store is not None
    want = compute(store)
    store.close()
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_stats(app, pilot)
        assert "Statistics · Ana" in str(screen.query_one("#stats-title", Static).render())
        rows = cells(screen)
        total = want.total
        assert rows[0][:3] == ["All games", str(total.matches.played), str(total.matches.won)]
        assert rows[0][5:7] == [str(total.deals.played), str(total.deals.won)]
        labels = [r[0] for r in rows]
        assert labels == ["All games", "By game", "Bisca de Três", "Briscola", "By opponent",
                          "Easy bots", "Hard bots", "People"]
        assert screen.query_one("#chart-rate", PlotextPlot).display
        # the game filter: Briscola only
        screen.query_one("#stats-game", Select).value = "briscola"
        await quiet(pilot)
        rows = cells(screen)
        briscola = next(ln for ln in want.by_game if ln.key == "briscola")
        assert rows[0][1] == str(briscola.matches.played)
        assert [r[0] for r in rows if r[0].startswith("By")] == ["By game", "By opponent"]
        assert [r[0] for r in rows][2] == "Briscola"
        # the other person at the hot-seat table has their own figures
        screen.query_one("#stats-player", Select).value = "Bea"
        await quiet(pilot)
        assert "Statistics · Bea" in str(screen.query_one("#stats-title", Static).render())
        rows = cells(screen)
        assert [r[0] for r in rows][-1] == "People"
        # a period with no games says so
        screen.query_one("#stats-period", Select).value = "week"  # today is long after
        await quiet(pilot)
        empty = screen.query_one("#stats-empty", Static)
        assert empty.display and "No games match" in str(empty.render())
        assert not screen.query_one("#stats-table", DataTable).display
        await press(pilot, "escape")
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen)


async def test_an_empty_history_invites_to_play(private_data):
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        assert "No games yet" in str(screen.query_one("#stats-empty", Static).render())


async def test_a_history_that_cannot_be_opened_is_said_on_the_screen(private_data):
    fill(private_data, 1)
    store, _ = Store.open(private_data)
    assert store is not None
    store.db.execute("PRAGMA user_version = 99")
    store.close()
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        text = str(screen.query_one("#stats-empty", Static).render())
        assert "newer version" in text


async def test_the_first_figures_are_worked_out_ahead_and_again_after_each_match(
        private_data, monkeypatch):
    from bisca_tui.history.sample import entry_of, play, sitters
    from bisca_tui.history.stats import Filters
    from bisca_tui.tui.screens import stats as stats_screen

    fill(private_data)
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        await quiet(pilot)  # the figures are worked out once the start screen is drawn
        await app.workers.wait_for_complete()
        warm = app.history.cached_stats(Filters())
        assert warm is not None and warm.total.matches.played == 12

        def no_compute(*args, **kwargs):
            raise AssertionError("the screen worked out what was ready")

        monkeypatch.setattr(stats_screen, "compute", no_compute)
        screen = await open_stats(app, pilot)
        assert screen.stats is warm
        await press(pilot, "escape")
        await quiet(pilot)
        # a match written: the figures ready before no longer hold, new ones are made
        entry = entry_of(play("bisca-3", 3), sitters(2, warm.player), "n",
                         "2026-05-02T10:00:00Z")
        app.run_worker(lambda: app.history._write(entry, 1), thread=True, group="history")
        app.history._pending += 1
        await app.workers.wait_for_complete()
        again = app.history.cached_stats(Filters())
        assert again is not None and again.total.matches.played == 13


async def test_figures_worked_out_ahead_are_not_shown_once_the_history_changed(private_data):
    from bisca_tui.history.sample import entry_of, play, sitters
    from bisca_tui.history.stats import Filters

    fill(private_data)
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        await quiet(pilot)  # the figures are worked out once the start screen is drawn
        await app.workers.wait_for_complete()
        warm = app.history.cached_stats(Filters())
        assert warm is not None and warm.total.matches.played == 12
        # another table open on the same history keeps a match
        other, _ = Store.open(private_data)
        assert other is not None
        other.write(entry_of(play("bisca-3", 5), sitters(2, warm.player), "other-table",
                             "2026-05-03T10:00:00Z"))
        other.close()
        assert app.history.cached_stats(Filters()) is None
        screen = await open_stats(app, pilot)
        assert screen.stats is not None and screen.stats.total.matches.played == 13
        await press(pilot, "escape")
        await quiet(pilot)
        # and a write through this table's own store
        app.history._stats_cache = (Filters(), app.history.store().stamp(), warm)
        assert app.history.cached_stats(Filters()) is warm
        app.history.store().write_many([entry_of(play("briscola", 6), sitters(2, warm.player),
                                                 "this-table", "2026-05-04T10:00:00Z")])
        assert app.history.cached_stats(Filters()) is None


async def test_at_80_columns_the_key_figures_show_whole_and_the_rest_scroll(private_data):
    fill(private_data)
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(app, pilot)
        await app.workers.wait_for_complete()
        await quiet(pilot)
        table = screen.query_one("#stats-table", DataTable)
        widths = [c.get_render_width(table) for c in table.columns.values()]
        labels = [c.label.plain for c in table.columns.values()]
        assert labels[:KEY_COLUMNS] == ["", "Matches", "Won", "Win rate (95%)", "Avg points"]
        room = table.scrollable_content_region.width
        assert sum(widths[:KEY_COLUMNS]) <= room < sum(widths)
        # the rest is a scroll to the right away, the names still beside the figures
        table.focus()
        for _ in range(sum(widths)):
            await press(pilot, "right")
            if table.scroll_x >= table.max_scroll_x:
                break
        assert table.scroll_x == table.max_scroll_x > 0
        assert table.fixed_columns == 1
        first = table.render_line(table.header_height).text.split()
        assert first[:2] == ["All", "games"] and first[-1] == cells(screen)[0][-1]
