"""The card table: seats around it in playing order, the trick, the stock, the hand.

Everything drawn comes from ``view(seat)`` of the seat being shown; legal moves, whose turn
it is and the scores come from the engine. Bots think in a worker thread and post their
choice back, so the screen never freezes: that flow of play is ``TableFlow``
(``table_flow.py``); the arrangement of the table is ``widgets/board.py`` (shared with the
replay viewer); the side panel's texts are in ``widgets/side.py``, the log's in
``widgets/log.py`` and ``narrate.py``, the status line and the trick's caption in
``widgets/captions.py``, the bidding's in ``contract.py``.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Offset
from textual.screen import Screen
from textual.widgets import Footer

from ...engine import actions as A
from ...engine.errors import IllegalAction
from ...engine.narrate import holds, say
from ...engine.view import SeatView
from ...lang import N_, _
from ...table.session import Session
from ..cardart import WINNER, card_text
from ..contract import BIDDING, CARD_PHASES
from ..layout import SIDE_PANEL, card_sizes
from ..messages import CardClicked
from ..narrate import match_so_far
from ..styled import spliced
from ..translated import Translated
from ..widgets.board import show_side, show_stock, sorted_hand, table_body
from ..widgets.captions import status_text, trick_shown
from ..widgets.common import Body, FittingFooter, Panel, TooSmall
from ..widgets.hint import HintPanel
from ..widgets.table import HandView, SeatPanel, StockView, TrickSlot, seat_info
from .table_actions import TableActions

__all__ = ["SeatPanel", "TableScreen"]


FOOTER_ROOM = 90  # columns under which the footer is drawn compact


def hand_keys(n: int) -> str:
    """The number keys that reach the cards of a hand of ``n`` (10 or more: 1-9 and 0)."""
    return "1" if n <= 1 else f"1-{min(n, 9)}" + (",0" if n >= 10 else "")


class TableScreen(Translated, TableActions, Screen[None]):
    """One match at the table."""

    BINDINGS = [
        # the footer names the keys that reach a card: "1-3 Play" with three cards in hand
        *[Binding("1", f"play(0, {n})", N_("Play"), key_display=hand_keys(n),
                  tooltip=N_("Play the card at that place in the hand (1 is the leftmost)"))
          for n in range(1, 11)],
        *[Binding(str(i + 1), f"play({i})", show=False) for i in range(1, 9)],
        Binding("0", "play(9)", show=False),
        Binding("left", "move(-1)", N_("Choose"), key_display="←→", show=False,
                tooltip=N_("Choose a card to play (only cards that may be played)")),
        Binding("right", "move(1)", show=False),
        Binding("enter", "play_selected", N_("Play selected"), show=False,
                tooltip=N_("Play the card chosen with ← →")),
        Binding("s", "signal", N_("Signal"), tooltip=N_("Signal to your team")),
        Binding("b", "auction", N_("Bid / call"),
                tooltip=N_("Open the bidding (or calling) dialog")),
        Binding("space", "continue", N_("Continue"), show=False,
                tooltip=N_("Put away the trick just taken")),
        Binding("u", "undo", N_("Undo"), tooltip=N_(
            "Take back your last card, and the bots' replies (against bots only)")),
        Binding("h", "hint", N_("Hint"),
                tooltip=N_("The coach's advice for your turn: the card, why, and what every "
                           "card is expected to bring")),
        Binding("l", "last_trick", N_("Last trick"), tooltip=N_("Show the last trick again")),
        Binding("t", "score_sheet", N_("Score sheet"),
                tooltip=N_("The score of every deal so far")),
        # p and v are listed by ? (the footer keeps its room for the keys of the moment)
        Binding("p", "toggle_points", N_("Points"), show=False,
                tooltip=N_("Hide or show the card points")),
        Binding("v", "speed", N_("Speed"), show=False,
                tooltip=N_("Change how fast the bots play")),
        Binding("q", "quit_match", N_("Save & quit"), tooltip=N_("Save the match and quit")),
        Binding("escape", "leave_table", N_("Leave"),
                tooltip=N_("Back to the start screen (the match stays saved)")),
        Binding("question_mark", "keys", N_("Keys"), key_display="?",
                tooltip=N_("This list of keys")),
    ]

    _per_variant: dict[type, type[TableScreen]] = {}
    away_seats: frozenset[int] = frozenset()  # seats whose player lost the connection

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
        super().__init__()
        humans = session.humans()  # none when the only person deals and sits the deal out
        self.bottom = humans[0] if humans else 0
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.selected = 0
        self.shown_cards: dict[int, int] = {}  # the trick's cards as last drawn, by seat
        self.armed = False  # Enter plays only after a key pressed at the table
        self.show_finished = False
        self.review = False
        self.notice: Text | None = None
        self.loop = self.make_loop()
        self.waiting_handover = False
        self.started = False
        self.bindings_shown: tuple[object, ...] = ()
        self.log_lines: list[str | Text] = []
        self.dialog_open = False  # the bid or call dialog is up
        self.drawn = False  # the table was drawn once
        self.broken = False  # it could not be: the match was set aside

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
            s = self.session
            s.start_bots()
            s.on_bot_notice = self.bot_notice_from_thread
            for line in match_so_far(s, points=not s.hide_points):
                self.log_line(line)
            for problem in s.bot_problems:
                self.log_line(Text(problem, style="bold red"))
                self.notify(problem, severity="warning", timeout=10, markup=False)
            s.bot_problems.clear()
        self.refresh_table()
        if self.broken:
            return
        # once laid out, the seats across the top have their height: the cards may grow
        self.call_after_refresh(self.refresh_table)
        self.call_after_refresh(self.advance)

    def on_unmount(self) -> None:
        if self.session.on_bot_notice == self.bot_notice_from_thread:
            self.session.on_bot_notice = None

    def on_resize(self, event: events.Resize) -> None:
        # at 80 columns the footer's keys fit only drawn close together
        self.query_one(Footer).compact = event.size.width < FOOTER_ROOM
        self.refresh_table()

    # ----- what is shown -------------------------------------------------------------

    def sorted_hand(self, view: SeatView) -> tuple[int, ...]:
        """The hand as drawn: grouped by suit, trumps last, strongest first in each suit."""
        return sorted_hand(self.session.variant, view)

    def playable(self, view: SeatView) -> set[int]:
        """The cards of the hand whose action (a play, or laying it aside) is legal now."""
        kind = CARD_PHASES.get(view.phase)
        if kind is None:
            return set()
        return {A.card_of(a) for a in A.of_kind(view.legal, kind)}

    def refresh_table(self) -> None:
        if self.drawn:
            self.draw_table()
            return
        if self.broken:
            return
        try:  # the first drawing of a match read from a save: a damaged one is reported
            self.drawn = self.draw_table()
        except Exception as e:
            self.cannot_show(e)

    def draw_table(self) -> bool:
        """Draw everything from the view shown; False when there is nothing to draw on."""
        if not self.is_mounted:
            return False
        try:
            self.query_one("#hand", HandView)
        except Exception:
            return False
        s = self.session
        v, private = self.shown_view()
        style = s.card_style
        width, height = self.app.size
        n = v.n_players
        partnerships = s.variant.n_teams < n
        for seat in range(n):
            panel = self.query_one(f"#seat-{seat}", SeatPanel)
            panel.show(seat_info(s, v, seat, private, seat in self.away_seats), partnerships)
        # the hand
        mine = self.my_turn(v) and v.phase in CARD_PHASES
        hand = self.sorted_hand(v) if private else tuple(range(v.hand_sizes[v.seat]))
        if hand:
            self.selected = max(0, min(self.selected, len(hand) - 1))
            if mine and private:  # the cursor rests on a card that may be played
                self.selected = self.playable_at(hand, self.playable(v), self.selected, 1)
        top_rows = self.query_one("#top-seats").outer_size.height or None
        hsize, tsize = card_sizes(width, height, n, self.bottom, len(hand), top_rows)
        self.query_one(HandView).show(
            hand, self.playable(v), self.selected if mine else None, mine,
            hsize, style, hidden=not private, room=max(20, width - SIDE_PANEL))
        # the trick
        caption_panel = self.query_one("#trick-caption", Panel)
        room = caption_panel.content_size.width or 28
        cards, winner, caption = trick_shown(s, v, room, self.review, self.show_finished,
                                              points=not self.hide_points)
        moving = self.moving() and not self.review
        taken = v.tricks[-1] if v.tricks else None
        for seat in range(n):
            card = cards.get(seat)
            slot = self.query_one(f"#slot-{seat}", TrickSlot)
            before = self.shown_cards.get(seat)
            if (card is None and moving and taken is not None and before in taken.cards):
                # the trick just put away goes to its winner
                slot.leave_towards(self.towards(slot, taken.winner), tsize, style)
                continue
            slot.show(card, tsize, style, WINNER if seat == winner else "normal")
            if card is not None and before != card and moving:
                slot.slide_in(self.towards(slot, seat, half=True))
        self.shown_cards = dict(cards)
        caption_panel.set(caption)
        show_stock(self.query_one(StockView), s, v)
        self.refresh_side(v, private)
        self.query_one("#status", Panel).set(self.status_text(v))
        specials = tuple(("special", (k.action,)) for k in s.variant.special_keys)
        keys = tuple(self.check_action(a, p) for a, p in (
            ("play", ()), *specials, ("signal", ()), ("last_trick", ()), ("auction", ())))
        keys += (len(v.hand), self.check_action("undo", ()))  # "1-n Play", and Undo
        if keys != self.bindings_shown:  # the footer is rebuilt only when keys change
            self.bindings_shown = keys
            self.refresh_bindings()
        return True

    def moving(self) -> bool:
        """Whether cards move: the choice, the pace (not instant) and the terminal's
        animation level all allow it."""
        return (self.bisca_app.motion and self.session.speed != "instant"
                and self.app.animation_level != "none")

    def towards(self, slot: TrickSlot, seat: int, half: bool = False) -> Offset:
        """From a place in the trick to a seat's player (the hand at the bottom, or that
        seat's panel), in cells; ``half``: only halfway, where an arriving card starts."""
        target = (self.query_one("#hand") if seat == self.bottom
                  else self.query_one(f"#seat-{seat}"))
        a, b = target.region, slot.region
        if not a or not b:
            return Offset(0, 0)
        dx = (a.x + a.width // 2) - (b.x + b.width // 2)
        dy = (a.y + a.height // 2) - (b.y + b.height // 2)
        return Offset(dx // 2, dy // 2) if half else Offset(dx, dy)

    def refresh_side(self, v: SeatView, private: bool) -> None:
        show_side(self, self.session, v, private, self.hide_points, self.app.size.height)

    def status_text(self, v: SeatView) -> Text:
        if self.notice is not None:
            return self.notice
        return status_text(self.session, v, mine=self.my_turn(v), closed=self.deal_closed,
                           handing_over=self.waiting_handover, viewer=self.viewer)

    # ----- the player's actions ------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "score_sheet":
            return self.session.variant.per_seat_payments
        if action == "hint":  # h answers (and says why not) off the turn; a no-hints match
            return True if self.session.hints else None  # hides it (h still says why)
        if action == "speed":  # only bots have a pace
            return not all(p.is_human for p in self.session.people)
        if action == "undo":
            return (not self.deal_closed and not self.waiting_handover
                    and self.session.undo_point() is not None)
        if action in ("play", "move", "play_selected", "special", "signal", "continue",
                      "last_trick", "auction"):
            v, private = self.shown_view()
            mine = private and self.my_turn(v)
            if action == "auction":
                return mine and v.phase in BIDDING
            if action in ("play", "move", "play_selected"):
                # shown all through the play, not only on the player's turn: the footer
                # would otherwise be rebuilt at every turn (the keys wait for the turn)
                holding = private and not self.deal_closed and not self.waiting_handover
                if action == "play" and len(parameters) == 2:  # the footer's "1-n Play"
                    holding = holding and min(len(v.hand), 10) == parameters[1]
                return holding and v.phase in CARD_PHASES
            if action == "special":
                return mine and parameters[0] in v.legal
            if action == "signal":
                return mine and any(A.is_signal(a) for a in v.legal)
            if action == "continue":
                return self.show_finished or self.review
            if action == "last_trick":
                return bool(v.tricks)
        return True

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

    def on_screen_resume(self) -> None:
        # the table came into view (opened, or back from a hand-over, a summary, a
        # dialog): an Enter meant for what was there must not play a card here
        self.armed = False

    def on_key(self, event: events.Key) -> None:
        # any key puts a finished trick away (the next card played does too)
        if self.show_finished and event.key not in ("l",):
            self.show_finished = False
            self.call_after_refresh(self.refresh_table)
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
            self.refresh_table()
            return
        card = hand[index]
        self.selected = index
        try:
            self.act(A.with_card(CARD_PHASES[v.phase], card), v.seat)
        except IllegalAction as e:
            refusal = (_("You cannot play {card}: {rule}.") if who == "You"
                       else _("{who} cannot play {card}: {rule}."))
            self.notice = spliced(refusal, "bold red", who=who, rule=e.rule,
                                  card=card_text(card, self.session.card_style))
            self.app.bell()
            self.refresh_table()

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
        self.refresh_table()

    def action_play_selected(self) -> None:
        """Play the card under the cursor; an Enter coming just as the table came into view
        (meant for the screen before) only arms the key."""
        v, private = self.shown_view()
        if not (private and self.my_turn(v)) or v.phase not in CARD_PHASES:
            return
        if not self.armed:
            self.armed = True
            self.notice = Text(say("Notice", "armed"), style="bold yellow")
            self.refresh_table()
            return
        self.try_play(self.selected)

    @on(CardClicked)
    def card_clicked(self, message: CardClicked) -> None:
        self.try_play(message.index)
