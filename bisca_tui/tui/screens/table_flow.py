"""The flow of play at the table on screen: the keyboard passed between people, the bots
thinking in worker threads at the table's pace, each action logged and drawn, and the
summaries at the end of a deal and of the match.

The turns themselves (whose turn, applying an action, dropping a bot's answer for a
position gone, undo, the save and the history) are the table's turn loop
(``bisca_tui.table.loop``), which ``TableFlow`` drives. ``TableFlow`` is a part of
``TableScreen`` (which draws the table and takes the keys); it never draws, it asks the
screen to (``refresh_table``).
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING

from rich.text import Text
from textual import work
from textual.screen import Screen
from textual.worker import get_current_worker

from ...engine import actions as A
from ...engine.narrate import say
from ...engine.view import SeatView
from ...lang import _
from ...table.loop import BOT, DEAL_OVER, PERSON, BotRequest, Step, TableLoop
from ...table.session import SPEEDS, Session
from ..contract import BIDDING
from ..messages import BotChose, BotFailed, BotReplaced
from ..narrate import deal_heading, deal_result, describe
from ..widgets.log import LOG_KEPT, GameLog

if TYPE_CHECKING:
    from ..app import BiscaApp

    _Screen = Screen[None]
else:  # a mixin: TableScreen brings the Screen
    _Screen = object


class AppSaves:
    """The loop's saves, made by the app (which says when a save fails)."""

    def __init__(self, screen: TableFlow) -> None:
        self.screen = screen

    def save(self) -> object:
        return self.screen.bisca_app.save_session()

    def clear(self) -> None:
        self.screen.bisca_app.clear_session()


