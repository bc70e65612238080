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

from . import phases as P
from .auction import REDEAL, REOPEN, AuctionRules, Points, RanksThenPoints, rank_word
from .calling import AuctionPhase, CalledPartnerGame, CallPhase
from .cards import ITALIAN, PACKS, RANKS, card_name, make_card
from .narrate.sayings import Refusal
from .play import DarkPlay
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
            self.sit_out_dealer()

    # --- the session -------------------------------------------------------------------

    def match_target(self) -> int:
        if self.options["session"] == "target":
            return int(self.options["target"])
        return 10**6

    def match_deals(self) -> int | None:
        if self.options["session"] == "deals":
            return int(self.options["deals"])
        return None

    # --- the call ----------------------------------------------------------------------

    def call_options(self, state: GameState, bidder: int) -> list[int]:
        c = state.bidding.contract
        assert c is not None and c.bid is not None
        return self.calls_for(state.hands[bidder], c.bid)

    def calls_for(self, hand, bid: int) -> list[int]:
        """The cards a bidder holding ``hand`` may call after winning with ``bid``."""
        domain = self.auction_rules.domain
        assert isinstance(domain, RanksThenPoints)
        rank = domain.called_rank(bid)
        out = []
        for x in range(4):
            card = make_card(rank, x)
            out.append(card)
            if rank == TWO and card in hand:
                lacking = [k for k in self.pack() if self.suit[k] == x and k not in hand]
                if lacking:
                    out.append(min(lacking, key=lambda k: self.strength[k]))
        return sorted(out)

    def explain_call(self, state: GameState, card: int) -> Refusal:
        c = state.bidding.contract
        assert c is not None and c.bid is not None
        domain = self.auction_rules.domain
        assert isinstance(domain, RanksThenPoints)
        rank = RANKS[domain.called_rank(c.bid)]
        if rank == "2":
            suit = PACKS[self.pack_style].suit_name(self.suit[card])
            return Refusal("call.two_or_lacking", suit=suit)
        return Refusal("call.rank", rank=rank_word(rank), card=card_name(card, self.pack_style))

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


@register
class ChiamataPunti(Chiamata):
    """Chiamata bid in points only: from 61; the winner calls any card, whose suit is
    trumps (usually the best trump it lacks)."""

    id = "chiamata-punti"
    name = "Briscola Chiamata by points"
    description = ("Chiamata bid in card points from 61; the winner calls any card of the "
                   "suit it wants as trumps.")
    auction_rules = AuctionRules(Points(61, 120), opener="eldest", once=False, all_pass=REDEAL)

    def calls_for(self, hand, bid: int) -> list[int]:
        return sorted(self.pack())

    def explain_call(self, state: GameState, card: int) -> Refusal:
        return Refusal("call.any")

    def implied_holdings(self, contract) -> tuple[tuple[int, tuple[int, ...]], ...]:
        return ()


@register
class ChiamataSubito(ChiamataPunti):
    """Subito al Due: bids in points from 61 and the call is always a two; a bidder who
    holds the two of the suit it wants plays alone. All pass: each in turn from eldest may
    reopen at 61 or agree to a redeal."""

    id = "chiamata-subito-al-due"
    name = "Chiamata Subito al Due"
    description = ("Chiamata bid in points from 61, the call always a two; when all pass, "
                   "anyone may reopen at 61 before the cards are dealt again.")
    auction_rules = AuctionRules(Points(61, 120), opener="eldest", once=False, all_pass=REOPEN)

    def calls_for(self, hand, bid: int) -> list[int]:
        return [make_card(TWO, x) for x in range(4)]

    def explain_call(self, state: GameState, card: int) -> Refusal:
        return Refusal("call.two")


@register
class ChiamataBuio(ChiamataSubito):
    """Prima Mano al Buio: Subito al Due with the first trick played before trumps and the
    called card are announced; no two may be played to it, except by the bidder playing
    last. Once it is down the bidder calls, and the trick goes to its highest trump, else
    the highest card of the suit led."""

    id = "chiamata-buio"
    name = "Chiamata Prima Mano al Buio"
    description = ("Subito al Due with the first trick played in the dark: trumps and the "
                   "call come after it, and no two may be played to it but by the bidder "
                   "playing last.")
    dark_first_trick = True
    phases = (P.DEALING, AuctionPhase(), CallPhase(), DarkPlay(), P.FINISHED)

    def trumps_hidden(self, state: GameState) -> bool:
        return state.bidding.contract is None or state.bidding.contract.called is None
