"""The coach's advice in the table's words: a hint as the side panel shows it, a reviewed
decision as one line, the position of a decision as a small picture.

No widgets here: the table (``screens/table_coach.py``) and the review screen
(``screens/review.py``) draw what these functions write. The numbers come from the coach
(``bisca_tui.coach``), which reads only the seat's view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from ..coach import Decision, Hint, OtherDecision
from ..engine import actions as A
from ..engine.actions import Kind as K
from ..engine.narrate import Part, bid_label, template
from ..engine.records import Record, replay_record
from ..engine.state import GameState
from ..engine.variant import Variant
from ..engine.view import SeatView
from ..lang import number, pgettext
from .cardart import card_text, rank_glyph, suit_text
from .styled import drawn, styled

# marks are said in words as well as colour (a terminal may have no colour)
MARK_STYLE = {"blunder": "bold red", "mistake": "bold yellow"}


def mark_text(mark: str) -> Text:
    """A mistake or blunder, its sign and its word in its colour: ``?? blunder``."""
    return review_text(f"mark.{mark}", MARK_STYLE[mark])


def review_text(form: str, style: str | Sequence[str] = "", **fields: Any) -> Text:
    """The table's ``Review`` sentence in ``form`` as ``styled`` draws it."""
    return styled("Review", form, style, **fields)


def action_label(variant: Variant, action: int, style: str) -> Text:
    """An action as a player names it: a card, or a special action with its key."""
    if A.is_play(action):
        return card_text(action, style)
    for k in variant.special_keys:
        if k.action == action:
            return review_text("key", label=k.label, key=k.key)
    if A.is_signal(action):
        k = action - A.SIGNAL
        signals = variant.signals
        meaning = signals[k].meaning if k < len(signals) else str(k)
        return review_text("signal", meaning=meaning)
    kind = A.kind(action)
    if kind is K.DISCARD:
        return review_text("discard", card=card_text(A.card_of(action), style))
    if kind in (K.PASS, K.BID, K.REOPEN):
        return (review_text("bid", bid=bid_label(variant, action)) if action != A.PASS
                else review_text("pass"))
    if kind is K.CALL:
        return review_text("call", card=card_text(A.card_of(action), style))
    return Text(A.action_str(action, variant.signal_names).replace(":", " "))


def parts_text(parts: tuple[Part, ...], text: str, style: str) -> Text:
    """A reason as the coach wrote it, its cards drawn as the table draws them (or its
    plain text, when it came without parts)."""
    if not parts:
        return Text(text)
    return drawn(parts, style)


def percent(x: float | None) -> str:
    return "  –" if x is None else f"{round(100 * x):>3d}%"


def points_cell(x: float | None) -> str:
    return "  –" if x is None else f"{x:>3.0f}"


# under the advice for a bid, a call or a signal, whose reason may well quote a number (the
# points in hand): what the search does not give for it
def rule_of_thumb() -> str:
    return template("Review", "rule_of_thumb")


def hint_text(hint: Hint, variant: Variant, style: str, hand: tuple[int, ...],
              head: str = "advised") -> Text:
    """The side panel's hint: the advised action (with its key in the hand), the reason,
    then every legal action with its expected card points and its chance to win the deal,
    the advised one marked by a ▶ (not by colour alone); what the columns mean is
    ``hint_legend``'s, shown under it."""
    action = action_label(variant, hint.action, style)
    if hint.action in hand:
        k = hand.index(hint.action)
        if k < 10:
            action = review_text("key", label=action, key="0" if k == 9 else k + 1)
    t = review_text(head, action=action)
    t.stylize("bold", 0, len(t))
    if hint.reason:
        t.append("\n")
        t.append_text(parts_text(hint.reason_parts, hint.reason, style))
    numbers = [o for o in hint.options if o.points is not None]
    if not numbers:
        t.append("\n")
        t.append(rule_of_thumb(), style="bright_black")
        return t
    t.append("\n\n")
    # translators: the heads of the hint's columns, each over its column: the card (five
    # letters from the third), the points it is expected to bring, its chance to win
    t.append(pgettext("hint", "  card  points  win"), style="bold")
    for o in hint.options:
        best = o.action == hint.action
        t.append("\n")
        t.append("▶ " if best else "  ", style="bold green" if best else "")
        label = action_label(variant, o.action, style)
        label.pad_right(max(0, 5 - label.cell_len))
        t.append_text(label)
        t.append(f"   {points_cell(o.points)}   {percent(o.win)}",
                 style="bold" if best else "")
    return t


