"""The app of ``bisca-tui join ROOM``: a card room's lobby first (``room_screen``), over a
connection of its own (``room_link``) that stays open the whole time. When the room gives the
player a ticket to a table (``go``: a table they opened, entered, or a quick match made for
them), the joined table's flow takes over as ``bisca-tui join HOST:PORT CODE`` has it: the
places, then the table, over a second connection that brings the ticket. When the match ends
or the player leaves the table, they are back in the lobby; leaving the lobby quits.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.message import Message

from ..lang import N_, _
from ..net import link as L
from ..net import protocol as P
from ..net import room_protocol as R
from ..net.identity import Identity
from ..net.room_client import DoorPass
from ..tui.app_quit import Quitting
from .app import JoinApp
from .chat import ChatDialog, NameDialog
from .keys import PlaceKeys
from .lobby import LobbyScreen
from .room_link import RoomLink
from .room_open import OpenTableDialog, TableAsked
from .room_screen import RoomScreen
from .room_state import RoomState
from .room_words import rated_line, refused_line, room_status
from .table import RemoteMatchEnd

FIRST_GAME = "sueca"  # the game chosen at first, when the room plays it


class RoomSaid(Message):
    """A message from the room's lobby."""

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__()
        self.message = message


class RoomChanged(Message):
    """The lobby's connection changed."""

    def __init__(self, status: L.Status) -> None:
        super().__init__()
        self.status = status


class RoomPlaces(LobbyScreen):
    """The places of a table the room gave: ``q`` goes back to the room's lobby."""

    BINDINGS = [Binding("q", "quit_join", N_("Back to the room"),
                        tooltip=N_("Leave the table for the room's lobby"))]


class RoomMatchEnd(RemoteMatchEnd):
    """The end of a match at a room's table: Enter goes back to the lobby."""

    BINDINGS = [Binding("enter", "close", N_("Back to the room"))]


