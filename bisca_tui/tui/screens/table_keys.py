"""The keys of the table: their bindings, and which of them apply at the position shown.

Textual asks the screen's ``check_action`` about every key each time the footer is built, and
about a key as it is pressed. The answers depend only on the position shown (the game's
position, the seat whose hand shows, a hand-over under way, the trick left on the table or
looked back at), so ``KeysNow.at`` works them out once for a position and the screen looks
them up; ``KeysNow.footer`` is what the footer shows of them, which it is rebuilt for only
when that changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.binding import Binding

from ...engine import actions as A
from ...engine.spoken import special_key_label
from ...engine.variant import Variant
from ...lang import N_, _
from ..contract import BIDDING, CARD_PHASES

if TYPE_CHECKING:
    from .table import TableScreen


def hand_keys(n: int) -> str:
    """The number keys that reach the cards of a hand of ``n`` (10 or more: 1-9 and 0)."""
    return "1" if n <= 1 else f"1-{min(n, 9)}" + (",0" if n >= 10 else "")


TABLE_BINDINGS = [
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

CARD_KEYS = ("play", "move", "play_selected")


@dataclass(frozen=True)
class KeysNow:
    """Which of the table's keys apply at one position."""

    holding: bool  # a hand shows, in a phase of cards: the number keys (they wait for its turn)
    hand: int  # the cards in the hand shown: the footer's "1-n Play"
    bidding: bool  # the person shown is to bid or call: b
    specials: frozenset[int]  # the game's special actions the person shown may take now
    signal: bool  # the person shown may signal now
    going_on: bool  # a trick left on the table, or the last one shown again: space
    tricks: bool  # a trick was taken this deal: l
    undo: bool
    score_sheet: bool  # a game paid seat by seat
    hints: bool | None  # None: a match without hints (h hidden, but it still says why)
    speed: bool  # some seat is a bot's: v

    @classmethod
    def at(cls, screen: TableScreen) -> KeysNow:
        """The keys at the position ``screen`` shows."""
        s = screen.session
        v, private = screen.shown_view()
        mine = private and screen.my_turn(v)
        holding = (private and not screen.deal_closed and not screen.waiting_handover
                   and v.phase in CARD_PHASES)
        return cls(
            holding=holding, hand=len(v.hand), bidding=mine and v.phase in BIDDING,
            specials=frozenset(k.action for k in s.variant.special_keys
                               if mine and k.action in v.legal),
            signal=mine and any(A.is_signal(a) for a in v.legal),
            going_on=screen.show_finished or screen.review, tricks=bool(v.tricks),
            undo=screen.flow.can_undo(), score_sheet=s.variant.per_seat_payments,
            hints=True if s.hints else None,
            speed=not all(p.is_human for p in s.people))

    def answer(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``check_action``'s answer: whether the key of ``action`` applies (None: it shows
        disabled)."""
        if action in CARD_KEYS:
            # shown all through the play, not only on the player's turn: the footer would
            # otherwise be rebuilt at every turn (the keys wait for the turn)
            if action == "play" and len(parameters) == 2:  # the footer's "1-n Play"
                return self.holding and min(self.hand, 10) == parameters[1]
            return self.holding
        answers: dict[str, bool | None] = {
            "auction": self.bidding, "signal": self.signal, "continue": self.going_on,
            "last_trick": self.tricks, "undo": self.undo, "score_sheet": self.score_sheet,
            "hint": self.hints, "speed": self.speed}
        if action == "special":
            return parameters[0] in self.specials
        return answers.get(action, True)

    @property
    def footer(self) -> tuple[object, ...]:
        """What the footer shows of these keys: when it changes, the footer is built
        again."""
        return (self.holding, self.specials, self.signal, self.tricks, self.bidding,
                self.hand, self.undo)


def key_applies(variant: Variant, action: str) -> bool:
    """Whether a key's action is ever of use in ``variant``: the keys list leaves out
    signals in a game without them, the bidding in one without an auction and the score
    sheet where nobody pays seat by seat."""
    if action == "signal":
        return bool(variant.signals)
    if action == "auction":
        return any(phase.name in BIDDING for phase in variant.phases)
    if action == "score_sheet":
        return variant.per_seat_payments
    return True


def binding_words(variant: Variant, text: str) -> str:
    """A key's words in the language in use: a game's special keys are named by the
    game."""
    for key in variant.special_keys:
        if key.label == text:
            return special_key_label(key)
    return _(text) if text else text
