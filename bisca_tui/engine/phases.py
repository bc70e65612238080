"""The phases of a deal, named once.

A deal moves through phases (OpenSpiel's Skat is the model): each variant lists the phases
it uses (``Variant.phases``), ``GameState.apply`` switches on the phase, and the table, the
bots, replay and records import these names instead of spelling them again.
"""

from __future__ import annotations

DEAL = "deal"  # the cards are not yet dealt
CUT_OR_KNOCK = "cut_or_knock"  # Capixaba: the seat to the dealer's right chooses
AUCTION = "auction"  # bidding for the right to name trumps
CALL = "call"  # the auction's winner names trumps by calling a card
CLAIM = "claim"  # a hand without counting cards may be shown to demand a redeal
DISCARD = "discard"  # the bidder, having taken the monte, lays as many cards aside
DECLARE = "declare"  # the bidder holding the called card: alone, or show it
PLAY = "play"  # cards are played (drawing and signals included)
OVER = "over"  # the deal is finished

# phases in which the trump suit is not yet public
BEFORE_TRUMPS = frozenset({DEAL, CUT_OR_KNOCK, CLAIM, AUCTION, CALL})
# phases whose actions are not cards: the table offers them through a dialog
BIDDING = frozenset({CLAIM, AUCTION, CALL, DECLARE})

ALL = (DEAL, CUT_OR_KNOCK, CLAIM, AUCTION, CALL, DISCARD, DECLARE, PLAY, OVER)
