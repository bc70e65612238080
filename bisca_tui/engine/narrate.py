"""Actions told in words: one narrator for the table's log and for ``replay``.

Each function takes the variant (and, where it matters, the state the action was taken in)
and returns a short English phrase without the actor's name, so that callers put the name
(or "You") in front: "passes", "bids King", "calls the Ace of cups".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from .cards import SUIT_NAMES, SUITS, card_name

if TYPE_CHECKING:
    from .variant import Variant


def bid_label(variant: Variant, action: int) -> str:
    """A bid in words ("King", "Two for 70", "75 points"), or "pass"."""
    if action == A.PASS:
        return "pass"
    rules = getattr(variant, "auction_rules", None)
    if rules is not None:
        return rules.domain.label(action)
    return A.action_str(action)


def bid_phrase(variant: Variant, action: int) -> str:
    """What a seat did in the auction: "passes" or "bids King"."""
    if action == A.PASS:
        return "passes"
    return f"bids {bid_label(variant, action)}"


def call_phrase(card: int) -> str:
    """A call: "calls the Ace of hearts: hearts are trumps"."""
    return f"calls the {card_name(card)}: {SUIT_NAMES[SUITS[card % 40 // 10]]} are trumps"


def action_phrase(variant: Variant, action: int) -> str:
    """Any action other than a card played, in words."""
    if action == A.PASS or A.BID <= action < A.CALL:
        return bid_phrase(variant, action)
    if A.CALL <= action < A.TRUMP:
        return call_phrase(action - A.CALL)
    if action == A.CUT:
        return "cuts"
    if action == A.KNOCK:
        return "knocks: hearts are trumps"
    if action == A.EXCHANGE:
        return "exchanges the 2 of trumps for the indicator"
    return A.action_str(action, variant.signal_names)
