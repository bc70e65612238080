"""The flow of play at the table on screen: the keyboard passed between people, the bots
thinking in worker threads at the table's pace, each action logged and shown, undo, the
summaries at the end of a deal and of the match, and leaving the table with the match saved.

The turns themselves (whose turn, applying an action, dropping a bot's answer for a
position gone, undo, the save and the history) are the table's turn loop
(``bisca_tui.table.loop``), which ``TableFlow`` drives. It never draws: it sets the state
the screen shows (the position, the seat shown, the trick left on the table, the notice),
and the screen draws what changed.
"""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.worker import get_current_worker

from ...engine import actions as A
from ...engine.narrate import say
from ...lang import _
from ...table.front import LocalTable, Table
from ...table.loop import BOT, DEAL_OVER, PERSON, BotRequest, Step, TableLoop
from ...table.session import SPEEDS, Session
from ..contract import BIDDING
from ..messages import BotChose, BotFailed, BotReplaced
from ..narrate import (
    deal_heading,
    deal_result,
    describe,
    match_so_far,
    shuffle_said,
    undone_line,
)
from ..widgets.log import GameLog

if TYPE_CHECKING:
    from ..app import BiscaApp
    from .table import TableScreen

Position = tuple[object, ...]  # a token: equal for the same position of the match


