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
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..engine.context import CutOrKnock, DealContext
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
_INF = float("inf")


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
                 "match_points", "context", "cut_or_knock", "side_of", "contract",
                 "called_holder", "discards")

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
        self.contract = rules.contract
        self.called_holder: int | None = None  # set by a search that samples the partner
        self.discards: list[int] = []  # cards laid aside (col Monte), for the last trick

    @classmethod
    def from_view(cls, rules: Rules, view: SeatView, hands: list[list[int]],
                  stock: list[int]) -> Sim:
        """The deal behind ``view`` with the hidden cards as sampled (``hands``, ``stock``).

        The partnerships are the view's when it knows them all, else the variant's teams;
        a search that samples a hidden partner sets ``side_of`` (and ``called_holder``) itself.

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
        sim.discards = discards
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
        new.contract = self.contract
        new.called_holder = self.called_holder
        new.discards = self.discards
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


# ----- playout policies ------------------------------------------------------------


def greedy_card(sim: Sim, cards: Sequence[int]) -> int:
    """A one-trick greedy choice: lead the cheapest card; when following, take the trick
    if what it brings beats what it costs, else throw the cheapest card; a partner winning
    last in the trick gets points."""
    rules = sim.rules
    cost = rules.cost
    if len(cards) == 1:
        return cards[0]
    trick = sim.trick
    if not trick:
        best = cards[0]
        bv = cost[best]
        for c in cards:
            if cost[c] < bv:
                best, bv = c, cost[c]
        return best
    pts, team = rules.pts, sim.side_of
    w = sim.winning()
    taken_by = rules.beats[trick[w]]
    me = sim.current
    ours = team[sim.tseats[w]] == team[me]
    last = len(trick) == sim.n - 1
    p = 0
    for c in trick:
        p += pts[c]
    best = cards[0]
    bv = -1e9
    for c in cards:
        beats = taken_by[c]
        spend = cost[c] - pts[c]  # the trump premium
        if ours or beats:
            gain = (p + pts[c]) * (1.0 if last else 0.6) - spend
        else:
            gain = -(p + pts[c]) - spend
        if gain > bv:
            best, bv = c, gain
    return best


def playout_greedy(sim: Sim) -> None:
    """Play the deal to its end with ``greedy_card`` for every seat."""
    while not sim.over:
        sim.play(greedy_card(sim, sim.legal()))


def playout_random(sim: Sim, rng: random.Random) -> None:
    """Play the deal to its end with random legal cards."""
    randrange = rng.randrange
    while not sim.over:
        cards = sim.legal()
        sim.play(cards[randrange(len(cards))])


def playout_mixed(sim: Sim, rng: random.Random, noise: float = 0.1) -> None:
    """Greedy play with an occasional random card, so samples do not all play alike."""
    rnd = rng.random
    randrange = rng.randrange
    while not sim.over:
        cards = sim.legal()
        if rnd() < noise:
            sim.play(cards[randrange(len(cards))])
        else:
            sim.play(greedy_card(sim, cards))


# ----- exact solver ----------------------------------------------------------------


def solve(sim: Sim, team: int, alpha: float = -_INF, beta: float = _INF) -> float:
    """The value for ``team`` of the deal with every card known, both sides playing their
    best (minimax with alpha-beta pruning over the two sides; every seat plays for its
    partnership)."""
    if sim.over:
        return sim.rules.code(sim, team)
    cards = sim.legal()
    if len(cards) > 1:
        first = greedy_card(sim, cards)
        cards.remove(first)
        cards.insert(0, first)
    maximizing = sim.side_of[sim.current] == team
    if maximizing:
        v = -_INF
        for c in cards:
            child = sim.clone()
            child.play(c)
            x = solve(child, team, alpha, beta)
            if x > v:
                v = x
            if v > alpha:
                alpha = v
            if alpha >= beta:
                break
        return v
    v = _INF
    for c in cards:
        child = sim.clone()
        child.play(c)
        x = solve(child, team, alpha, beta)
        if x < v:
            v = x
        if v < beta:
            beta = v
        if alpha >= beta:
            break
    return v


def solve_actions(sim: Sim, team: int, cards: Sequence[int]) -> dict[int, Outcome]:
    """The exact outcome for ``team`` of each card the seat to act may play: the finished
    deal both sides' best play leads to after it."""
    out: dict[int, Outcome] = {}
    for c in cards:
        child = sim.clone()
        child.play(c)
        out[c] = decode(solve(child, team))
    return out


