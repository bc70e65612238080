"""Dealing: a deal's layout of cards, its checks, and the one dealing routine.

``deal`` deals ``state.deck`` in the variant's batches (or installs a given ``Layout``),
turns the indicator where there is one, and enters the next phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import events as E
from .cards import SUITS, card_str
from .errors import LayoutError
from .phase_data import Aside
from .phases import PLAY

if TYPE_CHECKING:
    from .state import GameState
    from .variant import Variant


@dataclass(frozen=True)
class Layout:
    """The cards after the deal: hands by seat, the face-up indicator (or just a trump suit
    when there is none), and the face-down stock, top card first."""

    hands: tuple[tuple[int, ...], ...]
    trump: int
    indicator: int | None
    stock: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [[card_str(c) for c in h] for h in self.hands],
            "indicator": None if self.indicator is None else card_str(self.indicator),
            "trump": SUITS[self.trump],
            "stock": [card_str(c) for c in self.stock],
        }


def check_layout(v: Variant, layout: Layout) -> None:
    """Refuse a layout that is not a deal of this variant (``LayoutError`` says why)."""
    n = v.n
    if len(layout.hands) != n:
        raise LayoutError(f"{v.name} deals {n} hands, the layout has {len(layout.hands)}")
    seen: set[int] = set()
    everything = [c for h in layout.hands for c in h] + list(layout.stock)
    if layout.indicator is not None:
        everything.append(layout.indicator)
    for c in everything:
        if c in seen:
            raise LayoutError(f"card {card_str(c)} appears twice in the layout")
        seen.add(c)
    pack = set(v.pack())
    if seen != pack:
        stray = sorted(seen - pack)
        if stray:
            raise LayoutError(f"card {card_str(stray[0])} is not in the {v.name} pack")
        missing = sorted(pack - seen)
        raise LayoutError(f"card {card_str(missing[0])} is missing from the layout")
    for seat, hand in enumerate(layout.hands):
        if len(hand) != v.hand_size:
            raise LayoutError(f"seat {seat} holds {len(hand)} cards; {v.name} deals {v.hand_size}")
    if layout.indicator is not None and v.suit[layout.indicator] != layout.trump:
        raise LayoutError("the trump suit must be the indicator's suit")
    if layout.indicator is None and v.has_indicator and not v.may_lack_indicator:
        raise LayoutError(f"{v.name} turns a trump indicator; the layout has none")
    v.check_layout(layout)


def deal(state: GameState, indicator_first: int | None = None, trump: int | None = None,
         then: str = PLAY) -> None:
    """Deal from ``state.deck`` (or install the given layout), then enter phase ``then``.

    ``indicator_first``: an indicator already turned before the deal (Capixaba's cut);
    ``trump`` without an indicator: a fixed trump suit (Capixaba's knock; 0 until a call).
    """
    v = state.variant
    if state.layout_given is not None:
        install_layout(state, state.layout_given)
    else:
        deck = state.deck
        pos = 0
        n = state.n
        for batch in v.batches:
            for i in range(n):
                seat = (state.eldest + i) % n
                state.hands[seat].extend(deck[pos:pos + batch])
                pos += batch
        if trump is not None:
            state.trump = trump
            state.indicator = indicator_first
        elif indicator_first is not None:
            state.indicator = indicator_first
            state.trump = v.suit[indicator_first]
        elif v.has_indicator:
            state.indicator = deck[pos]
            state.trump = v.suit[state.indicator]
            pos += 1
        rest = deck[pos:] if v.draws or v.monte_size else []
        if not v.draws and len(deck[pos:]) != v.monte_size:
            raise LayoutError("cards left over after the deal")
        if v.monte_size:
            state.aside = Aside(monte=tuple(rest))  # face down on the table for the bidder
        else:
            state.stock = list(reversed(rest))
        state.deck = []
        state.indicator_card = state.indicator
        state.layout = Layout(
            tuple(tuple(h) for h in state.hands), state.trump, state.indicator, tuple(rest)
        )
    if state.indicator is not None:
        state.events.append(tuple.__new__(E.IndicatorTurned, (state.indicator,)))
    state.enter(then)


def install_layout(state: GameState, layout: Layout) -> None:
    state.hands = [list(h) for h in layout.hands]
    state.trump = layout.trump
    state.indicator = layout.indicator
    state.indicator_card = layout.indicator
    if state.variant.monte_size:  # a layout's undealt cards are the monte
        state.aside = Aside(monte=tuple(layout.stock))
    else:
        state.stock = list(reversed(layout.stock))
    state.layout = layout
