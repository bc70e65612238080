"""The deal state machine shared by every variant.

A deal is made from a seed (the deal's own random generator shuffles and draws every chance
event) or from an explicit layout, then driven by actions. In the spirit of OpenSpiel:
``current_player``, ``legal_actions``, ``apply``, ``is_over``, ``result``, ``view(seat)``,
``clone``. ``history`` holds every action applied, so a deal is always rebuilt by
``GameState.replay(...)`` from its seed or layout plus its actions.

Phases are named in ``phases``; each variant lists the ones it uses. The pre-play phases
(Capixaba's cut or knock, an auction and a call) belong to variants; ``play`` covers playing
cards, drawing and signals; ``over`` ends the deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from . import actions as A
from . import events as E
from . import exchange as X
from . import phases as P
from .cards import SUITS, card_str
from .context import CutOrKnock, DealContext
from .errors import IllegalAction, LayoutError
from .tricks import trick_winner
from .variant import DealScore, Variant

if TYPE_CHECKING:
    from .calling import Contract
    from .exchange import Exchange

PLAY = P.PLAY
OVER = P.OVER
_event = tuple.__new__  # makes an event of the hot paths without its count check
_PLAYED = E.PLAYED
_TRICK_WON = E.TrickWon


@dataclass(frozen=True)
class Layout:
    """The cards after the deal: hands by seat, the face-up indicator (or just a trump suit
    when there is none), and the face-down stock, top card first."""

    hands: tuple[tuple[int, ...], ...]
    trump: int
    indicator: int | None
    stock: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [[card_str(c) for c in h] for h in self.hands],
            "indicator": None if self.indicator is None else card_str(self.indicator),
            "trump": SUITS[self.trump],
            "stock": [card_str(c) for c in self.stock],
        }


class Trick(NamedTuple):
    """A trick taken. A named tuple, not a dataclass: one is made for every trick of every
    deal, and a frozen dataclass's ``__init__`` costs several times more."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int
    points: int


@dataclass(frozen=True)
class SignalEvent:
    sender: int
    signal: int  # index into variant.signals
    trick: int  # number of the trick it was sent in (0-based)
    receivers: tuple[int, ...]  # partners, then the opponents who caught it


@dataclass(frozen=True)
class ScoreEvent:
    """Game points scored during play (a heley), the moment a trick completed."""

    trick: int
    team: int
    points: int
    reason: str


def check_layout(v: Variant, layout: Layout) -> None:
    """Refuse a layout that is not a deal of this variant (``LayoutError`` says why)."""
    n = v.n
    if len(layout.hands) != n:
        raise LayoutError(f"{v.name} deals {n} hands, the layout has {len(layout.hands)}")
    seen: set[int] = set()
    everything = [c for h in layout.hands for c in h] + list(layout.stock)
    if layout.indicator is not None:
        everything.append(layout.indicator)
    for c in everything:
        if c in seen:
            raise LayoutError(f"card {card_str(c)} appears twice in the layout")
        seen.add(c)
    pack = set(v.pack())
    if seen != pack:
        stray = sorted(seen - pack)
        if stray:
            raise LayoutError(f"card {card_str(stray[0])} is not in the {v.name} pack")
        missing = sorted(pack - seen)
        raise LayoutError(f"card {card_str(missing[0])} is missing from the layout")
    for seat, hand in enumerate(layout.hands):
        if len(hand) != v.hand_size:
            raise LayoutError(f"seat {seat} holds {len(hand)} cards; {v.name} deals {v.hand_size}")
    if layout.indicator is not None and v.suit[layout.indicator] != layout.trump:
        raise LayoutError("the trump suit must be the indicator's suit")
    if layout.indicator is None and v.has_indicator and not v.may_lack_indicator:
        raise LayoutError(f"{v.name} turns a trump indicator; the layout has none")
    v.check_layout(layout)