def hint_legend(hint: Hint) -> Text | None:
    """What the hint's columns mean (None when it shows no figures)."""
    if not any(o.points is not None for o in hint.options):
        return None
    return review_text("legend", "bright_black")


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
                review_text("other_choice", "italic") if d.differs
                else Text("", style="italic")]
    played = action_label(variant, d.played, style)
    best = (Text("=", style="bright_black") if d.best == d.played
            else action_label(variant, d.best, style))
    lost = Text(number(d.loss, 1) if d.loss >= 0.05 else "–",
                style=MARK_STYLE.get(d.mark, ""), justify="right")
    mark = mark_text(d.mark) if d.mark else Text("")
    return [Text(str(trick), justify="right"), played, best, lost, mark]


def other_text(d: OtherDecision, style: str, variant: Variant) -> Text:
    """A decision other than a card: what was done, what the hard level would do, why."""
    played = action_label(variant, d.played, style)
    if d.differs:
        t = review_text("chose", ("bold", "bold", ""), played=played,
                        advised=action_label(variant, d.advised, style))
    else:
        t = review_text("chose.same", ("bold", "green"), played=played)
        if t.plain.endswith("."):  # the full stop unstyled, as after the other form
            t.right_crop(1)
            t.append(".")
    t.append("\n")
    if d.reason:
        t.append_text(parts_text(d.reason_parts, d.reason, style))
    t.append("\n")
    t.append(rule_of_thumb(), style="bright_black")
    return t


def reason_of(d: Decision, style: str, variant: Variant) -> Text:
    """Why a decision was marked: the coach's reason, or else what its numbers say."""
    if d.reason:
        return parts_text(d.reason_parts, d.reason, style)
    hoped = f"{d.expected + d.loss:.0f}"
    return review_text("expected.one" if hoped == "1" else "expected.many",
                       best=action_label(variant, d.best, style), hoped=hoped,
                       played=action_label(variant, d.played, style),
                       got=f"{d.expected:.0f}")


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
    return t or review_text("none", "bright_black")


def position_text(p: Position, variant: Variant, style: str,
                  name: Callable[[int], str]) -> Text:
    """A position in a few lines: trumps, the trick so far, the hand, the cards gone."""
    v = p.view
    t = review_text("trick", "bold", trick=p.trick)
    if v.trump is not None:
        t.append("  ")
        t.append_text(review_text("trumps", suit=suit_text(v.trump, style)))
    t.append("\n")
    if v.trick:
        plays = [review_text("table.play", seat=name(seat), card=card_text(card, style))
                 for seat, card in v.trick]
        t.append_text(review_text("table", "bold", plays=Text(", ").join(plays)))
    else:
        t.append_text(review_text("table", "bold", plays=review_text("table.empty")))
    hand = cards_by_suit(list(v.hand), variant, style, lambda c: rank_glyph(c, style))
    t.append("\n")
    t.append_text(review_text("hand", "bold", cards=hand))
    gone = [c for trick in v.tricks for c in trick.cards]
    t.append("\n")
    t.append_text(review_text("gone", "bold", count=len(gone),
                              cards=cards_by_suit(gone, variant, style,
                                                  lambda c: rank_glyph(c, style))))
    if variant.draws:
        t.append("\n")
        t.append_text(review_text("stock.one" if v.stock_count == 1 else "stock.many",
                                  count=v.stock_count))
    return t
