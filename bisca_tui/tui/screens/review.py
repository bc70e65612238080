"""A deal looked back on: each decision of one seat compared with the coach's search at the
same view (``bisca_tui.coach.review_deal``).

One line per decision (trick, card played, the best card, the expected card points lost,
mistakes and blunders marked in words as well as colour), the position of the decision
under the cursor with its reason, the reasons of the worst, and a chart of the side's
expected card points over the deal, as played and as the best cards would have had them.
``n`` and ``p`` step from one marked decision to the next; Enter opens the decision under
the cursor on the table itself, in the replay viewer (``ReplayScreen``), as the seat saw
it. The review is worked out in a worker thread: the screen answers keys (Esc) while it
is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, LoadingIndicator, Static
from textual.worker import get_current_worker

from ...coach import Decision, OtherDecision, Review
from ...coach.review import REVIEW_SEED
from ...coach.seat_play import SeatPlay
from ...engine.records import Record
from ...engine.variant import Variant
from ...lang import N_, number, pgettext
from ..coaching import (
    MARK_STYLE,
    Position,
    decision_line,
    mark_text,
    other_text,
    position_text,
    reason_of,
    review_text,
)
from ..messages import ReviewReady
from ..translated import Translated
from ..widgets.common import FittingFooter

if TYPE_CHECKING:
    from ..record_walk import RecordWalk

REVIEW_BUDGET_MS = 150.0
WORST_SHOWN = 3


def review_summary(review: Review) -> Text:
    """One line: how many decisions, how many marked, the expected points lost in all."""
    n = len(review.decisions)
    mistakes = sum(d.mark == "mistake" for d in review.decisions)
    blunders = sum(d.mark == "blunder" for d in review.decisions)
    lost = sum(d.loss for d in review.decisions)
    if not mistakes and not blunders:
        marks = review_text("summary.clean", "bold green")
    else:
        parts = []
        if blunders:
            parts.append(review_text("blunders.one" if blunders == 1 else "blunders.many",
                                     MARK_STYLE["blunder"], count=blunders))
        if mistakes:
            parts.append(review_text("mistakes.one" if mistakes == 1 else "mistakes.many",
                                     MARK_STYLE["mistake"], count=mistakes))
        marks = Text(", ").join(parts)
    return review_text("summary.one" if n == 1 else "summary.many", count=n, marks=marks,
                       lost=f"{lost:.0f}")


class ReviewScreen(Translated, Screen[None]):
    """The review of one seat's play in one deal of a record."""

    DEFAULT_CSS = """
    ReviewScreen #review-title { text-style: bold; color: $accent; padding: 0 1; }
    ReviewScreen #review-summary { padding: 0 1; height: auto; }
    ReviewScreen #review-spinner { height: 1; }
    ReviewScreen #review-top { height: 1fr; }
    ReviewScreen #review-table { width: 46; height: 1fr; }
    ReviewScreen #review-side { width: 1fr; padding: 0 1; border-left: solid $primary; }
    ReviewScreen #review-note { color: $text-muted; }
    ReviewScreen #review-chart-box { height: 35%; min-height: 7; max-height: 14; }
    ReviewScreen #review-chart { height: 1fr; }
    ReviewScreen #review-chart-title { height: auto; padding: 0 1; }
    """
    BINDINGS = [
        Binding("n,right_square_bracket", "step(1)", N_("Next mark"), key_display="n",
                tooltip=N_("The next mistake or blunder, with the table as it was")),
        Binding("p,left_square_bracket", "step(-1)", N_("Previous mark"), key_display="p",
                tooltip=N_("The previous mistake or blunder, with the table as it was")),
        # Enter too (the list's own Enter selects the line, and that opens it)
        Binding("t", "open_position", N_("The table then"), key_display="⏎/t",
                tooltip=N_("The decision under the cursor on the table, in the replay viewer "
                        "(your view; ← → step on from there, Esc comes back)")),
        Binding("escape", "close", N_("Back"), tooltip=N_("Back to the deal's summary")),
    ]

    def __init__(self, record: Record | SeatPlay, deal: int, seat: int, style: str,
                 name: Callable[[int], str] | None = None, samples: int | None = None,
                 seed: int = REVIEW_SEED) -> None:
        super().__init__()
        # a record, or the seat's play gathered from its views where there is none (a
        # shared table's client): the table then is the seat's view, with no replay viewer
        self.record = record
        self.deal = deal
        self.seat = seat
        self.style = style
        self.seat_name = name or (lambda s: review_text("seat", number=s + 1).plain)
        self.samples = samples
        self.seed = seed
        self.variant: Variant = (record.variant if isinstance(record, SeatPlay)
                                 else record.make_variant())
        self.review: Review | None = None
        self.places: dict[int, Position] = {}
        self.rows: list[Decision | OtherDecision] = []  # the table's lines, in play order
        self.walk: RecordWalk | None = None  # the record replayed for the viewer, once

    def compose(self) -> ComposeResult:
        who = self.seat_name(self.seat)
        yield Static(review_text("title.you" if who == "You" else "title",
                                 deal=self.deal + 1, seat=who), id="review-title")
        yield LoadingIndicator(id="review-spinner")
        yield Static(review_text("busy"), id="review-summary")
        with Horizontal(id="review-top"):
            table: DataTable[Text] = DataTable(id="review-table", cursor_type="row",
                                               zebra_stripes=False)
            yield table
            with VerticalScroll(id="review-side"):
                yield Static("", id="review-position")
                yield Static("", id="review-note")
                yield Static("", id="review-worst")
        with Vertical(id="review-chart-box"):
            yield Static(self.chart_title(), id="review-chart-title")
            yield self.make_chart()
        yield FittingFooter()

    @staticmethod
    def chart_title() -> Text:
        return review_text("chart", ("bold", ""),
                           best=review_text("chart.best", "blue"),
                           played=review_text("chart.played", "green"),
                           marks=review_text("chart.marks", "red"))

    def make_chart(self) -> Static:
        try:
            from textual_plotext import PlotextPlot
        except ImportError:  # the chart is a help, not a need: a line says why it is missing
            return Static(review_text("chart.missing"), id="review-chart")
        return PlotextPlot(id="review-chart")  # type: ignore[return-value]

    def on_mount(self) -> None:
        table = self.query_one("#review-table", DataTable)
        # translators: the review's columns: the trick, the card played, the coach's best
        # card, the points lost by the card played, and its mark (mistake, blunder)
        table.add_columns(pgettext("review", "Trick"), pgettext("review", "Played"),
                          pgettext("review", "Best"), pgettext("review", "Lost"),
                          pgettext("review", "Mark"))
        self.work_out(self.record, self.deal, self.seat, self.seed, self.samples)

    @work(thread=True, exclusive=True, group="review")
    def work_out(self, record: Record | SeatPlay, deal: int, seat: int, seed: int,
                 samples: int | None) -> None:
        from ...coach.review import review_as_asked
        from ...coach.seat_play import review_seen_as_asked
        from ..coaching import Position, positions

        worker = get_current_worker()
        try:  # the same figures as ``bisca-tui review`` gives for the record
            if isinstance(record, SeatPlay):
                review = review_seen_as_asked(record, samples=samples, seed=seed)
                places = {k: Position(k, len(view.tricks) + 1, view)
                          for k, view, _ in record.decisions}
            else:
                review = review_as_asked(record, deal, seat, samples=samples, seed=seed)
                places = positions(record, deal, seat,
                                   {d.step for d in review.decisions + review.others})
        except Exception as e:  # a review that fails says so; the match goes on
            self.post_message(ReviewReady(None, {}, f"{e.__class__.__name__}: {e}"))
            return
        if not worker.is_cancelled:
            self.post_message(ReviewReady(review, places))

    def on_review_ready(self, message: ReviewReady) -> None:
        self.query_one("#review-spinner").display = False
        summary = self.query_one("#review-summary", Static)
        if message.review is None:
            summary.update(review_text("failed", "bold red", error=message.error))
            return
        review = self.review = message.review
        self.places = message.places
        self.rows = sorted([*review.decisions, *review.others], key=lambda d: d.step)
        if not self.rows:
            summary.update(review_text("nothing"))
            return
        summary.update(review_summary(review))
        table = self.query_one("#review-table", DataTable)
        for k, d in enumerate(self.rows):
            table.add_row(*decision_line(d, self.trick_of(d), self.style, self.variant),
                          key=str(k))
        self.query_one("#review-worst", Static).update(self.worst_text(review))
        if review.decisions:
            self.draw_chart(review)
        marked = self.marked_rows()
        table.move_cursor(row=marked[0] if marked else 0)
        self.show_decision(table.cursor_row)
        table.focus()

    def marked_rows(self) -> list[int]:
        """The rows of the mistakes and blunders."""
        return [k for k, d in enumerate(self.rows) if isinstance(d, Decision) and d.mark]

    def trick_of(self, d: Decision | OtherDecision) -> int:
        if isinstance(d, Decision) and d.trick:
            return d.trick
        place = self.places.get(d.step)
        return place.trick if place is not None else 0

    def worst_text(self, review: Review) -> Text:
        worst = sorted(review.marked, key=lambda d: -d.loss)[:WORST_SHOWN]
        if not worst:
            return Text("")
        t = review_text("worst", "bold")
        t.append("\n")
        for d in worst:
            t.append_text(review_text("worst.line", ("bold", "bold", ""), trick=self.trick_of(d),
                                      mark=mark_text(d.mark), loss=f"{d.loss:.0f}",
                                      reason=reason_of(d, self.style, self.variant)))
            t.append("\n")
        return t

    def draw_chart(self, review: Review) -> None:
        chart = self.query_one("#review-chart")
        plt = getattr(chart, "plt", None)
        if plt is None:
            return
        tricks = [self.trick_of(d) for d in review.decisions]
        best = [d.best_expected or d.expected + d.loss for d in review.decisions]
        # as played: from before the first decision (with the best play) to the result
        curve = review.curve()
        xs = [p.trick + (1 if p.label == "result" else 0) for p in curve]
        played = [p.points for p in curve]
        plt.clear_data()
        plt.clear_figure()
        # the legend is a line of text under the chart (a legend drawn inside hides lines)
        plt.plot(tricks, best, marker="braille", color="blue")
        plt.plot(xs, played, marker="braille", color="green")
        marked = [(t, d.expected) for t, d in zip(tricks, review.decisions, strict=True)
                  if d.mark]
        if marked:
            plt.scatter([t for t, _ in marked], [y for _, y in marked], marker="x",
                        color="red")
        low, high = min(played + best), max(played + best)
        room = max(5.0, (high - low) * 0.15)
        plt.ylim(max(0.0, low - room), high + room)
        plt.xticks(sorted(set(xs)))
        chart.refresh()

    @on(DataTable.RowSelected, "#review-table")
    def row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open_position()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_position":  # the replay viewer needs the deal's record
            return isinstance(self.record, Record)
        return True

    def action_open_position(self) -> None:
        """The table as it was at the decision under the cursor, in the replay viewer."""
        from ..record_walk import RecordWalk
        from .replay import ReplayScreen

        if not 0 <= self.selected < len(self.rows) or not isinstance(self.record, Record):
            return
        d = self.rows[self.selected]
        if self.walk is None:
            self.walk = RecordWalk(self.record, "record", self.style)
        self.app.push_screen(ReplayScreen(self.record, deal=self.deal, seat=self.seat,
                                          walk=self.walk, step=d.step))

    @on(DataTable.RowHighlighted, "#review-table")
    def row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_decision(event.cursor_row)

    def show_decision(self, row: int) -> None:
        if not 0 <= row < len(self.rows):
            return
        d = self.rows[row]
        place = self.places.get(d.step)
        t = Text()
        if place is not None:
            t.append_text(position_text(place, self.variant, self.style, self.seat_name))
            t.append("\n\n")
        if isinstance(d, OtherDecision):
            t.append_text(other_text(d, self.style, self.variant))
            self.query_one("#review-position", Static).update(t)
            self.query_one("#review-note", Static).update("")
            return
        cells = decision_line(d, 0, self.style, self.variant)
        if d.best != d.played:
            t.append_text(review_text("played.best", ("bold", "bold", ""), played=cells[1],
                                      best=cells[2], loss=number(d.loss, 1)))
        else:
            t.append_text(review_text("played", "bold", played=cells[1]))
        if d.mark:
            t.append("  ")
            t.append_text(mark_text(d.mark))
        t.append("\n")
        if d.reason or d.best != d.played:
            t.append_text(reason_of(d, self.style, self.variant))
        else:
            t.append_text(review_text("same", "green"))
        self.query_one("#review-position", Static).update(t)
        self.query_one("#review-note", Static).update("")

    @property
    def selected(self) -> int:
        return self.query_one("#review-table", DataTable).cursor_row

    def action_step(self, direction: int) -> None:
        """To the next (or previous) marked decision from the one under the cursor."""
        if self.review is None:
            return
        marked = self.marked_rows()
        here = self.selected
        ahead = [k for k in marked if (k - here) * direction > 0]
        note = self.query_one("#review-note", Static)
        if not ahead:
            note.update(review_text("step.none" if not marked else
                                    "step.later" if direction > 0 else "step.earlier",
                                    "italic"))
            return
        target = min(ahead) if direction > 0 else max(ahead)
        self.query_one("#review-table", DataTable).move_cursor(row=target)
        self.show_decision(target)

    def action_close(self) -> None:
        self.workers.cancel_group(self, "review")
        self.dismiss(None)
