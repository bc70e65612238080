"""Briscola col Monte (Sicily), for five, six or seven players.

With five players, seven cards each and five face down to the monte; with six, six each and
four; with seven, the dealer sits out and deals six each and four. Before the first bid a
player whose hand holds no counting card may show it and have the same dealer deal again.
Bids are card points only, from ``min_bid`` (61 or 70); when all pass, the same dealer deals
again. The winner calls a card, whose suit is trumps, takes the monte unseen and lays as
many cards aside face down: they count for the side that wins the last trick. A bidder who
holds the called card (called from the hand, or found in the monte, laid aside or not)
plays alone in silence, or shows it and partners the right-hand neighbour. The bidder leads.

The claims, the discards and the declaration are phase objects (``ClaimPhase``,
``DiscardPhase``, ``DeclarePhase``); ``MonteCallPhase`` is the call that hands the bidder the
monte.

Payments: with five, the bidder 2, the partner 1, each opponent 1; with six at the table,
bidder and partner 2 each, each opponent 1; alone, the bidder takes from or pays each
opponent 1. Doubled for a bid of 91 or more, and again when a side takes all 120 points.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from . import actions as A
from . import events as E
from . import phases as P
from .auction import REDEAL, AuctionRules, Points
from .calling import AuctionPhase, CalledPartnerGame, CallPhase, Contract
from .cards import ITALIAN, card_name
from .chiamata import DEALS_RULE, SESSION_RULE, TARGET_RULE
from .narrate.sayings import Note, Refusal, told
from .phases import Phase
from .play import CalledPlay
from .variant import FREE, DealScore, HouseRule, register

if TYPE_CHECKING:
    from .state import GameState

MIN_BID_RULE = HouseRule("min_bid", 61, (61, 70), "The lowest bid allowed.")
DOUBLE_FROM = 91  # a bid of this many points or more doubles the payments


class ClaimPhase(Phase):
    """Before the first bid, each seat (from eldest) whose hand holds no counting card may
    show it for a redeal, or keep it; then the auction opens."""

    name = P.CLAIM

    @staticmethod
    def claimants(state: GameState) -> list[int]:
        """Seats, from eldest, whose hand holds no counting card."""
        pts = state.variant.points
        order = [(state.eldest + k) % state.n for k in range(state.n)]
        return [s for s in order if not any(pts[c] for c in state.hands[s])]

    def start(self, state: GameState) -> None:
        self.ask(state)

    def ask(self, state: GameState) -> None:
        waiting = self.claimants(state)[len(state.aside.claims):]
        if waiting:
            state.current = waiting[0]
        else:
            state.enter(P.AUCTION)

    def legal(self, state: GameState) -> list[int]:
        return [A.PASS, A.REDEAL]

    def why_not(self, state: GameState, action: int) -> Refusal:
        return Refusal("claim.first")

    def why_late(self, state: GameState, action: int) -> Refusal | None:
        return Refusal("claim.late") if action == A.REDEAL else None

    def apply(self, state: GameState, action: int) -> None:
        seat = state.current
        assert seat is not None
        if action == A.REDEAL:
            zero = (0,) * state.variant.n_teams
            state.end(DealScore(zero, zero, zero, (told(Note("redeal.claimed", seat=seat)),),
                                None, redeal=True))
            for viewer in range(state.n):
                state.show_hand(seat, viewer)
            state.events.append(E.RedealClaimed(seat, tuple(state.hands[seat])))
            return
        state.aside = replace(state.aside, claims=state.aside.claims + (seat,))
        state.events.append(E.HandKept(seat))
        self.ask(state)


class MonteAuctionPhase(AuctionPhase):
    """The auction, after the claims: a redeal asked for now is refused as too late."""

    def why_not(self, state: GameState, action: int) -> Refusal:
        if action == A.REDEAL:
            return Refusal("claim.late")
        return super().why_not(state, action)


class MonteCallPhase(CallPhase):
    """The call names trumps; then the bidder takes the monte, unseen by the others, and
    lays as many cards aside (``discard``)."""

    def why_not(self, state: GameState, action: int) -> Refusal:
        if action == A.REDEAL:
            return Refusal("claim.late")
        return super().why_not(state, action)

    def apply(self, state: GameState, action: int) -> None:
        card = action - A.CALL
        v = state.variant
        c = state.bidding.contract
        assert c is not None
        state.trump = v.suit[card]
        called = Contract(c.bidder, c.bid, c.bid_label, c.need, v.suit[card], card)
        state.bidding = replace(state.bidding, contract=called)
        state.events.append(E.Called(c.bidder, card, v.suit[card]))
        state.events.append(E.MonteTaken(c.bidder, len(state.aside.monte)))
        state.hands[c.bidder].extend(state.aside.monte)
        state.aside = replace(state.aside, monte=())
        state.enter(P.DISCARD)


class DiscardPhase(Phase):
    """The bidder lays aside as many cards as the monte held, one at a time, face down:
    they count for the side that takes the last trick."""

    name = P.DISCARD

    def start(self, state: GameState) -> None:
        c = state.bidding.contract
        assert c is not None
        state.current = c.bidder

    def legal(self, state: GameState) -> list[int]:
        return [A.DISCARD + c for c in sorted(state.hands[state.current])]

    def why_not(self, state: GameState, action: int) -> Refusal:
        return Refusal("discard.first", count=state.variant.monte_size)

    def apply(self, state: GameState, action: int) -> None:
        seat = state.current
        assert seat is not None
        card = action - A.DISCARD
        state.hands[seat].remove(card)
        state.aside = replace(state.aside, discards=state.aside.discards + (card,))
        left = state.variant.monte_size - len(state.aside.discards)
        state.events.append(E.Discarded(seat, card, left))
        if not left:
            state.enter(P.DECLARE)


class DeclarePhase(Phase):
    """The bidder always speaks once more, so that nobody can tell from the course of play
    whether it holds the called card: holding it (in hand or laid aside), alone (in
    silence) or show it and partner the right-hand neighbour; not holding it, play on."""

    name = P.DECLARE

    def start(self, state: GameState) -> None:
        c = state.bidding.contract
        assert c is not None
        state.current = c.bidder

    @staticmethod
    def holds_called(state: GameState) -> bool:
        c = state.bidding.contract
        assert c is not None and c.called is not None
        return c.called in state.hands[c.bidder] or c.called in state.aside.discards

    def legal(self, state: GameState) -> list[int]:
        return [A.ALONE, A.SHOW] if self.holds_called(state) else [A.PASS]

    def why_not(self, state: GameState, action: int) -> Refusal:
        if self.holds_called(state):
            return Refusal("declare.holds")
        return Refusal("declare.lacks")

    def apply(self, state: GameState, action: int) -> None:
        c = state.bidding.contract
        assert c is not None
        assert c.called is not None
        if action == A.SHOW:
            holder = (c.bidder + 1) % state.n
            state.bidding = replace(state.bidding, partner_shown=True, called_holder=holder)
            state.events.append(E.PartnerShown(holder, c.bidder, c.called))
        else:
            if action == A.ALONE:
                holder = c.bidder
            else:  # the called card's holder is the secret partner
                holder = next(s for s in range(state.n) if c.called in state.hands[s])
            state.bidding = replace(state.bidding, called_holder=holder)
            state.events.append(E.Declared(c.bidder))
            state.events.append(E.PartnerKnown(c.bidder, holder))
        state.variant.set_sides(state)
        state.enter(P.PLAY)


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
    phases = (P.DEALING, ClaimPhase(), MonteAuctionPhase(), MonteCallPhase(), DiscardPhase(),
              DeclarePhase(), CalledPlay(), P.FINISHED)

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

    # --- the deal ----------------------------------------------------------------------

    def begin(self, state: GameState) -> None:
        state.deal_standard(trump=0, then=P.CLAIM)

    def explain_call(self, state: GameState, card: int) -> Refusal:
        return Refusal("call.any_card", card=card_name(card, self.pack_style))

    def call_options(self, state: GameState, bidder: int) -> list[int]:
        return sorted(self.pack())

    # --- the discards, and scoring -----------------------------------------------------

    def after_trick(self, state: GameState, seats: list[int], cards: list[int],
                    winner: int, last: bool) -> None:
        if last:  # the cards laid aside go to the side that takes the last trick
            state.points[winner] += sum(self.points[c] for c in state.aside.discards)

    def score(self, state: GameState) -> DealScore:
        pts, tricks = self.team_points(state)  # side 0: the bidder (and partner)
        c = state.bidding.contract
        assert c is not None
        bidder, partner = c.bidder, state.bidding.called_holder
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
        shown = state.bidding.partner_shown
        who = "alone" if alone else ("neighbour" if shown else "partner")
        key = f"contract.{who}.{'made' if made else 'failed'}"
        notes = [told(Note(key, bid=c.bid_label, points=pts[0], need=c.need))]
        if c.need >= DOUBLE_FROM:
            notes.append(told(Note("doubled.bid", bid=DOUBLE_FROM)))
        if 120 in pts:
            notes.append(told(Note("doubled.all_points")))
        return DealScore(tuple(pts), tuple(tricks), tuple(gp), tuple(notes),
                         bidder if made else None)
