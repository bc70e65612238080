"""The list of the table's languages, each named in its own words: opened from the start
screen (its button, or ``l``); it answers the language chosen, or None."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ... import lang
from ...lang import N_
from ..translated import Translated


class LanguageList(Translated, ModalScreen[str | None]):
    """Enter or a click chooses a language; Esc leaves the one in use."""

    DEFAULT_CSS = """
    LanguageList { align: center middle; }
    LanguageList > OptionList { width: 30; height: auto; border: round $accent; }
    """
    BINDINGS = [Binding("escape", "close", N_("Close"))]

    def compose(self) -> ComposeResult:
        yield OptionList(*(Option(name, id=code) for code, name in lang.LANGUAGES.items()),
                         id="languages")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = list(lang.LANGUAGES).index(lang.current())
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)
