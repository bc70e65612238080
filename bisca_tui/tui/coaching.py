"""The coach's advice in the table's words: a hint as the side panel shows it, a reviewed
decision as one line, the position of a decision as a small picture.

No widgets here: the table (``screens/table_coach.py``) and the review screen
(``screens/review.py``) draw what these functions write. The numbers come from the coach
(``bisca_tui.coach``), which reads only the seat's view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text

from ..coach import Decision, Hint, OtherDecision
from ..engine import actions as A
from ..engine.actions import Kind as K
from ..engine.narrate import CardRef, Part, bid_label
from ..engine.records import Record, replay_record
from ..engine.state import GameState
from ..engine.variant import Variant
from ..engine.view import SeatView
from ..engine.words import count
from .cardart import card_text, rank_glyph, suit_text

# marks are said in words as well as colour (a terminal may have no colour)
MARK_STYLE = {"blunder": "bold red", "mistake": "bold yellow"}
MARK_SIGN = {"blunder": "??", "mistake": "?"}


def hint_seed(match_seed: int, deal: int, moves: int) -> int:
    """The search's seed for a hint: one per position, so that asking twice agrees."""
    return (match_seed * 1_000_003 + deal * 1009 + moves) % (2**31)


def action_label(variant: Variant, action: int, style: str) -> Text:
    """An action as a player names it: a card, or a special action with its key."""
    if A.is_play(action):
        return card_text(action, style)
    for k in variant.special_keys:
        if k.action == action:
            return Text(f"{k.label} (key {k.key})")
    if A.is_signal(action):
        k = action - A.SIGNAL
        signals = variant.signals
        meaning = signals[k].meaning if k < len(signals) else str(k)
        return Text(f"the signal \"{meaning}\" (key s)")
    kind = A.kind(action)
    if kind is K.DISCARD:
        return Text("lay aside ").append_text(card_text(A.card_of(action), style))
    if kind in (K.PASS, K.BID, K.REOPEN):
        return Text(f"bid {bid_label(variant, action)}" if action != A.PASS else "pass")
    if kind is K.CALL:
        return Text("call ").append_text(card_text(A.card_of(action), style))
    return Text(A.action_str(action, variant.signal_names).replace(":", " "))


def parts_text(parts: tuple[Part, ...], text: str, style: str) -> Text:
    """A reason as the coach wrote it, its cards drawn as the table draws them (or its
    plain text, when it came without parts)."""
    if not parts:
        return Text(text)
    t = Text()
    for part in parts:
        if isinstance(part, CardRef):
            t.append_text(card_text(part.card, style))
        else:
            t.append(part)
    return t


def percent(x: float | None) -> str:
    return "  –" if x is None else f"{round(100 * x):>3d}%"


def points_cell(x: float | None) -> str:
    return "  –" if x is None else f"{x:>3.0f}"


# under the advice for a bid, a call or a signal, whose reason may well quote a number (the
# points in hand): what the search does not give for it
RULE_OF_THUMB = ("A rule of thumb: the search gives expected points and win chances for "
                 "cards only.")


def hint_text(hint: Hint, variant: Variant, style: str, hand: tuple[int, ...],
              head: str = "Advised: ") -> Text:
    """The side panel's hint: the advised action (with its key in the hand), the reason,
    then every legal action with its expected card points and its chance to win the deal,
    the advised one marked by a ▶ (not by colour alone)."""
    t = Text()
    t.append(head, style="bold")
    t.append_text(action_label(variant, hint.action, style))
    if hint.action in hand:
        k = hand.index(hint.action)
        if k < 10:
            t.append(f" (key {'0' if k == 9 else k + 1})")
    t.stylize("bold", 0, len(t))
    if hint.reason:
        t.append("\n")
        t.append_text(parts_text(hint.reason_parts, hint.reason, style))
    numbers = [o for o in hint.options if o.points is not None]
    if not numbers:
        t.append("\n")
        t.append(RULE_OF_THUMB, style="bright_black")
        return t
    t.append("\n\n")
    t.append("  card  points  win", style="bold")
    for o in hint.options:
        best = o.action == hint.action
        t.append("\n")
        t.append("▶ " if best else "  ", style="bold green" if best else "")
        label = action_label(variant, o.action, style)
        label.pad_right(max(0, 5 - label.cell_len))
        t.append_text(label)
        t.append(f"   {points_cell(o.points)}   {percent(o.win)}",
                 style="bold" if best else "")
    t.append("\n")
    t.append("points: your side's card points at the end of the deal, on average; win: "
             "its chance to win the deal.", style="bright_black")
    return t


# ----- a deal looked back on -------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """What the seat saw at one of its decisions: its view, and the trick's number."""

    step: int
    trick: int  # counted from 1
    view: SeatView


