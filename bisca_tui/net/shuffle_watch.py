"""A client's check of the host's shuffles: the commitment the host said before each deal,
the hand this seat was dealt, and once the deal is over the seed and the salt the host says
gave both.

A host that changed the cards during a deal, or dealt other cards than its seed deals,
cannot show a seed and a salt that give the commitment it said first and deal the hand this
seat was given: the check says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.codec import cards_from_json
from ..engine.record_reading import MAX_DEALS, SEED_MAX
from ..engine.shuffle_proof import commitment, is_commitment, is_salt
from ..engine.state import GameState
from ..engine.variant import Variant

PROVEN = "proven"  # the seed and the salt give the commitment, and the hand dealt
COMMITMENT_ONLY = "commitment only"  # they give the commitment; the hand was not seen dealt
NOT_TOLD = "not told"  # no commitment was said before the deal
BROKEN = "broken"  # they do not give the commitment said before the deal
OTHER_HAND = "other hand"  # the seed deals this seat another hand than it was given
HOLDS = (PROVEN, COMMITMENT_ONLY)  # the verdicts of a shuffle that is the one committed to


@dataclass
class ShuffleWatch:
    """What one client was told of each deal's shuffle (deals counted from 1)."""

    told: dict[int, str] = field(default_factory=dict)  # the commitment said before
    dealt: dict[int, tuple[int, int, frozenset[int]]] = field(default_factory=dict)

    def committed(self, deal: int, said: str) -> bool:
        """The commitment said before deal ``deal``; the first one said counts (a host
        cannot take it back). False for one that is no commitment."""
        if not is_commitment(said) or not 1 <= deal <= MAX_DEALS:
            return False
        self.told.setdefault(deal, said)
        return True

    def saw_dealt(self, deal: int, dealer: int, seat: int, hand: Any) -> None:
        """This seat's hand before anyone acted in deal ``deal``."""
        if 1 <= deal <= MAX_DEALS:  # a match's deals, however many a host says
            self.dealt.setdefault(deal, (dealer, seat, frozenset(hand)))

    def saw_view(self, message: dict[str, Any]) -> None:
        """A ``view`` message as it came: its seat's hand, when nobody has acted yet in its
        deal (anything else in it, or a malformed one, is not this check's business)."""
        token, view, seat = message.get("token"), message.get("view"), message.get("seat")
        if not (isinstance(token, list) and len(token) == 2 and token[1] == 0
                and isinstance(token[0], int) and isinstance(view, dict)
                and isinstance(seat, int) and isinstance(view.get("dealer"), int)):
            return
        try:
            hand = cards_from_json(view.get("hand"))
        except (AttributeError, TypeError, ValueError):
            return
        self.saw_dealt(token[0], view["dealer"], seat, hand)

    def revealed(self, deal: int, seed: Any, salt: Any, variant: Variant) -> str:
        """What the seed and the salt said after deal ``deal`` prove (``PROVEN`` ...)."""
        said = self.told.get(deal)
        if said is None:
            return NOT_TOLD
        if not (isinstance(seed, int) and not isinstance(seed, bool)
                and 0 <= seed <= SEED_MAX and is_salt(salt)):
            return BROKEN
        if commitment(seed, salt) != said:
            return BROKEN
        if deal not in self.dealt:
            return COMMITMENT_ONLY
        dealer, seat, hand = self.dealt[deal]
        if not (0 <= dealer < variant.n and 0 <= seat < variant.n):
            return OTHER_HAND
        fresh = GameState(variant, dealer, seed)
        return PROVEN if frozenset(fresh.hands[seat]) == hand else OTHER_HAND
