"""Games with an auction and a called partner, as one mechanism.

After the auction (``auction.py``) its winner, the bidder, calls a card: the card's suit
becomes trumps and whoever holds it is the bidder's secret partner; a bidder who holds the
called card plays alone against everyone else. The partner knows from the start; every other
seat learns it when the called card is played. The bidder's side needs 61 card points or the
bid, and the deal is paid player by player, the payments summing to zero.

The auction and the call are phase objects (``AuctionPhase``, ``CallPhase``; play after a
call is ``play.CalledPlay``). A variant of this kind is data plus small hooks on
``CalledPartnerGame`` that configure them: its auction rules, which cards the bidder may call
(``call_options``), who leads, and its payment table.

What the auction and the call settle is kept on the state as a ``phase_data.Bidding``
(``GameState.bidding``): the bids, the public part of the bargain (a frozen ``Contract``), and
who holds the called card, which a seat's view never copies: a view carries the contract with
the partner filled in only where that seat knows it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import actions as A
from . import events as E
from . import phases as P
from .auction import (
    DEALER_AT_ZERO,
    REDEAL,
    REOPEN,
    AuctionRules,
    AuctionStatus,
    explain_bid,
    legal_bids,
)
from .auction import status as auction_status
from .cards import card_name
from .errors import LayoutError
from .narrate.sayings import Note, Refusal, told
from .phase_data import NO_BIDDING
from .phases import Phase
from .play import CalledPlay, finish_trick
from .variant import DealScore, Variant

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True)
class Contract:
    """What the auction and the call settled, as one seat may know it."""

    bidder: int
    bid: int | None  # the winning bid (an action code); None when the dealer plays at zero
    bid_label: str
    need: int  # card points the bidder's side must take
    trump: int | None = None  # set by the call
    called: int | None = None  # the called card
    partner: int | None = None  # the called card's holder, where the seat knows it

    @property
    def alone(self) -> bool | None:
        """Whether the bidder plays alone, where the seat knows it."""
        if self.partner is None:
            return None
        return self.partner == self.bidder


# Payment bands by the points the bidder's side needs: (highest need of the band, bidder,
# each other player) with a partner, and alone (the partner's share is the others').
PARTNER_TABLE = ((70, 2, 1), (80, 4, 2), (90, 6, 3), (100, 8, 4), (120, 10, 5))
ALONE_TABLE = ((70, 4, 1), (80, 8, 2), (90, 12, 3), (100, 16, 4), (120, 20, 5))


def payment(need: int, alone: bool) -> tuple[int, int]:
    """(what the bidder wins or loses, what each other player wins or loses)."""
    for top, bidder, other in ALONE_TABLE if alone else PARTNER_TABLE:
        if max(need, 61) <= top:
            return bidder, other
    raise ValueError(f"no payment band for {need} points")


def called_card_played(state: GameState) -> bool:
    c = state.bidding.contract
    if c is None or c.called is None:
        return False
    return c.called in state.trick or any(c.called in t.cards for t in state.tricks)


def known_partner(state: GameState, viewer: int) -> int | None:
    """The called card's holder if ``viewer`` knows it, else None."""
    c = state.bidding.contract
    holder = state.bidding.called_holder
    if c is None or c.called is None or holder is None:
        return None
    if viewer == holder or state.bidding.partner_shown or called_card_played(state):
        return holder
    return None


def seat_of_card(state: GameState, card: int) -> int | None:
    """The seat that holds ``card`` or played it; None when it is in neither."""
    holder = next((s for s in range(state.n) if card in state.hands[s]), None)
    if holder is not None:
        return holder
    for t in state.tricks:
        if card in t.cards:
            return t.seats[t.cards.index(card)]
    if card in state.trick:
        return state.trick_seats[state.trick.index(card)]
    return None


