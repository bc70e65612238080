"""Hot-seat: before each person's turn every hand is hidden until they take the keyboard."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from ...engine.narrate import say
from ...lang import N_
from ..translated import Translated
from ..widgets.common import Body, FittingFooter, TooSmall


class HandOverScreen(Translated, Screen[None]):
    """A blank table with one line: whose turn it is. Enter hands the table over."""

    BINDINGS = [Binding("enter", "take", N_("I am here"))]

    def __init__(self, name: str) -> None:
        super().__init__(classes="handover")
        self.player = name

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Body(), Middle(), Center():
            # a Text: the name is shown as typed, never read as markup
            yield Static(Text(say("Notice", "handover", seat=self.player)), id="handover-text")
            yield Static(say("Notice", "handover.hidden"), id="handover-hint")
        yield FittingFooter()

    def action_take(self) -> None:
        self.dismiss(None)
