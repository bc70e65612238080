"""What the call dialog (``CallScreen``) offers: the ranks that may be called, in the
game's order, the card it opens on, the card a rank and a suit make, and what a key picks,
as the faces of the pack being drawn name them. Plain, so that what may be called and what
a key picks are known without drawing the dialog."""

from __future__ import annotations

from ...engine.cards import RANKS, SUITS, make_card, rank_of, suit_of
from ..cardart import pack_of


class CallChoices:
    """The cards that may be called (``cards``), the caller's ``hand``, the game's rank
    ``order`` (highest first) and the pack's ``style``."""

    def __init__(self, cards: list[int], hand: tuple[int, ...], order: str,
                 style: str) -> None:
        self.cards = set(cards)
        self.hand = set(hand)
        self.ranks = [r for r in order if any(rank_of(c) == RANKS.index(r) for c in cards)]
        self.pack = pack_of(style)
        self.rank_keys = {self.pack.rank_key(r): r for r in self.ranks}
        self.suit_keys = {self.pack.suit_key(x): x for x in range(len(SUITS))}
        # the card it opens on: the first, in rank order then suit, of those that may be
        # called, one not in hand if there is such
        self.first = min(cards, key=lambda c: (c in self.hand,
                                               self.ranks.index(RANKS[rank_of(c)]), suit_of(c)))

    def card(self, rank: int | None, suit: int | None) -> int | None:
        """The card of the ``rank``-th rank listed and of ``suit``, if it may be called."""
        if rank is None or suit is None:
            return None
        card = make_card(RANKS.index(self.ranks[rank]), suit)
        return card if card in self.cards else None

    def key(self, char: str, on_suits: bool) -> tuple[str, int] | None:
        """What a key picks: ("rank", the rank's line) or ("suit", the suit), or None.
        Where a key names both a rank and a suit (c in the Italian pack: the Horse or cups),
        the suits take it when they are the list in use."""
        char = char.lower()
        rank = self.rank_keys.get(char)
        suit = self.suit_keys.get(char)
        if rank is not None and (suit is None or not on_suits):
            return "rank", self.ranks.index(rank)
        if suit is not None:
            return "suit", suit
        return None
