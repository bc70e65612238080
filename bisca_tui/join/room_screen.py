"""A card room's lobby on screen (``bisca-tui join ROOM``): the open tables (the game, its
house rules, rated or not, who sits where, places free, watchers, started), who is in the
room (guests marked), the leaderboard of the chosen game (the bots' levels shown as such),
the quick match waited for with its countdown to the bots, and the lobby's chat.

``s``, Enter or a click sits at the highlighted table, ``w`` watches it, ``o`` opens a table, ``n``
asks for a quick match of the chosen game (again: no longer), ``g`` chooses the next game,
``m`` says something to the room, ``q`` leaves the room. Names and lines come from strangers:
they are text, never markup."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from ..lang import N_, _
from ..tui.translated import Translated
from ..tui.widgets.common import FittingFooter
from .chat import chat_line
from .room_words import board_line, known_game, someone_line, table_line, waiting_line

if TYPE_CHECKING:
    from .room_app import RoomApp


class RoomScreen(Translated, Screen[None]):
    DEFAULT_CSS = """
    RoomScreen { layout: vertical; }
    #room-title { text-style: bold; color: $accent; padding: 0 1; }
    #room-status { padding: 0 1; height: auto; max-height: 3; }
    #room-status.-problem { color: $error; text-style: bold; }
    #room-main { height: 1fr; }
    #room-tables { width: 2fr; height: 1fr; border: round $panel-lighten-2; }
    #room-side { width: 1fr; min-width: 24; }
    #room-people, #room-board { height: 1fr; border: round $panel-lighten-2;
                                overflow-y: auto; }
    #room-quick { padding: 0 1; color: $warning; height: auto; }
    #room-chat { height: 6; border: round $panel-lighten-2; }
    """
    BINDINGS = [
        Binding("s", "sit", N_("Sit"), tooltip=N_("Sit at the highlighted table")),
        Binding("w", "watch", N_("Watch"), tooltip=N_("Watch the highlighted table")),
        Binding("o", "open_table", N_("Open a table"), tooltip=N_("Open a table of your own")),
        Binding("n", "quick", N_("Play now"),
                tooltip=N_("A quick match of the chosen game (again: no longer)")),
        Binding("g", "next_game", N_("Game"),
                tooltip=N_("Choose the next game: its leaderboard and quick match")),
        Binding("m", "chat", N_("Chat"), tooltip=N_("Say something to the room")),
        Binding("q", "leave", N_("Quit"), tooltip=N_("Leave the room and quit")),
    ]

    def __init__(self) -> None:
        super().__init__(id="room-screen")
        self.status = ""
        self.problem = False
        self.note = ""  # the room's last refusal, a rating moved, what is awaited
        self.chat_shown = 0

    @property
    def room_app(self) -> RoomApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        yield Static(id="room-title")
        yield Static(id="room-status")
        with Horizontal(id="room-main"):
            yield OptionList(id="room-tables", markup=False)
            with Vertical(id="room-side"):
                yield Static(id="room-people", markup=False)
                yield Static(id="room-board", markup=False)
        yield Static(id="room-quick", markup=False)
        yield RichLog(id="room-chat", wrap=True, markup=False)
        yield FittingFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.set_interval(1.0, self.show_quick)  # the countdown to the bots
        self.retell()

    def on_screen_resume(self) -> None:
        self.show()

    def retell(self) -> None:
        """Everything again, in the language in use."""
        self.query_one("#room-tables").border_title = _("Tables")
        self.query_one("#room-people").border_title = _("In the room")
        self.query_one("#room-chat").border_title = _("Chat (m)")
        self.show()

    # ----- what is shown -------------------------------------------------------------

    def say(self, status: str, problem: bool = False) -> None:
        self.status, self.problem = status, problem
        self.show()

    def show(self) -> None:
        if not self.is_mounted or not self.query("#room-status"):
            return
        app = self.room_app
        state = app.room
        title = Text(_("Card room {address}").format(address=app.where))
        if state.you:
            title.append(" — ")
            title.append(state.you)
            if state.guest:
                title.append(" " + _("(a guest: unrated play only)"))
        self.query_one("#room-title", Static).update(title)
        status = self.query_one("#room-status", Static)
        status.set_class(self.problem, "-problem")
        lines = [x for x in (app.identity_problem, self.status, self.note) if x]
        status.update(Text("\n".join(lines)))
        self.refresh_bindings()
        self.show_tables()
        self.show_people()
        self.show_board()
        self.show_quick()
        self.show_chat()

    def show_tables(self) -> None:
        state = self.room_app.room
        tables = self.query_one("#room-tables", OptionList)
        highlighted = tables.highlighted
        options = [Option(table_line(state, t), id=f"table-{t.number}") for t in state.tables]
        if not options:
            options = [Option(Text(_("No tables open: o opens one, n asks for a quick "
                                     "match."), style="bright_black"), disabled=True)]
        tables.set_options(options)
        if state.tables:
            tables.highlighted = min(highlighted or 0, len(state.tables) - 1)

    def show_people(self) -> None:
        state = self.room_app.room
        people = Text("\n").join(someone_line(p, state.you) for p in state.people)
        self.query_one("#room-people", Static).update(people)

    def show_board(self) -> None:
        app = self.room_app
        state = app.room
        board = self.query_one("#room-board", Static)
        board.border_title = _("Leaderboard: {game} (g)").format(
            game=known_game(state, app.chosen_game))
        if state.board_game != app.chosen_game:
            board.update(Text(_("Asking the room…"), style="bright_black"))
            return
        rows = [board_line(k + 1, row) for k, row in enumerate(state.board)]
        board.update(Text("\n").join(rows))

    def show_quick(self) -> None:
        if not self.is_mounted or not self.query("#room-quick"):
            return
        app = self.room_app
        state = app.room
        if state.waiting is not None:
            line = waiting_line(state, state.waiting, time.monotonic())
            line += " " + _("(n: no longer)")
        elif state.guest:
            line = _("Quick matches are rated: come with your key to play one.")
        else:
            line = _("n: play {game} now, with the first players who ask (g: another "
                     "game).").format(game=known_game(state, app.chosen_game))
        self.query_one("#room-quick", Static).update(Text(line))

    def show_chat(self) -> None:
        chat = self.room_app.room.chat
        log = self.query_one("#room-chat", RichLog)
        if self.chat_shown > len(chat):  # the room's backlog again: it starts over
            log.clear()
            self.chat_shown = 0
        for line in chat[self.chat_shown:]:
            log.write(chat_line(line))
        self.chat_shown = len(chat)

    def highlighted_table(self) -> int | None:
        tables = self.query_one("#room-tables", OptionList)
        state = self.room_app.room
        k = tables.highlighted
        return state.tables[k].number if k is not None and k < len(state.tables) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # quick matches are rated: a guest is told so on the line below instead
        return not (action == "quick" and self.room_app.room.guest)

    # ----- the player's choices ------------------------------------------------------

    def action_sit(self) -> None:
        number = self.highlighted_table()
        if number is not None:
            self.room_app.enter_table(number, watch=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_sit()

    def action_watch(self) -> None:
        number = self.highlighted_table()
        if number is not None:
            self.room_app.enter_table(number, watch=True)

    def action_open_table(self) -> None:
        self.room_app.open_dialog()

    def action_quick(self) -> None:
        self.room_app.quick()

    def action_next_game(self) -> None:
        self.room_app.next_game()

    def action_chat(self) -> None:
        self.room_app.room_chat()

    def action_leave(self) -> None:
        self.room_app.leave_room()