class AuctionPhase(Phase):
    """Bidding for the right to name trumps, by the variant's ``auction_rules``. When it
    closes: the winner calls (``call``), or plays a first trick in the dark first
    (``dark_first_trick``); all pass: the dealer plays at zero, or the deal is thrown in."""

    name = P.AUCTION

    def start(self, state: GameState) -> None:
        state.bidding = NO_BIDDING
        state.current = state.variant.opener(state)

    @staticmethod
    def status(state: GameState) -> AuctionStatus:
        v = state.variant
        return auction_status(v.auction_rules, state.n, v.opener(state), state.bidding.bids)

    def legal(self, state: GameState) -> list[int]:
        return legal_bids(state.variant.auction_rules, self.status(state))

    def why_not(self, state: GameState, action: int) -> Refusal:
        return explain_bid(state.variant.auction_rules, self.status(state), action)

    def why_late(self, state: GameState, action: int) -> Refusal | None:
        if A.BID <= action < A.DISCARD or action in (A.PASS, A.REOPEN):
            return Refusal("bid.late")
        return None

    def apply(self, state: GameState, action: int) -> None:
        seat = state.current
        assert seat is not None
        state.events.append(self.bid_event(state, seat, action))
        state.bidding = replace(state.bidding, bids=state.bidding.bids + ((seat, action),))
        st = self.status(state)
        if not st.over:
            state.current = st.to_speak
            return
        self.close(state, st)

    @staticmethod
    def won(state: GameState, contract: Contract) -> None:
        state.bidding = replace(state.bidding, contract=contract)

    def bid_event(self, state: GameState, seat: int, action: int) -> E.Event:
        """What a seat said in the auction, as an event."""
        rules = state.variant.auction_rules
        if action == A.REOPEN:
            return E.Reopened(seat, rules.domain.ladder()[0])
        if action == A.PASS:
            return E.RedealAgreed(seat) if self.status(state).reopening else E.Passed(seat)
        return E.Bid(seat, action)

    def close(self, state: GameState, st: AuctionStatus) -> None:
        v = state.variant
        rules = v.auction_rules
        domain = rules.domain
        if st.high_seat is None or st.high_bid is None:
            if rules.all_pass == DEALER_AT_ZERO:
                self.won(state, Contract(state.dealer, None, "no bid", 61))
                state.events.append(E.BiddingWon(state.dealer, None, 61))
                state.enter(P.CALL)
                return
            assert rules.all_pass in (REDEAL, REOPEN)
            zero = (0,) * v.n_teams
            state.end(DealScore(zero, zero, zero, (told(Note("redeal.passed")),),
                                None, redeal=True))
            return
        bid = st.high_bid
        self.won(state, Contract(st.high_seat, bid, domain.label(bid), domain.need(bid)))
        state.events.append(E.BiddingWon(st.high_seat, bid, domain.need(bid)))
        # at Chiamata al Buio the call waits until the first trick is down
        state.enter(P.PLAY if v.dark_first_trick else P.CALL)


class CallPhase(Phase):
    """The auction's winner calls a card, among the variant's ``call_options``: its suit
    becomes trumps and its holder the bidder's partner (the bidder alone, holding it)."""

    name = P.CALL

    def start(self, state: GameState) -> None:
        c = state.bidding.contract
        assert c is not None
        state.current = c.bidder

    def legal(self, state: GameState) -> list[int]:
        c = state.bidding.contract
        if c is None:
            return []
        return [A.CALL + card for card in state.variant.call_options(state, c.bidder)]

    def why_not(self, state: GameState, action: int) -> Refusal:
        if A.CALL <= action < A.TRUMP:
            return state.variant.explain_call(state, action - A.CALL)
        return Refusal("call.first")

    def apply(self, state: GameState, action: int) -> None:
        card = action - A.CALL
        v = state.variant
        c = state.bidding.contract
        assert c is not None
        holder = next((s for s in range(state.n) if card in state.hands[s]), None)
        if holder is None:  # played already, to a first trick played in the dark
            holder = state.trick_seats[state.trick.index(card)]
        state.trump = v.suit[card]
        state.indicator_card = None
        state.bidding = replace(state.bidding, contract=replace(c, trump=v.suit[card], called=card),
                                called_holder=holder)
        v.set_sides(state)
        state.events.append(E.Called(c.bidder, card, v.suit[card]))
        state.events.append(E.PartnerKnown(c.bidder, holder))
        if card in state.trick:  # played already, in the dark: the partner is shown
            state.events.append(E.PartnerShown(holder, c.bidder, card))
        if len(state.trick) == state.n:  # a first trick played in the dark: now it is won
            state.enter(P.PLAY, start=False)
            finish_trick(state)
            return
        state.enter(P.PLAY)


