"""The facts of a deal the checks read from the engine's own data: card points and
strength, the pack's points, where every card lies, who takes a trick; and ``Problem``, what
a check reports."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import rank_of, suit_of
from ..state import GameState

if TYPE_CHECKING:
    from ..variant import Variant


@dataclass(frozen=True)
class Problem:
    kind: str  # cards, actions, tricks, plays, views, result, replay, match, crash
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


def card_value(v: Variant, card: int) -> int:
    return v.ranking.points[rank_of(card)]


def card_strength(v: Variant, card: int) -> int:
    return v.ranking.strength[rank_of(card)]


def pack_points(v: Variant) -> int:
    """The card points in the game's pack (120; 240 with two packs)."""
    return sum(card_value(v, c) for c in v.pack())


def deal_total(v: Variant) -> int:
    """The card points a deal played out shares between the sides: the pack's, plus what
    the game itself says it adds (Sueca Brasileira's last-trick bonus)."""
    hook = getattr(v, "total_points", None)
    return int(hook()) if hook is not None else pack_points(v)


def card_places(state: GameState) -> dict[str, list[int]]:
    """Where each card of the deal lies, by place."""
    places = {
        "deck": list(state.deck),
        "hands": [c for h in state.hands for c in h],
        "stock": list(state.stock),
        "indicator": [] if state.indicator is None else [state.indicator],
        "under indicator": [] if state.exchange.under is None else [state.exchange.under[1]],
        "trick": list(state.trick),
        "tricks": [c for t in state.tricks for c in t.cards],
        "monte": list(state.aside.monte),
        "discards": list(state.aside.discards),
    }
    if state.layout is None and not any(places.values()) and state.layout_given is not None:
        lay = state.layout_given  # a given layout not yet dealt (before a cut or knock)
        places["layout"] = [c for h in lay.hands for c in h] + list(lay.stock) + (
            [] if lay.indicator is None else [lay.indicator])
    return places


def trick_winner(v: Variant, trump: int, seats: tuple[int, ...], cards: tuple[int, ...]) -> int:
    """The seat that takes a trick: the highest trump, else the highest card of the suit
    led; of two identical cards the first played."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if suit_of(c) == suit_of(b):
            if card_strength(v, c) > card_strength(v, b):
                best = i
        elif suit_of(c) == trump:
            best = i
    return seats[best]

