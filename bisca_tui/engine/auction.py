"""A generic auction: a bid domain, a final pass, and how the bidding ends.

The auction is event-sourced like the deal: its state is the log of what each seat said, and
``status`` works out from the log who speaks next, the high bid and whether it is over. A
variant describes its auction as data (``AuctionRules``):

- a **bid domain**: which bids exist and their order. ``Points``: a number of card points
  from a minimum (Sueca for five, Chiamata by points); ``RanksThenPoints``: Chiamata's
  descending ranks (the lower the rank called, the higher the bid) and, after "two", two
  for N points with N rising from 61;
- who opens (eldest or the dealer), and whether everyone speaks **once** or the bidding goes
  round until one bidder remains (a pass is final either way);
- what happens when **all pass**: a redeal by the same dealer, the dealer plays at zero, or
  a round in which each may reopen the bidding at the lowest bid or agree to a redeal.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import actions as A
from .cards import ITALIAN_PACK, RANKS
from .narrate.sayings import Refusal
from .narrate.wording import say


def rank_word(letter: str) -> str:
    """A rank as an Italian or Spanish player names it in a bid (the Q is the Horse), in
    the language in use."""
    return ITALIAN_PACK.rank_word(letter)


REDEAL = "redeal"  # all passed: the same dealer deals again
DEALER_AT_ZERO = "dealer-at-zero"  # all passed: the dealer plays, needing 61
# all passed: each in turn from the opener may reopen with the lowest bid (then everyone may
# bid again) or agree to a redeal; a redeal when all agree (Chiamata Subito al Due)
REOPEN = "reopen"


class BidDomain:
    """The bids of an auction, weakest first. Bids are action codes."""

    kind = ""

    def ladder(self) -> tuple[int, ...]:
        """Every bid, weakest first."""
        raise NotImplementedError

    def above(self, high: int | None) -> list[int]:
        """The bids that top ``high`` (every bid while there is none)."""
        bids = self.ladder()
        if high is None:
            return list(bids)
        return list(bids[bids.index(high) + 1:])

    def need(self, bid: int) -> int:
        """The card points the bidder's side needs after winning with ``bid``."""
        return max(61, bid - A.BID) if A.BID <= bid < A.BID_RANK else 61

    def label(self, bid: int) -> str:
        """The bid in words, for the table and replay."""
        return str(bid - A.BID)


@dataclass(frozen=True)
class Points(BidDomain):
    """A number of card points, from ``low`` to ``high``."""

    low: int = 61
    high: int = 120
    kind = "points"

    def ladder(self) -> tuple[int, ...]:
        return tuple(A.BID + n for n in range(self.low, self.high + 1))

    def label(self, bid: int) -> str:
        return say("Action", "points.many", count=bid - A.BID)


@dataclass(frozen=True)
class RanksThenPoints(BidDomain):
    """Chiamata's bids: a rank to call, from ``order``'s first (the weakest bid) down to the
    rank before the last; the last rank (the two) is bid as "two for N points", N from 61."""

    order: str = "A3KQJ76542"  # ranks from the weakest bid to the strongest
    kind = "ranks-then-points"

    def ladder(self) -> tuple[int, ...]:
        ranks = tuple(A.BID_RANK + RANKS.index(r) for r in self.order[:-1])
        return ranks + tuple(A.BID + n for n in range(61, 121))

    def called_rank(self, bid: int) -> int:
        """The rank (index into ``RANKS``) that the winner of ``bid`` calls."""
        if bid >= A.BID_RANK:
            return bid - A.BID_RANK
        return RANKS.index(self.order[-1])

    def label(self, bid: int) -> str:
        if bid >= A.BID_RANK:
            return rank_word(RANKS[bid - A.BID_RANK])
        return say("Action", "two_for", points=bid - A.BID)


@dataclass(frozen=True)
class AuctionRules:
    domain: BidDomain
    opener: str = "eldest"  # or "dealer"
    once: bool = False  # each seat speaks once, instead of rounds until one bidder remains
    all_pass: str = REDEAL


@dataclass(frozen=True)
class AuctionStatus:
    to_speak: int | None  # None once the auction is over
    high_seat: int | None
    high_bid: int | None
    passed: frozenset[int]
    reopening: bool = False  # all passed: the seat to speak may reopen or agree to redeal

    @property
    def over(self) -> bool:
        return self.to_speak is None


def status(rules: AuctionRules, n: int, opener: int,
           log: tuple[tuple[int, int], ...]) -> AuctionStatus:
    """Where an auction stands after ``log`` ((seat, action) in the order spoken)."""
    passed: set[int] = set()
    high_seat = high_bid = None
    reopening = False
    declined = 0
    for seat, action in log:
        if action == A.REOPEN:  # the bidding starts again from this seat's lowest bid
            passed = set()
            high_seat, high_bid = seat, rules.domain.ladder()[0]
            reopening, declined = False, 0
        elif reopening:
            declined += 1  # a pass here agrees to the redeal
        elif action == A.PASS:
            passed.add(seat)
            if len(passed) == n and high_seat is None and rules.all_pass == REOPEN:
                reopening, declined = True, 0
        else:
            high_seat, high_bid = seat, action
    frozen = frozenset(passed)
    if reopening:
        nxt = None if declined >= n else (opener + declined) % n
        return AuctionStatus(nxt, None, None, frozen, reopening=nxt is not None)
    if rules.once:
        nxt = None if len(log) >= n else (opener + len(log)) % n
        return AuctionStatus(nxt, high_seat, high_bid, frozen)
    if len(passed) == n or (len(passed) == n - 1 and high_seat is not None):
        return AuctionStatus(None, high_seat, high_bid, frozen)
    seat = opener if not log else (log[-1][0] + 1) % n
    while seat in passed:
        seat = (seat + 1) % n
    return AuctionStatus(seat, high_seat, high_bid, frozen)


def legal_bids(rules: AuctionRules, st: AuctionStatus) -> list[int]:
    """What the seat to speak may say: pass, or a bid that tops the high bid."""
    if st.over:
        return []
    if st.reopening:
        return [A.PASS, A.REOPEN]
    return [A.PASS] + rules.domain.above(st.high_bid)


def explain_bid(rules: AuctionRules, st: AuctionStatus, action: int) -> Refusal:
    """Why ``action`` cannot be said now (a sentence of the table)."""
    if st.over:
        return Refusal("bid.over")
    if st.reopening:
        return Refusal("bid.reopen", lowest=rules.domain.label(rules.domain.ladder()[0]))
    if action == A.REOPEN:
        return Refusal("bid.reopen_early")
    if A.BID <= action < A.CALL:
        if action not in rules.domain.ladder():
            return Refusal("bid.unknown", bid=action_label(rules, action))
        high = st.high_bid
        assert high is not None
        above = rules.domain.above(high)
        if not above:
            return Refusal("bid.top", high=rules.domain.label(high))
        return Refusal("bid.low", high=rules.domain.label(high),
                       lowest=rules.domain.label(above[0]))
    return Refusal("bid.first")


def action_label(rules: AuctionRules, action: int) -> str:
    if action == A.PASS:
        return "Pass"
    if action == A.REOPEN:
        return "Reopen"
    try:
        return rules.domain.label(action)
    except (IndexError, ValueError):
        return A.action_str(action)
