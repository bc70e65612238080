"""The deal state machine shared by every variant.

A deal is made from a seed (the deal's own random generator shuffles and draws every chance
event) or from an explicit layout, then driven by actions. In the spirit of OpenSpiel:
``current_player``, ``legal_actions``, ``apply``, ``is_over``, ``result``, ``view(seat)``,
``clone``. ``history`` holds every action applied, so a deal is always rebuilt by
``GameState.replay(...)`` from its seed or layout plus its actions.

A deal moves through the phase objects its variant lists (``phases``): ``step`` is the
current one, ``phase`` its name, and ``apply``, ``legal_actions`` and ``explain`` are one
dispatch over it. ``enter`` is the one place a deal changes phase; ``end`` finishes it.
Dealing is in ``dealing``, playing cards and completing tricks in ``play``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING

from . import actions as A
from . import dealing as D
from . import events as E
from . import exchange as X
from . import phases as P
from .context import CutOrKnock, DealContext
from .dealing import Layout, check_layout
from .errors import IllegalAction, LayoutError
from .narrate.sayings import Refusal, words
from .phase_data import NO_BIDDING, NO_EXCHANGES, NO_SIGNS, NOTHING_ASIDE
from .tricks import ScoreEvent, SignalEvent, Trick
from .variant import DealScore, Variant

if TYPE_CHECKING:
    from .phases import Phase

__all__ = ["GameState", "Layout", "ScoreEvent", "SignalEvent", "Trick", "check_layout"]

PLAY = P.PLAY
OVER = P.OVER
_event = tuple.__new__  # makes an event of the hot paths without its count check
_DEAL_SCORED = E.DealScored
_HAND_SHOWN = E.HandShown
_views: ModuleType | None = None  # the ``view`` module, once first asked for a view
# the context of a deal played on its own, by number of teams (immutable, so deals share it)
_ALONE: dict[int, DealContext] = {}


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
        if context is None:
            if match_points is None and target is None:  # a deal on its own: one shared
                context = _ALONE.get(variant.n_teams) or _ALONE.setdefault(
                    variant.n_teams, DealContext.of(variant.n_teams))
            else:
                context = DealContext.of(variant.n_teams, match_points, target)
        self.context = context
        self.step: Phase = P.DEALING  # the current phase object
        self.phase = P.DEAL  # and its name
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
        self.actors: list[int] = []  # the seat that took each action ``apply`` applied
        self.known: list[list[set[int]]] = [[set() for _ in range(self.n)] for _ in range(self.n)]
        self.has_known = False
        self.shown_events: list[tuple[int, str]] = []  # (trick number, why) of hand showings
        self.score_events: list[ScoreEvent] = []
        self.deal_game_points = [0] * variant.n_teams
        self.ended_early = False
        self.result: DealScore | None = None
        # the deal's partnerships; fixed games copy the variant's, a called partner sets them
        self.side_of: list[int] = list(variant.team_of)
        # what the phases keep, one immutable record each (see ``phase_data``)
        self.bidding = NO_BIDDING  # an auction and a call (see ``calling``)
        self.aside = NOTHING_ASIDE  # col Monte's claims, monte and discards (see ``monte``)
        self.exchange = NO_EXCHANGES  # trump exchanges (see ``exchange``)
        self.signs = NO_SIGNS  # signs to partners
        self.cut_or_knock: CutOrKnock | None = None  # Bisca Capixaba's choice, once made
        self.events: list[E.Event] = []  # what happened, in order (see ``events``)
        if layout is None:
            self.deck = variant.pack()
            self.rng.shuffle(self.deck)
        else:
            check_layout(variant, layout)
        variant.begin(self)

    # ----- dealing and phases -------------------------------------------------------

    def deal_standard(self, indicator_first: int | None = None, trump: int | None = None,
                      then: str = PLAY) -> None:
        """Deal (see ``dealing.deal``), then enter phase ``then``."""
        D.deal(self, indicator_first, trump, then)

    def enter(self, name: str, start: bool = True) -> None:
        """Move to the variant's phase ``name``; ``start`` lets it set who acts (False:
        play resumes a trick held on the table)."""
        step = self.variant.phase_of[name]
        self.step = step
        self.phase = name
        if start:
            step.start(self)

    def end(self, result: DealScore) -> None:
        """The deal is finished, worth ``result``."""
        self.result = result
        self.enter(OVER)

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
        done = [e for e in self.exchange.steps if e.what == X.TAKEN]
        return (done[-1].seat, done[-1].gave, done[-1].took) if done else None

    def team(self, seat: int) -> int:
        return self.variant.team_of[seat]

    def legal_cards(self, seat: int | None = None) -> list[int]:
        """The cards the seat to act may play now (the whole hand when play is free)."""
        s = self.current if seat is None else seat
        if s is None or self.phase != PLAY:
            return []
        return self.step.cards(self, s)

    def legal_actions(self) -> list[int]:
        if self.current is None:
            return []
        return self.step.legal(self)

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
            said = (self.refusal(action) if self.current is None
                    else Refusal("not_your_turn", current=self.current, seat=seat))
            raise IllegalAction(seat, self._safe_str(action), words(said), said)
        events = self.events
        before = len(events)
        actor = self.current
        if actor is None or not self.step.take(self, action):
            said = self.refusal(action)
            raise IllegalAction(self.current, self._safe_str(action), words(said), said)
        self.actors.append(actor)
        if self.result is not None:  # set once, by the action that ends the deal
            events.append(_event(_DEAL_SCORED, (self.result,)))
        if len(events) == before + 1:
            return (events[before],)
        return tuple(events[before:])

    def apply_unchecked(self, action: int) -> None:
        """Apply an action already known to be legal (search and playouts); who took it is
        not kept (``actors``), as a search never takes an action back."""
        self.history.append(action)
        self.step.apply(self, action)
        if self.result is not None:
            self.events.append(_event(_DEAL_SCORED, (self.result,)))

    def _safe_str(self, action: int) -> str:
        try:
            return self.action_str(action)
        except (ValueError, IndexError):
            return f"action {action}"

    def explain(self, action: int) -> str:
        """The rule an illegal action breaks, in a sentence."""
        return words(self.refusal(action))

    def refusal(self, action: int) -> Refusal:
        """The rule an illegal action breaks, as the table's sentence (``Refusal``)."""
        if self.current is None and self.phase != OVER:
            return Refusal("nobody_to_act")
        return self.step.why_not(self, action)

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

    def show_hands(self, shown: Iterable[tuple[int, tuple[int, ...]]]) -> None:
        """Each (seat, viewers): the viewers see ``seat``'s whole hand; told as one
        ``HandShown`` event per seat shown, in the order given."""
        self.has_known = True
        hands, known, events = self.hands, self.known, self.events
        for seat, viewers in shown:
            hand = hands[seat]
            for viewer in viewers:
                known[viewer][seat].update(hand)
            events.append(_event(_HAND_SHOWN, (seat, tuple(hand), tuple(viewers))))

    def add_game_points(self, team: int, points: int, reason: str) -> None:
        """Game points scored during play; ends the deal at once if they win the match."""
        self.deal_game_points[team] += points
        self.score_events.append(ScoreEvent(len(self.tricks) - 1, team, points, reason))
        self.events.append(_event(E.PointsScored, (team, points, reason, len(self.tricks) - 1)))
        if self.target is not None and self.match_points[team] + self.deal_game_points[team] >= (
            self.target
        ):
            self.ended_early = True
            pts, tricks = self.variant.team_points(self)
            self.end(DealScore(
                tuple(pts), tuple(tricks), tuple(self.deal_game_points),
                tuple(e.reason for e in self.score_events), team, ended_early=True,
            ))

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
        views = _views
        if views is None:  # ``view`` imports this module: looked up on first use, then kept
            views = _view_module()
        return views.make_view(self, seat)

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
        d["actors"] = list(self.actors)
        d["known"] = [[set(s) for s in row] for row in self.known]
        d["shown_events"] = list(self.shown_events)
        d["score_events"] = list(self.score_events)
        d["deal_game_points"] = list(self.deal_game_points)
        d["side_of"] = list(self.side_of)
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
            self.signs.log, self.result, self.bidding.bids, self.bidding.contract,
            self.bidding.called_holder, self.exchange.steps, self.exchange.under,
            self.bidding.partner_shown, self.aside.monte, self.aside.discards,
            self.aside.claims,
        )


def _view_module() -> ModuleType:
    global _views
    from . import view

    _views = view
    return view
