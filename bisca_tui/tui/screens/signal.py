"""Choose a signal to send to partners (Bisca de Seis, and de Quatro by house rule)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.variant import Signal


class SignalScreen(ModalScreen[int | None]):
    """The true signals the player may send now: meaning and gesture."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, options: list[tuple[int, Signal]]) -> None:
        super().__init__()
        self.options = options

    def compose(self) -> ComposeResult:
        with Vertical(id="signal-box", classes="dialog"):
            yield Static("Signal to your partners", classes="dialog-title")
            yield Static("Partners always see it; an opponent may catch it.",
                         classes="dim")
            items = []
            for action, sig in self.options:
                t = Text(sig.meaning, style="bold")
                t.append(f"\n  {sig.gesture}", style="italic")
                items.append(Option(t, id=str(action)))
            yield OptionList(*items, id="signal-list")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.dismiss(int(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)
