"""The trump exchange: a low trump from the hand takes the face-up indicator's place.

One mechanism for every game that has it, a part of the play phase (``ExchangePart``),
described by an ``ExchangeRule`` on the variant:

- which trump may be given for the indicator (``card_for``): Capixaba's 2 for any
  indicator; Spanish Brisca's 7 for an Ace, Three or court card, its 2 for a 4 to 7, nothing
  for an indicator 2;
- when: on the holder's own turn, before playing a card, while the stock lasts
  (``first_trick_only``: Capixaba, only before one's first card; ``once``: one exchange a
  deal);
- how: at once (``announce`` False: the card and the indicator swap places), or announced
  (Spanish Brisca): the card is laid under the indicator for all to see, and at the
  announcer's next trick win, before anyone draws, the indicator joins that hand and the
  laid card becomes the indicator; if the stock runs out first, the laid card goes back.

Every exchange is logged on the state (``GameState.exchange.steps``) as ``Exchange`` steps,
and the card laid under the indicator is public (``GameState.exchange.under``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import actions as A
from . import events as E
from .cards import (
    R_2,
    R_3,
    R_7,
    R_ACE,
    R_J,
    R_K,
    R_Q,
    card_name,
    make_card,
    pack_named,
    rank_of,
)
from .narrate.sayings import Refusal
from .phase_data import Exchanges
from .phases import PlayPart

if TYPE_CHECKING:
    from .state import GameState
    from .variant import Variant

ANNOUNCED = "announced"  # laid under the indicator
TAKEN = "taken"  # the indicator joined the hand (at once, or at the next trick won)
RETURNED = "returned"  # the stock ran out first: the laid card went back to the hand


@dataclass(frozen=True)
class Exchange:
    """One step of an exchange: ``seat`` gave ``gave`` for the indicator ``took``."""

    seat: int
    gave: int
    took: int
    trick: int  # the number of tricks complete when it happened
    what: str  # ANNOUNCED, TAKEN or RETURNED


def two_for_any(indicator: int) -> int | None:
    """Capixaba: the 2 of trumps takes any indicator."""
    return R_2


def seven_or_two(indicator: int) -> int | None:
    """Spanish Brisca: the 7 of trumps for an Ace, Three, King, Horse or Jack; the 2 for a
    4 to 7; an indicator 2 cannot be exchanged."""
    r = rank_of(indicator)
    if r in (R_ACE, R_3, R_K, R_Q, R_J):
        return R_7
    if r == R_2:
        return None
    return R_2


@dataclass(frozen=True)
class ExchangeRule:
    card_for: Callable[[int], int | None] = field(default=two_for_any, compare=False)
    announce: bool = False
    first_trick_only: bool = False
    once: bool = False


class ExchangePart(PlayPart):
    """The trump exchange as a part of play: offered before the cards while the variant's
    rule (``Variant.exchange_rule``) allows it; an announced one completes at its announcer's
    next trick won (``trick_won``) or goes back when the indicator is drawn first."""

    def applies(self, variant: Variant) -> bool:
        return variant.exchange is not None

    def owns(self, action: int) -> bool:
        return action == A.EXCHANGE

    def card(self, state: GameState) -> int | None:
        """The trump the seat to act could give for the indicator now, if the rule allows an
        exchange at this moment (whether or not the seat holds it)."""
        seat = state.current
        if seat is None or state.indicator is None or not state.stock:
            return None
        if state.exchange.under is not None:
            return None  # one announcement at a time
        rule = state.variant.exchange_rule(state)  # asked last: it is a call of the variant
        if rule is None:
            return None
        if rule.once and state.exchange.steps:
            return None
        if rule.first_trick_only and (state.tricks or seat in state.trick_seats):
            return None
        rank = rule.card_for(state.indicator)
        if rank is None:
            return None
        return make_card(rank, state.trump)


    def actions(self, state: GameState) -> list[int]:
        if state.indicator is None or not state.stock:  # most turns: no exchange, at once
            return []
        card = self.card(state)
        seat = state.current
        return [A.EXCHANGE] if card is not None and card in state.hands[seat] else []


    def why_not(self, state: GameState) -> Refusal:
        """Why the seat to act may not exchange now (a sentence of the table)."""
        rule = state.variant.exchange_rule(state)
        if rule is None:
            return Refusal("exchange.none")
        if state.indicator is None or not state.stock:
            return Refusal("exchange.stock")
        if state.exchange.under is not None:
            return Refusal("exchange.announced")
        if rule.once and state.exchange.steps:
            return Refusal("exchange.done")
        if rule.first_trick_only and state.tricks:
            return Refusal("exchange.first_trick")
        rank = rule.card_for(state.indicator)
        pack = state.variant.pack_style  # the cards named in the game's own pack
        indicator = card_name(state.indicator, pack)
        if rank is None:
            return Refusal("exchange.indicator", indicator=indicator)
        word = pack_named(pack).rank_name(make_card(rank, state.trump))
        return Refusal("exchange.holder", rank=word, indicator=indicator)


    def apply(self, state: GameState, action: int) -> None:
        """The seat to act exchanges (or announces an exchange); it stays that seat's turn."""
        rule = state.variant.exchange_rule(state)
        seat = state.current
        card = self.card(state)
        assert rule is not None and seat is not None and card is not None
        assert state.indicator is not None
        state.hands[seat].remove(card)
        for row in state.known:  # the card now lies face up: nobody holds it any more
            row[seat].discard(card)
        n = len(state.tricks)
        if rule.announce:
            self._log(state, Exchange(seat, card, state.indicator, n, ANNOUNCED), (seat, card))
            state.events.append(E.ExchangeAnnounced(seat, card, state.indicator))
            return
        took = state.indicator
        state.hands[seat].append(took)
        state.indicator = card
        self._log(state, Exchange(seat, card, took, n, TAKEN), None)
        state.make_public(seat, took)
        state.events.append(E.ExchangeMade(seat, card, took))


    @staticmethod
    def _log(state: GameState, step: Exchange, under: tuple[int, int] | None) -> None:
        """One more step of the exchanges, and what now lies under the indicator."""
        state.exchange = Exchanges(state.exchange.steps + (step,), under)


    def trick_won(self, state: GameState, winner: int) -> None:
        """An announced exchange completes when its announcer wins a trick, before the draws."""
        pending = state.exchange.under
        if pending is None or pending[0] != winner or state.indicator is None:
            return
        seat, card = pending
        took = state.indicator
        state.hands[seat].append(took)
        state.indicator = card
        self._log(state, Exchange(seat, card, took, len(state.tricks), TAKEN), None)
        state.make_public(seat, took)
        state.events.append(E.ExchangeMade(seat, card, took))


    def indicator_drawn(self, state: GameState) -> None:
        """The stock ran out before the announcer won a trick: the laid card goes back."""
        pending = state.exchange.under
        if pending is None:
            return
        seat, card = pending
        state.hands[seat].append(card)
        self._log(state, Exchange(seat, card, card, len(state.tricks), RETURNED), None)
        state.make_public(seat, card)
        state.events.append(E.ExchangeReturned(seat, card))


PART = ExchangePart()