# ----- fast paths ------------------------------------------------------------------


def fast_playout_random(sim: Sim, rng: random.Random) -> None:
    """``playout_random`` with the trick loop written out, for variants without trick hooks;
    falls back to the general loop otherwise."""
    rules = sim.rules
    if rules.hook or sim.over:
        playout_random(sim, rng)
        return
    n = sim.n
    suit, strength, pts = rules.suit, rules.strength, rules.pts
    trump = sim.trump
    free = rules.free
    # the rule of play restricts nothing but answers to a trump lead
    on_trump_lead = rules.rule_of_play.binds_only_on_trump_lead
    legal = rules.rule_of_play.legal
    beats = rules.beats
    draws = rules.draws
    hands = sim.hands
    stock = sim.stock
    indicator = sim.indicator
    points = sim.points
    won = sim.tricks_won
    trick = sim.trick
    tseats = sim.tseats
    leader = sim.leader
    randrange = rng.randrange
    ntricks = sim.ntricks
    while True:
        i = len(trick)
        seat = (leader + i) % n
        while i < n:
            hand = hands[seat]
            if free or not trick or (on_trump_lead and suit[trick[0]] != trump):
                c = hand.pop(randrange(len(hand)))
            else:
                opts = legal(hand, trick, trump, not stock and indicator is None, suit, strength)
                c = opts[randrange(len(opts))]
                hand.remove(c)
            trick.append(c)
            tseats.append(seat)
            i += 1
            seat = seat + 1 if seat + 1 < n else 0
        # ``trick_winner`` written out with the points added on the way
        wc = trick[0]
        best = 0
        p = pts[wc]
        for j in range(1, n):
            c = trick[j]
            p += pts[c]
            if beats[wc][c]:
                best, wc = j, c
        winner = tseats[best]
        points[winner] += p
        won[winner] += 1
        ntricks += 1
        trick = []
        tseats = []
        if stock or (indicator is not None and draws):
            for j in range(n):
                s = (winner + j) % n
                if stock:
                    hands[s].append(stock.pop())
                elif indicator is not None:
                    hands[s].append(indicator)
                    indicator = None
        leader = winner
        if not hands[winner]:
            break
    sim.trick = trick
    sim.tseats = tseats
    sim.indicator = indicator
    sim.leader = leader
    sim.ntricks = ntricks
    sim.over = True
    sim.current = -1


def fast_playout_greedy(sim: Sim) -> None:
    """``playout_greedy`` written out for two players in free play without trick hooks
    (Bisca de Tres, Briscola): the same cards in the same order, three to four times as
    fast. Other games go through the general loop."""
    rules = sim.rules
    if sim.n != 2 or rules.hook or not rules.free or sim.over:
        playout_greedy(sim)
        return
    pts, cost, beats = rules.pts, rules.cost, rules.beats
    draws = rules.draws
    hands = sim.hands
    stock = sim.stock
    indicator = sim.indicator
    points = sim.points
    won = sim.tricks_won
    leader = sim.leader
    ntricks = sim.ntricks
    a = sim.trick[0] if sim.trick else -1  # a card already led is off its hand
    if sim.trick:
        leader = sim.tseats[0]
    while True:
        if a < 0:
            lh = hands[leader]
            a = lh[0]
            av = cost[a]
            # lead the cheapest card
            for c in lh:
                if cost[c] < av:
                    a, av = c, cost[c]
            lh.remove(a)
        follower = 1 - leader
        fh = hands[follower]
        taken_by = beats[a]
        pa = pts[a]
        b = fh[0]
        bv = -_INF
        for c in fh:
            if taken_by[c]:
                gain = pa + pts[c] + pts[c] - cost[c]
            else:
                gain = -pa - cost[c]
            if gain > bv:
                b, bv = c, gain
        fh.remove(b)
        winner = follower if taken_by[b] else leader
        points[winner] += pa + pts[b]
        won[winner] += 1
        ntricks += 1
        if stock:
            hands[winner].append(stock.pop())
            if stock:
                hands[1 - winner].append(stock.pop())
            elif indicator is not None and draws:
                hands[1 - winner].append(indicator)
                indicator = None
        elif indicator is not None and draws:
            hands[winner].append(indicator)
            indicator = None
        leader = winner
        a = -1
        if not hands[winner]:
            break
    sim.trick = []
    sim.tseats = []
    sim.indicator = indicator
    sim.leader = leader
    sim.ntricks = ntricks
    sim.over = True
    sim.current = -1


