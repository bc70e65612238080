"""The coach's hint in the table's side panel: a title, a line while the coach thinks, then
the advice (written by ``coaching.hint_text``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import LoadingIndicator, Static

from ...engine.narrate import say
from ...lang import _


def thinking_line() -> str:
    return say("Notice", "hints.thinking")


class HintPanel(VerticalScroll):
    """Hidden until ``h`` is pressed (the side panel's class ``-hinting`` shows it). What
    the columns mean and how to put the hint away stay at its foot, in sight: on a small
    screen the list of actions above them scrolls."""

    DEFAULT_CSS = """
    HintPanel { height: 1fr; scrollbar-size-vertical: 1; }
    HintPanel #hint-title { text-style: bold; color: $accent; }
    HintPanel #hint-spinner { height: 1; width: 8; }
    HintPanel #hint-foot { dock: bottom; height: auto; }
    HintPanel #hint-legend { margin-top: 1; }
    HintPanel #hint-closes { color: $text-muted; margin-top: 1; }
    """

    def __init__(self) -> None:
        super().__init__(id="hint")
        self.can_focus = False
        self.text = Text("")

    def compose(self) -> ComposeResult:
        yield Static(_("Hint"), id="hint-title")
        yield LoadingIndicator(id="hint-spinner")
        yield Static(thinking_line(), id="hint-text")
        with Vertical(id="hint-foot"):
            yield Static("", id="hint-legend")
            yield Static(say("Notice", "hints.closes"), id="hint-closes")

    def thinking(self) -> None:
        # the title and the foot in the language now in use: it may have changed since the
        # table was drawn (the palette's choice of language)
        self.query_one("#hint-title", Static).update(_("Hint"))
        self.query_one("#hint-closes", Static).update(say("Notice", "hints.closes"))
        self.text = Text(thinking_line())
        self.query_one("#hint-spinner").display = True
        self.query_one("#hint-text", Static).update(self.text)
        self.query_one("#hint-legend").display = False

    def advice(self, text: Text, legend: Text | None = None) -> None:
        self.text = text
        self.query_one("#hint-spinner").display = False
        self.query_one("#hint-text", Static).update(text)
        shown = self.query_one("#hint-legend", Static)
        shown.display = legend is not None
        shown.update(legend or "")