def positions(record: Record, deal: int, seat: int, steps: set[int]) -> dict[int, Position]:
    """The seat's view before each action ``steps`` of deal ``deal`` (0-based), replayed
    from the record."""
    start: list[GameState] = []

    def at_start(i: int, state: GameState) -> None:
        if i == deal:
            start.append(state.clone())

    replay_record(record, on_deal=at_start)
    state = start[0]
    variant = state.variant
    out: dict[int, Position] = {}
    for k, text in enumerate(record.deals[deal].actions):
        if k in steps:
            out[k] = Position(k, len(state.tricks) + 1, state.view(seat))
        state.apply(A.parse_action(text, variant.signal_names))
    return out


def decision_line(d: Decision | OtherDecision, trick: int, style: str,
                  variant: Variant) -> list[Text]:
    """The cells of one decision: trick, card played, best card, points lost, mark (a bid,
    a call, a signal: what the hard level would have done, without numbers)."""
    if isinstance(d, OtherDecision):
        advised = (Text("=", style="bright_black") if not d.differs
                   else action_label(variant, d.advised, style))
        return [Text(str(trick) if trick else "", justify="right"),
                action_label(variant, d.played, style), advised, Text(""),
                Text("other choice" if d.differs else "", style="italic")]
    played = action_label(variant, d.played, style)
    best = (Text("=", style="bright_black") if d.best == d.played
            else action_label(variant, d.best, style))
    lost = Text(f"{d.loss:.1f}" if d.loss >= 0.05 else "–",
                style=MARK_STYLE.get(d.mark, ""), justify="right")
    mark = (Text(f"{MARK_SIGN[d.mark]} {d.mark}", style=MARK_STYLE[d.mark]) if d.mark
            else Text(""))
    return [Text(str(trick), justify="right"), played, best, lost, mark]


def other_text(d: OtherDecision, style: str, variant: Variant) -> Text:
    """A decision other than a card: what was done, what the hard level would do, why."""
    t = Text()
    t.append("Chose ", style="bold")
    t.append_text(action_label(variant, d.played, style))
    if d.differs:
        t.append("; the hard level would have chosen ", style="bold")
        t.append_text(action_label(variant, d.advised, style))
    else:
        t.append("; the hard level would have done the same", style="green")
    t.append(".\n")
    if d.reason:
        t.append_text(parts_text(d.reason_parts, d.reason, style))
    t.append("\n")
    t.append(RULE_OF_THUMB, style="bright_black")
    return t


def reason_of(d: Decision, style: str, variant: Variant) -> Text:
    """Why a decision was marked: the coach's reason, or else what its numbers say."""
    t = Text()
    if d.reason:
        return parts_text(d.reason_parts, d.reason, style)
    t.append_text(action_label(variant, d.best, style))
    t.append(f" was expected to bring your side about {d.expected + d.loss:.0f} card "
             f"points; ")
    t.append_text(action_label(variant, d.played, style))
    t.append(f" about {d.expected:.0f}.")
    return t


def cards_by_suit(cards: list[int], variant: Variant, style: str,
                  rank_of: Callable[[int], str]) -> Text:
    """Cards grouped by suit, strongest first: ``♠ A 7 K  ♥ 3 2``."""
    t = Text()
    for suit in sorted({variant.suit[c] for c in cards}):
        if t:
            t.append("  ")
        t.append_text(suit_text(suit, style, with_name=False))
        for c in sorted((c for c in cards if variant.suit[c] == suit),
                        key=lambda c: -variant.strength[c]):
            t.append(" " + rank_of(c))
    return t or Text("none", style="bright_black")


def position_text(p: Position, variant: Variant, style: str,
                  name: Callable[[int], str]) -> Text:
    """A position in a few lines: trumps, the trick so far, the hand, the cards gone."""
    v = p.view
    t = Text()
    t.append(f"Trick {p.trick}", style="bold")
    if v.trump is not None:
        t.append("  trumps ")
        t.append_text(suit_text(v.trump, style))
    t.append("\nOn the table: ", style="bold")
    if v.trick:
        parts = []
        for seat, card in v.trick:
            part = Text(f"{name(seat)} ")
            part.append_text(card_text(card, style))
            parts.append(part)
        t.append_text(Text(", ").join(parts))
    else:
        t.append("nothing yet: you lead")
    t.append("\nYour hand: ", style="bold")
    t.append_text(cards_by_suit(list(v.hand), variant, style,
                                lambda c: rank_glyph(c, style)))
    gone = [c for trick in v.tricks for c in trick.cards]
    t.append(f"\nGone ({len(gone)}): ", style="bold")
    t.append_text(cards_by_suit(gone, variant, style, lambda c: rank_glyph(c, style)))
    if variant.draws:
        t.append(f"\nStock: {count(v.stock_count, 'card')}")
    return t