class _Leaf:
    """Just enough of a state for ``Rules.score`` at the end of a two-player solve."""

    __slots__ = ("points", "tricks_won", "deal_game_points", "early_winner", "score_events",
                 "trump", "target", "match_points", "context", "cut_or_knock", "side_of")


def solve2_actions(sim: Sim, cards: Sequence[int]) -> dict[int, Outcome]:
    """Exact outcomes of each of ``cards`` for the seat to act, in a two-player deal without
    trick hooks, under a rule of play that restricts only answers to a trump lead (or
    nothing), with the sampled stock order known.

    Tuples and a transposition table instead of ``Sim`` copies: about ten times faster than
    ``solve``."""
    rules = sim.rules
    rule = rules.rule_of_play
    assert sim.n == 2 and not rules.hook and rule.binds_only_on_trump_lead
    suit, strength, pts, cost = rules.suit, rules.strength, rules.pts, rules.cost
    beats = rules.beats
    trump = sim.trump
    root = sim.current
    root_team = sim.side_of[root]
    draws = list(reversed(sim.stock))
    if sim.indicator is not None and rules.draws:
        draws.append(sim.indicator)
    nd = len(draws)
    tot_tricks = [sim.tricks_won[0], sim.tricks_won[1]]
    base_p0 = sim.points[0]
    leaf_cache: dict[tuple[int, int], float] = {}
    trump_rule = not rule.free
    legal = rule.legal

    def leaf(p0: int, t0: int) -> float:
        key = (p0, t0)
        v = leaf_cache.get(key)
        if v is None:
            lf = _Leaf()
            lf.points = [p0, sim.points[0] + sim.points[1] + _remaining - p0]
            lf.tricks_won = [t0, _tricks_total - t0]
            lf.deal_game_points = list(sim.deal_game_points)
            lf.early_winner = None
            lf.score_events = list(sim.score_events)
            lf.trump = trump
            lf.target = sim.target
            lf.match_points = sim.match_points
            lf.context = sim.context
            lf.cut_or_knock = sim.cut_or_knock
            lf.side_of = sim.side_of
            v = rules.code(lf, root_team)  # type: ignore[arg-type]
            leaf_cache[key] = v
        return v

    _remaining = sum(pts[c] for h in sim.hands for c in h) + sum(pts[c] for c in draws) + sum(
        pts[c] for c in sim.trick)
    _tricks_total = tot_tricks[0] + tot_tricks[1] + (
        len(sim.hands[0]) + len(sim.hands[1]) + len(sim.trick) + nd) // 2
    tt: dict[tuple, tuple[float, int]] = {}

    def follow_opts(hand: tuple[int, ...], a: int, k: int) -> tuple[int, ...]:
        if trump_rule and suit[a] == trump:
            return tuple(legal(hand, (a,), trump, k >= nd, suit, strength))
        return hand

    def after(h0: tuple[int, ...], h1: tuple[int, ...], k: int, leader: int, a: int, b: int,
              p0: int, t0: int, alpha: float, beta: float) -> float:
        # a led by ``leader``, b answered: resolve, draw, go on
        winner = 1 - leader if beats[a][b] else leader
        if winner == 0:
            p0 += pts[a] + pts[b]
            t0 += 1
        if k < nd:
            if winner == 0:
                h0 = tuple(sorted(h0 + (draws[k],)))
                h1 = tuple(sorted(h1 + (draws[k + 1],)))
            else:
                h1 = tuple(sorted(h1 + (draws[k],)))
                h0 = tuple(sorted(h0 + (draws[k + 1],)))
            k += 2
        return node(h0, h1, k, winner, p0, t0, alpha, beta)

    def node(h0: tuple[int, ...], h1: tuple[int, ...], k: int, leader: int, p0: int, t0: int,
             alpha: float, beta: float) -> float:
        # hands are kept sorted, so they serve as keys as they are
        if not h0:
            return leaf(p0, t0)
        key = (h0, h1, k, leader, p0, t0)
        hit = tt_get(key)
        if hit is not None:
            v, flag = hit
            if flag == 0:
                return v
            if flag == 1 and v >= beta:
                return v
            if flag == -1 and v <= alpha:
                return v
        a0, b0 = alpha, beta
        lh, fh = (h0, h1) if leader == 0 else (h1, h0)
        lmax = leader == root
        best = -_INF if lmax else _INF
        drawing = k < nd
        if drawing:
            d_first, d_second = draws[k], draws[k + 1]
        for a in sorted(lh, key=cost_of):
            rest_l = tuple([x for x in lh if x != a])
            sa, pa = suit[a], pts[a]
            taken_by = beats[a]
            # the follower's best answer, within the current window
            fbest = _INF if lmax else -_INF
            fa, fb = alpha, beta
            opts = fh
            if trump_rule and sa == trump:
                opts = tuple(legal(fh, (a,), trump, not drawing, suit, strength))
            for b in opts:
                rest_f = tuple([x for x in fh if x != b])
                winner = 1 - leader if taken_by[b] else leader
                np0, nt0 = p0, t0
                if winner == 0:
                    np0 += pa + pts[b]
                    nt0 += 1
                if leader == 0:
                    n0, n1 = rest_l, rest_f
                else:
                    n0, n1 = rest_f, rest_l
                if drawing:
                    if winner == 0:
                        n0 = tuple(sorted(n0 + (d_first,)))
                        n1 = tuple(sorted(n1 + (d_second,)))
                    else:
                        n1 = tuple(sorted(n1 + (d_first,)))
                        n0 = tuple(sorted(n0 + (d_second,)))
                    v = node(n0, n1, k + 2, winner, np0, nt0, fa, fb)
                else:
                    v = node(n0, n1, k, winner, np0, nt0, fa, fb)
                if lmax:  # follower minimises
                    if v < fbest:
                        fbest = v
                    if fbest < fb:
                        fb = fbest
                else:
                    if v > fbest:
                        fbest = v
                    if fbest > fa:
                        fa = fbest
                if fa >= fb:
                    break
            if lmax:
                if fbest > best:
                    best = fbest
                if best > alpha:
                    alpha = best
            else:
                if fbest < best:
                    best = fbest
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if best <= a0:
            tt[key] = (best, -1)
        elif best >= b0:
            tt[key] = (best, 1)
        else:
            tt[key] = (best, 0)
        return best

    cost_of = cost.__getitem__
    tt_get = tt.get

    h = [tuple(sorted(sim.hands[0])), tuple(sorted(sim.hands[1]))]
    k0 = 0
    out: dict[int, Outcome] = {}
    for c in cards:
        if sim.trick:  # root answers the lead
            a = sim.trick[0]
            leader = sim.tseats[0]
            rest = tuple(x for x in h[root] if x != c)
            hh = list(h)
            hh[root] = rest
            out[c] = decode(after(hh[0], hh[1], k0, leader, a, c, base_p0, tot_tricks[0],
                                  -_INF, _INF))
        else:
            rest = tuple(x for x in h[root] if x != c)
            other = h[1 - root]
            v = _INF
            for b in follow_opts(other, c, k0):
                rest_f = tuple(x for x in other if x != b)
                if root == 0:
                    x = after(rest, rest_f, k0, 0, c, b, base_p0, tot_tricks[0], -_INF, v)
                else:
                    x = after(rest_f, rest, k0, 1, c, b, base_p0, tot_tricks[0], -_INF, v)
                if x < v:
                    v = x
            out[c] = decode(v)
    return out
