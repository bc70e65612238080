"""Past matches: the game history's matches, newest first, filtered by game, opponent and
days. Enter on a match lists its deals, and a deal opens the replay viewer on it; ``x``
exports the match as a game record file (in the data folder's ``exports``)."""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from ... import lang
from ...engine.narrate import say
from ...engine.words import shown_name
from ...history.listing import (
    DealRow,
    ExportError,
    MatchRow,
    deal_rows,
    record_of,
)
from ...history.stats import game_name, opponent_label
from ...history.store import Store
from ...lang import N_, _
from ..translated import Translated
from ..widgets.common import FittingFooter
from ..words import PERIOD_LABELS, level_name
from .past_matches import GAME, OPPONENT, PERIOD, PastMatches, export_match

if TYPE_CHECKING:
    from ..app import BiscaApp

COLUMNS = (N_("Id"), N_("Started"), N_("Game"), N_("Players"), N_("Score"), N_("Deals"),
           N_("Result"))


def players_of(m: MatchRow) -> str:
    """The players in seat order: a bot by its level, a program as a program."""
    parts = []
    for p in m.players:
        if p.kind == "human":
            parts.append(shown_name(p.name))
        elif p.kind == "program":
            parts.append(_("{name} (program)").format(name=p.name))
        else:
            parts.append(f"{p.name} ({level_name(p.level)})")
    return ", ".join(parts)


def outcome_of(m: MatchRow) -> str:
    """Who won, or that the match goes on."""
    if not m.finished:
        return _("unfinished")
    winners = [shown_name(p.name) for p in m.players if p.result == "won"]
    if not winners:
        # translators: the result of a match that ended level (a draw)
        return _("level")
    return _("{names} won").format(names=" & ".join(winners))


def deal_label(d: DealRow) -> Text:
    t = Text(_("Deal {n}:").format(n=d.index + 1) + " ", style="bold")
    if d.redeal:
        t.append(say("Deal", "thrown_in.history"))
        return t
    t.append(say("History", "points", points="-".join(str(p) for p in d.card_points)))
    if d.notes:
        t.append(" · " + "; ".join(d.notes))
    return t


