"""The statistics screen: one person's figures from the game history, per game and per
kind of opponent, with the win rate over time and the card points per deal as charts;
filters by person, game, opponent and period. The figures come from ``history/stats.py``;
this screen only draws them."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Select, Static
from textual_plotext import PlotextPlot

from ... import lang
from ...engine.words import shown_name
from ...history.stats import (
    CHART_POINTS,
    PERIODS,
    Filters,
    Line,
    Stats,
    compute,
    game_name,
    opponent_label,
    percent,
    period_filters,
)
from ...lang import N_, _, ngettext
from ..translated import Translated
from ..widgets.common import FittingFooter
from ..words import PERIOD_LABELS

if TYPE_CHECKING:
    from datetime import date

    from ..app import BiscaApp

# the figures that matter most first: at 80 columns they show whole, beside the names,
# and the rest are a scroll to the right away (the names stay put)
COLUMNS = ("", N_("Matches"), N_("Won"), N_("Win rate (95%)"), N_("Avg points"), N_("Deals"),
           N_("Won"), N_("Capotes"), N_("Sweeps"), N_("Runs W/L"))
KEY_COLUMNS = 5  # the names, matches, matches won, win rate, average points


def line_label(line: Line, kind: str) -> str:
    """A line of the table named in the language in use: every game, a game, an
    opponent."""
    if kind == "game" and line.key is not None:
        return game_name(line.key)
    if kind == "opponent":
        return opponent_label(line.key)
    return _("All games") if line.key is None else line.label


def row_of(line: Line, kind: str = "total") -> tuple[Text | str, ...]:
    avg = "–" if line.average_points is None else lang.number(line.average_points, 1)
    return (Text(line_label(line, kind)), str(line.matches.played), str(line.matches.won),
            percent(line.matches), avg, str(line.deals.played), str(line.deals.won),
            str(line.capotes), str(line.sweeps), f"{line.longest_wins}/{line.longest_losses}")


class StatsScreen(Translated, Screen[None]):
    """One person's statistics; Escape goes back."""

    BINDINGS = [Binding("escape", "back", N_("Back"))]

    def __init__(self, today: date | None = None) -> None:
        super().__init__(id="stats")
        self.today = today  # None: the real day (tests fix it)
        self.filters = Filters()
        self.period = "all"
        self.stats: Stats | None = None
        self.charted: Stats | None = None  # the figures the charts show
        self.trouble: str | None = None  # why the history could not be read just now

    @property
    def bisca_app(self) -> BiscaApp:
        return self.app  # type: ignore[return-value]

    def compute(self) -> Stats | None:
        app = self.bisca_app
        self.trouble = None
        store = app.history.store()
        if store is None:
            return None
        filters = period_filters(self.filters, self.period, self.today)
        try:
            with app.history.reading(store):
                stats = app.history.cached_stats(filters) or compute(store, filters)
        except sqlite3.Error as e:  # another program holds it: said on the screen
            self.trouble = app.history.trouble(e)
            return None
        if stats.player is not None:  # the person shown, so that the filters keep them
            self.filters = replace(self.filters, player=stats.player)
        return stats

    def compose(self) -> ComposeResult:
        self.stats = self.compute()
        s = self.stats
        with Vertical(id="stats-body"):
            yield Static(self.heading(), id="stats-title", classes="screen-title")
            with Horizontal(id="stats-filters"):
                nobody = s is None or s.player is None
                yield Select(self.player_options(),
                             value=Select.NULL if nobody or s is None else s.player,
                             prompt=_("Person"), id="stats-player", compact=True,
                             allow_blank=nobody)
                yield Select(self.game_options(), prompt=_("Every game"), id="stats-game",
                             compact=True)
                yield Select(self.opponent_options(), prompt=_("Every opponent"),
                             id="stats-opponent", compact=True)
                yield Select([(Text(_(v)), k) for k, v in PERIOD_LABELS.items()], value="all",
                             allow_blank=False, id="stats-period", compact=True)
            yield Static(self.empty_text(), id="stats-empty")
            table: DataTable[Text | str] = DataTable(id="stats-table", cursor_type="row",
                                                     zebra_stripes=True, fixed_columns=1)
            yield table
            with Horizontal(id="stats-charts"):
                yield PlotextPlot(id="chart-rate")
                yield PlotextPlot(id="chart-points")
        yield FittingFooter()

    def on_mount(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        table.add_columns(*(_(c) if c else c for c in COLUMNS))
        self.fill()

    # ----- filling in ------------------------------------------------------------------

    def heading(self) -> Text:
        s = self.stats
        t = Text(_("Statistics"))
        if s is not None and s.player is not None:
            t.append(" · ")
            t.append(shown_name(s.player))
        return t

    def empty_text(self) -> Text:
        app = self.bisca_app
        if self.stats is None:
            return Text(self.trouble or app.history.trouble(), style="red")
        if self.stats.player is None:
            return Text(_("No games yet: every deal and match played at this table is kept "
                          "here once it ends."), style="dim")
        if self.stats.empty:
            return Text(_("No games match these filters."), style="dim")
        return Text("")

    def player_options(self) -> list[tuple[Text, str]]:
        return [(Text(shown_name(p)), p) for p in (self.stats.players if self.stats else ())]

    def game_options(self) -> list[tuple[Text, str]]:
        games = self.stats.games if self.stats else ()
        if self.filters.variant and self.filters.variant not in games:
            games = (*games, self.filters.variant)
        return [(Text(game_name(g)), g) for g in games]

    def opponent_options(self) -> list[tuple[Text, str]]:
        kinds = self.stats.opponents if self.stats else ()
        if self.filters.opponents and self.filters.opponents not in kinds:
            kinds = (*kinds, self.filters.opponents)
        return [(Text(opponent_label(o)), o) for o in kinds]

    def fill(self) -> None:
        s = self.stats
        self.query_one("#stats-title", Static).update(self.heading())
        empty = self.query_one("#stats-empty", Static)
        text = self.empty_text()
        empty.update(text)
        empty.display = bool(text.plain)
        table = self.query_one("#stats-table", DataTable)
        table.clear()
        shown = s is not None and not s.empty
        table.display = shown
        self.query_one("#stats-charts").display = shown
        if s is None or not shown:
            return
        table.add_row(*row_of(s.total), key="total")
        if s.by_game:
            table.add_row(Text(_("By game"), style="bold"), *[""] * (len(COLUMNS) - 1))
            for ln in s.by_game:
                table.add_row(*row_of(ln, "game"), key=f"game:{ln.key}")
        if s.by_opponent:
            table.add_row(Text(_("By opponent"), style="bold"), *[""] * (len(COLUMNS) - 1))
            for ln in s.by_opponent:
                table.add_row(*row_of(ln, "opponent"), key=f"opponent:{ln.key}")
        # the figures show first; the charts (plotext takes a moment) come a frame later
        self.call_after_refresh(self.draw_charts, s)

    def draw_charts(self, s: Stats) -> None:
        if s is not self.stats:  # the filters changed meanwhile: those charts will come
            return
        rate = self.query_one("#chart-rate", PlotextPlot)
        plt = rate.plt
        plt.clear_figure()
        plt.title(_("Matches won so far (%)"))
        if s.rate_over_time:
            ys = [100 * r for _, r in s.rate_over_time]
            xs = list(range(1, len(ys) + 1))
            plt.plot(xs, ys, marker="braille")
            plt.ylim(0, 100)
            days = [d for d, _ in s.rate_over_time]
            ticks = sorted({0, len(days) // 2, len(days) - 1})
            plt.xticks([xs[k] for k in ticks], [days[k][5:] for k in ticks])
        rate.refresh()
        points = self.query_one("#chart-points", PlotextPlot)
        plt = points.plt
        plt.clear_figure()
        plt.title(_("Card points per deal"))
        if s.points_per_deal:
            ys = list(s.points_per_deal)
            xs = list(range(1, len(ys) + 1))
            plt.plot(xs, ys, marker="hd")
            ticks = sorted({1, (len(ys) + 1) // 2, len(ys)})
            plt.xticks(ticks, [str(t) for t in ticks])
            plt.xlabel(ngettext("the last {n} deal, oldest first",
                                "the last {n} deals, oldest first", len(ys)).format(n=len(ys))
                       if len(ys) >= CHART_POINTS else _("deals, oldest first"))
        points.refresh()
        self.charted = s

    def refilter(self) -> None:
        self.stats = self.compute()
        self.fill()

    # ----- filters ---------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        value = None if event.value is Select.NULL else str(event.value)
        sid = event.select.id
        if sid == "stats-player":
            if value == self.filters.player or value is None:
                return
            self.filters = Filters(value, self.filters.variant, self.filters.opponents)
        elif sid == "stats-game":
            if value == self.filters.variant:
                return
            self.filters = Filters(self.filters.player, value, self.filters.opponents)
        elif sid == "stats-opponent":
            if value == self.filters.opponents:
                return
            self.filters = Filters(self.filters.player, self.filters.variant, value)
        elif sid == "stats-period":
            if value not in PERIODS or value == self.period:
                return
            self.period = value
        else:
            return
        event.stop()
        self.refilter()

    def action_back(self) -> None:
        self.app.pop_screen()
