"""The turn loop of a match in play, without a screen: who is to act and how, a person's
choice applied, a bot asked for its choice, undo, the save after each action, the game
history written after each deal, and the passage from one deal to the next. The turns
themselves (the seat to act, its action applied for it and refused from any other seat,
each seat's view built once per position) are the engine's (``engine.turns``), as for
every other player of deals; this adds what a table has besides.

The card table on screen drives it (drawing what happened, pacing the bots, running them
in worker threads), and so can anything else that plays a match: a test, a program
pitting bots against each other, a table shared over the network.

A bot is asked through a *runner*: a callable given a ``BotRequest``, which must in time
hand the bot's choice (or its failure) back to ``TableLoop.answer``. Without one the bot
chooses there and then. An answer carries the position it was asked for (its token): one
for a position that has changed since (an undo, an action taken meanwhile) is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..engine import actions as A
from ..engine.actions import action_str
from ..engine.errors import IllegalAction
from ..engine.events import Event
from ..engine.narrate.sayings import Refusal, words
from ..engine.turns import seat_to_act
from ..engine.variant import DealScore
from ..engine.view import SeatView
from ..lang import _
from .save import clear_save, save_path, write_save
from .session import Session

if TYPE_CHECKING:
    from ..bots.base import Bot
    from ..history.store import Store

Token = tuple[int, int]

# what a turn asks for (``Turn.kind``)
PERSON = "person"  # a person at this table chooses for ``seat``
BOT = "bot"  # the bot of ``seat`` is to be asked
DEAL_OVER = "deal over"  # the deal is played out: ``end_deal`` scores it
DEAL_CLOSED = "deal closed"  # scored; ``next_deal`` deals the next one
MATCH_OVER = "match over"  # scored, and the match is won: ``end_match``
WAITING = "waiting"  # nobody is to act (a deal that cannot go on)


@dataclass(frozen=True)
class Turn:
    kind: str
    seat: int | None = None
    phase: str = ""  # the deal's phase (play, bidding, ...) when someone is to act


@dataclass(frozen=True)
class Step:
    """An action applied: who took it, the tricks taken just before (whether it finished
    one), and the events it caused."""

    seat: int
    action: int
    tricks_before: int
    failure: str = ""  # a bot's choice replaced: why (its error, or the rule it broke)
    events: tuple[Event, ...] = ()  # what the action caused


@dataclass(frozen=True)
class BotRequest:
    """A bot asked to choose for ``seat`` in the position ``token``."""

    seat: int
    bot: Bot
    view: SeatView
    token: Token


Runner = Callable[[BotRequest], None]
History = Callable[[Session], None]


class Autosave(Protocol):
    def save(self) -> object: ...

    def clear(self) -> object: ...


class FileAutosave:
    """Saves the match in a data folder after each action (the app's save files), and
    removes the save once the match is over."""

    def __init__(self, session: Session, directory: Path, target: Path | None = None) -> None:
        self.session = session
        self.directory = directory
        self.target = target or save_path(directory)

    def save(self) -> None:
        s = self.session
        if not s.match.is_over():
            paper = s.recording
            write_save(self.directory, paper.save_text(), paper.table_text(), self.target)

    def clear(self) -> None:
        clear_save(self.target)


class StoreHistory:
    """Writes the match to a game history after each deal, there and then."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def __call__(self, session: Session) -> None:
        entry = session.recording.history_entry()
        self.store.write(entry, session.recording.history_seq)


def choose_now(request: BotRequest, answer: Callable[..., Step | None]) -> None:
    """Ask the bot in this thread and hand its answer back at once."""
    try:
        action = request.bot.choose(request.view)
    except Exception as e:  # a bot's failure must not stop the match
        answer(request.seat, request.token, error=f"{e.__class__.__name__}: {e}")
        return
    answer(request.seat, request.token, action=action)


class TableLoop:
    """The turns of ``session``'s match. ``turn`` says what comes next; the caller then
    applies a person's choice (``act``), asks a bot (``ask_bot``), or ends the deal
    (``end_deal``, then ``next_deal`` or ``end_match``). ``run`` does all that itself until
    a person is to act."""

    def __init__(self, session: Session, runner: Runner | None = None,
                 autosave: Autosave | None = None, history: History | None = None) -> None:
        self.session = session
        self.runner = runner
        self.autosave = autosave
        self.history = history
        self.deal_closed = False  # the deal is scored; the next is not dealt yet

    # ----- what comes next -------------------------------------------------------------

    def token(self) -> Token:
        """The position a bot's answer is for: it changes with every action, and with an
        undo (which may bring back a position's length with other cards)."""
        return (self.session.deal_number, self.session.moves)

    def turn(self) -> Turn:
        s = self.session
        if self.deal_closed:
            return Turn(MATCH_OVER if s.match.is_over() else DEAL_CLOSED)
        st = s.state
        if st.is_over():
            return Turn(DEAL_OVER)
        seat = seat_to_act(st)
        if seat is None:
            return Turn(WAITING)
        return Turn(PERSON if s.is_human(seat) else BOT, seat, st.phase)

    # ----- acting ----------------------------------------------------------------------

    def act(self, action: int, seat: int | None = None) -> Step:
        """Apply an action of ``seat`` (of the seat to act, when not given) and save. An
        illegal one, or one from a seat not to act, raises the engine's ``IllegalAction``
        and changes nothing."""
        st = self.session.state
        current = st.current
        if current is None or self.deal_closed:
            raise IllegalAction(seat, action_str(action), words(Refusal("nobody_to_act")))
        tricks = len(st.tricks)
        played = self.session.apply(action, seat)  # the engine's turns: refused, or applied
        self.save()
        return Step(played.seat, played.action, tricks, events=played.events)

    def ask_bot(self, seat: int | None = None) -> None:
        """Ask the bot of the seat to act (``seat``, when given, must be it) for its choice,
        through the runner (or at once)."""
        s = self.session
        seat = s.state.current if seat is None else seat
        if seat is None or seat != s.state.current or s.is_human(seat):
            raise ValueError("no bot is to act")
        s.start_bots()  # once: a program seat starts only if confirmed (see Session)
        request = BotRequest(seat, s.bot_for(seat), s.view(seat), self.token())
        if self.runner is None:
            choose_now(request, self.answer)
        else:
            self.runner(request)

    def answer(self, seat: int, token: Token, action: int | None = None,
               error: str = "") -> Step | None:
        """A bot's answer to ``ask_bot``: its action, or its failure (``error``). An answer
        for a position that is gone is dropped (None). A failed bot, or one that chose an
        action it may not take, plays its first legal card instead (``Step.failure`` says
        why)."""
        st = self.session.state
        if token != self.token() or st.current != seat or self.deal_closed:
            return None
        if not error:
            assert action is not None
            try:
                return self.act(action, seat)
            except IllegalAction as e:
                # translators: a bot's illegal choice: {action} in record notation, {rule}
                # the rule it broke
                error = _("tried {action}: {rule}").format(action=e.action, rule=e.rule)
        return replace(self.act(self.fallback(), seat), failure=error)

    def fallback(self) -> int:
        """What a failed bot plays: its first legal card, else the first legal action (the
        cut, where the seat cuts or knocks)."""
        legal = self.session.state.legal_actions()
        plays = [a for a in legal if A.is_play(a)]
        return (plays or legal)[0]

    def undo(self) -> list[int]:
        """Take back the person's last action and the bots' replies (see
        ``Session.undo``); saves when anything was taken back."""
        if self.deal_closed:
            return []
        taken = self.session.undo()
        if taken:
            self.save()
        return taken

    # ----- deals and the match ---------------------------------------------------------

    def end_deal(self) -> DealScore:
        """Score the deal just played out, tell the bots, write the history, save."""
        if self.deal_closed or not self.session.state.is_over():
            raise ValueError("the deal is not over")
        s = self.session
        self.deal_closed = True
        score = s.finish_deal()
        s.deal_over(score)
        if self.history is not None:
            self.history(s)  # the deal, and the match when it is over
        self.save()
        return score

    def next_deal(self) -> None:
        if not self.deal_closed or self.session.match.is_over():
            raise ValueError("the deal is not scored yet, or the match is over")
        self.session.next_deal()
        self.deal_closed = False
        self.save()

    def end_match(self) -> None:
        """The match is over: its save goes, and outside programs may stop."""
        if self.autosave is not None:
            self.autosave.clear()
        self.session.close()

    def save(self) -> None:
        if self.autosave is not None:
            self.autosave.save()

    # ----- playing on by itself --------------------------------------------------------

    def run(self, person: Callable[[SeatView], int] | None = None) -> Turn:
        """Play on: bots answer, deals end and follow each other, until a person is to act
        (returned, unless ``person`` chooses for them), a bot's answer is under way in the
        runner, or the match is over."""
        while True:
            turn = self.turn()
            if turn.kind == PERSON and turn.seat is not None:
                if person is None:
                    return turn
                self.act(person(self.session.view(turn.seat)))
            elif turn.kind == BOT:
                token = self.token()
                self.ask_bot(turn.seat)
                if self.token() == token:  # the answer comes later
                    return turn
            elif turn.kind == DEAL_OVER:
                self.end_deal()
            elif turn.kind == DEAL_CLOSED:
                self.next_deal()
            else:
                if turn.kind == MATCH_OVER:
                    self.end_match()
                return turn