class RoomApp(JoinApp):
    """A card room at ``host:port``, come into as ``name`` with ``identity`` (None: as a
    guest); ``identity_problem`` says what became of a key file that could not be read."""

    match_end_screen = RoomMatchEnd
    places_screen = RoomPlaces

    def __init__(self, host: str, port: int, name: str | None,
                 identity: Identity | DoorPass | None,
                 data_directory: Path | str | None = None, card_style: str | None = None,
                 back_off: Sequence[float] = L.BACK_OFF, keys: PlaceKeys | None = None,
                 identity_problem: str = "") -> None:
        self.room_screen = RoomScreen()
        super().__init__(host, port, "", name, data_directory=data_directory,
                         card_style=card_style, back_off=back_off, keys=keys,
                         first_screen=self.room_screen)
        self.room = RoomState()
        self.identity_problem = identity_problem
        self.chosen_game = ""
        self.asks_name = name is None  # (a browser's visitor: the name is typed in)
        self.room_link = RoomLink(host, port, name or "", identity,
                                  lambda m: self.post_message(RoomSaid(m)),
                                  lambda st: self.post_message(RoomChanged(st)),
                                  back_off=back_off)

    def begin(self) -> None:
        if self.room_link.name:
            self.run_worker(self.room_link.run(), group="room", exit_on_error=False)
        else:
            self.call_after_refresh(self.ask_room_name)

    def ask_room_name(self, note: str = "") -> None:
        """The name to come into the room under (asked again when the room refuses it)."""
        def named(name: str | None) -> None:
            if not name:
                self.exit()
                return
            self.room_link.name = name
            self.run_worker(self.room_link.run(), group="room", exit_on_error=False)

        self.push_screen(NameDialog(note), named)

    # ----- from the lobby's connection ---------------------------------------------------

    def on_room_changed(self, event: RoomChanged) -> None:
        st = event.status
        text = room_status(st.kind, self.where, st.detail, st.attempt, st.tries)
        if st.kind == L.REFUSED and self.asks_name and not self.room.entered and any(
                words in st.detail for words in (R.OWNED_NAME, R.USED_NAME)):
            self.ask_room_name(text)  # another name, for a name someone has
            return
        if st.kind in (L.CONNECTED, L.BACK) and self.chosen_game:
            self.room_link.board(self.chosen_game)  # (the room is told once it let us in)
        if text or st.kind == L.CONNECTED:
            self.room_screen.say(text, st.kind in (L.REFUSED, L.UNREACHABLE, L.DROPPED))

    def on_room_said(self, event: RoomSaid) -> None:
        m = event.message
        kind = self.room.take(m, time.monotonic())
        screen = self.room_screen
        if kind == R.ROOM:
            games = [g["variant"] for g in self.room.games]
            if self.chosen_game not in games:
                first = next((g for g in (FIRST_GAME, self.first_variant) if g in games),
                             games[0] if games else "")
                self.chosen_game = first or ""
        elif kind == R.GO:
            self.take_ticket(m)
        elif kind == R.RATED and self.room.rated:
            screen.note = rated_line(self.room, self.room.rated[-1])
            self.notify(screen.note, timeout=15, markup=False)
            if self.room.rated[-1].variant == self.chosen_game:
                self.room_link.board(self.chosen_game)  # the leaderboard moved too
        elif kind == P.REFUSED:
            screen.note = refused_line(self.room.refusal)
            if self.screen is not screen:
                self.notify(screen.note, severity="warning", markup=False)
        elif kind == P.ERROR and self.room.entered:  # the room's words as it hangs up
            screen.note = refused_line(P.clean_text(m.get("message"), 200))
        screen.show()

    # ----- what the player asks of the room ----------------------------------------------

    def asked(self, sent: bool, note: str = "") -> None:
        screen = self.room_screen
        screen.note = note if sent else _("Not sent: there is no connection to the room.")
        screen.show()

    def enter_table(self, number: int, watch: bool) -> None:
        self.asked(self.room_link.enter(number, watch),
                   _("Asking for a place at table {number}…").format(number=number)
                   if not watch else "")

    def quick(self) -> None:
        if self.room.waiting is not None:
            self.asked(self.room_link.unquick())
        elif self.chosen_game:
            self.asked(self.room_link.quick(self.chosen_game))

    def next_game(self) -> None:
        games = [g["variant"] for g in self.room.games]
        if not games:
            return
        k = games.index(self.chosen_game) if self.chosen_game in games else -1
        self.chosen_game = games[(k + 1) % len(games)]
        self.room_link.board(self.chosen_game)
        self.room_screen.show()

    def open_dialog(self) -> None:
        if not self.room.entered or isinstance(self.screen, OpenTableDialog):
            return

        def chosen(asked: TableAsked | None) -> None:
            if asked is not None:
                self.asked(self.room_link.open(asked.variant, asked.players, asked.people,
                                               asked.level, asked.rated, asked.private,
                                               asked.options),
                           _("Opening a table…"))

        self.push_screen(OpenTableDialog(self.room, self.chosen_game), chosen)

    def room_chat(self) -> None:
        if isinstance(self.screen, ChatDialog):
            return

        def said(text: str | None) -> None:
            if text and not self.room_link.chat(text):
                self.asked(False)

        self.push_screen(ChatDialog(_("Say to the room")), said)

    # ----- to a table and back -----------------------------------------------------------

    def take_ticket(self, go: dict[str, Any]) -> None:
        """The room's ticket to a table: its places, as ``join HOST:PORT CODE`` shows
        them, over a connection that brings the ticket."""
        code, ticket = go.get("code"), go.get("ticket")
        if not isinstance(code, str) or not isinstance(ticket, str):
            return
        if self.link is not None and code.strip().upper() == self.code:
            return  # asked twice: the player is on their way to it already
        if self.link is not None:  # at another table still: it is left for this one
            self.link.bye()
            self.to_the_room()
        self.fresh_table(code, ticket)
        self.room_screen.note = ""
        self.lobby = self.places_screen()
        self.link = self.new_link(self.room.you or self.you)
        self.push_screen(self.lobby)
        self.run_worker(self.link.run(), group="link", exit_on_error=False)
        if go.get("watch") is True:
            self.watch()
        if go.get("private") is True:  # its code is the way in: for the opener to pass on
            self.room_screen.note = _("Your private table: others join it with "
                                      "bisca-tui join {address} {code}").format(
                address=self.where, code=self.code)
            self.notify(self.room_screen.note, timeout=60, markup=False)

    def to_the_room(self) -> None:
        """Back in the lobby: the table's screens closed, what was known of it forgotten."""
        while len(self.screen_stack) > 1 and self.screen is not self.room_screen:
            self.pop_screen()
        self.fresh_table("")
        self.room_screen.show()

    def at_a_table(self) -> bool:
        return self.link is not None

    def leave_room(self) -> None:
        if self.link is not None:
            self.link.bye()
        self.room_link.bye()
        self.workers.cancel_all()
        self.exit()

    def make_quitting(self) -> Quitting:
        return BackToTheRoom(self)

    def final_scores(self) -> str:
        return super().final_scores() + " " + _("q: back to the room.")


class BackToTheRoom(Quitting):
    """Leaving a room's table goes back to the lobby (the table keeps the place a while);
    leaving the lobby quits."""

    app: RoomApp

    def request(self) -> None:
        self.leave()

    def leave(self, message: object = None, status: int = 0) -> None:
        app = self.app
        if not app.at_a_table():
            app.leave_room()
            return
        assert app.link is not None
        app.link.bye()
        app.to_the_room()
