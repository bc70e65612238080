"""The play phase: cards under the variant's restriction object, tricks, draws, and the
parts of play that are not cards (the trump exchange, signs).

``PlayPhase`` is the plain phase; its kinds add what some games do around a card:
``CalledPlay`` (a called card played shows the bidder's partner), ``DarkPlay`` (Chiamata
al Buio: a first trick played before the call, which holds it on the table),
``DummyPlay`` (Sueca for three: the dummy's hand is shown after the first lead),
``OpenHandsPlay`` (every hand face up) and ``PartnersShownPlay`` (Capixaba: partners see
each other's hands at the start and once the stock is drawn). Its parts, ``SignsPart`` and
the trump exchange (``exchange.ExchangePart``), offer their actions before the cards.

Completing a trick, drawing and ending the deal are here too (``finish_trick``).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from . import actions as A
from . import events as E
from . import exchange as X
from .cards import RANKS, card_str
from .narrate.sayings import Refusal
from .phase_data import Signs
from .phases import CALL, OVER, PLAY, Phase, PlayPart
from .tricks import SignalEvent, Trick, trick_winner

if TYPE_CHECKING:
    from .state import GameState
    from .variant import Variant

_event = tuple.__new__  # makes a named tuple of the hot paths without its count check
_PLAYED = E.PLAYED
_TRICK_WON = E.TrickWon
_NONE_THIS_TURN: frozenset[int] = frozenset()
TWO = RANKS.index("2")


class SignsPart(PlayPart):
    """Signs to partners: the true ones the seat to act has not sent this turn."""

    def applies(self, variant: Variant) -> bool:
        return bool(variant.signals)

    def owns(self, action: int) -> bool:
        return A.SIGNAL <= action < A.BID

    def actions(self, state: GameState) -> list[int]:
        hand = state.hands[state.current]
        sent = state.signs.this_turn
        trump = state.trump
        first = A.SIGNAL
        return [first + k for k, s in enumerate(state.variant.signals)
                if k not in sent and s.holds(hand, trump)]

    def apply(self, state: GameState, action: int) -> None:
        k = action - A.SIGNAL
        seat = state.current
        assert seat is not None
        n = state.n
        side = state.side_of
        partners = [s for s in range(n) if s != seat and side[s] == side[seat]]
        p = float(state.variant.options.get("intercept", 0.25))
        caught = [s for s in range(n) if side[s] != side[seat] and state.rng.random() < p]
        signs = state.signs
        state.signs = _event(Signs, (
            signs.log + (SignalEvent(seat, k, len(state.tricks), tuple(partners + caught)),),
            signs.this_turn | {k}))
        state.events.append(_event(E.Signalled, (seat, k, tuple(partners), tuple(caught))))


class PlayPhase(Phase):
    """Cards are played, trick by trick, under the variant's rule of play."""

    name = PLAY

    def __init__(self, parts: tuple[PlayPart, ...] = (SignsPart(), X.PART)) -> None:
        self.parts = parts

    def configured(self, variant: Variant) -> Phase:
        parts = tuple(p for p in self.parts if p.applies(variant))
        if parts == self.parts:
            return self
        new = copy.copy(self)
        new.parts = parts
        return new

    def start(self, state: GameState) -> None:
        state.leader = state.current = state.eldest

    def cards(self, state: GameState, seat: int) -> list[int]:
        """The cards ``seat`` may play now (the whole hand when play is free)."""
        hand = state.hands[seat]
        if not state.trick:
            return list(hand)
        v = state.variant
        rule = v.rule_of_play
        if rule.free:
            return list(hand)
        return rule.legal(hand, state.trick, state.trump, state.stock_count == 0,
                          v.suit, v.strength)

    def legal(self, state: GameState) -> list[int]:
        seat = state.current
        if self.own_cards or state.trick and not state.variant.rule_of_play.free:
            cards = self.cards(state, seat)
        else:  # any card of the hand (as ``cards`` says), without a second call
            cards = list(state.hands[seat])
        parts = self.parts
        if not parts:
            return cards
        if len(parts) == 1:  # the common case: signs, or an exchange, alone
            first = parts[0].actions(state)
            return first + cards if first else cards
        out: list[int] = []
        for part in parts:
            out += part.actions(state)
        return out + cards

    def allows(self, state: GameState, action: int) -> bool:
        if 0 <= action < 80:
            return action in self.cards(state, state.current)
        for part in self.parts:
            if part.owns(action):
                return action in part.actions(state)
        return False

    def take(self, state: GameState, action: int) -> bool:
        if 0 <= action < 80:  # a card: checked and played without a second dispatch
            seat = state.current
            if self.own_cards or state.trick and not state.variant.rule_of_play.free:
                if action not in self.cards(state, seat):
                    return False
            elif action not in state.hands[seat]:  # any card of the hand: no list made
                return False
            state.history.append(action)
            self.play(state, action)
            return True
        for part in self.parts:  # the one part that owns the action checks and does it
            if part.owns(action):
                if action not in part.actions(state):
                    return False
                state.history.append(action)
                part.apply(state, action)
                return True
        return False

    def apply(self, state: GameState, action: int) -> None:
        if 0 <= action < 80:
            self.play(state, action)
            return
        for part in self.parts:
            if part.owns(action):
                part.apply(state, action)
                return
        raise AssertionError(action)  # pragma: no cover - allows() guards this

    def play(self, state: GameState, card: int) -> None:
        """Lay the card of the seat to act on the trick; complete the trick when full."""
        seat = state.current
        state.hands[seat].remove(card)
        if state.has_known:
            for row in state.known:
                row[seat].discard(card)
        state.trick.append(card)
        state.trick_seats.append(seat)
        state.events.append(_PLAYED[seat * 80 + card])
        signs = state.signs
        if signs.this_turn:  # a new turn: no sign sent in it yet
            state.signs = _event(Signs, (signs.log, _NONE_THIS_TURN))
        if self.hooked and self.after_card(state, seat, card):
            return  # the trick is held (a call still to come)
        n = state.n
        if len(state.trick) < n:
            state.current = (seat + 1) % n
            return
        finish_trick(state)

    hooked = False  # whether this kind of play has an ``after_card`` (set per class below)
    own_cards = False  # whether this kind of play narrows ``cards`` (set per class below)

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.hooked = getattr(cls, "after_card", None) is not None
        cls.own_cards = cls.cards is not PlayPhase.cards

    def stock_drawn(self, state: GameState) -> None:
        """Called once, right after the last card of the stock was drawn."""

    def why_not(self, state: GameState, action: int) -> Refusal:
        v = state.variant
        seat = state.current
        assert seat is not None
        if action == A.EXCHANGE and v.exchange_rule(state) is not None:
            return X.PART.why_not(state)
        if 0 <= action < 80:
            hand = state.hands[seat]
            if action not in hand:
                return Refusal("not_in_hand", card=card_str(action), seat=seat)
            refused = self.refused(state, seat, action)
            if refused is not None:
                return refused
            return v.rule_of_play.why(hand, state.trick, state.trump, state.stock_count == 0,
                                      v.suit, v.strength, action, v.pack_style)
        if A.is_signal(action):
            k = action - A.SIGNAL
            if k >= len(v.signals):
                return Refusal("no_signals")
            if k in state.signs.this_turn:
                return Refusal("signal_sent")
            from .spoken import signal_meaning  # refusing only: the words of the games

            return Refusal("signal_untrue", seat=seat,
                           meaning=signal_meaning(v.signals[k]).lower())
        for phase in v.phases:
            late = phase.why_late(state, action)
            if late is not None:
                return late
        return Refusal("not_in_game")

    def refused(self, state: GameState, seat: int, card: int) -> Refusal | None:
        """Why a card the rule of play allows is refused by this kind of play, if it is."""
        return None


