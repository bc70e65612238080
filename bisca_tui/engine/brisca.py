"""Spanish Brisca for two, three or four players (four in partnership, with signs).

The Spanish 40-card pack (the 2 of oros taken out with three players) ranked A 3 K Q J 7 6 5
4 2 with the usual points. Three cards each, dealt one at a time counter-clockwise from the
dealer's right; the next card is turned as the trump indicator and the stock laid across it.
Eldest leads; play is free (house rule ``arrastre``: once the stock is gone, follow suit and
beat if able, else trump); the trick's winner draws first and the indicator is the last card
drawn. The indicator may be exchanged: an Ace, Three, King, Horse or Jack for the 7 of
trumps, a 4 to 7 for the 2, announced by laying that card under the indicator and completed
at the announcer's next trick win while the stock lasts (house rule ``exchange``: at once
instead, or not at all). The highest score takes the hand, partners adding up; equal highest
scores all take it. The match goes to an agreed number of hands; a tie at the target plays on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import actions as A
from .cards import R_3, R_ACE, R_J, R_K, R_Q, SPANISH, make_card, parse_card, rank_of, suit_of
from .exchange import ExchangeRule, seven_or_two
from .variant import (
    ARRASTRE,
    ASK_CARDS,
    ASK_POINTS,
    FREE,
    REQUEST,
    VOID,
    DealScore,
    HouseRule,
    Signal,
    SpecialKey,
    Variant,
    highest_takes_it,
    register,
)

if TYPE_CHECKING:
    from .state import GameState

ANNOUNCED_EXCHANGE = ExchangeRule(seven_or_two, announce=True)
IMMEDIATE_EXCHANGE = ExchangeRule(seven_or_two, announce=False)


def _trump(rank: int):
    def holds(hand: Sequence[int], trump: int) -> bool:
        return make_card(rank, trump) in hand
    return holds


def _briscas(hand: Sequence[int], trump: int) -> bool:
    return any(suit_of(c) != trump and rank_of(c) in (R_ACE, R_3) for c in hand)


def _no_trumps(hand: Sequence[int], trump: int) -> bool:
    return not any(suit_of(c) == trump for c in hand)


def _always(hand: Sequence[int], trump: int) -> bool:
    return True


BRISCA_SIGNS = (
    Signal("ace_of_trumps", "The Ace of trumps", "the eyes raised", _trump(R_ACE)),
    Signal("three_of_trumps", "The Three of trumps", "a wink", _trump(R_3)),
    Signal("king_of_trumps", "The King of trumps", "the lips pushed forward", _trump(R_K)),
    Signal("horse_of_trumps", "The Horse of trumps", "the mouth twisted to the right",
           _trump(R_Q)),
    Signal("jack_of_trumps", "The Jack of trumps", "the tip of the tongue shown", _trump(R_J)),
    Signal("briscas", "An Ace or Three of a plain suit", "the head tilted to one side",
           _briscas),
    Signal("no_trumps", "No trumps at all", "both eyes closed", _no_trumps, VOID),
    Signal(ASK_POINTS, "Please play a card with points (not a brisca, not a trump)",
           "a soft puff of breath", _always, REQUEST),
    Signal(ASK_CARDS, "Please tell me your cards", "a long look at the partner", _always,
           REQUEST),
)


@register
class Brisca(Variant):
    id = "brisca"
    name = "Spanish Brisca"
    family = "brisca"
    description = ("Spanish Brisca for two, three or four (four in partnership, with signs): "
                   "free play, the indicator exchanged for the 7 or the 2, the highest score "
                   "takes the hand.")
    players = (2, 3, 4)
    default_players = 2
    ranking = SPANISH
    pack_style = "spanish"
    hand_size = 3
    batches = (1, 1, 1)
    restriction = FREE
    signals = BRISCA_SIGNS
    exchange = ANNOUNCED_EXCHANGE
    special_keys = (SpecialKey("x", A.EXCHANGE, "Exchange"),)
    house_rules = (
        HouseRule("match", 4, (2, 3, 4, 5, 6, 8, 10),
                  "Hands a player or side must take to win the match; a tie at the target "
                  "plays on."),
        HouseRule("exchange", "announce", ("announce", "immediate", "none"),
                  "announce: lay the 7 or 2 under the indicator, take it at your next trick "
                  "won. immediate: swap at once on your turn. none: no exchange."),
        HouseRule("intercept", 0.25, (0.0, 0.1, 0.25, 0.5, 0.75, 1.0),
                  "The chance that each opponent catches a sign meant for the partner."),
        HouseRule("arrastre", False, (False, True),
                  "Once the stock is gone, follow suit and beat the trick if able; a player "
                  "who cannot follow must trump (beating a trump on the trick if able)."),
    )

    def __init__(self, options=None, players=None) -> None:
        super().__init__(options, players)
        if self.options["arrastre"]:
            self.restriction = ARRASTRE

    def pack(self) -> list[int]:
        cards = list(range(40))
        if getattr(self, "n", 2) == 3:
            cards.remove(parse_card("2D"))  # the 2 of oros
        return cards

    def active_signals(self) -> tuple[Signal, ...]:
        return BRISCA_SIGNS if self.n == 4 else ()

    def exchange_rule(self, state: GameState) -> ExchangeRule | None:
        how = self.options["exchange"]
        if how == "none":
            return None
        return ANNOUNCED_EXCHANGE if how == "announce" else IMMEDIATE_EXCHANGE

    def match_target(self) -> int:
        return int(self.options["match"])

    def score(self, state: GameState) -> DealScore:
        return highest_takes_it(*self.team_points(state))
