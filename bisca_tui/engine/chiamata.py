"""Briscola Chiamata: five players, an auction by ranks, a called card names trumps and a
secret partner.

The whole Italian pack is dealt, eight cards each in batches of four. From eldest, each
player passes for good or bids a lower rank than the last bid (the Ace is the lowest bid,
the two the highest); after "two" the bids become "two for N points", N rising from 61.
When one bidder remains, that player names trumps by calling the card of the bid rank in
that suit; its holder is the secret partner, and a bidder holding it plays alone. A winner
at "two" who holds the two of the chosen suit may call it (alone) or the lowest trump it
lacks. All pass: the same dealer deals again. Eldest leads; play is free. The bidder's side
needs 61 or the bid; payments follow the Chiamata table (``calling.payment``), doubled when
one side takes all eight tricks. With six players the dealer sits out each deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .auction import RANK_WORDS, REDEAL, AuctionRules, RanksThenPoints
from .calling import CalledPartnerGame
from .cards import ITALIAN, RANKS, SUIT_NAMES, SUITS, card_name, make_card
from .errors import LayoutError
from .variant import FREE, HouseRule, register

if TYPE_CHECKING:
    from .state import GameState

TWO = RANKS.index("2")

SESSION_RULE = HouseRule(
    "session", "deals", ("deals", "target"),
    "deals: the session lasts a number of deals, then the highest total wins. target: it "
    "goes on until a player's total reaches the target score, alone at the top.",
)
DEALS_RULE = HouseRule("deals", 10, (5, 10, 15, 20),
                       "How many deals a session of deals lasts.")
TARGET_RULE = HouseRule("target", 20, (10, 20, 30, 50),
                        "The score that ends a session played to a target.")


@register
class Chiamata(CalledPartnerGame):
    id = "chiamata"
    name = "Briscola Chiamata"
    family = "chiamata"
    description = ("Five players (six with the dealer sitting out): bid a rank to call, the "
                   "called card names trumps and a secret partner, free play.")
    players = (5, 6)
    default_players = 5
    ranking = ITALIAN
    pack_style = "italian"
    hand_size = 8
    batches = (4, 4)
    has_indicator = False
    may_lack_indicator = True
    draws = False
    restriction = FREE
    auction_rules = AuctionRules(RanksThenPoints(ITALIAN.order),
                                 opener="eldest", once=False, all_pass=REDEAL)
    house_rules = (SESSION_RULE, DEALS_RULE, TARGET_RULE)

    def __init__(self, options=None, players=None) -> None:
        super().__init__(options, players)
        if self.n == 6:  # the dealer sits out: five seats at the table, six players
            self.n = 5
            self.n_people = 6
            self.team_of = tuple(range(5))
            self.n_teams = 5
            self.people_scores = True
            self.dealer_sits_out = True

    # --- the session -------------------------------------------------------------------

    def match_target(self) -> int:
        if self.options["session"] == "target":
            return int(self.options["target"])
        return 10**6

    def match_deals(self) -> int | None:
        if self.options["session"] == "deals":
            return int(self.options["deals"])
        return None

    def seating(self, dealer: int) -> tuple[int, tuple[int | None, ...]]:
        if self.n_people == self.n:
            return dealer, tuple(range(self.n))
        # the five players after the dealer, counter-clockwise, the first player's seat kept
        # where it can be; the deal's dealer seat is the seat before eldest
        ring = [(dealer + k) % self.n_people for k in range(1, self.n_people)]
        start = ring.index(0) if 0 in ring else 0
        seats = tuple(ring[start:] + ring[:start])
        eldest_seat = seats.index(ring[0])
        return (eldest_seat - 1) % self.n, seats

    # --- the deal ----------------------------------------------------------------------

    def check_layout(self, layout) -> None:
        if layout.indicator is not None:
            raise LayoutError("no card is turned in this game: trumps come from the call")

    def begin(self, state: GameState) -> None:
        state.deal_standard(trump=0, start=False)
        self.open_auction(state)

    # --- the call ----------------------------------------------------------------------

    def call_options(self, state: GameState, bidder: int) -> list[int]:
        c = state.contract
        assert c is not None and c.bid is not None
        domain = self.auction_rules.domain
        assert isinstance(domain, RanksThenPoints)
        rank = domain.called_rank(c.bid)
        hand = state.hands[bidder]
        out = []
        for x in range(4):
            card = make_card(rank, x)
            out.append(card)
            if rank == TWO and card in hand:
                lacking = [k for k in self.pack() if self.suit[k] == x and k not in hand]
                if lacking:
                    out.append(min(lacking, key=lambda k: self.strength[k]))
        return sorted(out)

    def explain_call(self, state: GameState, card: int) -> str:
        c = state.contract
        assert c is not None and c.bid is not None
        domain = self.auction_rules.domain
        assert isinstance(domain, RanksThenPoints)
        rank = RANKS[domain.called_rank(c.bid)]
        if rank == "2":
            suit = SUIT_NAMES[SUITS[self.suit[card]]]
            return (f"after a bid of two the call is the 2 of the trump suit, or, holding "
                    f"the 2 of {suit}, the lowest {suit[:-1]} you lack")
        word = RANK_WORDS[rank]
        return (f"the bid was {word}: call the {word} of the suit you want as trumps, not "
                f"the {card_name(card)}")

    def implied_holdings(self, contract) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """After a bid of two, a call of another card than the two is only allowed to a
        bidder holding the two of trumps, and it is the lowest trump the bidder lacks: so
        the bidder holds every trump below it."""
        if contract is None or contract.called is None or contract.bid is None:
            return ()
        domain = self.auction_rules.domain
        assert isinstance(domain, RanksThenPoints)
        called = contract.called
        if domain.called_rank(contract.bid) != TWO or called % 10 == TWO:
            return ()
        below = tuple(c for c in self.pack()
                      if self.suit[c] == self.suit[called]
                      and self.strength[c] < self.strength[called])
        return ((contract.bidder, below),)
