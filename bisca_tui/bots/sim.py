"""A lean copy of a deal for search: fast playouts and an exact endgame solver.

The engine's ``GameState`` keeps records, views and checks that a search does not need. A
``Sim`` holds only the cards: hands, stock, indicator, the trick on the table, points and tricks
per seat. It follows the variant's data (suits, strengths, points, partnerships, play
restriction, drawing) so it plays every trick-taking variant of the engine the same way the
engine does, and it calls the variant's own ``after_trick`` and ``score`` hooks (a ``Sim``
offers the few state attributes those hooks read), so mid-deal scores such as Capixaba's
heley and bonus points count in search exactly as in play.

A ``Sim`` is built from a seat's view plus a sampled deal of the hidden cards; it is only
ever used on such sampled deals. It plays with the partnerships of that deal (``side_of``):
the variant's fixed teams in most games; where a called card makes the partner, the sides
that follow from where the sample put that card. Search values are for a side of the deal.

The playout policies are in ``playouts``, the exact endgame solvers in ``solver``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.context import CutOrKnock, DealContext
from ..engine.phase_data import NOTHING_ASIDE, Aside, Bidding
from ..engine.phases import OVER
from ..engine.state import ScoreEvent
from ..engine.tricks import trick_winner
from ..engine.variant import DealScore, Variant
from ..engine.view import SeatView

WIN_WEIGHT = 0.7
POINTS_WEIGHT = 0.3
GAMES_WEIGHT = 0.1  # extra credit per game point of margin beyond the first

# The exact solvers compare finished deals by one integer that orders them by utility and
# carries the side's card points and its win: a minimax value is always the value of one
# finished deal, so the points and the win of the line both sides would play are read back
# from it (``decode``) at no cost to the search.
_SCALE = 1_000_000  # utility steps of 1e-6


class Outcome(tuple):
    """How a finished deal went for one side: ``utility`` (what the search maximises),
    ``points`` (the side's card points) and ``win`` (1 won, 0.5 tied, 0 lost)."""

    __slots__ = ()

    def __new__(cls, utility: float, points: int, win: float) -> Outcome:
        return tuple.__new__(cls, (utility, points, win))

    @property
    def utility(self) -> float:
        return self[0]

    @property
    def points(self) -> int:
        return self[1]

    @property
    def win(self) -> float:
        return self[2]


def encode(utility: float, points: int, win: float) -> float:
    """One whole number ordered by utility first (then points, then the win), as a float:
    exact, and floats compare faster than ints."""
    return float((round(utility * _SCALE) * 128 + points) * 4 + int(win * 2))


def decode(code: float) -> Outcome:
    rest, w = divmod(int(code), 4)
    u, pts = divmod(rest, 128)
    return Outcome(u / _SCALE, pts, w / 2)


class Rules:
    """The constant part of a search: the variant's tables for one trump suit, and a cache
    of deal scores."""

    def __init__(self, variant: Variant, trump: int, target: int | None = None,
                 match_points: Sequence[int] | None = None,
                 cut_or_knock: CutOrKnock | None = None, contract: Any = None,
                 ties_before: int = 0) -> None:
        self.variant = variant
        self.contract = contract  # an auction's contract, as the searching seat knows it
        self.bidding = Bidding(contract=contract)  # the same, as a deal's scoring reads it
        self.n = variant.n
        self.team = tuple(variant.team_of)  # the scoring teams (one per player in some games)
        self.n_teams = variant.n_teams
        self.suit = variant.suit
        self.strength = variant.strength
        self.pts = variant.points
        self.trump = trump
        self.rule_of_play = variant.rule_of_play  # which cards may be played
        self.free = self.rule_of_play.free
        # who takes a trick: ``beats[best][card]`` (the engine's rule, as a table)
        self.beats = variant.beats_table(trump)
        self.draws = variant.draws
        self.hook = type(variant).after_trick is not Variant.after_trick
        self.target = target
        self.match_points = list(match_points) if match_points is not None else [0] * (
            variant.n_teams)
        # what the deal took from its match, for the variant's scoring (ties carried in)
        self.context = DealContext(tuple(self.match_points), target, ties_before)
        self.cut_or_knock = cut_or_knock  # Bisca Capixaba's public choice
        # how much a card costs to give away or spend: points, plus a premium for trumps
        self.cost = tuple(
            self.pts[c] + ((8 + self.strength[c]) if self.suit[c] == trump else 0)
            for c in range(80)
        )
        self._scores: dict[tuple, DealScore] = {}  # kept: ``code`` relies on their ids
        self._codes: dict[tuple[int, int], float] = {}

    def score(self, sim: Sim) -> DealScore:
        team = self.team
        side = sim.side_of
        tp = [0] * self.n_teams
        tt = [0] * self.n_teams
        if side == team:
            for s in range(self.n):
                tp[team[s]] += sim.points[s]
                tt[team[s]] += sim.tricks_won[s]
            key: tuple = (tuple(tp), tuple(tt), tuple(sim.deal_game_points), sim.early_winner)
        else:
            # the deal's sides differ from the scoring teams (a called partner): the score
            # depends on the sides and on each side's totals
            sp = [0] * (max(side) + 1)
            st = [0] * len(sp)
            for s in range(self.n):
                tp[team[s]] += sim.points[s]
                tt[team[s]] += sim.tricks_won[s]
                sp[side[s]] += sim.points[s]
                st[side[s]] += sim.tricks_won[s]
            key = (side, tuple(sp), tuple(st), tuple(sim.deal_game_points), sim.early_winner)
        r = self._scores.get(key)
        if r is None:
            if sim.early_winner is not None:
                r = DealScore(tuple(tp), tuple(tt), tuple(sim.deal_game_points), (),
                              sim.early_winner, True)
            else:
                r = self.variant.score(sim)  # type: ignore[arg-type]
            self._scores[key] = r
        return r

    def share(self, sim: Sim, team: int) -> float:
        """The share of the card points side ``team`` of the deal took in the finished deal."""
        total = 0
        mine = 0
        side = sim.side_of
        for s in range(self.n):
            total += sim.points[s]
            if side[s] == team:
                mine += sim.points[s]
        return mine / (total or 1)

    def utility(self, sim: Sim, team: int) -> float:
        """How good the finished deal is for side ``team`` of the deal, from 0 to about 1:
        mostly whether it won, partly its share of the card points, a little the margin in
        game points."""
        return self.outcome(sim, team)[0]

    def code(self, sim: Sim, team: int) -> float:
        """``outcome`` as the one integer the exact solvers compare (see ``encode``),
        remembered per deal score (the outcome depends on nothing else)."""
        k = (id(self.score(sim)), team)
        c = self._codes.get(k)
        if c is None:
            c = self._codes[k] = encode(*self.outcome(sim, team))
        return c

    def outcome(self, sim: Sim, team: int) -> Outcome:
        """The finished deal for side ``team``: its utility, card points and win."""
        if sim.side_of != self.team:
            return self._side_outcome(sim, team)
        r = self.score(sim)
        if r.winner is None:
            win = 0.5
        else:
            win = 1.0 if r.winner == team else 0.0
        total = sum(r.card_points) or 1
        share = r.card_points[team] / total
        gp = r.game_points
        other = max((g for t, g in enumerate(gp) if t != team), default=0)
        margin = gp[team] - other
        extra = 0.0
        if margin > 1:
            extra = min(margin - 1, 3)
        elif margin < -1:
            extra = max(margin + 1, -3)
        return Outcome(WIN_WEIGHT * win + POINTS_WEIGHT * share + GAMES_WEIGHT * extra,
                       r.card_points[team], win)

    def _side_outcome(self, sim: Sim, team: int) -> Outcome:
        """``outcome`` when the deal's sides are not the scoring teams (each player scores
        alone; a called partner joins the bidder): won or lost by the sign of the game points
        of the side's players, the side's share of the card points, and a little for taking
        (or conceding) every trick."""
        r = self.score(sim)
        side = sim.side_of
        seat = side.index(team)
        g = r.game_points[self.team[seat]]
        win = 1.0 if g > 0 else (0.0 if g < 0 else 0.5)
        total = 0
        mine = 0
        tricks = 0
        all_tricks = 0
        for s in range(self.n):
            total += sim.points[s]
            all_tricks += sim.tricks_won[s]
            if side[s] == team:
                mine += sim.points[s]
                tricks += sim.tricks_won[s]
        extra = 1.0 if tricks == all_tricks else (-1.0 if tricks == 0 else 0.0)
        return Outcome(WIN_WEIGHT * win + POINTS_WEIGHT * mine / (total or 1)
                       + GAMES_WEIGHT * extra, mine, win)


class Sim:
    """The cards of one deal, fully known (a sample), played as fast as Python allows."""

    __slots__ = ("rules", "n", "trump", "hands", "stock", "indicator", "trick", "tseats",
                 "leader", "current", "points", "tricks_won", "ntricks", "over",
                 "deal_game_points", "score_events", "early_winner", "target",
                 "match_points", "context", "cut_or_knock", "side_of", "bidding",
                 "aside")

    def __init__(self, rules: Rules, hands: list[list[int]], stock: list[int],
                 indicator: int | None, leader: int) -> None:
        self.rules = rules
        self.n = rules.n
        self.trump = rules.trump
        self.hands = hands
        self.stock = stock  # top card last
        self.indicator = indicator
        self.trick: list[int] = []
        self.tseats: list[int] = []
        self.leader = leader
        self.current = leader
        self.points = [0] * rules.n
        self.tricks_won = [0] * rules.n
        self.ntricks = 0
        self.over = False
        self.deal_game_points = [0] * rules.n_teams
        self.score_events: list[ScoreEvent] = []
        self.early_winner: int | None = None
        self.target = rules.target
        self.match_points = rules.match_points
        self.context = rules.context
        self.cut_or_knock = rules.cut_or_knock
        self.side_of: tuple[int, ...] = rules.team  # the deal's partnerships
        # the contract, and the called card's holder once a search samples it (as a deal's)
        self.bidding = rules.bidding
        self.aside = NOTHING_ASIDE  # the cards laid aside (col Monte), for the last trick

    @classmethod
    def from_view(cls, rules: Rules, view: SeatView, hands: list[list[int]],
                  stock: list[int]) -> Sim:
        """The deal behind ``view`` with the hidden cards as sampled (``hands``, ``stock``).

        The partnerships are the view's when it knows them all, else the variant's teams;
        a search that samples a hidden partner sets ``side_of`` (and ``bidding``) itself.

        An exchange announced under the indicator is played out as done: the announcer
        holds the indicator and the card laid under it is the last card to draw (it
        usually completes at the announcer's next trick won, and the card counts stay
        right either way)."""
        indicator = view.indicator
        if view.under_indicator is not None and indicator is not None:
            seat, laid = view.under_indicator
            hands = [list(h) for h in hands]
            hands[seat].append(indicator)
            indicator = laid
        discards: list[int] = []
        if rules.variant.monte_size:  # no stock: what sampling left over was laid aside
            discards = list(view.discards) if view.discards else list(stock)
            stock = []
        sim = cls(rules, hands, stock, indicator, view.leader)
        sim.aside = Aside(discards=tuple(discards))
        sim.trick = [c for _, c in view.trick]
        sim.tseats = [s for s, _ in view.trick]
        sim.current = view.current if view.current is not None else view.leader
        sim.points = list(view.points)
        won = [0] * rules.n
        for t in view.tricks:
            won[t.winner] += 1
        sim.tricks_won = won
        sim.ntricks = len(view.tricks)
        sim.deal_game_points = list(view.deal_game_points)
        sim.score_events = list(view.score_events)
        sim.over = view.phase == OVER
        if None not in view.side_of:
            sim.side_of = tuple(view.side_of)  # type: ignore[arg-type]
        return sim

    def clone(self) -> Sim:
        new = Sim.__new__(Sim)
        new.rules = self.rules
        new.n = self.n
        new.trump = self.trump
        new.hands = [h[:] for h in self.hands]
        new.stock = self.stock[:]
        new.indicator = self.indicator
        new.trick = self.trick[:]
        new.tseats = self.tseats[:]
        new.leader = self.leader
        new.current = self.current
        new.points = self.points[:]
        new.tricks_won = self.tricks_won[:]
        new.ntricks = self.ntricks
        new.over = self.over
        new.deal_game_points = self.deal_game_points[:]
        new.score_events = self.score_events[:]
        new.early_winner = self.early_winner
        new.target = self.target
        new.match_points = self.match_points
        new.context = self.context
        new.cut_or_knock = self.cut_or_knock
        new.side_of = self.side_of
        new.bidding = self.bidding
        new.aside = self.aside
        return new

    # ----- the hooks' view of a state ---------------------------------------------

    def add_game_points(self, team: int, points: int, reason: str) -> None:
        self.deal_game_points[team] += points
        self.score_events.append(ScoreEvent(self.ntricks - 1, team, points, reason))
        if self.target is not None and (
                self.match_points[team] + self.deal_game_points[team] >= self.target):
            self.over = True
            self.early_winner = team

    @property
    def stock_count(self) -> int:
        return len(self.stock) + (1 if self.indicator is not None and self.rules.draws else 0)

    def cards_left(self) -> int:
        """Cards still to be played in the deal (hands, stock and indicator)."""
        return sum(len(h) for h in self.hands) + self.stock_count

    # ----- rules --------------------------------------------------------------------

    def legal(self) -> list[int]:
        hand = self.hands[self.current]
        rules = self.rules
        if rules.free or not self.trick:
            return hand[:]
        return rules.rule_of_play.legal(hand, self.trick, self.trump, self.stock_count == 0,
                                        rules.suit, rules.strength)

    def winning(self) -> int:
        """Index in the trick of the card winning it so far."""
        return trick_winner(self.trick, self.rules.beats)

    def play(self, card: int) -> None:
        seat = self.current
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.tseats.append(seat)
        if len(self.trick) < self.n:
            self.current = seat + 1 if seat + 1 < self.n else 0
            return
        rules = self.rules
        best = self.winning()
        winner = self.tseats[best]
        pts = rules.pts
        p = 0
        for c in self.trick:
            p += pts[c]
        self.points[winner] += p
        self.tricks_won[winner] += 1
        self.ntricks += 1
        hands = self.hands
        if rules.hook:
            last = not hands[winner] and self.stock_count == 0
            rules.variant.after_trick(self, list(self.tseats), list(self.trick),  # type: ignore[arg-type]
                                      winner, last)
            if self.over:
                return
        self.trick = []
        self.tseats = []
        stock = self.stock
        if stock or (self.indicator is not None and rules.draws):
            n = self.n
            for i in range(n):
                s = (winner + i) % n
                if stock:
                    hands[s].append(stock.pop())
                elif self.indicator is not None:
                    hands[s].append(self.indicator)
                    self.indicator = None
        if not hands[winner]:
            self.over = True
            self.current = -1
            return
        self.leader = winner
        self.current = winner
