"""The start screen: continue an interrupted or earlier match, a new game, the rules, the
language, quit."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from ... import lang
from ...lang import N_, _
from ...table.save import earlier_saves
from ..translated import Translated
from ..widgets.common import Body, KeyHints, TooSmall

if TYPE_CHECKING:
    from ..app import BiscaApp

TITLE = r"""
 ╭───╮╭───╮  ___  _
 │A  ││7  │ | _ )(_) ___ __  __ _
 │  ♠││  ♥│ | _ \| |(_-</ _|/ _` |
 ╰───╯╰───╯ |___/|_|/__/\__|\__,_|
"""
NOTICE_WIDTH = 50  # the start box's width (bisca.tcss, #start-box)


class StartScreen(Translated, Screen[None]):
    BINDINGS = [
        Binding("n", "new_game", N_("New game")),
        Binding("c", "continue_match", N_("Continue")),
        Binding("e", "earlier", N_("Earlier matches")),
        Binding("s", "stats", N_("Statistics")),
        Binding("h", "history", N_("Past matches")),
        Binding("r", "rules", N_("Rules")),
        Binding("l", "language", N_("Language")),
        Binding("q", "quit", N_("Quit")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.shown_once = False
        self.earlier_count = 0
        self.language = lang.current()  # the language the screen was drawn in

    @property
    def bisca_app(self) -> BiscaApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        # what shows is decided here, before the first layout: the save was read before the
        # screen was made, and changing it after mounting would lay the screen out twice
        app = self.bisca_app
        has_save = app.saves.saved is not None
        self.AUTO_FOCUS = "#continue" if has_save else "#new"
        text = self.notice_text()
        notice = Static(text, id="save-notice")
        notice.display = bool(text)
        cont = Button(_("Continue the last match"), id="continue", variant="success")
        cont.display = has_save
        self.count_earlier()
        earlier = Button(self.earlier_label(), id="earlier")
        earlier.display = self.earlier_count > 0
        yield TooSmall()
        with Body(), Middle(), Center(), Vertical(id="start-box"):
            rows = TITLE.strip("\n").splitlines()
            title = Text("\n".join(r.ljust(max(map(len, rows))) for r in rows))
            for glyph in "♥":
                title.highlight_regex(glyph, "red")
            yield Static(title, id="title")
            yield Static(_("A card table for Bisca and its cousins"), id="subtitle")
            yield notice
            buttons = [cont, earlier, Button(_("New game"), id="new", variant="primary"),
                       Button(_("Statistics"), id="stats"),
                       Button(_("Past matches"), id="history"),
                       Button(_("Rules"), id="rules"), Button(_("Quit"), id="quit")]
            compact = self.crowded(text, self.app.size.height)
            for b in buttons:
                b.compact = compact
            yield from buttons[:-1]
            yield self.language_choice(compact)
            yield buttons[-1]
        yield KeyHints(self.key_hints(), id="start-keys")

    def crowded(self, notice: Text | str, height: int) -> bool:
        """Whether the buttons must be one line tall for all of them to show."""
        lines = 0
        for part in str(notice).splitlines():
            lines += max(1, len(textwrap.wrap(part, NOTICE_WIDTH)))
        buttons = 6 + (self.bisca_app.saves.saved is not None) + (self.earlier_count > 0)
        needed = len(TITLE.strip("\n").splitlines()) + 2 + (lines + 1 if lines else 0)
        return needed + 3 * buttons > height - 1  # the key hints take the last line

    def on_resize(self, event: events.Resize) -> None:
        self.fit_buttons()

    def fit_buttons(self) -> None:
        compact = self.crowded(self.notice_text(), self.app.size.height)
        for b in self.query("#start-box Button").results(Button):
            b.compact = compact

    def language_choice(self, compact: bool) -> Button:
        """The language in use, named in its own words; pressed, the list of languages (a
        button rather than a drop-down list, which would cost the first screen its speed)."""
        name = lang.LANGUAGES[lang.current()]
        button = Button(_("Language: {name}").format(name=name), id="language",
                        tooltip=_("The language of the table's words"))
        button.compact = compact
        return button

    def count_earlier(self) -> int:
        """Look again how many earlier matches the save folder holds."""
        self.earlier_count = len(earlier_saves(self.bisca_app.data_directory))
        return self.earlier_count

    def earlier_label(self) -> str:
        return _("Continue an earlier match ({n})").format(n=self.earlier_count)

    def key_hints(self) -> list[tuple[str, str]]:
        keys = [("n", _("New game")), ("c", _("Continue")),
                # translators: the start screen's key hint for "Continue an earlier match"
                ("e", _("Earlier")),
                # translators: the start screen's key hint for "Statistics", in short
                ("s", _("Stats")),
                ("h", _("Past matches")), ("r", _("Rules")), ("l", _("Language")),
                ("q", _("Quit"))]  # F1 opens the rules too, as r does
        hidden = set()
        if self.bisca_app.saves.saved is None:
            hidden.add("c")
        if not self.earlier_count:
            hidden.add("e")
        return [k for k in keys if k[0] not in hidden]

    def notice_text(self) -> Text | str:
        """What the player should know about the saves: never markup, the text holds
        player names and paths."""
        app = self.bisca_app
        parts: list[Text] = [Text(line, style="yellow") for line in app.notices]
        if app.saves.problem is not None:
            parts.append(Text(app.saves.problem.message(), style="bold red"))
        if app.saves.saved is not None:  # a match read: the engine is loaded
            from ...engine.narrate import say

            parts.append(Text(say("Save", "saved", line=app.saves.summary), style="green"))
        return Text("\n").join(parts) if parts else ""

    def on_screen_resume(self) -> None:
        if not self.shown_once:  # composed just now, with everything in place
            self.shown_once = True
            return
        if self.language != lang.current():  # the language changed in the palette
            self.retell()
            return
        self.refresh_choices()

    def retell(self) -> None:
        """Draw the screen again in the language now in use (its keys are the app's
        doing: ``BiscaApp.set_language``)."""
        if self.language == lang.current() or self.app.screen is not self:
            return  # drawn again when it comes back into view
        self.language = lang.current()
        self.call_later(self.redraw)

    async def redraw(self) -> None:
        focused = self.focused.id if self.focused is not None else None
        await self.recompose()
        # chosen here: the choice stays under the cursor; else the first choice, as drawn
        self.query_one("#language" if focused == "language" else self.AUTO_FOCUS).focus()

    def action_language(self) -> None:
        """Open the list of languages; the one chosen is the table's from then on."""
        from .language import LanguageList

        def chosen(code: str | None) -> None:
            if code is not None and code != lang.current():
                self.bisca_app.set_language(code)

        self.app.push_screen(LanguageList(), chosen)

    def refresh_choices(self) -> None:
        """Back from a match: the save may have come or gone."""
        has_save = self.bisca_app.saves.saved is not None
        self.count_earlier()
        button = self.query_one("#continue", Button)
        button.display = has_save
        earlier = self.query_one("#earlier", Button)
        earlier.label = self.earlier_label()
        earlier.display = self.earlier_count > 0
        notice = self.query_one("#save-notice", Static)
        text = self.notice_text()
        notice.update(text)
        notice.display = bool(text)
        hints = self.query_one("#start-keys", KeyHints)
        hints.hints = self.key_hints()
        hints.refresh()
        self.fit_buttons()
        (button if has_save else self.query_one("#new", Button)).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_match":
            return self.bisca_app.saves.saved is not None
        if action == "earlier":
            return self.earlier_count > 0
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"continue": self.action_continue_match, "earlier": self.action_earlier,
         "new": self.action_new_game, "rules": self.action_rules,
         "stats": self.action_stats, "history": self.action_history,
         "language": self.action_language, "quit": self.action_quit}[str(event.button.id)]()

    def action_new_game(self) -> None:
        """The new game form; with a match in progress, ask first (a new match never
        replaces it silently: it is kept as an earlier match)."""
        from .confirm import Choice, ChoiceDialog

        app = self.bisca_app
        if app.saves.saved is None or app.other_table is not None:  # nothing would be displaced
            self.open_form()
            return
        head, _field, tail = _("A match is in progress: {match}").partition("{match}")
        body = Text(head)
        body.append(app.saves.summary, style="bold")
        body.append(tail + "\n\n" + _("Starting a new one keeps it: \"Continue an earlier "
                                       "match\" brings it back."))
        self.app.push_screen(ChoiceDialog(
            _("A match is in progress"), body,
            [Choice("continue", _("Continue it"), "c", "success"),
             Choice("new", _("Start a new one and keep this one"), "n", "primary"),
             Choice("cancel", _("Cancel"), "escape")],
            cancel="cancel", dialog_id="confirm-new-game"), self.new_game_answer)

    def new_game_answer(self, answer: str | None) -> None:
        if answer == "continue":
            self.action_continue_match()
        elif answer == "new":
            self.open_form()

    def open_form(self) -> None:
        from .newgame import NewGameScreen

        self.app.push_screen(NewGameScreen(self.bisca_app.first_variant))

    def action_continue_match(self) -> None:
        self.bisca_app.saves.continue_saved()

    def action_earlier(self) -> None:
        from .confirm import EarlierMatchesScreen

        matches = self.bisca_app.saves.earlier_matches()
        if matches:
            self.app.push_screen(EarlierMatchesScreen(matches), self.earlier_answer)

    def earlier_answer(self, path: Path | None) -> None:
        if path is not None:
            self.bisca_app.saves.continue_earlier(path)

    def action_rules(self) -> None:
        self.bisca_app.action_rules()

    def action_stats(self) -> None:
        from .stats import StatsScreen

        self.app.push_screen(StatsScreen())

    def action_history(self) -> None:
        from .history import HistoryScreen

        self.app.push_screen(HistoryScreen())

    def action_quit(self) -> None:
        self.bisca_app.quitting.request()
