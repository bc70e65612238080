"""The card table of a match another machine hosts: the table on one screen
(``tui.screens.table.TableScreen``), drawing the match as this client knows it
(``net.remote.JoinedMatch``), with the turns left to the host. The same keys and clicks
choose a card, a bid, a call or a signal; the action goes to the host with the position it
answers, and what the table shows next is what the host sends back: the action applied (the
log tells it, the trick is drawn, the deal's end is summed up) or refused ("Not now: …", as
the table on one screen says it).

While a deal's summary is up, what the host sends of the next deal waits, so the table
behind the summary stays the deal summed up; Enter goes on to the next deal as at home.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding

from ..engine import events as E
from ..engine.variant import DealScore
from ..engine.words import YOU
from ..lang import N_, _
from ..net.remote import JoinedMatch
from ..net.remote_table import NotSent, RemoteTable
from ..net.shuffle_watch import HOLDS
from ..tui.contract import BIDDING
from ..tui.narrate import committed_line, deal_heading, deal_result, describe
from ..tui.screens.summary import DealSummaryScreen, MatchEndScreen
from ..tui.screens.table import TableScreen
from ..tui.screens.table_flow import Position, TableFlow
from .own_play import OwnPlay
from .shuffle_lines import revealed_lines, verdict_text

if TYPE_CHECKING:
    from ..coach.seat_play import SeatPlay
    from .app import JoinApp


class RemoteFlow(TableFlow):
    """The flow of a hosted match: nothing plays here. An action goes to the host, once per
    position; what the table shows next is what the host sends back."""

    screen: RemoteTableScreen
    session: JoinedMatch

    def deal_closed(self) -> bool:
        """A deal is never closed here: the host scores it, and its summary comes as a
        message (nothing plays here meanwhile)."""
        return False

    def stop(self) -> None:
        """No bot plays here: none has a notice to stop telling."""

    def can_undo(self) -> bool:
        return False  # nothing is taken back at a shared table

    def position(self) -> Position:
        """The host's position, and how many of its views came: a view may change what
        shows (a place taken) with the same position."""
        return (*self.session.token, self.screen.views_taken)

    def advance(self) -> None:
        """A bid or call of this player's opens its dialog."""
        screen = self.screen
        v, _private = screen.shown_view()
        if screen.my_turn(v) and v.phase in BIDDING and screen.sent is None:
            screen.call_after_refresh(screen.dialogs.auction)

    def make_table(self) -> RemoteTable:
        return RemoteTable(self.session, self.screen.join_app.send)

    def act(self, action: int, seat: int) -> None:
        """Send the action to the host, once per position."""
        screen = self.screen
        table = screen.remote_table
        was = table.sent
        try:
            table.submit(seat, action)
        except NotSent:
            screen.notice = Text(_("Not sent: there is no connection to the host right now."),
                                 style="bold red")
            return
        if table.sent != was:
            screen.own_play.sent(seat, table.view(seat), action)  # kept once taken

    def cannot_show(self, error: Exception) -> None:
        """The table could not be drawn: said, without touching any save."""
        self.screen.broken = True
        self.screen.notify(_("The table cannot show this match ({error}).").format(
            error=f"{error.__class__.__name__}: {error}"), severity="error", markup=False)


class RemoteDealSummary(DealSummaryScreen):
    """A deal's summary at a hosted table: no save (the host keeps the match), and the
    review of this player's own play from the views its seats were sent (``plays``: the
    other hands were never here, and the coach needs only what the seat saw)."""

    BINDINGS = [Binding("q", "quit_match", N_("Quit"), tooltip=N_("Leave the table and quit"))]

    def __init__(self, session: JoinedMatch, score: DealScore, my_team: int,
                 plays: dict[int, SeatPlay]) -> None:
        super().__init__(session, score, my_team)
        self.plays = {seat: p for seat, p in plays.items() if p.decisions}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return not self.score.redeal and bool(self.plays)
        return super().check_action(action, parameters)

    def review_seats(self) -> list[int]:
        return sorted(self.plays)

    def open_review(self, seat: int) -> None:
        from ..tui.screens.review import ReviewScreen

        s = self.session
        play = self.plays[seat]
        self.app.push_screen(ReviewScreen(play, play.deal, seat, s.card_style, name=s.name,
                                          samples=getattr(self.app, "coach_samples", None)))


