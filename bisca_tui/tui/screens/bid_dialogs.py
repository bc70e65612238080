"""The bid dialogs of the auction: a number of points (``BidScreen``), or a list of worded
choices, bids of a rank and a points field (``BidListScreen``, also the rounds of choices
such as a redeal asked for)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import actions as A
from ...engine.narrate import say
from ...lang import N_, pgettext
from ..widgets.common import FittingFooter
from .auction_base import HINT_BINDING, RULES_BINDING, AboveTheHand, HintKey, PointsField
from .bid_choices import BidChoices
from .points_bid import PointsBid


class BidScreen(HintKey, AboveTheHand):
    """Bid a number of card points (the legal bids given), or pass (0 or the Pass button).
    Escape closes the dialog to look at the table (``b`` opens it again); it returns None
    then. Returns the action chosen."""

    BINDINGS = [Binding("escape", "close", N_("Look at the table")), HINT_BINDING, RULES_BINDING]
    AUTO_FOCUS = "#bid-input"
    BOX = "#bid-box"

    def __init__(self, options: list[tuple[int, str]], bids: Text, hand_points: int) -> None:
        super().__init__()
        self.points = PointsBid([a for a, _ in options])
        self.by_points = self.points.by_points
        self.low, self.high = self.points.low, self.points.high
        self.bids = bids
        self.hand_points = hand_points

    def compose(self) -> ComposeResult:
        with Vertical(id="bid-box", classes="dialog"):
            yield Static(say("Dialog", "bid.title"), classes="dialog-title")
            yield Static(self.bids)
            span = (say("Dialog", "bid.span", low=self.low, high=self.high) if self.by_points
                    else say("Dialog", "bid.span.none"))
            yield Static(say("Dialog", "bid.help", span=span, points=self.hand_points),
                         classes="dim")
            with Horizontal(id="bid-row"):
                yield PointsField(self.low, self.high, placeholder=f"{self.low}-{self.high}",
                                  id="bid-input")
                # translators: the bidding dialog's buttons: make the bid typed, or pass
                yield Button(pgettext("bid", "Bid"), id="bid", variant="primary")
                yield Button(pgettext("bid", "Pass"), id="pass")
            yield Static("", id="bid-error")
        yield FittingFooter()

    def check(self, text: str) -> int | None:
        """The bid typed in, or None (with the reason shown) when it cannot be made."""
        action, reason = self.points.typed(text)
        if action is None:
            self.query_one("#bid-error", Static).update(Text(reason, style="bold red"))
        return action

    def on_input_submitted(self, event: Input.Submitted) -> None:
        action = self.check(event.value)
        if action is not None:
            self.dismiss(action)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "pass":
            self.dismiss(A.PASS)
            return
        action = self.check(self.query_one("#bid-input", Input).value)
        if action is not None:
            self.dismiss(action)

    def action_close(self) -> None:
        self.dismiss(None)


class BidList(OptionList):
    """The bids, first to last: up and down stop at either end, as the hand's cursor does,
    rather than going round from the last bid to the first."""

    def action_cursor_up(self) -> None:
        self.step(-1)

    def action_cursor_down(self) -> None:
        self.step(1)

    def step(self, by: int) -> None:
        if self.option_count:
            at = -1 if self.highlighted is None and by > 0 else (self.highlighted or 0)
            self.highlighted = max(0, min(self.option_count - 1, at + by))


class BidListScreen(HintKey, AboveTheHand):
    """Pass, or pick one of the legal bids from a list (Chiamata's ranks). The bids of two
    for a number of points are one line, its points in a field under the list: Enter on
    that line bids the points it shows (the lowest at first); a digit, or Tab, goes to the
    field, where up and down step the points and Enter bids. Escape closes the dialog to
    look at the table."""

    BINDINGS = [Binding("escape", "close", N_("Look at the table")), HINT_BINDING, RULES_BINDING]
    AUTO_FOCUS = "#bid-list"
    BOX = "#bid-box"
    SQUEEZE = "#bid-list"

    POINTS = BidChoices.POINTS  # the list's line for the bids of two for points

    def __init__(self, options: list[tuple[int, str]], bids: Text, hand_points: int,
                 pass_label: str | None = None, hint: str | None = None,
                 first: int = A.PASS, title: str | None = None) -> None:
        super().__init__()
        self.hint = say("Dialog", "ranks.hint") if hint is None else hint
        self.title_text = say("Dialog", "bid.title") if title is None else title
        pass_label = pgettext("bid", "Pass") if pass_label is None else pass_label
        self.choices = BidChoices(options, first, pass_label)
        self.points = self.choices.points
        self.by_points = self.points.by_points
        self.low, self.high = self.points.low, self.points.high
        self.actions, self.labels = self.choices.actions, self.choices.labels
        self.bids = bids
        self.hand_points = hand_points

    points_label = staticmethod(BidChoices.points_label)

    def points_note(self, error: str = "") -> Text:
        """What the points field takes, or why what it holds cannot be bid."""
        if error:
            return Text(f" {error}", style="bold red")
        return Text(" " + self.points.span_note(), style="bright_black")

    def compose(self) -> ComposeResult:
        with Vertical(id="bid-box", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.bids)
            yield Static(say("Dialog", "ranks.help", hint=self.hint, points=self.hand_points),
                         classes="dim")
            yield BidList(*[Option(label, id=f"bid-{k}")
                            for k, label in enumerate(self.labels)], id="bid-list")
            if self.by_points:
                with Horizontal(id="bid-row"):
                    yield Static(say("Dialog", "ranks.two.label") + " ",
                                 classes="bid-row-label")
                    yield PointsField(self.low, self.high, value=str(self.low),
                                      placeholder=f"{self.low}-{self.high}", id="bid-points")
                    yield Static(self.points_note(), id="bid-points-note",
                                 classes="bid-row-label")
        yield FittingFooter()

    def on_mount(self) -> None:
        self.query_one("#bid-list", OptionList).highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        fields = self.query("#bid-points").results(PointsField)
        field = next(fields, None)
        action = self.choices.pick(event.option_index, field.value if field else "")
        if action is not None:  # the points line bids the points it shows
            self.dismiss(action)
            return
        assert field is not None  # only the points line picks nothing
        self.set_focus(field)  # no bid there yet: to the points, to be typed
        field.select_all()
        self.query_one("#bid-points-note", Static).update(
            self.points_note(self.points.out_of_span()))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id != "bid-points":
            return
        self.query_one("#bid-points-note", Static).update(self.points_note())
        try:
            n = int(event.value)
        except ValueError:
            return
        lst = self.query_one("#bid-list", OptionList)
        lst.replace_option_prompt_at_index(self.choices.points_line, self.points_label(n))
        if event.input.has_focus:  # the player is at the points: their line shows it
            lst.highlighted = self.choices.points_line

    def on_input_submitted(self, event: Input.Submitted) -> None:
        action = self.points.of(event.value)
        if action is not None:
            self.dismiss(action)
            return
        self.query_one("#bid-points-note", Static).update(
            self.points_note(self.points.out_of_span()))

    def on_key(self, event: events.Key) -> None:
        """A digit typed on the list starts the points of two."""
        char = event.character or ""
        if (self.by_points and char.isdigit()
                and isinstance(self.focused, OptionList)):
            field = self.query_one("#bid-points", PointsField)
            field.value = char
            self.set_focus(field)  # at once: the next digit goes to the field
            field.cursor_position = 1
            event.stop()

    def action_close(self) -> None:
        self.dismiss(None)