class CalledPartnerGame(Variant):
    """Base of the games with an auction and a called partner (see the module's text)."""

    auction_rules: AuctionRules = AuctionRules(domain=None)  # type: ignore[arg-type]
    bidder_leads = False  # else eldest leads
    dark_first_trick = False  # trumps and the call are announced after the first trick
    teams_shown = False
    per_seat_payments = True
    phases = (P.DEALING, AuctionPhase(), CallPhase(), CalledPlay(), P.FINISHED)

    def make_teams(self, n: int) -> tuple[int, ...]:
        return tuple(range(n))  # each player keeps a score of their own

    def sit_out_dealer(self) -> None:
        """One player more than the seats: each deal's dealer deals and sits it out."""
        self.n_people = self.n
        self.n -= 1
        self.team_of = tuple(range(self.n))
        self.n_teams = self.n
        self.people_scores = True
        self.dealer_sits_out = True

    def seating(self, dealer: int) -> tuple[int, tuple[int | None, ...]]:
        if self.n_people == self.n:
            return dealer, tuple(range(self.n))
        # the players after the dealer, counter-clockwise, the first player's seat kept
        # where it can be; the deal's dealer seat is the seat before eldest
        ring = [(dealer + k) % self.n_people for k in range(1, self.n_people)]
        start = ring.index(0) if 0 in ring else 0
        seats = tuple(ring[start:] + ring[:start])
        eldest_seat = seats.index(ring[0])
        return (eldest_seat - 1) % self.n, seats

    def check_layout(self, layout) -> None:
        if layout.indicator is not None:
            raise LayoutError("no card is turned in this game: trumps come from the call")

    def begin(self, state: GameState) -> None:
        state.deal_standard(trump=0, then=P.AUCTION)

    # --- what configures the auction and the call (``AuctionPhase``, ``CallPhase``) ---

    def opener(self, state: GameState) -> int:
        return state.dealer if self.auction_rules.opener == "dealer" else state.eldest

    def call_options(self, state: GameState, bidder: int) -> list[int]:
        """The cards the bidder may call (any card by default)."""
        return sorted(self.pack())

    def explain_call(self, state: GameState, card: int) -> Refusal:
        return Refusal("call.card", card=card_name(card, self.pack_style))

    def set_sides(self, state: GameState) -> None:
        c = state.bidding.contract
        assert c is not None
        pair = (c.bidder, state.bidding.called_holder)
        state.side_of = [0 if s in pair else 1 for s in range(state.n)]

    # --- what a seat knows, and rebuilding a sampled deal ---------------------------

    def rebuild_hidden(self, state: GameState) -> None:
        c = state.bidding.contract
        if c is None or c.called is None:
            return
        holder = seat_of_card(state, c.called)
        # a called card in no hand and never played was laid aside by the bidder (col Monte)
        holder = c.bidder if holder is None else holder
        state.bidding = replace(state.bidding, called_holder=holder)
        self.set_sides(state)

    def known_sides(self, state: GameState, viewer: int) -> tuple[int | None, ...]:
        c = state.bidding.contract
        if c is None or c.called is None:
            return (None,) * state.n
        if known_partner(state, viewer) is not None:
            return tuple(state.side_of)
        out: list[int | None] = [None] * state.n
        out[c.bidder] = 0
        if 0 <= viewer != c.bidder:  # (a spectator, holding no seat, knows only the bidder)
            out[viewer] = 1
        return tuple(out)

    def contract_for(self, state: GameState, viewer: int) -> Contract | None:
        c = state.bidding.contract
        if c is None:
            return None
        return replace(c, partner=known_partner(state, viewer))

    # --- scoring ---------------------------------------------------------------------

    def payment(self, need: int, alone: bool) -> tuple[int, int]:
        return payment(need, alone)

    def score(self, state: GameState) -> DealScore:
        pts, tricks = self.team_points(state)  # side 0: the bidder (and partner)
        c = state.bidding.contract
        assert c is not None
        partner = state.bidding.called_holder
        alone = partner == c.bidder
        made = pts[0] >= c.need
        win, each = self.payment(c.need, alone)
        sweep = tricks[0] == sum(tricks) or tricks[1] == sum(tricks)
        factor = (2 if sweep else 1) * (1 if made else -1)
        gp = []
        for s in range(state.n):
            if s == c.bidder:
                gp.append(factor * win)
            elif s == partner:
                gp.append(factor * each)
            else:
                gp.append(-factor * each)
        key = (("contract." if c.bid is not None else "contract.none.")
               + ("alone." if alone else "partner.") + ("made" if made else "failed"))
        fields = {"points": pts[0], "need": c.need}
        if c.bid is not None:
            fields["bid"] = c.bid_label
        notes = [told(Note(key, **fields))]
        if sweep:
            notes.append(told(Note("doubled.sweep")))
        return DealScore(tuple(pts), tuple(tricks), tuple(gp), tuple(notes),
                         c.bidder if made else None)

    def returns(self, state: GameState) -> list[float]:
        if state.result is None or state.result.redeal:
            return [0.0] * state.n
        top = max(abs(g) for g in state.result.game_points) or 1
        return [g / top for g in state.result.game_points]
