"""The start screen: continue an interrupted match, a new game, the rules, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from ..widgets.common import Body, KeyHints, TooSmall

if TYPE_CHECKING:
    from ..app import BiscaApp

TITLE = r"""
 ╭───╮╭───╮  ___  _
 │A  ││7  │ | _ )(_) ___ __  __ _
 │  ♠││  ♥│ | _ \| |(_-</ _|/ _` |
 ╰───╯╰───╯ |___/|_|/__/\__|\__,_|
"""


class StartScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("c", "continue_match", "Continue"),
        Binding("r", "rules", "Rules"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.shown_once = False

    @property
    def bisca_app(self) -> BiscaApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        # what shows is decided here, before the first layout: the save was read before the
        # screen was made, and changing it after mounting would lay the screen out twice
        app = self.bisca_app
        has_save = app.saved is not None
        self.AUTO_FOCUS = "#continue" if has_save else "#new"
        text = self.notice_text()
        notice = Static(text, id="save-notice")
        notice.display = bool(text)
        cont = Button("Continue the last match", id="continue", variant="success")
        cont.display = has_save
        yield TooSmall()
        with Body(), Middle(), Center(), Vertical(id="start-box"):
            rows = TITLE.strip("\n").splitlines()
            title = Text("\n".join(r.ljust(max(map(len, rows))) for r in rows))
            for glyph in "♥":
                title.highlight_regex(glyph, "red")
            yield Static(title, id="title")
            yield Static("A card table for Bisca and its cousins", id="subtitle")
            yield notice
            yield cont
            yield Button("New game", id="new", variant="primary")
            yield Button("Rules", id="rules")
            yield Button("Quit", id="quit")
        yield KeyHints(self.key_hints(), id="start-keys")

    def key_hints(self) -> list[tuple[str, str]]:
        keys = [("n", "New game"), ("c", "Continue"), ("r", "Rules"), ("q", "Quit"),
                ("f1", "Rules")]
        return [k for k in keys if k[0] != "c" or self.bisca_app.saved is not None]

    def notice_text(self) -> Text | str:
        app = self.bisca_app
        if app.save_problem is not None:
            return Text(app.save_problem.message(), style="bold red")
        if app.saved is not None:
            return Text(app.saved_summary, style="green")
        return ""

    def on_screen_resume(self) -> None:
        if not self.shown_once:  # composed just now, with everything in place
            self.shown_once = True
            return
        self.refresh_choices()

    def refresh_choices(self) -> None:
        """Back from a match: the save may have come or gone."""
        has_save = self.bisca_app.saved is not None
        button = self.query_one("#continue", Button)
        button.display = has_save
        notice = self.query_one("#save-notice", Static)
        text = self.notice_text()
        notice.update(text)
        notice.display = bool(text)
        hints = self.query_one("#start-keys", KeyHints)
        hints.hints = self.key_hints()
        hints.refresh()
        (button if has_save else self.query_one("#new", Button)).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_match":
            return self.bisca_app.saved is not None
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"continue": self.action_continue_match, "new": self.action_new_game,
         "rules": self.action_rules, "quit": self.action_quit}[str(event.button.id)]()

    def action_new_game(self) -> None:
        from .newgame import NewGameScreen

        self.app.push_screen(NewGameScreen(self.bisca_app.first_variant))

    def action_continue_match(self) -> None:
        self.bisca_app.continue_saved()

    def action_rules(self) -> None:
        self.bisca_app.action_rules()

    async def action_quit(self) -> None:
        self.app.exit()
