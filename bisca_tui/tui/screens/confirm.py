"""Small dialogs about saved matches: a question with a few answers, and the list of
earlier matches to continue."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ...lang import N_, _
from ..translated import Translated


@dataclass(frozen=True)
class Choice:
    """One answer: ``key`` picks it from the keyboard, as does its button."""

    id: str
    label: str
    key: str
    variant: str = "default"


class ChoiceDialog(Translated, ModalScreen[str | None]):
    """A question and its answers as buttons; Escape answers ``cancel`` (None unless set).

    The body is plain text, never markup: it may hold player names and file paths.
    """

    DEFAULT_CSS = """
    ChoiceDialog .dialog { width: 76; }
    ChoiceDialog .dialog-body { margin: 1 0; }
    ChoiceDialog Button { width: 100%; margin: 0; }
    """
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, title: str, body: Text | str, choices: list[Choice],
                 cancel: str | None = None, focus: str | None = None,
                 dialog_id: str | None = None) -> None:
        super().__init__(id=dialog_id)
        self.title_text = title
        self.body = body if isinstance(body, Text) else Text(body)
        self.choices = choices
        self.cancel = cancel
        self.first_focus = focus or choices[0].id

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.title_text), classes="dialog-title")
            yield Static(self.body, classes="dialog-body", id="dialog-body")
            for c in self.choices:
                yield Button(Text(f"{c.label} ({c.key})"), id=f"choice-{c.id}",
                             variant=c.variant)  # type: ignore[arg-type]

    def on_mount(self) -> None:
        self.query_one(f"#choice-{self.first_focus}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(str(event.button.id).removeprefix("choice-"))

    def on_key(self, event: events.Key) -> None:
        for c in self.choices:
            if event.key == c.key:
                event.stop()
                self.dismiss(c.id)
                return

    def action_cancel(self) -> None:
        self.dismiss(self.cancel)


@dataclass(frozen=True)
class EarlierMatch:
    """An earlier match as listed: ``problem`` is set when it cannot be continued."""

    path: Path
    summary: str
    problem: str = ""


class EarlierMatchesScreen(Translated, ModalScreen[Path | None]):
    """Pick an earlier match to continue; a damaged one is listed with what is wrong."""

    DEFAULT_CSS = """
    EarlierMatchesScreen .dialog { width: 90; }
    #earlier-list { height: auto; max-height: 16; }
    """
    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, matches: list[EarlierMatch]) -> None:
        super().__init__(id="earlier-matches")
        self.matches = matches

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Continue an earlier match"), classes="dialog-title")
            yield Static(_("Enter continues the match picked; Escape goes back."),
                         classes="dim")
            items = []
            for i, m in enumerate(self.matches):
                t = Text(m.summary, style="bold" if not m.problem else "")
                t.append(f"\n  {m.path.name}", style="dim")
                if m.problem:
                    t.append("\n  " + _("cannot be continued: {problem}").format(
                        problem=m.problem), style="red")
                items.append(Option(t, id=str(i), disabled=bool(m.problem)))
            yield OptionList(*items, id="earlier-list")

    def on_mount(self) -> None:
        lst = self.query_one("#earlier-list", OptionList)
        lst.focus()
        usable = [i for i, m in enumerate(self.matches) if not m.problem]
        if usable:
            lst.highlighted = usable[0]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None
        self.dismiss(self.matches[int(event.option.id)].path)

    def action_cancel(self) -> None:
        self.dismiss(None)