class AppSaves:
    """The loop's saves, made by the app (which says when a save fails)."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen

    def save(self) -> object:
        return self.screen.bisca_app.saves.save()

    def clear(self) -> None:
        self.screen.bisca_app.saves.clear()


class TableFlow:
    """Turns, hand-overs, bots and the actions they lead to, for one table screen."""

    loop: TableLoop  # the match's turn loop, when the match is played here

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.session: Session = screen.session
        self.table: Table = self.make_table()

    @property
    def app(self) -> BiscaApp:
        return self.screen.bisca_app

    def make_table(self) -> Table:
        """The table this screen reads and plays at: the match here, through its turn loop
        (bots think in the screen's workers, the app saves and writes the history)."""
        self.loop = TableLoop(self.session, runner=self.start_thinking,
                              autosave=AppSaves(self.screen),
                              history=lambda s: self.app.history.record(s))
        return LocalTable(self.loop)

    def deal_closed(self) -> bool:
        """The deal is scored and its summary is up (or was): nobody acts."""
        return self.loop.deal_closed

    def position(self) -> Position:
        """The position of the match: the deal, the actions in it, whether it is scored. It
        changes with every action, an undo, a deal scored and a new deal."""
        return (*self.loop.token(), self.loop.deal_closed)

    def moved(self) -> None:
        """The match moved on: the screen shows its new position."""
        self.screen.position = self.position()

    def start(self) -> None:
        """The table is up the first time: the bots start, the log tells the match so far."""
        s = self.session
        s.start_bots()
        s.on_bot_notice = self.bot_notice_from_thread
        for line in match_so_far(s, points=not s.hide_points):
            self.screen.log_line(line)
        for problem in s.bot_problems:
            self.screen.log_line(Text(problem, style="bold red"))
            self.screen.notify(problem, severity="warning", timeout=10, markup=False)
        s.bot_problems.clear()

    def stop(self) -> None:
        """The table is taken down: bots' notices have nowhere to go."""
        if self.session.on_bot_notice == self.bot_notice_from_thread:
            self.session.on_bot_notice = None

    def can_undo(self) -> bool:
        screen = self.screen
        return not screen.waiting_handover and self.table.may_undo()

    # ----- turns ---------------------------------------------------------------------

    def advance(self) -> None:
        """Decide what happens next: the deal's end, a person's turn, or a bot's."""
        screen = self.screen
        if screen.waiting_handover:
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
            if screen.viewer != cur and screen.viewer is not None and (
                    s.controller(screen.viewer) == s.controller(cur)):
                screen.viewer = cur  # the same player acts for a dummy, or back for itself
                screen.selected = 0
            if screen.viewer != cur:
                self.hand_over(cur)
                return
            if turn.phase in BIDDING:
                screen.call_after_refresh(screen.dialogs.auction)
            return
        if turn.kind == BOT:
            self.loop.ask_bot(cur)  # the answer comes back through ``start_thinking``

    def hand_over(self, seat: int) -> None:
        from .handover import HandOverScreen

        screen = self.screen
        screen.coach.drop()
        screen.viewer = None
        screen.waiting_handover = True
        s = self.session
        who = s.name(s.controller(seat))
        screen.app.push_screen(HandOverScreen(who),
                               callback=lambda _answer: screen.call_later(self.take_seat, seat))

    async def take_seat(self, seat: int) -> None:
        screen = self.screen
        screen.waiting_handover = False
        screen.viewer = seat
        screen.selected = 0
        await self.sit_at(self.session.controller(seat))
        self.advance()

    async def sit_at(self, seat: int) -> None:
        """Turn the table so that ``seat`` is at the bottom: composed again, drawn whole."""
        screen = self.screen
        if screen.bottom != seat:
            screen.bottom = seat
            await screen.recompose()
            log = screen.query_one(GameLog)
            for line in screen.log_lines:
                log.add(line)
            screen.refresh_table()
            screen.refresh_bindings()  # the new footer's keys

    async def turn_to(self, seat: int) -> None:
        await self.sit_at(seat)
        self.advance()

    # ----- bots ----------------------------------------------------------------------

    def bot_delay(self) -> float:
        override = self.app.bot_delay
        if override is not None:
            return override
        return SPEEDS.get(self.session.speed, 0.6)

    def start_thinking(self, request: BotRequest) -> None:
        """The loop's runner: the bot thinks in a worker thread, at the table's pace."""
        delay = self.bot_delay()
        if self.screen.show_finished and not self.screen.shown_view()[0].trick:
            delay *= 2  # leave the finished trick on the table a moment
        self.screen.run_worker(partial(self.think, request, delay), thread=True,
                               exclusive=True, group="bots")

    def think(self, request: BotRequest, delay: float) -> None:
        """The bot's choice, in a worker thread: posted to the screen after ``delay``."""
        worker = get_current_worker()
        started = time.monotonic()
        seat, token = request.seat, request.token
        try:
            action = request.bot.choose(request.view)
        except Exception as e:  # a bot's failure must not take the table down
            self.screen.post_message(BotFailed(seat, f"{e.__class__.__name__}: {e}", token))
            return
        while not worker.is_cancelled:
            left = delay - (time.monotonic() - started)
            if left <= 0:
                break
            time.sleep(min(0.05, left))
        if not worker.is_cancelled:
            self.screen.post_message(BotChose(seat, action, token))

    def stop_bots(self) -> None:
        """Forget the bots' thinking: about a position gone, or a table left."""
        self.screen.workers.cancel_group(self.screen, "bots")

    def bot_notice_from_thread(self, seat: int, text: str) -> None:
        """A bot was replaced (called from the bot's worker thread: post, never touch)."""
        self.screen.post_message(BotReplaced(seat, text))

    def bot_replaced(self, message: BotReplaced) -> None:
        if self.session.closed:
            return
        name = self.session.name(message.seat)
        text = say("Notice", "replaced.log", seat=name, what=message.text)
        self.screen.log_line(Text(text, style="bold red"))
        self.screen.notify(text, title=say("Notice", "replaced.title"), severity="warning",
                           timeout=10, markup=False)
        self.screen.notice = Text(say("Notice", "replaced", seat=name), style="bold red")

    def bot_chose(self, message: BotChose) -> None:
        self.bot_answered(self.loop.answer(message.seat, message.token, action=message.action))

    def bot_failed(self, message: BotFailed) -> None:
        self.bot_answered(self.loop.answer(message.seat, message.token, error=message.error))

    def bot_answered(self, step: Step | None) -> None:
        if step is None:
            return  # an answer for a position that is gone
        if step.failure:
            name = self.session.name(step.seat)
            self.screen.notify(say("Dialog", "bot_failed", seat=name, error=step.failure),
                               severity="error", markup=False)
        self.acted(step)

    # ----- actions -------------------------------------------------------------------

    def act(self, action: int, seat: int) -> None:
        """Apply an action of ``seat`` (the loop saves it), log it, and move on. The engine
        refuses it (``IllegalAction``, leaving everything as it was) unless ``seat`` is to
        act: a stale or misrouted action is never played for another seat."""
        step = self.table.submit(seat, action)
        if step is not None:
            self.acted(step)

    def acted(self, step: Step) -> None:
        """Show an action the loop applied, and move on."""
        screen, s = self.screen, self.session
        seat, action = step.seat, step.action
        screen.coach.drop()
        if s.is_human(seat):  # a notice stays until the person acts
            screen.notice = None
        screen.review = False
        if A.is_play(action):
            screen.show_finished = False
        v, _private = screen.shown_view()  # the deal as the table draws it now
        if len(v.tricks) > step.tricks_before:
            screen.show_finished = True
        for line in describe(s, s.match, step.events, points=not screen.hide_points):
            screen.log_line(line)
        if seat == screen.viewer and A.is_play(action):
            screen.selected = 0
        if screen.viewer is not None and v.current != screen.viewer:
            screen.viewer = s.controller(screen.viewer)  # back from playing a dummy's card
        self.moved()
        self.advance()

    def undo(self) -> None:
        """Take back the person's last action and the bots' replies after it (one person
        against bots only); the record keeps the undo."""
        screen = self.screen
        self.stop_bots()  # a bot thinking about a position now gone
        screen.coach.drop()
        taken = self.table.undo()  # saved by the loop
        if not taken:
            return
        screen.log_line(undone_line(self.session, taken))
        screen.show_finished = False
        screen.review = False
        screen.notice = None
        screen.selected = 0
        self.moved()
        self.advance()

    # ----- the end of a deal, of the match -------------------------------------------

    def end_of_deal(self) -> None:
        from .summary import DealSummaryScreen

        s = self.session
        score = self.loop.end_deal()  # scored, the bots told, the history written, saved
        self.screen.log_line(deal_result(s, s.deal_number - 1))
        self.log_shuffle(s.deal_number - 1, revealed=True)
        self.moved()
        self.screen.app.push_screen(DealSummaryScreen(s, score, self.my_team()),
                                    callback=self.after_summary)

    def log_shuffle(self, index: int, revealed: bool = False) -> None:
        """The shuffle's commitment before a deal, its seed and salt after (``shuffle_said``)."""
        said = shuffle_said(self.session, index, revealed)
        if said is not None:
            self.screen.log_line(said)

    def my_team(self) -> int:
        """The team drawn on top of the combs: the one of the seat at the bottom (in a game
        scored player by player, that player's own score)."""
        v, _private = self.screen.shown_view()
        return self.session.scorer_of(v.seat)

    def after_summary(self, _answer: object = None) -> None:
        from .summary import MatchEndScreen

        screen, s = self.screen, self.session
        if s.match.is_over():
            self.stop_bots()
            self.loop.end_match()  # the save goes; no more deals: external programs may go
            screen.app.push_screen(MatchEndScreen(s, self.my_team()),
                                   callback=lambda _answer: self.leave())
            return
        self.loop.next_deal()  # dealt and saved
        screen.show_finished = False
        screen.review = False
        screen.log_line(deal_heading(s))
        self.log_shuffle(s.deal_number - 1)
        self.moved()
        humans = s.humans()
        if len(humans) != 1:  # several people, or the only one sits this deal out: watch
            screen.viewer = None
        else:  # players may change seats from deal to deal (a dummy moves with the deal)
            screen.viewer = humans[0]
            if humans[0] != screen.bottom:
                screen.call_later(self.turn_to, humans[0])
                return
        self.advance()

    # ----- leaving -------------------------------------------------------------------

    def cannot_show(self, error: Exception) -> None:
        """The match cannot be drawn (read from a damaged save): its save is set aside and
        the start screen says why, as it does for a save that cannot be read."""
        from ...table.save import set_aside

        self.screen.broken = True
        app = self.app
        self.stop_bots()
        self.session.close()
        app.saves.saved = None
        app.saves.problem = set_aside(
            app.data_directory,
            _("the table cannot show it ({error})").format(
                error=f"{error.__class__.__name__}: {error}"))
        app.back_to_start()

    def leave_saved(self) -> None:
        """Leave the table for the start screen with the match saved: Continue (or the
        earlier matches, for a match kept in a file of its own) brings it back."""
        from ...table.save import save_path

        app = self.app
        target = app.saves.target
        self.stop_bots()
        self.session.close()
        if target is None or target == save_path(app.data_directory):
            app.saves.load()  # read back as Continue will read it
        app.back_to_start()

    def leave(self) -> None:
        self.stop_bots()
        self.session.close()
        self.app.back_to_start()
