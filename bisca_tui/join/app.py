"""The app of ``bisca-tui join``: the card table's app (its look, its settings, its rules
panel, its palette) opened on the places of a hosted table instead of the start screen, with
a connection to the host (``net.link.Link``) that comes back by itself after a drop.

Every message the host sends comes to the app (``HostSaid``), which keeps the match as this
client knows it (``net.remote.JoinedMatch``) and hands the rest to the screen concerned:
the places (``lobby``), the table (``table``). Nothing is saved here: the host keeps the
match; once it is over, the record the host sends goes into this player's own game history
(``kept``).

What it knows of its table starts afresh with ``fresh_table``: a card room's app
(``room_app``) joins one table after another from the room's lobby, each over a link of its
own, and what a link left behind says is no longer heard.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.message import Message
from textual.screen import Screen

from ..engine.variant import make_variant
from ..history.store import now_iso
from ..lang import _
from ..net import link as L
from ..net import protocol as P
from ..net.remote import JoinedMatch
from ..net.shuffle_watch import ShuffleWatch
from ..tui import app as tui_app
from ..tui.app import BiscaApp
from ..tui.app_quit import Quitting
from ..tui.app_saves import KeptElsewhere, MatchSaves
from .chat import ChatDialog, NameDialog, chat_line
from .kept import kept_entry
from .keys import PlaceKeys, table_id
from .lobby import LobbyScreen
from .table import RemoteMatchEnd, RemoteTableScreen
from .words import address, refusal, status


class HostSaid(Message):
    """A message from the host (over ``link``)."""

    def __init__(self, message: dict[str, Any], link: L.Link | None = None) -> None:
        super().__init__()
        self.message = message
        self.link = link


class LinkChanged(Message):
    """The connection to the host changed (``link``'s)."""

    def __init__(self, status: L.Status, link: L.Link | None = None) -> None:
        super().__init__()
        self.status = status
        self.link = link


class JoinApp(BiscaApp):
    """A table hosted elsewhere, joined as ``name`` with the invite ``code`` (no name: the
    player is asked for one first, and again if it is already at the table)."""

    CSS_PATH = str(Path(tui_app.__file__).with_name("bisca.tcss"))
    match_end_screen = RemoteMatchEnd  # the screen of the match's end, whose Enter leaves
    places_screen = LobbyScreen  # the screen of the table's places

    def __init__(self, host: str, port: int, code: str, name: str | None,
                 data_directory: Path | str | None = None, card_style: str | None = None,
                 back_off: Sequence[float] = L.BACK_OFF,
                 keys: PlaceKeys | None = None,
                 first_screen: Screen[Any] | None = None) -> None:
        self.lobby = self.places_screen()
        super().__init__(first_screen=first_screen or self.lobby,
                         data_directory=data_directory, card_style=card_style)
        self.where = address(host, port)
        self.address = (host, port)
        self.back_off = back_off
        self.ask_name = name is None
        self.you = name or ""
        # the place's key is kept for this table: a client started again takes it back
        self.keys = keys if keys is not None else PlaceKeys.in_folder(self.data_directory)
        self.fresh_table(code)
        self.link = self.new_link(name) if name and code else None

    def fresh_table(self, code: str, ticket: str | None = None) -> None:
        """What this client knows of the table of ``code``: nothing yet."""
        self.code = code.strip().upper()
        self.ticket = ticket  # a card room's ticket to it
        self.link: L.Link | None = None
        self.remote: JoinedMatch | None = None
        self.session = None
        self.game: dict[str, Any] | None = None
        self.seats: list[dict[str, Any]] = []
        self.watchers = 0
        self.started = False
        self.place: int | None = None
        self.watching = False
        self.table: RemoteTableScreen | None = None  # the table, once it is up
        self.opening: RemoteTableScreen | None = None  # the table on its way up
        self.chat_lines: list[Text] = []
        self.shuffles = ShuffleWatch()  # the host's commitments to its shuffles, checked
        self.joined = now_iso()  # when this player came: the match's start in their history
        self.kept = False  # the match went into this player's history
        self.chat_heard = 0  # the number of the last line of chat shown
        self.link_state = ""

    def on_mount(self) -> None:
        # (then the card table's app's own: its first screen)
        self.begin()

    def begin(self) -> None:
        """The places of the table, once the player has a name."""
        if self.link is None:
            self.call_after_refresh(self.ask_for_name)
        else:
            self.run_worker(self.link.run(), group="link", exit_on_error=False)

    def ask_for_name(self, note: str = "") -> None:
        def named(name: str | None) -> None:
            if not name:
                self.exit()
                return
            self.you = name
            self.link = self.new_link(name)
            self.run_worker(self.link.run(), group="link", exit_on_error=False)

        self.push_screen(NameDialog(note), named)

    def new_link(self, name: str) -> L.Link:
        """The connection, with the key kept for this table and name, keeping the next."""
        place = table_id(*self.address, self.code, name)
        # what a link says after the player left its table is for that table alone
        link = L.Link(*self.address, self.code, name,
                      lambda message: self.post_message(HostSaid(message, link)),
                      lambda st: self.post_message(LinkChanged(st, link)),
                      back_off=self.back_off, key=self.keys.get(place),
                      on_key=lambda key: self.keys.put(place, key), ticket=self.ticket)
        return link

    # ----- from the connection (its reading task posts; the handlers run in order) ---------

    def on_link_changed(self, event: LinkChanged) -> None:
        if event.link is not None and event.link is not self.link:
            return
        st = event.status
        self.link_state = st.kind
        detail = refusal(st.detail, self.you, self.code) if st.kind == L.REFUSED else st.detail
        text = detail if st.kind == L.REFUSED else status(st.kind, self.where, detail,
                                                           st.attempt, st.tries)
        problem = st.kind in (L.REFUSED, L.UNREACHABLE, L.GONE, L.DROPPED, L.RETRYING)
        if st.kind == L.CLOSED and self.link is not None and self.link.over:
            return  # the match is over: the host hung up as it says it will
        if st.kind == L.REFUSED and self.ask_name and (L.IN_USE in st.detail or
                                                       L.HELD in st.detail) \
                and self.remote is None:  # never in: another name is asked for
            self.link = None
            self.ask_for_name(detail)
            return
        self.lobby.say(text, problem)
        if self.table is not None and st.kind != L.CONNECTING:
            self.table.say(text, problem)

    def on_host_said(self, event: HostSaid) -> None:
        if event.link is not None and event.link is not self.link:
            return
        m = event.message
        kind = m.get("type")
        if kind == P.WELCOME:
            self.welcomed(m)
        elif kind == P.LOBBY:
            self.took_lobby(m)
        elif kind in (P.VIEW, P.OVER) and self.remote is not None:
            if kind == P.VIEW:
                self.shuffles.saw_view(m)  # the hand dealt, for the check of the shuffle
            else:
                self.keep_match(m)
            if self.table is not None:
                self.table.take(m)
            elif kind == P.VIEW:
                self.remote.take_view(m)
                self.open_table()
            else:
                self.remote.take_over(m)
                self.lobby.note = self.final_scores()
                self.lobby.show()
        elif kind == P.SHUFFLE and self.remote is not None:
            self.shuffle_said(m)
        elif kind == P.REFUSED:
            rule = str(m.get("rule", ""))
            if self.table is not None and self.screen is not self.lobby:
                self.table.refused(m)
            else:
                self.lobby.note = _("Not now: {rule}.").format(rule=rule)
                self.lobby.show()
        elif kind == P.CHAT:
            self.heard(m)
        elif kind == P.ERROR and self.link is not None and self.link.connected.is_set():
            self.notify(refusal(str(m.get("message", "")), self.you, self.code),
                        severity="error", markup=False)

    def keep_match(self, m: dict[str, Any]) -> None:
        """The match is over: into this player's own game history (a watcher's is not
        theirs), from the record the host sends; one that cannot be read is said, and
        nothing is written."""
        if self.place is None or self.kept:
            return
        try:
            entry = kept_entry(m, self.place, self.you, self.joined, now_iso())
        except ValueError as e:
            self.notify(_("The host's record of the match was not kept in your history: "
                          "{why}").format(why=e), severity="warning", timeout=10, markup=False)
            return
        if entry is not None:
            self.kept = True
            self.history.keep(entry)

    def shuffle_said(self, m: dict[str, Any]) -> None:
        """The host's commitment to a deal's shuffle, or after the deal its seed and salt:
        kept, checked, and said at the table."""
        deal = m.get("deal")
        if not isinstance(deal, int) or isinstance(deal, bool) or self.remote is None:
            return
        if "seed" not in m:
            if self.shuffles.committed(deal, m.get("commitment")) and self.table is not None:
                self.table.shuffle_committed(deal)
            return
        verdict = self.shuffles.revealed(deal, m.get("seed"), m.get("salt"),
                                         self.remote.variant)
        if self.table is not None:
            self.table.shuffle_revealed(m.get("seed"), m.get("salt"), verdict)

    def heard(self, m: dict[str, Any]) -> None:
        """A line said at the table, unless it is one this client already shows (a line of
        the ``welcome``'s backlog heard before a drop)."""
        n = m.get("n")
        if isinstance(n, int) and not isinstance(n, bool):
            if n <= self.chat_heard:
                return
            self.chat_heard = n
        line = chat_line(m)
        self.chat_lines.append(line)
        del self.chat_lines[:-50]
        self.lobby.add_chat(line)
        if self.table is not None:
            self.table.log_line(line)

    def welcomed(self, m: dict[str, Any]) -> None:
        for said in m.get("chat") or []:  # what was said while this client was away
            if isinstance(said, dict):
                self.heard(said)
        self.you = str(m.get("you") or self.you)
        self.place = m.get("seat")
        self.started = bool(m.get("started"))
        self.game = m.get("game") or {}
        if self.remote is None:
            try:
                variant = make_variant(self.game["variant"], self.game.get("options") or {},
                                       self.game.get("players"))
            except (KeyError, ValueError, TypeError) as e:
                self.lobby.say(_("This host plays a game this table does not know ({error}): "
                                 "play with the same version of bisca-tui as the host.").format(
                    error=e), problem=True)
                return
            self.remote = JoinedMatch(variant, self.place, self.card_style, self.speed)
            self.session = self.remote  # the rules panel (F1) and the card style know it
        self.remote.me = self.place
        self.remote.hints = m.get("hints") is True  # a host that does not say: none
        if self.place is not None:
            self.lobby.note = ""
        self.took_seats(m.get("seats") or [])

    def took_lobby(self, m: dict[str, Any]) -> None:
        self.started = bool(m.get("started"))
        self.watchers = int(m.get("watchers") or 0)
        self.took_seats(m.get("seats") or [])

    def took_seats(self, seats: list[dict[str, Any]]) -> None:
        before = {e.get("seat"): e for e in self.seats}
        self.seats = [e for e in seats if isinstance(e, dict)]
        if self.remote is not None:
            self.remote.take_seats(self.seats)
        if self.table is not None:
            for e in self.seats:  # a player elsewhere dropped or came back
                was = before.get(e.get("seat"))
                if (was is not None and e.get("kind") == "person" and e.get("seat") != self.place
                        and was.get("connected") != e.get("connected")):
                    text = (_("{name} is back.") if e.get("connected")
                            else _("{name} lost the connection.")).format(name=e.get("name"))
                    self.table.log_line(Text(text, style="yellow"))
            self.table.refresh_table()
        self.lobby.show()
        self.open_table()

    # ----- what the player does ------------------------------------------------------

    def send(self, message: dict[str, Any]) -> bool:
        return self.link is not None and self.link.send(message)

    def sit(self, index: int) -> None:
        if self.place is not None:
            self.lobby.note = _("You already hold place {number}.").format(number=self.place + 1)
        elif not 0 <= index < len(self.seats):
            self.lobby.note = ""
        elif not self.send({"type": P.SIT, "seat": index}):
            self.lobby.note = _("Not sent: there is no connection to the host right now.")
        else:
            self.lobby.note = _("Asking for place {number}…").format(number=index + 1)
        self.lobby.show()

    def watch(self) -> None:
        """Watch without a place: the table opens now, or when the match starts."""
        self.watching = True
        if not self.open_table():
            self.lobby.note = _("You will watch: the table opens when the match starts.")
            self.lobby.show()

    def open_table(self) -> bool:
        """The table, once the match has begun, for a player holding a place or watching."""
        s = self.remote
        if self.table is not None or self.opening is not None:
            return True
        if s is None or not s.match.deals or (self.place is None and not self.watching):
            return False
        # the host's messages go on into the session until the table is up (``table_up``):
        # it then tells the deal so far, all of it, once
        opening = RemoteTableScreen.for_session(s)
        assert isinstance(opening, RemoteTableScreen)  # the table of its game, a hosted one
        self.opening = opening
        self.push_screen(opening)
        return True

    def table_up(self, table: RemoteTableScreen) -> None:
        """The table is up: the host's messages go to it from now on."""
        if self.opening is table:
            self.opening = None
            self.table = table

    def back_to_places(self) -> None:
        """A watcher leaves the table for the places (to take one, perhaps)."""
        if self.table is not None and self.screen is self.table:
            self.pop_screen()
        self.table = self.opening = None
        self.watching = False

    def open_chat(self) -> None:
        if isinstance(self.screen, ChatDialog):
            return

        def said(text: str | None) -> None:
            if text and not self.send({"type": P.CHAT, "text": text}):
                self.notify(_("Not sent: there is no connection to the host right now."),
                            severity="warning")

        self.push_screen(ChatDialog(), said)

    def final_scores(self) -> str:
        s = self.remote
        if s is None:
            return ""
        scores = ", ".join(f"{s.scorer_label(k)} {x}" for k, x in enumerate(s.match.scores))
        return _("The match is over: {scores}.").format(scores=scores)

    # ----- the card table's app, without saves -------------------------------------------

    def make_saves(self) -> MatchSaves:
        return KeptElsewhere(self)  # the host keeps the match

    def make_quitting(self) -> Quitting:
        return LeavingTheHost(self)

    def action_new_game(self) -> None:
        self.notify(_("A new game is set up by the host of this table."), markup=False)

    def back_to_start(self) -> None:
        self.quitting.request()


class LeavingTheHost(Quitting):
    """Leaving a hosted table: the host is told, and keeps the place for a while."""

    app: JoinApp

    def request(self) -> None:
        if self.app.link is not None:
            self.app.link.bye()
        self.leave()
