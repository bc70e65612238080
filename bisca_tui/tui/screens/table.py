"""The card table: seats around it in playing order, the trick, the stock, the hand.

Everything drawn comes from ``view(seat)`` of the seat being shown; legal moves, whose turn
it is and the scores come from the engine. The screen holds what it shows (the position of
the match, the seat whose hand shows, the cursor, the notice, the trick left on the table
or looked back at) as reactive attributes, and their ``watch_`` methods draw again the
areas that show them, once the change at hand is made. The screen takes the keys and the
clicks; the rest is done by objects it holds, one job each: the flow of play, bots and
deals (``TableFlow``, ``table_flow.py``), the drawing (``TableDrawing``), the coach's hints
(``TableCoach``), the dialogs opened over the table (``TableDialogs``) and which keys apply
(``KeysNow``, ``table_keys.py``, with the bindings).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer

from ...engine import actions as A
from ...engine.errors import IllegalAction
from ...engine.narrate import holds, say
from ...engine.view import SeatView
from ...lang import _
from ...table.session import SPEEDS, Session
from ..cardart import card_text
from ..contract import CARD_PHASES
from ..messages import BotChose, BotFailed, BotReplaced, CardClicked, HintFailed, HintReady
from ..styled import spliced
from ..translated import Translated
from ..widgets.board import sorted_hand, table_body
from ..widgets.common import Body, FittingFooter, TooSmall
from ..widgets.hint import HintPanel
from ..widgets.log import LOG_KEPT, GameLog
from ..widgets.table import SeatPanel
from .table_coach import TableCoach
from .table_dialogs import TableDialogs
from .table_drawing import AREAS, HAND, STATUS, TRICK, TableDrawing
from .table_flow import Position, TableFlow
from .table_keys import TABLE_BINDINGS, KeysNow, binding_words, key_applies

if TYPE_CHECKING:
    from ..app import BiscaApp

__all__ = ["SeatPanel", "TableScreen"]


FOOTER_ROOM = 90  # columns under which the footer is drawn compact


class TableScreen(Translated, Screen[None]):
    """One match at the table."""

    BINDINGS = TABLE_BINDINGS

    # what the table shows: changing any of these draws again the areas that show it
    position: var[Position | None] = var(None, init=False)  # the match's (``TableFlow``)
    viewer: var[int | None] = var(None, init=False)  # whose hand shows (None: none)
    waiting_handover: var[bool] = var(False, init=False)
    selected: var[int] = var(0, init=False)  # the cursor's place in the hand
    notice: var[Text | None] = var(None, init=False)  # a refusal or a warning, until acting
    show_finished: var[bool] = var(False, init=False)  # the trick just taken stays shown
    review: var[bool] = var(False, init=False)  # the last trick is shown again
    # what the footer shows of the keys that apply (``KeysNow.footer``): built again on change
    footer_keys: var[tuple[object, ...]] = var((), init=False, bindings=True)

    _per_variant: dict[type, type[TableScreen]] = {}

    @property
    def away_seats(self) -> frozenset[int]:  # a joined table's seats without a connection
        return frozenset()

    @classmethod
    def for_session(cls, session: Session) -> TableScreen:
        """The table for a match: this screen with the keys of its game's special actions
        (Capixaba's cut, knock and exchange...), named as the variant names them."""
        kind = type(session.variant)
        screen = cls._per_variant.get(kind)
        if screen is None:  # named in English, said by the game (``binding_words``)
            keys = [Binding(k.key, f"special({k.action})", k.label, tooltip=k.label)
                    for k in session.variant.special_keys]
            screen = type(f"{kind.__name__}Table", (cls,),
                          {"BINDINGS": keys, "__module__": cls.__module__})
            cls._per_variant[kind] = screen
        return screen(session)

    def __init__(self, session: Session) -> None:
        self.session = session  # before the keys are named: its game names its own
        self.drawing = TableDrawing(self)  # before the state it draws is set
        super().__init__()
        humans = session.humans()  # none when the only person deals and sits the deal out
        self.bottom = humans[0] if humans else 0
        self.viewer = humans[0] if len(humans) == 1 else None
        self.armed = False  # Enter plays only after a key pressed at the table
        self.started = False
        self.log_lines: list[str | Text] = []
        self.broken = False  # the table could not be drawn: the match was set aside
        self.keys: KeysNow | None = None  # the keys that apply, worked out for ``keys_at``
        self.keys_at: tuple[object, ...] = ()
        self.flow = self.make_flow()
        self.coach = TableCoach(self)
        self.dialogs = TableDialogs(self)

    def make_flow(self) -> TableFlow:
        return TableFlow(self)

    @property
    def bisca_app(self) -> BiscaApp:
        return self.app  # type: ignore[return-value]

    @property
    def deal_closed(self) -> bool:
        """The deal is scored and its summary is up (or was): nobody acts."""
        return self.flow.deal_closed()

    @property
    def hide_points(self) -> bool:
        """Card points left out (``p``): a setting of the match, saved with it."""
        return self.session.hide_points

    # ----- layout --------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with Body():
            yield from table_body(self.session.variant.n, self.bottom,
                                  bool(self.session.variant.signals), side_end=HintPanel())
        # ctrl+p still opens the palette; ? lists the keys
        yield FittingFooter(show_command_palette=False, compact=self.app.size.width < FOOTER_ROOM,
                     id="table-footer")

    def on_mount(self) -> None:
        if not self.started:
            self.started = True
            self.flow.start()
        self.refresh_table()
        if self.broken:
            return
        # once laid out, the seats across the top have their height: the cards may grow
        self.call_after_refresh(self.refresh_table)
        self.call_after_refresh(self.flow.advance)

    def on_unmount(self) -> None:
        self.flow.stop()

    def on_resize(self, event: events.Resize) -> None:
        # at 80 columns the footer's keys fit only drawn close together
        self.query_one(Footer).compact = event.size.width < FOOTER_ROOM
        self.refresh_table()

    # ----- what is shown -------------------------------------------------------------

    def shown_view(self) -> tuple[SeatView, bool]:
        """The view drawn, and whether its private parts (hand, known cards) may show."""
        seat = self.viewer if self.viewer is not None else self.bottom
        return self.flow.table.view(seat), self.viewer is not None

    def my_turn(self, view: SeatView) -> bool:
        return (self.viewer is not None and view.current == self.viewer
                and not self.waiting_handover and not self.deal_closed)

    def sorted_hand(self, view: SeatView) -> tuple[int, ...]:
        """The hand as drawn: grouped by suit, trumps last, strongest first in each suit."""
        return sorted_hand(self.session.variant, view)

    def playable(self, view: SeatView) -> set[int]:
        """The cards of the hand whose action (a play, or laying it aside) is legal now."""
        kind = CARD_PHASES.get(view.phase)
        if kind is None:
            return set()
        return {A.card_of(a) for a in A.of_kind(view.legal, kind)}

    @staticmethod
    def playable_at(hand: tuple[int, ...], playable: set[int], start: int,
                    step: int) -> int:
        """The first place from ``start`` on (going ``step`` by one, round the hand) whose
        card may be played; ``start`` when none may."""
        n = len(hand)
        for k in range(n):
            i = (start + step * k) % n
            if hand[i] in playable:
                return i
        return start

    def log_line(self, text: str | Text) -> None:
        self.log_lines.append(text)
        del self.log_lines[:-LOG_KEPT]
        with contextlib.suppress(Exception):  # the log may be mid-rebuild
            self.query_one(GameLog).add(text)

    # ----- drawing what changed ------------------------------------------------------

    def watch_position(self) -> None:
        self.drawing.redraw(AREAS)

    def watch_viewer(self) -> None:
        self.drawing.redraw(AREAS)

    def watch_waiting_handover(self) -> None:
        self.drawing.redraw(AREAS)

    def watch_selected(self) -> None:
        self.drawing.redraw((HAND,))

    def watch_notice(self) -> None:
        self.drawing.redraw((STATUS,))

    def watch_show_finished(self) -> None:
        self.drawing.redraw((TRICK,))

    def watch_review(self) -> None:
        self.drawing.redraw((TRICK,))

    def refresh_table(self) -> None:
        """Draw the whole table now: the first time, and after a change that is not the
        screen's state (the terminal's size, the language, the card style or the points
        shown, a match moved on from outside)."""
        self.drawing.draw_now()

    def retell(self) -> None:
        """The language changed: the table is drawn again in it (the log keeps its lines)."""
        self.refresh_table()

    # ----- which keys apply ----------------------------------------------------------

    def keys_now(self) -> KeysNow:
        """The keys that apply at the position shown, worked out once for it."""
        at = (self.flow.position(), self.viewer, self.waiting_handover, self.show_finished,
              self.review)
        if self.keys is None or at != self.keys_at:
            self.keys, self.keys_at = KeysNow.at(self), at
        return self.keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.keys_now().answer(action, parameters)

    def key_applies(self, action: str) -> bool:
        return key_applies(self.session.variant, action)  # for the keys list

    def binding_words(self, text: str) -> str:
        return binding_words(self.session.variant, text)  # for ``Translated``

    # ----- the keys and the clicks ---------------------------------------------------

    def on_screen_resume(self) -> None:
        # the table came into view (opened, or back from a hand-over, a summary, a
        # dialog): an Enter meant for what was there must not play a card here
        self.armed = False

    def on_key(self, event: events.Key) -> None:
        # any key puts a finished trick away (the next card played does too)
        if self.show_finished and event.key not in ("l",):
            self.show_finished = False
        if event.key not in ("enter", "space"):
            self.armed = True  # a key pressed at the table: Enter may play now
        if event.key == "h" and not self.session.hints:  # its key is off: say why
            self.action_hint()

    def try_play(self, index: int) -> None:
        v, private = self.shown_view()
        if not (private and self.my_turn(v)) or v.phase not in CARD_PHASES:
            return
        hand = self.sorted_hand(v)
        s = self.session
        who = s.name(s.controller(v.seat)) if s.hot_seat else "You"
        if not 0 <= index < len(hand):
            self.notice = Text(holds(who, len(hand)), style="bold red")
            return
        card = hand[index]
        self.selected = index
        try:
            self.flow.act(A.with_card(CARD_PHASES[v.phase], card), v.seat)
        except IllegalAction as e:
            refusal = (_("You cannot play {card}: {rule}.") if who == "You"
                       else _("{who} cannot play {card}: {rule}."))
            self.notice = spliced(refusal, "bold red", who=who, rule=e.rule,
                                  card=card_text(card, self.session.card_style))
            self.app.bell()

    def try_act(self, action: int, seat: int) -> bool:
        """The person's action for ``seat``; a refusal is told in the status line (and
        False)."""
        try:
            self.flow.act(action, seat)
        except IllegalAction as e:
            self.notice = Text(_("Not now: {rule}.").format(rule=e.rule), style="bold red")
            return False
        return True

    def action_play(self, index: int, hand_size: int = 0) -> None:
        self.try_play(index)

    def action_move(self, step: int) -> None:
        """Move the cursor to the next card that may be played (the cursor shows only on
        the player's turn)."""
        self.armed = True
        v, private = self.shown_view()
        if not (private and self.my_turn(v)) or not v.hand:
            return
        hand = self.sorted_hand(v)
        start = (self.selected + step) % len(hand)
        self.selected = self.playable_at(hand, self.playable(v), start, step)
        self.notice = None

    def action_play_selected(self) -> None:
        """Play the card under the cursor; an Enter coming just as the table came into view
        (meant for the screen before) only arms the key."""
        v, private = self.shown_view()
        if not (private and self.my_turn(v)) or v.phase not in CARD_PHASES:
            return
        if not self.armed:
            self.armed = True
            self.notice = Text(say("Notice", "armed"), style="bold yellow")
            return
        self.try_play(self.selected)

    @on(CardClicked)
    def card_clicked(self, message: CardClicked) -> None:
        self.try_play(message.index)

    def action_special(self, code: int) -> None:
        v, private = self.shown_view()
        if private and self.my_turn(v):
            self.try_act(code, v.seat)

    def action_signal(self) -> None:
        self.dialogs.signal()

    def action_auction(self) -> None:
        self.dialogs.auction()

    def action_continue(self) -> None:
        self.show_finished = False
        self.review = False

    def action_last_trick(self) -> None:
        self.review = not self.review

    def action_score_sheet(self) -> None:
        self.dialogs.score_sheet()

    def action_toggle_points(self) -> None:
        self.session.hide_points = not self.session.hide_points
        self.refresh_table()
        self.bisca_app.saves.save()  # a setting of the match: Continue brings it back

    def action_speed(self) -> None:
        names = list(SPEEDS)  # remembered like the palette's choice; saves and says so
        self.bisca_app.set_speed(names[(names.index(self.session.speed) + 1) % len(names)])

    def action_quit_match(self) -> None:
        self.bisca_app.quitting.request()  # saves, or says why it cannot and offers to stay

    def action_undo(self) -> None:
        if self.check_action("undo", ()) and self.app.screen is self:
            self.flow.undo()

    def action_hint(self) -> None:
        if self.app.screen is self:
            self.coach.ask()

    def action_keys(self) -> None:
        self.dialogs.keys()

    def action_leave_table(self) -> None:
        if self.app.screen is not self:
            return
        if self.coach.token is not None:  # Esc first puts the hint away
            self.coach.drop()
            return
        self.dialogs.leave()

    # ----- what the workers and the bots send back -----------------------------------

    def on_bot_replaced(self, message: BotReplaced) -> None:
        self.flow.bot_replaced(message)

    def on_bot_chose(self, message: BotChose) -> None:
        self.flow.bot_chose(message)

    def on_bot_failed(self, message: BotFailed) -> None:
        self.flow.bot_failed(message)

    def on_hint_ready(self, message: HintReady) -> None:
        self.coach.ready(message)

    def on_hint_failed(self, message: HintFailed) -> None:
        self.coach.failed(message)