class DealChooser(Translated, ModalScreen[int | None]):
    """Pick a deal of a match to replay."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, match: MatchRow, deals: list[DealRow]) -> None:
        super().__init__(id="deal-chooser")
        self.match = match
        self.deals = deals

    def compose(self) -> ComposeResult:
        m = self.match
        with Vertical(classes="dialog"):
            title = Text(_("Match {id}").format(id=m.id) + f" · {game_name(m.variant)} · ")
            title.append(players_of(m))
            yield Static(title, classes="dialog-title")
            yield Static(_("Enter replays the deal picked; Escape goes back."), classes="dim")
            yield OptionList(*[Option(deal_label(d), id=str(d.index)) for d in self.deals],
                             id="deal-list")

    def on_mount(self) -> None:
        self.query_one("#deal-list", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class HistoryScreen(Translated, Screen[None]):
    """The list of past matches."""

    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        Binding("x", "export", N_("Export")),
    ]

    def __init__(self, today: date | None = None) -> None:
        super().__init__(id="history")
        self.listing = PastMatches(today)  # the filters chosen and the matches listed
        self.exported: Path | None = None  # the last record file written

    @property
    def rows(self) -> list[MatchRow]:
        return self.listing.rows

    @property
    def bisca_app(self) -> BiscaApp:
        return self.app  # type: ignore[return-value]

    @property
    def store(self) -> Store | None:
        return self.bisca_app.history.store()

    def compose(self) -> ComposeResult:
        games: list[str] = []
        kinds: list[str] = []
        store = self.store
        if store is not None:
            try:
                with self.bisca_app.history.reading(store):
                    games = [r[0] for r in store.query("SELECT DISTINCT variant FROM matches")]
                    kinds = [r[0] for r in store.query(
                        "SELECT DISTINCT opponents FROM match_players WHERE kind = 'human'")]
            except sqlite3.Error:  # fill() says what is wrong
                pass
        with Vertical(id="history-body"):
            yield Static(_("Past matches"), classes="screen-title")
            yield Static(_("Enter lists a match's deals, to replay one; x writes the match "
                           "as a record file."), classes="dim", id="history-help")
            with Horizontal(id="history-filters"):
                yield Select([(Text(game_name(g)), g) for g in sorted(games, key=game_name)],
                             prompt=_("Every game"), id=GAME, compact=True)
                yield Select([(Text(opponent_label(o)), o)
                              for o in sorted(kinds, key=opponent_label)],
                             prompt=_("Every opponent"), id=OPPONENT, compact=True)
                yield Select([(Text(_(v)), k) for k, v in PERIOD_LABELS.items()], value="all",
                             allow_blank=False, id=PERIOD, compact=True)
                # translators: the day filter's placeholder; YYYY-MM-DD is how to type it
                yield Input(placeholder=_("a day: YYYY-MM-DD"), id="history-day",
                            compact=True)
            yield Static("", id="history-empty")
            table: DataTable[Text | str] = DataTable(id="history-table", cursor_type="row",
                                                     zebra_stripes=True)
            yield table
        yield FittingFooter()

    def on_mount(self) -> None:
        table = self.query_one("#history-table", DataTable)
        table.add_columns(*(_(c) for c in COLUMNS))
        self.fill()
        table.focus()

    def fill(self) -> None:
        store = self.store
        empty = self.query_one("#history-empty", Static)
        table = self.query_one("#history-table", DataTable)
        table.clear()
        trouble = None if store is None else ""
        if store is not None:
            try:
                with self.bisca_app.history.reading(store):
                    self.listing.load(store)
            except sqlite3.Error as e:  # another program holds it: said here
                trouble = self.bisca_app.history.trouble(e)
        if trouble is None or trouble:
            empty.update(Text(trouble or self.bisca_app.history.trouble(), style="red"))
            empty.display = True
            table.display = False
            self.listing.rows = []
            return
        said = self.listing.empty_text()
        if said is not None:
            empty.update(Text(said, style="dim"))
        empty.display = not self.rows
        table.display = bool(self.rows)
        for r in self.rows:
            table.add_row(str(r.id), lang.when(r.started), Text(game_name(r.variant)),
                          Text(players_of(r)), r.scores(), str(r.deals), Text(outcome_of(r)),
                          key=str(r.id))

    def current(self) -> MatchRow | None:
        table = self.query_one("#history-table", DataTable)
        if not self.rows or not table.display:
            return None
        row = table.cursor_row
        return self.rows[row] if 0 <= row < len(self.rows) else None

    # ----- filters ---------------------------------------------------------------------

    def on_select_changed(self, event: Select.Changed) -> None:
        value = None if event.value is Select.NULL else str(event.value)
        if not self.listing.choose(event.select.id or "", value):
            return
        event.stop()
        self.fill()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "history-day":
            return
        event.stop()
        if not self.listing.set_day(event.value):
            self.notify(_("Not a day written YYYY-MM-DD: {text}").format(
                text=event.value.strip()), severity="warning", markup=False)
            return
        self.fill()
        self.query_one("#history-table", DataTable).focus()

    # ----- a match -----------------------------------------------------------------------

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        match = self.current()
        store = self.store
        if match is None or store is None:
            return
        try:
            with self.bisca_app.history.reading(store):
                deals = deal_rows(store, match.id)
        except sqlite3.Error as e:
            self.notify(self.bisca_app.history.trouble(e), severity="warning", markup=False)
            return
        if not deals:
            self.notify(_("Match {id} has no finished deal to replay.").format(id=match.id),
                        markup=False)
            return
        self.app.push_screen(DealChooser(match, deals),
                             callback=lambda deal: self.replay(match, deal))

    def replay(self, match: MatchRow, deal: int | None) -> None:
        store = self.store
        if deal is None or store is None:
            return
        try:
            with self.bisca_app.history.reading(store):
                record = record_of(store, match.id)
        except sqlite3.Error as e:
            self.notify(self.bisca_app.history.trouble(e), severity="warning", markup=False)
            return
        except ExportError as e:
            self.notify(str(e), title=_("Cannot replay"), severity="error", markup=False)
            return
        try:
            from .replay import ReplayScreen
        except ImportError:
            self.notify(_("The replay viewer is not part of this version; bisca-tui export "
                          "{id} writes the record for bisca-tui replay.").format(id=match.id),
                        severity="warning", markup=False)
            return
        self.app.push_screen(ReplayScreen(record, deal))

    def action_export(self) -> None:
        match = self.current()
        store = self.store
        if match is None or store is None:
            return
        folder = Path(self.bisca_app.data_directory) / "exports"
        try:
            with self.bisca_app.history.reading(store):
                target = export_match(store, folder, match.id)
        except (ExportError, OSError, sqlite3.Error) as e:
            self.notify(_("Match {id} could not be exported: {error}").format(
                id=match.id, error=e), severity="error", markup=False)
            return
        self.exported = target
        self.notify(_("Match {id} written to {file}").format(id=match.id, file=target),
                    title=_("Exported"), markup=False)

    def action_back(self) -> None:
        self.app.pop_screen()
