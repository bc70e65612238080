"""The search behind the hard level: Perfect Information Monte Carlo.

For each decision the bot deals the hidden cards at random many times, each time consistently
with its view (its hand, the cards played, the indicator, cards it knows others hold, voids
shown under follow rules, partners' signals). Every legal card is scored on the same sampled
deals: by an exact minimax solve once few cards remain (two players: when the stock is small
or gone), otherwise by a greedy playout, deterministic so that every card is judged on exactly
the same play of the same deals. An exact solve scores a deal by a blend of winning and card
points, so the bot plays to win the deal, not only to pile up points. A playout is scored by
its share of the card points alone: a single greedy playout says little about who would
really win, and the win-or-lose step makes its verdicts noisy, so that extra samples stop
paying; with points the average keeps improving with more samples (``objective="blend"``
scores playouts like the solver). The card with the best average is played.

Where a called card makes a secret partner (Sueca for five), the partnerships are hidden
too: each sample puts the called card in some hand, and the variant's ``rebuild_hidden``
hook turns that into the sample's sides (the holder partners the bidder; a bidder holding
it plays alone). The holder is drawn with the odds the rules of thumb read from the play
(a seat that fed the bidder's tricks is likelier, a seat that showed no trumps cannot hold
a trump), and each sample is played and scored with its own sides.

With the ``read`` setting (off by default) the samples are weighted by how likely the
other seats' card plays so far were with the hands each gives them, under a network learned
from the hard level's own games (``reading``; in the games where a network was learned:
Briscola, Brisca and Bisca de Três for two, Sueca, Bisca Capixaba). The verdicts are then
weighted averages.

The search uses only the engine's public data (suits, strengths, points, partnerships, the
play restriction, the variant's own trick and scoring hooks), so every variant of the engine
is searched the same way. Special actions (cut or knock, exchange, signals, auctions) are
answered by the shared rules of thumb.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..engine import actions as A
from ..engine.phase_data import Bidding
from ..engine.sampling import HiddenInfo, infer, sample_hidden
from ..engine.state import Trick
from ..engine.variant import Variant
from ..engine.view import SeatView
from .base import Bot
from .cardplay import request_to_honour, rule_card
from .heuristics import obvious_choice, request_choice
from .playouts import fast_playout_greedy
from .sim import Rules, Sim
from .solver import solve2_actions, solve_actions
from .table import Table, hidden_partner, partner_odds, variant_of

if TYPE_CHECKING:
    from .reading import HandReader as Reader

#: one sampled deal: the hands, the stock (or the cards aside), the sample's sides and the
#: called card's holder (None: the view's own)
Sample = tuple[list[list[int]], list[int], tuple[int, ...] | None, int | None]


@dataclass(frozen=True)
class ActionValue:
    """What the search expects of one legal card, averaged over its sampled deals."""

    action: int
    value: float  # the search's own objective, from 0 to about 1: the card with most is played
    points: float  # the card points the seat's side of the deal ends the deal with
    win: float  # the chance that side wins the deal (a tie counts half)


@dataclass(frozen=True)
class Evaluation:
    """The search's verdict on every card it was asked about, from one seat's view.

    ``method`` says how the sampled deals were judged: ``"exact"`` (only one deal fits the
    view and it was solved exactly: the values are certain), ``"solved"`` (each sample solved
    exactly), or ``"playouts"`` (each sample played out; the values are estimates)."""

    seat: int
    values: dict[int, ActionValue]
    best: int
    samples: int
    method: str
    ess: float | None = None  # samples' worth kept by the weights, when reading the opponent

    def ranked(self) -> list[ActionValue]:
        """The cards from the best to the worst, as the search ranks them."""
        return sorted(self.values.values(), key=lambda a: (a.action != self.best, -a.value))


def unique_deal(info: HiddenInfo) -> bool:
    """True when the view leaves only one way to place the hidden cards."""
    places = sum(1 for s in info.slots if s > 0) + (1 if info.stock_slots > 0 else 0)
    return places <= 1 and info.stock_slots <= 1


def spare_partner(view: SeatView, variant: Variant, cards: list[int]) -> list[int]:
    """Drop the trumps that would take the trick from a partner who is winning it when no
    opponent plays after us: any card that does not beat the partner keeps the trick, and
    a trump is worth keeping. (Loading a plain Ace on the partner's King stays allowed.)
    Only for a partner the seat knows: a guessed one is left to the search."""
    t = Table(view, variant)
    if not t.trick or not t.ours or t.later_opps:
        return cards
    assert t.win_seat is not None
    if t.ally[t.win_seat] < 1.0:
        return cards
    w = t.win_card
    assert w is not None
    keep = [c for c in cards if not (t.beats(c, w) and t.suit[c] == t.trump)]
    return keep or cards


class _Deal:
    """Just enough of a deal state for a variant's ``rebuild_hidden`` hook: the sampled
    hands, the public tricks and facts, and the partnerships to recompute."""

    def __init__(self, view: SeatView, hands: list[list[int]], sides: list[int]) -> None:
        self.n = view.n_players
        self.dealer = view.dealer
        self.leader = view.leader
        self.trump = view.trump
        self.hands = hands
        self.tricks: list[Trick] = list(view.tricks)
        self.trick = [c for _, c in view.trick]
        self.trick_seats = [s for s, _ in view.trick]
        self.cut_or_knock = view.cut_or_knock
        self.bidding = Bidding(view.bids, view.contract)  # the holder: for the hook to set
        self.side_of = sides


class SideSampler:
    """Deals the hidden cards of one decision and works out each sample's partnerships.

    Fixed partnerships: the view's sides for every sample, nothing else to do. A partner
    made by a called card: while the seat does not know the partner, the called card is
    first given to a seat drawn by ``partner_odds``, then the rest is dealt; the variant's
    ``rebuild_hidden`` hook gives the sides (and the facts its scoring reads)."""

    def __init__(self, view: SeatView, variant: Variant, info: HiddenInfo) -> None:
        self.view = view
        self.variant = variant
        self.info = info
        self.known = None not in view.side_of
        self.hook = type(variant).rebuild_hidden is not Variant.rebuild_hidden
        self.base_sides = list(view.side_of) if self.known else list(variant.team_of)
        # (odds, info with the called card placed) per possible holder
        self.placements: list[tuple[float, HiddenInfo]] = []
        hp = hidden_partner(view)
        if not self.known and hp is not None and hp[1] in info.unseen:
            called = hp[1]
            unseen = tuple(c for c in info.unseen if c != called)
            odds = partner_odds(view, variant)
            for seat, w in sorted(odds.items()):
                if w <= 0 or info.slots[seat] <= 0 or variant.suit[called] in info.voids[seat]:
                    continue
                fixed = list(info.fixed)
                fixed[seat] = fixed[seat] + (called,)
                slots = list(info.slots)
                slots[seat] -= 1
                self.placements.append((w, replace(info, unseen=unseen, fixed=tuple(fixed),
                                                   slots=tuple(slots))))
        self.total = sum(w for w, _ in self.placements)

    def sample(self, rng: random.Random) -> Sample:
        """Hands, stock, and the sample's sides and called card's holder (None: the
        view's own)."""
        info = self.info
        if self.placements:
            x = rng.random() * self.total
            for w, placed in self.placements:
                info = placed
                x -= w
                if x < 0:
                    break
        hands, stock = sample_hidden(info, self.variant, rng)
        if not self.hook:
            return hands, stock, None, None
        c = self.view.contract
        if self.known and c is not None and c.partner is not None:
            return hands, stock, tuple(self.view.side_of), c.partner  # sides known to all
        deal = _Deal(self.view, hands, list(self.base_sides))
        self.variant.rebuild_hidden(deal)  # type: ignore[arg-type]
        return hands, stock, tuple(deal.side_of), deal.bidding.called_holder


class PimcBot(Bot):
    level = "hard"
    requests = True  # makes and honours partners' requests (Spanish Brisca's signs)
    description = ("Remembers every card played and what its partners showed or signalled, "
                   "then tries each card on many random guesses of the hidden hands, "
                   "solving the end of the deal exactly; it never sees hidden cards.")

    def __init__(self, seed: int | None = None, budget_ms: float = 150.0,
                 max_samples: int = 1000, min_samples: int = 8, solve_cards_2p: int = 10,
                 solve_tricks: int = 2, objective: str = "points", read: float = 0.0,
                 read_clip: float = 0.02, read_window: int = 0,
                 read_partner: bool = True) -> None:
        super().__init__(seed)
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.solve_cards_2p = solve_cards_2p
        self.solve_tricks = solve_tricks
        self.objective = objective
        # the other seats' play read into the sample weights by the learned model of play
        # (``reading``): the temper of the likelihoods (0: off), the lightest weight
        # against the heaviest, how many of each seat's last plays are read (0: all), and
        # whether a partner's are read as well as the opponents'
        self.read = read
        self.read_clip = read_clip
        self.read_window = read_window
        self.read_partner = read_partner
        self.last_samples = 0
        self.last_ess: float | None = None
        # the deals the search samples, kept while a list is here, and their last weights
        self.drawn: list[tuple[list[list[int]], list[int]]] | None = None
        self.last_weights: list[float] | None = None
        # a card chosen, kept while a request to the partner goes first: (history, card)
        self._planned: tuple[int, int] | None = None

    def choose(self, view: SeatView) -> int:
        if len(view.legal) == 1:
            return view.legal[0]
        planned, self._planned = self._planned, None
        if planned is not None and planned[0] + 1 == view.history_len and planned[1] in \
                view.legal:
            return planned[1]  # the request is made: now the card
        variant = variant_of(view)
        obvious = obvious_choice(view, variant, self.rng, requests=False)
        if obvious is not None:
            return obvious
        return self._ask_first(view, variant, self._card(view, variant))

    def _card(self, view: SeatView, variant: Variant) -> int:
        cards = [a for a in view.legal if 0 <= a < 80]
        if len(cards) == 1:
            return cards[0]
        if view.trump is None:  # a trick played before trumps are named: nothing to search
            return rule_card(view, variant, counting=True)
        asked = request_to_honour(view, variant, cards) if self.requests else None
        if asked is not None:  # the partner asked for points and can still take them
            return asked
        cards = spare_partner(view, variant, cards)
        if len(cards) == 1:
            return cards[0]
        return self.search(view, cards)

    def _ask_first(self, view: SeatView, variant: Variant, card: int) -> int:
        """``card``, or a request to the partner that should go before it (the card is
        played at the next call)."""
        sigs = [a for a in view.legal if A.is_signal(a)] if self.requests else []
        ask = request_choice(view, variant, sigs, card) if sigs else None
        if ask is None:
            return card
        self._planned = (view.history_len, card)
        return ask

    def _solver(self, sim: Sim) -> str | None:
        """Which exact solver applies to this sampled deal, if any."""
        rules = sim.rules
        left = sim.cards_left() + len(sim.trick)
        if rules.n == 2 and not rules.hook and rules.rule_of_play.binds_only_on_trump_lead:
            return "two" if left <= self.solve_cards_2p else None
        if left <= self.solve_tricks * rules.n:
            return "general"
        return None

    def _sampling(self, view: SeatView, variant: Variant
                  ) -> tuple[SideSampler, Reader | None, bool]:
        """One decision's sampler, its reader (None: unread) and if one deal alone fits."""
        info = infer(view, variant)
        sampler = SideSampler(view, variant, info)
        reader = None
        if self.read > 0:
            from .reading import reader_for  # numpy, only where asked for

            reader = reader_for(view, variant, self.read, self.read_clip, self.read_window,
                                self.read_partner)
        return sampler, reader, unique_deal(info) and not sampler.placements

    def _deals(self, sampler: SideSampler, reader: Reader | None,
               unique: bool) -> Iterator[Sample]:
        """One decision's sampled deals, as many as the budget allows (the caller's work on
        each counts against its time), each read into ``reader`` and kept in ``drawn``."""
        rng = self.rng
        clock = self.clock
        deadline = clock() + self.budget_ms / 1000.0
        samples = 0
        while samples < self.max_samples:
            sample = sampler.sample(rng)
            if self.drawn is not None:  # copies: a search may play the sample's cards
                self.drawn.append(([list(h) for h in sample[0]], list(sample[1])))
            if reader is not None:
                reader.add(sample[0], rng)
            yield sample
            samples += 1
            if unique:  # one deal fits the view: every sample would be the same
                break
            if samples >= self.min_samples and clock() >= deadline:
                break

    def sampled(self, view: SeatView, variant: Variant
                ) -> tuple[list[tuple[list[list[int]], list[int]]], list[float] | None]:
        """The deals of the hidden cards (hands; the stock or the cards aside) ``evaluate``
        would judge ``view``'s cards on, drawn alike, with their weights where the bot
        reads the play (None: all alike); without judging them."""
        sampler, reader, unique = self._sampling(view, variant)
        self.drawn = []
        self.last_samples = sum(1 for _ in self._deals(sampler, reader, unique))
        deals, self.drawn = self.drawn, None
        return deals, (None if reader is None else list(reader.weights()))

    def search(self, view: SeatView, cards: Sequence[int]) -> int:
        return self.evaluate(view, cards, detail=False).best

    def evaluate(self, view: SeatView, cards: Sequence[int] | None = None,
                 detail: bool = True) -> Evaluation:
        """Every one of ``cards`` (by default every card the view may play) tried on the
        same sampled deals of the hidden cards, within the bot's budget. With ``detail``
        each card also gets the points and the win chance of its deals (the play itself
        asks only for the values). The one search behind the bot's play, hints and reviews:
        it reads the view alone."""
        variant = variant_of(view)
        if cards is None:
            cards = [a for a in view.legal if 0 <= a < 80]
        cards = list(cards)
        assert cards and view.trump is not None
        rules = Rules(variant, view.trump, view.target, view.match_points, view.cut_or_knock,
                      view.contract)
        sampler, reader, unique = self._sampling(view, variant)
        me = view.seat
        totals = dict.fromkeys(cards, 0.0)
        points = dict.fromkeys(cards, 0.0)
        wins = dict.fromkeys(cards, 0.0)
        rows: list[tuple[dict[int, float], ...]] = []
        samples = 0
        solved = 0
        # points alone only where they are the whole story (no mid-deal game points)
        by_points = self.objective == "points" and not rules.hook
        value = rules.share if by_points else rules.utility
        for hands, stock, sides, holder in self._deals(sampler, reader, unique):
            sim = Sim.from_view(rules, view, hands, stock)
            if sides is not None:
                sim.side_of = sides
                sim.bidding = replace(sim.bidding, called_holder=holder)
            team = sim.side_of[me]
            if reader is not None:  # each sample's values kept apart, to be weighted
                totals, points, wins = (dict.fromkeys(cards, 0.0) for _ in range(3))
                rows.append((totals, points, wins))
            how = self._solver(sim)
            if how is not None:
                outs = (solve2_actions(sim, cards) if how == "two"
                        else solve_actions(sim, team, cards))
                for c in cards:
                    o = outs[c]
                    totals[c] += o.utility
                    if detail:
                        points[c] += o.points
                        wins[c] += o.win
                solved += 1
            else:
                for c in cards:
                    child = sim.clone()
                    child.play(c)
                    fast_playout_greedy(child)
                    if detail:
                        o = rules.outcome(child, team)
                        u = rules.share(child, team) if by_points else o.utility
                        totals[c] += u
                        points[c] += o.points
                        wins[c] += o.win
                    else:
                        totals[c] += value(child, team)
            samples += 1
        self.last_samples = samples
        norm = float(samples)
        ess = None
        if reader is not None:
            from .reading import ess as sample_size

            weights = reader.weights()
            ess = sample_size(weights)
            norm = float(weights.sum())
            totals, points, wins = (reader.weighted(weights, [r[k] for r in rows], cards)
                                    if k == 0 or detail else dict.fromkeys(cards, 0.0)
                                    for k in range(3))
        self.last_ess, self.last_weights = ess, None if reader is None else list(weights)
        # ties go to the cheaper card
        order = sorted(cards, key=lambda c: rules.cost[c])
        best = max(order, key=lambda c: round(totals[c] / norm, 9))
        if unique and solved:
            method = "exact"
        else:
            method = "solved" if solved == samples else "playouts"
        values = {c: ActionValue(c, totals[c] / norm, points[c] / norm, wins[c] / norm)
                  for c in cards}
        return Evaluation(me, values, best, samples, method, ess)