class GameState:
    """One deal of one variant."""

    def __init__(
        self,
        variant: Variant,
        dealer: int = 0,
        seed: int | None = None,
        layout: Layout | None = None,
        match_points: Iterable[int] | None = None,
        target: int | None = None,
        context: DealContext | None = None,
    ) -> None:
        """``context``: what the deal takes from its match; without it, the deal is a
        match's first (or, with ``match_points`` and ``target``, a deal at that score)."""
        if context is not None and (match_points is not None or target is not None):
            raise ValueError("give the match points and target in the context, or without it")
        self.variant = variant
        self.n = variant.n
        if not 0 <= dealer < self.n:
            raise LayoutError(f"dealer must be a seat from 0 to {self.n - 1}, not {dealer}")
        self.dealer = dealer
        self.eldest = (dealer + 1) % self.n
        if seed is None:  # a fresh shuffle; a given layout keeps 0 for its other chances
            seed = 0 if layout is not None else random.randrange(2**63)
        self.seed = seed
        self.rng = random.Random(self.seed)
        self.layout_given = layout
        self.context = context if context is not None else DealContext.of(
            variant.n_teams, match_points, target)
        self.phase = P.DEAL
        self.current: int | None = None
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.deck: list[int] = []  # undealt cards before the deal, top first
        self.stock: list[int] = []  # face-down stock, top card LAST (pop() draws)
        self.indicator: int | None = None  # face-up indicator while it lies on the table
        self.indicator_card: int | None = None  # the indicator as turned (for the record)
        self.trump = 0
        self.layout: Layout | None = None
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.leader = self.eldest
        self.tricks: list[Trick] = []
        self.points = [0] * self.n
        self.tricks_won = [0] * self.n
        self.history: list[int] = []
        self.known: list[list[set[int]]] = [[set() for _ in range(self.n)] for _ in range(self.n)]
        self.has_known = False
        self.shown_events: list[tuple[int, str]] = []  # (trick number, why) of hand showings
        self.signal_log: list[SignalEvent] = []
        self.signals_this_turn: set[int] = set()
        self.score_events: list[ScoreEvent] = []
        self.deal_game_points = [0] * variant.n_teams
        self.ended_early = False
        self.result: DealScore | None = None
        # trump exchanges (see ``exchange``): every step, and a card laid under the indicator
        self.exchanges: tuple[Exchange, ...] = ()
        self.under_indicator: tuple[int, int] | None = None  # (seat, card) announced
        # the deal's partnerships; fixed games copy the variant's, a called partner sets them
        self.side_of: list[int] = list(variant.team_of)
        # an auction and a called partner (see ``calling``): what each seat said, in order;
        # the public contract; and the called card's holder, which no view copies
        self.bids: tuple[tuple[int, int], ...] = ()
        self.contract: Contract | None = None
        self.called_holder: int | None = None
        self.partner_shown = False  # the bidder showed the called card (col Monte)
        self.claims: tuple[int, ...] = ()  # seats that kept a hand without counting cards
        # cards dealt face down to the table (col Monte), and the bidder's discards
        self.monte: list[int] = []
        self.discards: list[int] = []
        self.cut_or_knock: CutOrKnock | None = None  # Bisca Capixaba's choice, once made
        self.events: list[E.Event] = []  # what happened, in order (see ``events``)
        if layout is None:
            self.deck = variant.pack()
            self.rng.shuffle(self.deck)
        else:
            check_layout(variant, layout)
        variant.begin(self)

    # ----- dealing -------------------------------------------------------------------

    def deal_standard(self, indicator_first: int | None = None, trump: int | None = None,
                      start: bool = True) -> None:
        """Deal from ``self.deck`` (or install the given layout) and start play.

        ``indicator_first``: an indicator already turned before the deal (Capixaba's cut);
        ``trump`` without an indicator: a fixed trump suit (Capixaba's knock).
        """
        v = self.variant
        if self.layout_given is not None:
            self.install_layout(self.layout_given)
        else:
            deck = self.deck
            pos = 0
            for batch in v.batches:
                for i in range(self.n):
                    seat = (self.eldest + i) % self.n
                    self.hands[seat].extend(deck[pos:pos + batch])
                    pos += batch
            if trump is not None:
                self.trump = trump
                self.indicator = indicator_first
            elif indicator_first is not None:
                self.indicator = indicator_first
                self.trump = v.suit[indicator_first]
            elif v.has_indicator:
                self.indicator = deck[pos]
                self.trump = v.suit[self.indicator]
                pos += 1
            rest = deck[pos:] if v.draws or v.monte_size else []
            if not v.draws and len(deck[pos:]) != v.monte_size:
                raise LayoutError("cards left over after the deal")
            if v.monte_size:
                self.monte = list(rest)  # face down on the table for the bidder
            else:
                self.stock = list(reversed(rest))
            self.deck = []
            self.indicator_card = self.indicator
            self.layout = Layout(
                tuple(tuple(h) for h in self.hands), self.trump, self.indicator, tuple(rest)
            )
        if self.indicator is not None:
            self.events.append(E.IndicatorTurned(self.indicator))
        if start:
            self.start_play()

    def install_layout(self, layout: Layout) -> None:
        self.hands = [list(h) for h in layout.hands]
        self.trump = layout.trump
        self.indicator = layout.indicator
        self.indicator_card = layout.indicator
        if self.variant.monte_size:  # a layout's undealt cards are the monte
            self.monte = list(layout.stock)
        else:
            self.stock = list(reversed(layout.stock))
        self.layout = layout

    def start_play(self) -> None:
        self.phase = PLAY
        self.leader = self.eldest
        self.current = self.eldest
        self.on_play_started()

    def on_play_started(self) -> None:
        hook = getattr(self.variant, "on_play_started", None)
        if hook is not None:
            hook(self)

    # ----- queries -------------------------------------------------------------------

    @property
    def match_points(self) -> list[int]:
        """Game points per team before this deal."""
        return list(self.context.match_points)

    @property
    def target(self) -> int | None:
        """Game points that win the match, when the deal knows it."""
        return self.context.target

    def current_player(self) -> int | None:
        return self.current

    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def stock_count(self) -> int:
        """Cards still to draw, the face-up indicator included."""
        return len(self.stock) + (1 if self.indicator is not None and self.variant.draws else 0)

    @property
    def trick_number(self) -> int:
        return len(self.tricks)

    @property
    def trump_known(self) -> bool:
        """Whether the trump suit is public yet."""
        return self.phase not in P.BEFORE_TRUMPS and not self.variant.trumps_hidden(self)

    @property
    def exchanged(self) -> tuple[int, int, int] | None:
        """The last exchange completed: (seat, card given, indicator taken)."""
        done = [e for e in self.exchanges if e.what == X.TAKEN]
        return (done[-1].seat, done[-1].gave, done[-1].took) if done else None

    def team(self, seat: int) -> int:
        return self.variant.team_of[seat]

    def legal_cards(self, seat: int | None = None) -> list[int]:
        """The cards the seat to act may play now (the whole hand when play is free)."""
        s = self.current if seat is None else seat
        if s is None or self.phase != PLAY:
            return []
        hand = self.hands[s]
        v = self.variant
        if v.has_card_filter:
            return v.filter_cards(self, s, self._by_rule(hand))
        return self._by_rule(hand)

    def _by_rule(self, hand: list[int]) -> list[int]:
        if not self.trick:
            return list(hand)
        v = self.variant
        rule = v.rule_of_play
        if rule.free:
            return list(hand)
        return rule.legal(hand, self.trick, self.trump, self.stock_count == 0,
                                    v.suit, v.strength)

    def legal_actions(self) -> list[int]:
        if self.current is None:
            return []
        v = self.variant
        if self.phase == PLAY:
            cards = self.legal_cards()
            if v.exchange is not None and X.can_exchange(self):
                cards = [A.EXCHANGE] + cards
            if v.signals:
                return self.signal_actions() + v.special_actions(self) + cards
            if v.has_special_play_actions:
                return v.special_actions(self) + cards
            return cards
        return v.special_actions(self)

    def signal_actions(self) -> list[int]:
        """The true signals the seat to act has not yet sent this turn."""
        v = self.variant
        if not v.signals or self.current is None or self.phase != PLAY:
            return []
        hand = self.hands[self.current]
        return [A.SIGNAL + k for k, s in enumerate(v.signals)
                if k not in self.signals_this_turn and s.holds(hand, self.trump)]

    # ----- applying actions ----------------------------------------------------------

    def action_str(self, action: int) -> str:
        return A.action_str(action, self.variant.signal_names)

    def parse_action(self, text: str) -> int:
        return A.parse_action(text, self.variant.signal_names)

    def apply_str(self, text: str, seat: int | None = None) -> tuple[E.Event, ...]:
        try:
            action = self.parse_action(text)
        except ValueError as e:
            raise IllegalAction(self.current if seat is None else seat, repr(text),
                                str(e)) from None
        return self.apply(action, seat)

    def apply(self, action: int, seat: int | None = None) -> tuple[E.Event, ...]:
        """Apply one action of the seat to act; an illegal one raises ``IllegalAction``.
        Returns the events it caused (also appended to ``events``).

        ``seat`` is the seat making the action: when given, an action from a seat that is
        not to act is refused (a stale or misrouted one is never played for another)."""
        if seat is not None and seat != self.current:
            rule = (self.explain(action) if self.current is None
                    else f"it is seat {self.current}'s turn, not seat {seat}'s")
            raise IllegalAction(seat, self._safe_str(action), rule)
        events = self.events
        before = len(events)
        if self.phase == PLAY and 0 <= action < 80:
            if action not in self.legal_cards():
                raise IllegalAction(self.current, self.action_str(action),
                                    self.explain(action))
            self.history.append(action)
            self._play(action)
        else:
            if action not in self.legal_actions():
                raise IllegalAction(self.current, self._safe_str(action),
                                    self.explain(action))
            self.history.append(action)
            if A.is_signal(action):
                self._signal(action - A.SIGNAL)
            elif action == A.EXCHANGE and self.phase == PLAY:
                X.apply_exchange(self)
            else:
                self.variant.apply_special(self, action)
        if self.result is not None:  # set once, by the action that ends the deal
            events.append(E.DealScored(self.result))
        if len(events) == before + 1:
            return (events[before],)
        return tuple(events[before:])

    def apply_unchecked(self, action: int) -> None:
        """Apply an action already known to be legal (search and playouts)."""
        self.history.append(action)
        if self.phase == PLAY and 0 <= action < 80:
            self._play(action)
        elif A.is_signal(action):
            self._signal(action - A.SIGNAL)
        elif action == A.EXCHANGE and self.phase == PLAY:
            X.apply_exchange(self)
        else:
            self.variant.apply_special(self, action)
        if self.result is not None:
            self.events.append(E.DealScored(self.result))

    def _safe_str(self, action: int) -> str:
        try:
            return self.action_str(action)
        except (ValueError, IndexError):
            return f"action {action}"

    def explain(self, action: int) -> str:
        """The rule an illegal action breaks, in a sentence."""
        v = self.variant
        if self.phase == OVER:
            return "the deal is over"
        if self.current is None:
            return "nobody is to act"
        seat = self.current
        if self.phase != PLAY:
            return v.explain_special(self, action)
        if action == A.EXCHANGE and v.exchange_rule(self) is not None:
            return X.why_not(self)
        if 0 <= action < 80:
            if action not in self.hands[seat]:
                return f"{card_str(action)} is not in seat {seat}'s hand"
            if v.has_card_filter and action in self._by_rule(self.hands[seat]):
                return v.explain_filtered(self, seat, action)
            return v.rule_of_play.why(self.hands[seat], self.trick, self.trump,
                                      self.stock_count == 0, v.suit, v.strength, action)
        if A.is_signal(action):
            k = action - A.SIGNAL
            if k >= len(v.signals):
                return "signals are not part of this game"
            if k in self.signals_this_turn:
                return "that signal was already sent this turn"
            return (f"a signal must be true: seat {seat} does not hold "
                    f"{v.signals[k].meaning.lower()}")
        return v.explain_special(self, action)

    def _signal(self, k: int) -> None:
        seat = self.current
        assert seat is not None
        v = self.variant
        self.signals_this_turn.add(k)
        side = self.side_of
        partners = [s for s in range(self.n) if s != seat and side[s] == side[seat]]
        p = float(v.options.get("intercept", 0.25))
        caught = [s for s in range(self.n)
                  if side[s] != side[seat] and self.rng.random() < p]
        self.signal_log.append(SignalEvent(seat, k, len(self.tricks), tuple(partners + caught)))
        self.events.append(E.Signalled(seat, k, tuple(partners), tuple(caught)))

    def _play(self, card: int) -> None:
        seat = self.current
        self.hands[seat].remove(card)
        if self.has_known:
            for row in self.known:
                row[seat].discard(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.events.append(_PLAYED[seat * 80 + card])
        self.signals_this_turn.clear()
        if self.variant.has_after_card:
            self.variant.after_card(self, seat, card)
            if self.phase != PLAY:  # the variant holds the trick (a call still to come)
                return
        n = self.n
        if len(self.trick) < n:
            self.current = (seat + 1) % n
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        v = self.variant
        pts = v.points
        cards = self.trick
        winner = self.trick_seats[trick_winner(cards, v.beats_table(self.trump))]
        points = 0
        for c in cards:
            points += pts[c]
        self.points[winner] += points
        self.tricks_won[winner] += 1
        seats = self.trick_seats
        done = Trick(self.leader, tuple(seats), tuple(cards), winner, points)
        self.tricks.append(done)
        self.events.append(_event(_TRICK_WON, (winner, done.seats, done.cards, points)))
        self.trick = []
        self.trick_seats = []
        last = not self.hands[winner] and self.stock_count == 0
        v.after_trick(self, list(seats), list(cards), winner, last)
        if self.phase == OVER:  # the match ended during the trick (a heley)
            return
        if self.under_indicator is not None:
            X.after_trick_won(self, winner)
        if self.stock or self.indicator is not None and v.draws:
            self._draw_round(winner)
        if not self.hands[winner]:
            self.current = None
            self.phase = OVER
            self.result = v.score(self)
            return
        self.leader = winner
        self.current = winner

    def _draw_round(self, winner: int) -> None:
        n = self.n
        for i in range(n):
            seat = (winner + i) % n
            if self.stock:
                self.hands[seat].append(self.stock.pop())
            elif self.indicator is not None:
                card = self.indicator
                self.indicator = None
                self.hands[seat].append(card)
                self.make_public(seat, card)
                self.events.append(E.IndicatorDrawn(seat, card))
                if self.under_indicator is not None:
                    X.indicator_drawn(self)
        if not self.stock and self.indicator is None:
            self.variant.after_stock_empty(self)

    # ----- knowledge -----------------------------------------------------------------

    def make_public(self, seat: int, card: int) -> None:
        """Every seat now knows that ``seat`` holds ``card``."""
        self.has_known = True
        for row in self.known:
            row[seat].add(card)

    def show_hand(self, seat: int, viewer: int) -> None:
        """``viewer`` sees ``seat``'s whole hand as it is now."""
        self.has_known = True
        self.known[viewer][seat].update(self.hands[seat])

    def show_hands(self, shown: list[tuple[int, int]]) -> None:
        """Each (seat, viewer): ``viewer`` sees ``seat``'s whole hand; told as one
        ``HandShown`` event per seat shown."""
        to: dict[int, list[int]] = {}
        for seat, viewer in shown:
            self.show_hand(seat, viewer)
            to.setdefault(seat, []).append(viewer)
        for seat, viewers in to.items():
            self.events.append(E.HandShown(seat, tuple(self.hands[seat]), tuple(viewers)))

    def add_game_points(self, team: int, points: int, reason: str) -> None:
        """Game points scored during play; ends the deal at once if they win the match."""
        self.deal_game_points[team] += points
        self.score_events.append(ScoreEvent(len(self.tricks) - 1, team, points, reason))
        self.events.append(E.PointsScored(team, points, reason, len(self.tricks) - 1))
        if self.target is not None and self.match_points[team] + self.deal_game_points[team] >= (
            self.target
        ):
            self.ended_early = True
            self.phase = OVER
            self.current = None
            pts, tricks = self.variant.team_points(self)
            self.result = DealScore(
                tuple(pts), tuple(tricks), tuple(self.deal_game_points),
                tuple(e.reason for e in self.score_events), team, ended_early=True,
            )

    # ----- results, views, copies ----------------------------------------------------

    def returns(self) -> list[float]:
        """Per seat: +1 for the winning side, -1 for the losers, 0 for no game."""
        hook = getattr(self.variant, "returns", None)
        if hook is not None:
            return hook(self)
        if self.result is None:
            return [0.0] * self.n
        w = self.result.winner
        if w is None:
            return [0.0] * self.n
        return [1.0 if self.variant.team_of[s] == w else -1.0 for s in range(self.n)]

    def view(self, seat: int):  # -> SeatView
        from .view import make_view

        return make_view(self, seat)

    def clone(self) -> GameState:
        new = GameState.__new__(GameState)
        d = self.__dict__.copy()
        d["rng"] = random.Random()
        d["rng"].setstate(self.rng.getstate())
        d["hands"] = [list(h) for h in self.hands]
        d["deck"] = list(self.deck)
        d["stock"] = list(self.stock)
        d["trick"] = list(self.trick)
        d["trick_seats"] = list(self.trick_seats)
        d["tricks"] = list(self.tricks)
        d["points"] = list(self.points)
        d["tricks_won"] = list(self.tricks_won)
        d["history"] = list(self.history)
        d["known"] = [[set(s) for s in row] for row in self.known]
        d["shown_events"] = list(self.shown_events)
        d["signal_log"] = list(self.signal_log)
        d["signals_this_turn"] = set(self.signals_this_turn)
        d["score_events"] = list(self.score_events)
        d["deal_game_points"] = list(self.deal_game_points)
        d["side_of"] = list(self.side_of)
        d["monte"] = list(self.monte)
        d["discards"] = list(self.discards)
        d["events"] = list(self.events)
        new.__dict__.update(d)
        return new

    @classmethod
    def replay(
        cls,
        variant: Variant,
        actions: Iterable[int],
        dealer: int = 0,
        seed: int | None = None,
        layout: Layout | None = None,
        match_points: Iterable[int] | None = None,
        target: int | None = None,
        context: DealContext | None = None,
    ) -> GameState:
        state = cls(variant, dealer, seed, layout, match_points, target, context)
        for a in actions:
            state.apply(a)
        return state

    def signature(self) -> tuple:
        """Everything that defines the position, for comparing rebuilt states."""
        return (
            self.phase, self.current, tuple(tuple(h) for h in self.hands), tuple(self.stock),
            self.indicator, self.trump, tuple(self.trick), tuple(self.tricks),
            tuple(self.points), tuple(self.history), tuple(self.deal_game_points),
            tuple(self.signal_log), self.result, self.bids, self.contract,
            self.called_holder, self.exchanges, self.under_indicator, self.partner_shown,
            tuple(self.monte), tuple(self.discards), self.claims,
        )