class HookedPlay(PlayPhase):
    """Play with something to do after each card (``after_card``)."""

    def after_card(self, state: GameState, seat: int, card: int) -> bool:
        """After a card is laid: True holds the trick (play resumes later)."""
        return False


class CalledPlay(HookedPlay):
    """Play after a call: the called card played shows the bidder's partner; the bidder
    leads where the variant says so."""

    def start(self, state: GameState) -> None:
        c = state.bidding.contract
        lead = c.bidder if c is not None and state.variant.bidder_leads else state.eldest
        state.leader = state.current = lead

    def after_card(self, state: GameState, seat: int, card: int) -> bool:
        c = state.bidding.contract
        if c is not None and c.called == card and not state.bidding.partner_shown:
            state.events.append(E.PartnerShown(seat, c.bidder, card))
        return False


class DarkPlay(CalledPlay):
    """Chiamata al Buio: the first trick is played before the call, without a two except
    by the bidder playing last; once it is down, the bidder calls (the trick waits)."""

    def cards(self, state: GameState, seat: int) -> list[int]:
        cards = super().cards(state, seat)
        c = state.bidding.contract
        if state.tricks or c is None or c.called is not None:
            return cards
        if seat == c.bidder and len(state.trick) == state.n - 1:
            return cards  # the bidder, playing last, may play a two
        return [k for k in cards if k % 10 != TWO]

    def refused(self, state: GameState, seat: int, card: int) -> Refusal | None:
        if card in super().cards(state, seat) and card not in self.cards(state, seat):
            return Refusal("dark_two")
        return None

    def after_card(self, state: GameState, seat: int, card: int) -> bool:
        super().after_card(state, seat, card)
        c = state.bidding.contract
        if c is not None and c.called is None and len(state.trick) == state.n:
            state.enter(CALL)  # the trick waits on the table for the call
            return True
        return False