class RemoteMatchEnd(MatchEndScreen):
    """The match's end at a hosted table: Enter leaves it."""

    BINDINGS = [Binding("enter", "close", N_("Quit"))]


class RemoteTableScreen(TableScreen):
    """The table of a hosted match: drawn as at home, played through the host."""

    _per_variant: dict[type, type[TableScreen]] = {}
    BINDINGS = [
        Binding("m", "chat", N_("Chat"), tooltip=N_("Say something to the table")),
        Binding("q", "quit_match", N_("Quit"), tooltip=N_("Leave the table and quit")),
    ]
    session: JoinedMatch

    def __init__(self, session: JoinedMatch) -> None:
        super().__init__(session)
        self.started = True  # no bots to start, no match to tell again: see ``on_mount``
        self.held: list[dict[str, Any]] = []  # what came while a summary was up
        self.holding = False
        self.views_taken = 0  # the host's views taken (each is drawn)
        self.own_play = OwnPlay()  # this player's decisions in the deal, for its review
        self.logged: set[int] = set()  # the deals whose shuffle commitment is in the log

    @property
    def away_seats(self) -> frozenset[int]:
        s = self.session
        return frozenset(seat for seat in range(s.variant.n) if s.person_of(seat) in s.away)

    @property
    def remote_table(self) -> RemoteTable:
        table = self.flow.table
        assert isinstance(table, RemoteTable)
        return table

    @property
    def sent(self) -> tuple[int, int] | None:
        """The position an action was sent for, while its answer is awaited."""
        return self.remote_table.sent

    @property
    def join_app(self) -> JoinApp:
        return self.app  # type: ignore[return-value]

    def make_flow(self) -> RemoteFlow:
        return RemoteFlow(self)

    def on_mount(self) -> None:
        s = self.session
        stood_in, s.stood_in = s.stood_in, None
        if s.deal_number:  # the deal so far, as the host told it
            self.own_play.new_deal(s.deal_number - 1)
            self.log_line(deal_heading(s))
            self.shuffle_committed(s.deal_number)
            deal = s.deal

            def name(seat: int) -> str:  # a bot's place taken: the bot played until now
                if stood_in is not None and s.person_of(seat) == s.me:
                    return stood_in
                return s.name(seat)

            told = deal.events.get(deal.main, [])
            for line in describe(s, s.match, told, points=not self.hide_points, name=name):
                self.log_line(line)
            deal.logged[deal.main] = len(told)
            if stood_in is not None:
                self.log_line(Text(_("You take {name}'s place.").format(name=stood_in),
                                   style="yellow"))
        for line in self.join_app.chat_lines:  # what was said before the table was up
            self.log_line(line)
        self.follow()
        self.join_app.table_up(self)  # (then the table's own: drawn)

    # ----- what the host sends -------------------------------------------------------

    def take(self, message: dict[str, Any]) -> None:
        """A ``view`` or ``over`` message, in the order they came."""
        if self.holding:
            self.held.append(message)
            return
        if message["type"] == "over":
            self.match_over(message)
            return
        s = self.session
        taken = s.take_view(message)
        self.views_taken += 1
        if taken.began:
            self.own_play.new_deal(s.deal_number - 1)
            self.show_finished = self.review = False
            self.notice = None
            self.log_line(deal_heading(s))
            self.shuffle_committed(s.deal_number)
            own = s.own_seat()
            if own is not None and own != self.bottom:  # the seats moved with the deal
                self.call_later(self.flow.turn_to, own)
        for line in describe(s, s.match, taken.events, points=not self.hide_points):
            self.log_line(line)
        kinds = {type(e) for e in taken.events}
        if E.TrickWon in kinds:
            self.show_finished = True  # the trick just taken stays a moment
        elif E.CardPlayed in kinds:
            self.show_finished = False
        if self.own_play.taken(message["seat"], message["token"][1], self.news(message),
                               s.variant, YOU):
            self.notice = None  # a refusal's notice stays until the player acts
        if any(type(e) is E.CardPlayed and e.seat == self.viewer for e in taken.events):
            self.selected = 0  # the card shown played: the cursor back to the hand's start
        self.remote_table.answered()
        self.follow()
        self.flow.moved()  # drawn once the messages that came together are all taken
        if taken.scored is not None:
            self.deal_scored(taken.scored)
        else:
            self.flow.advance()

    def shuffle_committed(self, deal: int) -> None:
        """The host's commitment to deal ``deal``'s shuffle, in the log once, under the
        deal's heading (it may come before the deal's first view, or after it)."""
        said = self.join_app.shuffles.told.get(deal)
        if said is not None and deal == self.session.deal_number and deal not in self.logged:
            self.logged.add(deal)
            self.log_line(committed_line(said))

    def shuffle_revealed(self, seed: Any, salt: Any, verdict: str) -> None:
        """The seed and the salt of the deal just over, and what their check found."""
        for line in revealed_lines(seed, salt, verdict):
            self.log_line(line)
        if verdict not in HOLDS:
            self.notify(verdict_text(verdict), severity="warning", timeout=10, markup=False)

    def news(self, message: dict[str, Any]) -> list[E.Event]:
        """The events a ``view`` message just taken brought, as the deal's mirror holds
        them (none from a deal gone by)."""
        s = self.session
        count = len(message["events"])
        if not count or message["deal"] != s.deal_number:
            return []
        return s.deal.events.get(message["seat"], [])[-count:]

    def follow(self) -> None:
        """The hand shown: the seat to act when this player chooses for it (a dummy),
        else the player's own."""
        s = self.session
        if not s.deal_number:
            return
        own = s.own_seat()
        shown = s.deal.shown
        current = shown.current if shown is not None else None
        self.viewer = (current if current is not None and s.is_human(current)
                       and current in s.deal.views else own)

    def refused(self, message: dict[str, Any]) -> None:
        """The host refused the action: said as the table says a refusal."""
        self.remote_table.refused()
        self.own_play.refused()
        self.notice = Text(_("Not now: {rule}.").format(rule=str(message.get("rule", ""))),
                           style="bold red")
        self.app.bell()
        self.flow.advance()

    def say(self, text: str, problem: bool = False) -> None:
        """What became of the connection: in the log, and in the status line."""
        style = "bold red" if problem else "bold yellow"
        self.log_line(Text(text, style=style))
        self.notice = Text(text, style=style)

    def deal_scored(self, score: DealScore) -> None:
        s = self.session
        self.log_line(deal_result(s, s.deal_number - 1))
        self.holding = True
        plays = self.own_play.scored({seat: s.view(seat) for seat in self.own_play.plays})
        self.app.push_screen(RemoteDealSummary(s, score, self.flow.my_team(), plays),
                             callback=self.after_remote_summary)

    def after_remote_summary(self, _answer: object = None) -> None:
        self.holding = False
        held, self.held = self.held, []
        for k, message in enumerate(held):
            self.take(message)
            if self.holding:  # another deal's end (a watcher's table goes fast)
                self.held = held[k + 1:] + self.held
                return

    def match_over(self, message: dict[str, Any]) -> None:
        s = self.session
        s.take_over(message)
        self.app.push_screen(self.join_app.match_end_screen(s, self.flow.my_team()),
                             callback=lambda _answer: self.join_app.quitting.leave())

    # ----- the player's actions ------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("speed", "undo"):  # the host paces its bots; nothing is taken back
            return False
        if action == "chat":
            return True
        return super().check_action(action, parameters)

    def action_chat(self) -> None:
        self.join_app.open_chat()

    def action_speed(self) -> None:
        pass

    def action_quit_match(self) -> None:
        self.join_app.quitting.request()

    def action_leave_table(self) -> None:
        """Escape: a watcher goes back to the places; a player is asked first."""
        from ..tui.screens.confirm import Choice, ChoiceDialog

        if self.app.screen is not self:
            return
        if self.session.me is None:
            self.join_app.back_to_places()
            return
        body = Text(_("Your place is kept for you for a while: join this table again from "
                      "here to take it back (its key is kept on this machine)."))
        self.app.push_screen(ChoiceDialog(
            _("Leave the table?"), body,
            [Choice("leave", _("Leave the table"), "l", "primary"), Choice("stay", _("Stay"), "s")],
            cancel="stay", dialog_id="leave-table"),
            lambda answer: self.join_app.quitting.request() if answer == "leave" else None)