class TableFlow(_Screen):
    """Turns, hand-overs, bots and the actions they lead to."""

    session: Session
    loop: TableLoop
    bottom: int  # the seat drawn at the bottom of the table
    viewer: int | None  # the seat whose hand shows (None: every hand hidden)
    selected: int
    show_finished: bool  # the trick just taken stays on the table
    review: bool  # the last trick is shown again
    notice: Text | None  # a refusal or a warning, in the status line until the player acts
    waiting_handover: bool
    bindings_shown: tuple[object, ...]  # what the footer was built for
    log_lines: list[str | Text]
    broken: bool

    def make_loop(self) -> TableLoop:
        """The turn loop of the match shown: bots think in this screen's workers, the app
        saves and writes the history."""
        return TableLoop(self.session, runner=self.start_thinking, autosave=AppSaves(self),
                         history=lambda s: self.bisca_app.record_history(s))

    @property
    def deal_closed(self) -> bool:
        """The deal is scored and its summary is up (or was): nobody acts."""
        return self.loop.deal_closed

    @property
    def hide_points(self) -> bool:
        """Card points left out (``p``): a setting of the match, saved with it."""
        return self.session.hide_points

    @property
    def bisca_app(self) -> BiscaApp:
        return self.app  # type: ignore[return-value]

    def refresh_table(self) -> None:
        raise NotImplementedError  # drawn by the screen

    def open_auction_dialog(self) -> None:
        raise NotImplementedError  # the screen's dialog

    def drop_hint(self) -> None:
        """Put the coach's hint away (``TableCoach``): the position it was for is gone."""

    # ----- whose hand shows, whose turn it is ----------------------------------------

    def shown_view(self) -> tuple[SeatView, bool]:
        """The view drawn, and whether its private parts (hand, known cards) may show."""
        seat = self.viewer if self.viewer is not None else self.bottom
        return self.session.view(seat), self.viewer is not None

    def my_turn(self, view: SeatView) -> bool:
        return (self.viewer is not None and view.current == self.viewer
                and not self.waiting_handover and not self.deal_closed)

    # ----- the log -------------------------------------------------------------------

    def log_line(self, text: str | Text) -> None:
        self.log_lines.append(text)
        del self.log_lines[:-LOG_KEPT]
        with contextlib.suppress(Exception):  # the log may be mid-rebuild
            self.query_one(GameLog).add(text)

    # ----- turns ---------------------------------------------------------------------

    def advance(self) -> None:
        """Decide what happens next: the deal's end, a person's turn, or a bot's."""
        if self.waiting_handover:
            return
        turn = self.loop.turn()
        if turn.kind == DEAL_OVER:
            self.end_of_deal()
            return
        cur = turn.seat
        if cur is None:
            return  # the deal scored (its summary is up), or nobody can act
        s = self.session
        if turn.kind == PERSON:
            if self.viewer != cur and self.viewer is not None and (
                    s.controller(self.viewer) == s.controller(cur)):
                self.viewer = cur  # the same player acts for a dummy, or back for itself
                self.selected = 0
            if self.viewer != cur:
                self.hand_over(cur)
                return
            self.refresh_table()
            if turn.phase in BIDDING:
                self.call_after_refresh(self.open_auction_dialog)
            return
        if turn.kind == BOT:
            self.loop.ask_bot(cur)  # the answer comes back through ``start_thinking``

    def hand_over(self, seat: int) -> None:
        from .handover import HandOverScreen

        self.drop_hint()
        self.viewer = None
        self.waiting_handover = True
        self.refresh_table()
        s = self.session
        who = s.name(s.controller(seat))
        self.app.push_screen(HandOverScreen(who),
                             callback=lambda _answer: self.call_later(self.take_seat, seat))

    async def take_seat(self, seat: int) -> None:
        self.waiting_handover = False
        self.viewer = seat
        self.selected = 0
        await self.sit_at(self.session.controller(seat))
        self.refresh_table()
        self.advance()

    async def sit_at(self, seat: int) -> None:
        """Turn the table so that ``seat`` is at the bottom."""
        if self.bottom != seat:
            self.bottom = seat
            await self.recompose()
            self.bindings_shown = ()
            log = self.query_one(GameLog)
            for line in self.log_lines:
                log.add(line)

    async def turn_to(self, seat: int) -> None:
        await self.sit_at(seat)
        self.refresh_table()
        self.advance()

    # ----- bots ----------------------------------------------------------------------

    def bot_delay(self) -> float:
        override = self.bisca_app.bot_delay
        if override is not None:
            return override
        return SPEEDS.get(self.session.speed, 0.6)

    def start_thinking(self, request: BotRequest) -> None:
        """The loop's runner: the bot thinks in a worker thread, at the table's pace."""
        delay = self.bot_delay()
        if self.show_finished and not self.session.state.trick:
            delay *= 2  # leave the finished trick on the table a moment
        self.think(request, delay)

    @work(thread=True, exclusive=True, group="bots")
    def think(self, request: BotRequest, delay: float) -> None:
        worker = get_current_worker()
        started = time.monotonic()
        seat, token = request.seat, request.token
        try:
            action = request.bot.choose(request.view)
        except Exception as e:  # a bot's failure must not take the table down
            self.post_message(BotFailed(seat, f"{e.__class__.__name__}: {e}", token))
            return
        while not worker.is_cancelled:
            left = delay - (time.monotonic() - started)
            if left <= 0:
                break
            time.sleep(min(0.05, left))
        if not worker.is_cancelled:
            self.post_message(BotChose(seat, action, token))

    def current_token(self) -> tuple[int, int]:
        """The position a bot's answer is for: it changes with every action, and with an
        undo (which may bring back a position's length with other cards)."""
        return self.loop.token()

    def bot_notice_from_thread(self, seat: int, text: str) -> None:
        """A bot was replaced (called from the bot's worker thread: post, never touch)."""
        self.post_message(BotReplaced(seat, text))

    # the handlers go by their names: a mixin's ``@on`` handlers are not collected
    def on_bot_replaced(self, message: BotReplaced) -> None:
        if self.session.closed:
            return
        name = self.session.name(message.seat)
        text = say("Notice", "replaced.log", seat=name, what=message.text)
        self.log_line(Text(text, style="bold red"))
        self.notify(text, title=say("Notice", "replaced.title"), severity="warning",
                    timeout=10, markup=False)
        self.notice = Text(say("Notice", "replaced", seat=name), style="bold red")
        self.refresh_table()

    def on_bot_chose(self, message: BotChose) -> None:
        self.bot_answered(self.loop.answer(message.seat, message.token, action=message.action))

    def on_bot_failed(self, message: BotFailed) -> None:
        self.bot_answered(self.loop.answer(message.seat, message.token, error=message.error))

    def bot_answered(self, step: Step | None) -> None:
        if step is None:
            return  # an answer for a position that is gone
        if step.failure:
            name = self.session.name(step.seat)
            self.notify(say("Dialog", "bot_failed", seat=name, error=step.failure),
                        severity="error", markup=False)
        self.acted(step)

    # ----- actions -------------------------------------------------------------------

    def act(self, action: int, seat: int) -> None:
        """Apply an action of ``seat`` (the loop saves it), log it, and move on. The engine
        refuses it (``IllegalAction``, leaving everything as it was) unless ``seat`` is to
        act: a stale or misrouted action is never played for another seat."""
        self.acted(self.loop.act(action, seat))

    def acted(self, step: Step) -> None:
        """Show an action the loop applied, and move on."""
        s = self.session
        st = s.state
        seat, action = step.seat, step.action
        self.drop_hint()
        if s.is_human(seat):  # a notice stays until the person acts
            self.notice = None
        self.review = False
        if A.is_play(action):
            self.show_finished = False
        if len(st.tricks) > step.tricks_before:
            self.show_finished = True
        for line in describe(s, st, step.events, points=not self.hide_points):
            self.log_line(line)
        if seat == self.viewer and A.is_play(action):
            self.selected = 0
        if self.viewer is not None and st.current != self.viewer:
            self.viewer = s.controller(self.viewer)  # back from playing a dummy's card
        self.refresh_table()
        self.advance()

    # ----- the end of a deal, of the match -------------------------------------------

    def end_of_deal(self) -> None:
        from .summary import DealSummaryScreen

        s = self.session
        score = self.loop.end_deal()  # scored, the bots told, the history written, saved
        self.log_line(deal_result(s, len(s.match.deals) - 1))
        self.refresh_table()
        self.app.push_screen(DealSummaryScreen(s, score, self.my_team()),
                             callback=self.after_summary)

    def my_team(self) -> int:
        """The team drawn on top of the combs: the one of the seat at the bottom (in a game
        scored player by player, that player's own score)."""
        v, _private = self.shown_view()
        return self.session.scorer_of(v.seat)

    def after_summary(self, _answer: object = None) -> None:
        from .summary import MatchEndScreen

        s = self.session
        if s.match.is_over():
            self.workers.cancel_group(self, "bots")
            self.loop.end_match()  # the save goes; no more deals: external programs may go
            self.app.push_screen(MatchEndScreen(s, self.my_team()),
                                 callback=lambda _answer: self.leave())
            return
        self.loop.next_deal()  # dealt and saved
        self.show_finished = False
        self.review = False
        self.log_line(deal_heading(s))
        humans = s.humans()
        if len(humans) != 1:  # several people, or the only one sits this deal out: watch
            self.viewer = None
        else:  # players may change seats from deal to deal (a dummy moves with the deal)
            self.viewer = humans[0]
            if humans[0] != self.bottom:
                self.call_later(self.turn_to, humans[0])
                return
        self.refresh_table()
        self.advance()

    def cannot_show(self, error: Exception) -> None:
        """The match cannot be drawn (read from a damaged save): its save is set aside and
        the start screen says why, as it does for a save that cannot be read."""
        from ...table.save import set_aside

        self.broken = True
        app = self.bisca_app
        self.workers.cancel_group(self, "bots")
        self.session.close()
        app.saved = None
        app.save_problem = set_aside(
            app.data_directory,
            _("the table cannot show it ({error})").format(
                error=f"{error.__class__.__name__}: {error}"))
        app.back_to_start()

    def leave_saved(self) -> None:
        """Leave the table for the start screen with the match saved: Continue (or the
        earlier matches, for a match kept in a file of its own) brings it back."""
        from ...table.save import save_path

        app = self.bisca_app
        target = app.save_target
        self.workers.cancel_group(self, "bots")
        self.session.close()
        if target is None or target == save_path(app.data_directory):
            app.load_saved()  # read back as Continue will read it
        app.back_to_start()

    def leave(self) -> None:
        self.workers.cancel_group(self, "bots")
        self.session.close()
        self.bisca_app.back_to_start()