class DummyPlay(HookedPlay):
    """Sueca for three: the dummy's cards are shown to all once the first card is led."""

    def after_card(self, state: GameState, seat: int, card: int) -> bool:
        if not state.tricks and len(state.trick) == 1:
            dummy = (state.dealer + 2) % 4
            state.show_hands([(dummy, tuple(v for v in range(4) if v != dummy))])
            state.shown_events.append((0, "dummy"))
        return False


class OpenHandsPlay(PlayPhase):
    """Every hand face up from the start of play (a form for learning)."""

    def start(self, state: GameState) -> None:
        super().start(state)
        n = state.n
        state.show_hands([(seat, tuple(v for v in range(n) if v != seat)) for seat in range(n)])
        state.shown_events.append((0, "open hands"))


class PartnersShownPlay(PlayPhase):
    """Partners (seats opposite) see each other's hands at the start of play and again
    once the stock is drawn (Bisca Capixaba)."""

    def start(self, state: GameState) -> None:
        super().start(state)
        self.show_partners(state, "start of play")

    def stock_drawn(self, state: GameState) -> None:
        self.show_partners(state, "stock drawn")

    @staticmethod
    def show_partners(state: GameState, why: str) -> None:
        n = state.n
        shown = _FACING.get(n)
        if shown is None:  # each seat shown, in the order of its partners, to its partners
            order = dict.fromkeys((viewer + 2) % 4 for viewer in range(n))
            shown = _FACING[n] = tuple(
                (seat, tuple(v for v in range(n) if (v + 2) % 4 == seat)) for seat in order)
        state.show_hands(shown)
        state.shown_events.append((len(state.tricks), why))


# who is shown to whom when partners face each other, by number of seats (made once)
_FACING: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def finish_trick(state: GameState) -> None:
    """The trick on the table is complete: its winner takes it, the variant scores what it
    scores, everyone draws, and the winner leads (or the deal ends)."""
    v = state.variant
    pts = v.points
    cards = state.trick
    seats = state.trick_seats
    table = v._beats.get(state.trump)  # the variant's table for this trump, once made
    if table is None:
        table = v.beats_table(state.trump)
    winner = seats[trick_winner(cards, table)]
    points = 0
    for c in cards:
        points += pts[c]
    state.points[winner] += points
    state.tricks_won[winner] += 1
    played, order = tuple(cards), tuple(seats)
    state.tricks.append(_event(Trick, (state.leader, order, played, winner, points)))
    state.events.append(_event(_TRICK_WON, (winner, order, played, points)))
    state.trick = []  # the lists of the trick just taken go to the variant's hook
    state.trick_seats = []
    last = not state.hands[winner] and not state.stock and (
        state.indicator is None or not v.draws)
    v.after_trick(state, seats, cards, winner, last)
    if state.phase == OVER:  # the match ended during the trick (a heley)
        return
    if state.exchange.under is not None:
        X.PART.trick_won(state, winner)
    if state.stock or state.indicator is not None and v.draws:
        draw_round(state, winner)
    if not state.hands[winner]:
        state.end(v.score(state))
        return
    state.leader = winner
    state.current = winner


def draw_round(state: GameState, winner: int) -> None:
    """Everyone draws a card, the trick's winner first; the indicator is drawn last."""
    n = state.n
    stock, hands = state.stock, state.hands  # read once: a draw changes the lists, not them
    for i in range(n):
        seat = (winner + i) % n
        if stock:
            hands[seat].append(stock.pop())
        elif state.indicator is not None:
            card = state.indicator
            state.indicator = None
            hands[seat].append(card)
            state.make_public(seat, card)
            state.events.append(_event(E.IndicatorDrawn, (seat, card)))
            if state.exchange.under is not None:
                X.PART.indicator_drawn(state)
    if not stock and state.indicator is None:
        state.step.stock_drawn(state)
