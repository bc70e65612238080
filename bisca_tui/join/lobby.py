"""The places at a hosted table before (and beside) the match: who holds each, in the
table's playing order (counter-clockwise), who is connected, which are open. The player takes
a place (its number, or the arrows and Enter, or a click) or watches, says something to the
table (``m``), and waits for the host to start; the table opens by itself when it does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..engine.spoken import game_name
from ..lang import N_, _, ngettext, pgettext
from ..tui.translated import Translated
from ..tui.widgets.common import FittingFooter

if TYPE_CHECKING:
    from .app import JoinApp


def place_state(entry: dict[str, Any], mine: bool) -> tuple[str, str]:
    """What a place is now, in a few words, and its colour."""
    if mine:
        # translators: the lobby: the place this player holds
        return pgettext("place", "you"), "bold green"
    kind = entry.get("kind")
    if kind == "person":
        return ((pgettext("place", "connected"), "green") if entry.get("connected")
                else (pgettext("place", "connection lost"), "yellow"))
    if kind == "bot" and entry.get("held_by"):
        # translators: the lobby: a bot plays a place its player left, kept for them
        return pgettext("place", "a bot plays it until they are back"), "yellow"
    if kind == "bot" and entry.get("open"):
        # translators: the lobby: a place a bot plays because nobody took it
        return pgettext("place", "a bot, free to take"), "cyan"
    if kind == "bot":
        return pgettext("place", "a bot"), "bright_black"
    return pgettext("place", "open"), "cyan"


def place_name(entry: dict[str, Any]) -> str:
    return str(entry.get("name") or entry.get("held_by") or "—")


def place_line(entry: dict[str, Any], mine: bool, width: int = 0) -> Text:
    """A place of the list: its number (its key), its holder's name (as text, never
    markup) in ``width`` cells, and its state."""
    number = entry.get("seat", 0) + 1
    line = Text(f"{number}  ", style="bold")
    name = Text(place_name(entry), style="bold" if entry.get("name") else "bright_black")
    name.pad_right(max(0, width - name.cell_len))
    line.append_text(name)
    state, colour = place_state(entry, mine)
    line.append("   ")
    line.append(state, style=colour)
    return line


class LobbyScreen(Translated, Screen[None]):
    """The places of the table joined, and the connection's state."""

    DEFAULT_CSS = """
    LobbyScreen { align: center top; }
    #lobby { width: 76; max-width: 100%; height: 1fr; padding: 1 1 0 1; }
    #lobby-title { text-style: bold; color: $accent; }
    #lobby-status { margin: 1 0; }
    #lobby-status.-problem { color: $error; text-style: bold; }
    #places { height: auto; max-height: 12; margin-bottom: 1; }
    #lobby-help { color: $text-muted; margin-bottom: 1; }
    #chat-log { height: 1fr; min-height: 3; border: round $panel-lighten-2; }
    """
    BINDINGS = [
        Binding("1", "sit(0)", N_("Take place"), key_display="1-9",
                tooltip=N_("Take the place of that number")),
        *[Binding(str(k), f"sit({k - 1})", show=False) for k in range(2, 10)],
        Binding("w", "watch", N_("Watch"), tooltip=N_("Watch the table without a place")),
        Binding("m", "chat", N_("Chat"), tooltip=N_("Say something to the table")),
        Binding("q", "quit_join", N_("Quit"), tooltip=N_("Leave the table and quit")),
    ]

    def __init__(self) -> None:
        super().__init__(id="lobby-screen")
        self.status = ""
        self.problem = False
        self.note = ""  # the last refusal of a place, or what the player is waiting for

    @property
    def join_app(self) -> JoinApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby"):
            yield Static(id="lobby-title")
            yield Static(id="lobby-status")
            yield OptionList(id="places", markup=False)
            yield Static(id="lobby-help")
            # names and words from elsewhere: text, never markup
            yield RichLog(id="chat-log", wrap=True, markup=False)
        yield FittingFooter(show_command_palette=False)

    def on_mount(self) -> None:
        app = self.join_app
        for line in app.chat_lines:
            self.query_one(RichLog).write(line)
        self.show()

    def retell(self) -> None:
        self.show()

    # ----- what is shown -------------------------------------------------------------

    def say(self, status: str, problem: bool = False) -> None:
        """The connection's state (a problem in red)."""
        self.status, self.problem = status, problem
        self.show()

    def show(self) -> None:
        if not self.is_mounted or not self.query("#lobby-status"):
            return  # not yet composed, or taken down with the app
        app = self.join_app
        game = app.game
        title = Text(_("Joining {address} as {name}").format(address=app.where, name=app.you))
        if game is not None and app.remote is not None:
            title.append(" — " + game_name(app.remote.variant))
        self.query_one("#lobby-title", Static).update(title)
        status = self.query_one("#lobby-status", Static)
        status.set_class(self.problem, "-problem")
        lines = [self.status] if self.status else []
        if self.note:
            lines.append(self.note)
        status.update(Text("\n".join(lines)))
        places = self.query_one("#places", OptionList)
        highlighted = places.highlighted
        seats = app.seats
        width = max((Text(place_name(e)).cell_len for e in seats), default=0)
        places.set_options([Option(place_line(e, e.get("seat") == app.place, width),
                                   id=f"place-{e.get('seat')}") for e in seats])
        if seats:
            places.highlighted = min(highlighted or 0, len(seats) - 1)
        self.query_one("#lobby-help", Static).update(Text(self.help_text()))

    def help_text(self) -> str:
        app = self.join_app
        if not app.seats:
            return ""
        watchers = app.watchers
        watching = ngettext("{n} watching", "{n} watching", watchers).format(n=watchers)
        if app.place is None:
            lines = [_("The places in playing order, counter-clockwise. Take one with its "
                       "number (or the arrows and Enter, or a click); w watches without "
                       "one.")]
        elif not app.started:
            lines = [_("You hold place {number}. The match starts when the host has its "
                       "players.").format(number=app.place + 1)]
        else:
            lines = [_("The match is under way.")]
        if watchers:
            lines.append(watching)
        return "  ".join(lines)

    def add_chat(self, line: Text) -> None:
        if self.is_mounted:
            self.query_one(RichLog).write(line)

    # ----- the player's choices ------------------------------------------------------

    def action_sit(self, index: int) -> None:
        self.join_app.sit(index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index is not None:
            self.join_app.sit(event.option_index)

    def action_watch(self) -> None:
        self.join_app.watch()

    def action_chat(self) -> None:
        self.join_app.open_chat()

    def action_quit_join(self) -> None:
        self.join_app.quitting.request()
