"""Choose a signal to send to partners (Bisca de Seis, and de Quatro by house rule)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...engine import actions as A
from ...engine.narrate import say
from ...engine.spoken import signal_gesture, signal_meaning
from ...engine.variant import Signal
from ...lang import N_
from ..translated import Translated
from ..widgets.common import FittingFooter

if TYPE_CHECKING:
    from ...engine.view import SeatView
    from ...table.session import Session


def open_signal_dialog(app: App[object], s: Session, v: SeatView,
                       chosen: Callable[[int | None], None]) -> None:
    """The signals the seat may send now, in a dialog (none: no dialog); ``chosen`` is
    given the signal's action, or None when the dialog was closed."""
    options = [a for a in v.legal if A.is_signal(a)]
    if not options:
        return
    signals = s.variant.signals
    teams = s.variant.team_of
    partners = sum(1 for k, t in enumerate(teams) if t == teams[v.seat] and k != v.seat)
    app.push_screen(SignalScreen([(a, signals[a - A.SIGNAL]) for a in options], partners),
                    callback=chosen)


class SignalScreen(Translated, ModalScreen[int | None]):
    """The true signals the player may send now: meaning and gesture."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, options: list[tuple[int, Signal]], partners: int = 1) -> None:
        super().__init__()
        self.options = options
        self.partners = partners  # one partner or more: the dialog speaks to them so

    def compose(self) -> ComposeResult:
        with Vertical(id="signal-box", classes="dialog"):
            yield Static(say("Dialog", "signal.title.many", count=self.partners),
                         classes="dialog-title")
            yield Static(say("Dialog", "signal.help.many", count=self.partners),
                         classes="dim")
            items = []
            for action, sig in self.options:
                t = Text(signal_meaning(sig), style="bold")
                t.append(f"\n  {signal_gesture(sig)}", style="italic")
                items.append(Option(t, id=str(action)))
            yield OptionList(*items, id="signal-list")
        yield FittingFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.dismiss(int(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)
