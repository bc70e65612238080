"""Briscola col Monte (Sicily), for five, six or seven players.

With five players, seven cards each and five face down to the monte; with six, six each and
four; with seven, the dealer sits out and deals six each and four. Before the first bid a
player whose hand holds no counting card may show it and have the same dealer deal again.
Bids are card points only, from ``min_bid`` (61 or 70); when all pass, the same dealer deals
again. The winner calls a card, whose suit is trumps, takes the monte unseen and lays as
many cards aside face down: they count for the side that wins the last trick. A bidder who
holds the called card (called from the hand, or found in the monte, laid aside or not)
plays alone in silence, or shows it and partners the right-hand neighbour. The bidder leads.

Payments: with five, the bidder 2, the partner 1, each opponent 1; with six at the table,
bidder and partner 2 each, each opponent 1; alone, the bidder takes from or pays each
opponent 1. Doubled for a bid of 91 or more, and again when a side takes all 120 points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from . import events as E
from . import phases as P
from .auction import REDEAL, AuctionRules, Points
from .calling import CalledPartnerGame, Contract
from .cards import ITALIAN, card_name
from .chiamata import DEALS_RULE, SESSION_RULE, TARGET_RULE
from .variant import FREE, DealScore, HouseRule, register

if TYPE_CHECKING:
    from .state import GameState

MIN_BID_RULE = HouseRule("min_bid", 61, (61, 70), "The lowest bid allowed.")
DOUBLE_FROM = 91  # a bid of this many points or more doubles the payments


@register
class ChiamataMonte(CalledPartnerGame):
    id = "chiamata-monte"
    name = "Briscola col Monte"
    family = "chiamata"
    description = ("Sicily's Chiamata for five to seven: a monte of cards for the bidder, "
                   "point bids, the called card's holder as partner, or the right-hand "
                   "neighbour.")
    players = (5, 6, 7)
    default_players = 5
    ranking = ITALIAN
    pack_style = "italian"
    has_indicator = False
    may_lack_indicator = True
    draws = False
    restriction = FREE
    bidder_leads = True
    house_rules = (MIN_BID_RULE, SESSION_RULE, DEALS_RULE, TARGET_RULE)
    phases = (P.DEAL, P.CLAIM, P.AUCTION, P.CALL, P.DISCARD, P.DECLARE, P.PLAY, P.OVER)

    def __init__(self, options=None, players=None) -> None:
        super().__init__(options, players)
        if self.n == 7:  # the dealer sits out: six seats, seven players
            self.sit_out_dealer()
        self.hand_size = 7 if self.n == 5 else 6
        self.batches = (self.hand_size,)
        self.monte_size = 40 - self.n * self.hand_size
        low = int(self.options["min_bid"])
        self.auction_rules = AuctionRules(Points(low, 120), opener="eldest", all_pass=REDEAL)

    # --- the session: as Briscola Chiamata ----------------------------------------------

    def match_target(self) -> int:
        return int(self.options["target"]) if self.options["session"] == "target" else 10**6

    def match_deals(self) -> int | None:
        return int(self.options["deals"]) if self.options["session"] == "deals" else None

    # --- the deal, and a hand without counting cards ------------------------------------

    def begin(self, state: GameState) -> None:
        state.deal_standard(trump=0, start=False)
        state.phase = P.CLAIM
        self.next_claim(state, 0)

    def claimants(self, state: GameState) -> list[int]:
        """Seats, from eldest, whose hand holds no counting card."""
        order = [(state.eldest + k) % state.n for k in range(state.n)]
        return [s for s in order if not any(self.points[c] for c in state.hands[s])]

    def next_claim(self, state: GameState, asked: int) -> None:
        waiting = self.claimants(state)[asked:]
        if waiting:
            state.current = waiting[0]
        else:
            self.open_auction(state)

    # --- the phases ---------------------------------------------------------------------

    def special_actions(self, state: GameState) -> list[int]:
        if state.phase == P.CLAIM:
            return [A.PASS, A.REDEAL]
        if state.phase == P.DISCARD:
            return [A.DISCARD + c for c in sorted(state.hands[state.current])]
        if state.phase == P.DECLARE:
            return [A.ALONE, A.SHOW] if self.holds_called(state) else [A.PASS]
        return super().special_actions(state)

    def explain_special(self, state: GameState, action: int) -> str:
        if state.phase == P.CLAIM:
            return ("a player without counting cards may first show the hand for a redeal "
                    "(redeal) or keep it (pass)")
        if state.phase == P.DISCARD:
            return (f"the bidder lays aside {self.monte_size} cards of the hand, one at a "
                    "time, before anything else")
        if state.phase == P.DECLARE:
            if self.holds_called(state):
                return ("the bidder holds the called card: play alone (alone) or show it "
                        "and partner the right-hand neighbour (show)")
            return "the bidder does not hold the called card: play on (pass)"
        if action == A.REDEAL:
            return "a redeal may only be asked for before the first bid, for a hand without " \
                   "counting cards"
        return super().explain_special(state, action)

    def apply_special(self, state: GameState, action: int) -> None:
        seat = state.current
        assert seat is not None
        if state.phase == P.CLAIM:
            if action == A.REDEAL:
                state.phase = P.OVER
                state.current = None
                zero = (0,) * self.n_teams
                state.result = DealScore(zero, zero, zero, (
                    f"seat {seat} shows a hand without counting cards: the same dealer "
                    f"deals again",), None, redeal=True)
                for viewer in range(state.n):
                    state.show_hand(seat, viewer)
                state.events.append(E.RedealClaimed(seat, tuple(state.hands[seat])))
                return
            state.claims = state.claims + (seat,)
            state.events.append(E.HandKept(seat))
            self.next_claim(state, len(state.claims))
            return
        if state.phase == P.DISCARD:
            card = action - A.DISCARD
            state.hands[seat].remove(card)
            state.discards.append(card)
            state.events.append(E.Discarded(seat, card))
            if len(state.discards) == self.monte_size:
                self.after_discards(state)
            return
        if state.phase == P.DECLARE:
            c = state.contract
            assert c is not None
            assert c.called is not None
            if action == A.SHOW:
                state.partner_shown = True
                state.called_holder = (c.bidder + 1) % state.n
                state.events.append(E.PartnerShown(state.called_holder, c.bidder, c.called))
            else:
                if action == A.ALONE:
                    state.called_holder = c.bidder
                else:  # the called card's holder is the secret partner
                    state.called_holder = next(s for s in range(state.n)
                                               if c.called in state.hands[s])
                state.events.append(E.Declared(c.bidder))
                state.events.append(E.PartnerKnown(c.bidder, state.called_holder))
            self.begin_play(state)
            return
        super().apply_special(state, action)

    def make_call(self, state: GameState, card: int) -> None:
        """The call names trumps; then the bidder takes the monte, unseen by the others."""
        c = state.contract
        assert c is not None
        state.trump = self.suit[card]
        state.contract = Contract(c.bidder, c.bid, c.bid_label, c.need, self.suit[card], card)
        state.events.append(E.Called(c.bidder, card, self.suit[card]))
        state.events.append(E.MonteTaken(c.bidder, len(state.monte)))
        state.hands[c.bidder].extend(state.monte)
        state.monte = []
        state.phase = P.DISCARD
        state.current = c.bidder

    def after_discards(self, state: GameState) -> None:
        """The bidder always speaks once more, so that nobody can tell from the course of
        play whether it holds the called card: holding it, alone (in silence) or show it;
        not holding it, play on."""
        c = state.contract
        assert c is not None
        state.phase = P.DECLARE
        state.current = c.bidder

    def holds_called(self, state: GameState) -> bool:
        c = state.contract
        assert c is not None and c.called is not None
        return c.called in state.hands[c.bidder] or c.called in state.discards

    def begin_play(self, state: GameState) -> None:
        self.set_sides(state)
        state.start_play()
        c = state.contract
        assert c is not None
        state.leader = state.current = c.bidder

    def explain_call(self, state: GameState, card: int) -> str:
        return f"the {card_name(card, self.pack_style)} may be called: any card may"

    def call_options(self, state: GameState, bidder: int) -> list[int]:
        return sorted(self.pack())

    # --- the discards, and scoring -----------------------------------------------------

    def after_trick(self, state: GameState, seats: list[int], cards: list[int],
                    winner: int, last: bool) -> None:
        if last:  # the cards laid aside go to the side that takes the last trick
            state.points[winner] += sum(self.points[c] for c in state.discards)

    def score(self, state: GameState) -> DealScore:
        pts, tricks = self.team_points(state)  # side 0: the bidder (and partner)
        c = state.contract
        assert c is not None
        bidder, partner = c.bidder, state.called_holder
        alone = partner == bidder
        made = pts[0] >= c.need
        factor = (2 if c.need >= DOUBLE_FROM else 1) * (2 if 120 in pts else 1)
        sign = factor if made else -factor
        n = state.n
        gp = [0] * n
        for s in range(n):
            if s == bidder:
                gp[s] = sign * ((n - 1) if alone else 2)
            elif s == partner:
                gp[s] = sign * (1 if n == 5 else 2)
            else:
                gp[s] = -sign
        shown = getattr(state, "partner_shown", False)  # a search's Sim has no such flag
        who = "alone" if alone else ("with the right-hand neighbour" if shown
                                     else "with a partner")
        notes = [f"bid {c.bid_label}, {who}: {pts[0]} points, "
                 f"{'made' if made else 'failed'} (needed {c.need})"]
        if c.need >= DOUBLE_FROM:
            notes.append(f"a bid of {DOUBLE_FROM} or more: payments doubled")
        if 120 in pts:
            notes.append("all 120 points to one side: payments doubled")
        return DealScore(tuple(pts), tuple(tricks), tuple(gp), tuple(notes),
                         bidder if made else None)
