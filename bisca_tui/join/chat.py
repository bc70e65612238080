"""The table's chat: a line typed in a small dialog, and a line received as the log shows
it; and the dialog that asks a player's name (a visitor from a browser brings none). Names
and words come from other machines: they are text, never markup."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..lang import N_, _
from ..net.protocol import MAX_CHAT, MAX_NAME, clean_text
from ..tui.translated import Translated


def chat_line(message: dict[str, Any]) -> Text:
    """A ``chat`` message as a line of the log: the sender in bold, then the words."""
    line = Text(f"{message.get('from', '')}: ", style="bold cyan")
    line.append(str(message.get("text", "")))
    return line


class ChatDialog(Translated, ModalScreen[str | None]):
    """One line to say to the table: Enter sends it, Escape does not."""

    DEFAULT_CSS = """
    ChatDialog .dialog { width: 64; }
    ChatDialog Input { margin: 1 0 0 0; }
    """
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, title: str = "") -> None:
        super().__init__()
        self.title_words = title  # what the line is said to (the table by default)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="chat"):
            yield Static(self.title_words or _("Say to the table"), classes="dialog-title")
            yield Input(placeholder=_("Enter sends, Escape does not"), max_length=MAX_CHAT,
                        id="chat-input")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class NameDialog(Translated, ModalScreen[str | None]):
    """The player's name at the table: Enter takes it, Escape leaves. ``note`` says why it
    is asked again (a name already at the table)."""

    DEFAULT_CSS = """
    NameDialog .dialog { width: 64; }
    NameDialog Input { margin: 1 0 0 0; }
    """
    BINDINGS = [Binding("escape", "cancel", N_("Leave"))]

    def __init__(self, note: str = "") -> None:
        super().__init__()
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="name"):
            yield Static(_("Your name at the table"), classes="dialog-title")
            if self.note:
                yield Static(Text(self.note, style="bold red"), id="name-note")
            yield Input(placeholder=_("Enter joins, Escape leaves"), max_length=MAX_NAME,
                        id="name-input")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = clean_text(event.value, MAX_NAME)
        if name:
            self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
