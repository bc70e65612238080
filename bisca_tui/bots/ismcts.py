"""Information-set Monte Carlo tree search: one tree over what the deciding seat can see.

Each iteration deals the hidden cards afresh (as the sampled search does) and walks one
shared tree of card plays with that deal: at every node only the cards the current deal
allows are candidates, picked by their upper confidence bound counted over the iterations
in which they were available. A new node is played out greedily to the end and every node
on the way is credited with the share of the card points its mover's side took. Because
the tree is shared by all deals, no seat's choice inside it can depend on cards that seat
could not see: the opponents answer, and the seat plays its later cards, by what worked
over all the deals that fit.

Where the sampled search solves the deal exactly (few cards left), it is used as is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..engine.sampling import infer
from ..engine.view import SeatView
from .heuristics import variant_of
from .levels import HardBot
from .pimc import SideSampler
from .sim import Rules, Sim, fast_playout_greedy, greedy_card


class _Node:
    __slots__ = ("kids", "n", "w", "avail")

    def __init__(self) -> None:
        self.kids: dict[int, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0


class IsmctsBot(HardBot):
    level = "hard"

    def __init__(self, seed: int | None = None, explore: float = 0.35,
                 reuse: int = 2, final: str = "visits", hybrid: int = 0, **kw) -> None:
        super().__init__(seed, **kw)
        self.explore = explore
        self.reuse = reuse
        self.final = final
        self.max_iters = 100000
        self.hybrid = hybrid

    def _descend(self, node: _Node, sim: Sim, side, rng) -> float:
        """One walk down ``node``'s tree with the deal ``sim`` (after the root card), then a
        greedy playout; credits the nodes on the way; returns the points shares by side."""
        c_exp = self.explore
        log = math.log
        sqrt = math.sqrt
        path: list[tuple[_Node, int]] = []
        while not sim.over:
            legal = sim.legal()
            kids = node.kids
            mover = side[sim.current]
            untried = [c for c in legal if c not in kids]
            if untried:
                for c in legal:
                    k = kids.get(c)
                    if k is not None:
                        k.avail += 1
                c = greedy_card(sim, untried) if len(untried) > 1 else untried[0]
                child = kids[c] = _Node()
                child.avail = 1
                sim.play(c)
                path.append((child, mover))
                break
            best = -1.0
            pick = None
            for c in legal:
                k = kids[c]
                k.avail += 1
                v = k.w / k.n + c_exp * sqrt(log(k.avail) / k.n)
                if v > best:
                    best, pick = v, c
            node = kids[pick]
            sim.play(pick)
            path.append((node, mover))
        if not sim.over:
            fast_playout_greedy(sim)
        total = 0
        team_pts: dict[int, int] = {}
        for s in range(sim.n):
            p = sim.points[s]
            total += p
            team_pts[side[s]] = team_pts.get(side[s], 0) + p
        total = total or 1
        for nd, mover in path:
            nd.n += 1
            nd.w += team_pts.get(mover, 0) / total
        return team_pts, total

    def _hybrid(self, view, cards, rules, sampler, first) -> int:
        rng = self.rng
        trees = {c: _Node() for c in cards}
        totals = dict.fromkeys(cards, 0.0)
        clock = self.clock
        deadline = clock() + self.budget_ms / 1000.0
        me = view.seat
        samples = 0
        hands, stock, sides, holder = first
        while samples < self.max_samples:
            if samples:
                hands, stock, sides, holder = sampler.sample(rng)
            sim = Sim.from_view(rules, view, hands, stock)
            if sides is not None:
                sim.side_of = sides
                sim.called_holder = holder
            side = sim.side_of
            team = side[me]
            for c in cards:
                child = sim.clone()
                child.play(c)
                tp, tot = self._descend(trees[c], child, side, rng)
                totals[c] += tp.get(team, 0) / tot
            samples += 1
            if samples >= self.min_samples and clock() >= deadline:
                break
        self.last_samples = samples
        order = sorted(cards, key=lambda c: rules.cost[c])
        return max(order, key=lambda c: round(totals[c] / samples, 9))

    def search(self, view: SeatView, cards: Sequence[int]) -> int:
        variant = variant_of(view)
        assert view.trump is not None
        rules = Rules(variant, view.trump, view.target, view.match_points, dict(view.extra),
                      view.contract)
        info = infer(view, variant)
        sampler = SideSampler(view, variant, info)
        # the exact end of the sampled search where it applies
        hands, stock, sides, holder = sampler.sample(self.rng)
        probe = Sim.from_view(rules, view, hands, stock)
        if self._solver(probe) is not None:
            return self.evaluate(view, cards, detail=False).best
        if self.hybrid:
            return self._hybrid(view, cards, rules, sampler, (hands, stock, sides, holder))
        rng = self.rng
        root = _Node()
        root_cards = set(cards)
        clock = self.clock
        deadline = clock() + self.budget_ms / 1000.0
        c_exp = self.explore
        log = math.log
        sqrt = math.sqrt
        iters = 0
        base = probe
        base_sides = sides
        base_holder = holder
        reuse = max(1, self.reuse)
        while iters < self.max_iters:
            if iters % reuse == 0 and iters:
                hands, stock, base_sides, base_holder = sampler.sample(rng)
                base = Sim.from_view(rules, view, hands, stock)
            sim = base.clone()
            if base_sides is not None:
                sim.side_of = base_sides
                sim.called_holder = base_holder
            side = sim.side_of
            node = root
            path: list[tuple[_Node, int]] = []
            first = True
            while not sim.over:
                legal = sim.legal()
                if first:
                    legal = [c for c in legal if c in root_cards]
                    first = False
                kids = node.kids
                untried = [c for c in legal if c not in kids]
                mover = side[sim.current]
                if untried:
                    for c in legal:
                        k = kids.get(c)
                        if k is not None:
                            k.avail += 1
                    c = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    child = kids[c] = _Node()
                    child.avail = 1
                    sim.play(c)
                    path.append((child, mover))
                    break
                best = -1.0
                pick = None
                for c in legal:
                    k = kids[c]
                    k.avail += 1
                    v = k.w / k.n + c_exp * sqrt(log(k.avail) / k.n)
                    if v > best:
                        best, pick = v, c
                assert pick is not None
                node = kids[pick]
                sim.play(pick)
                path.append((node, mover))
            if not sim.over:
                fast_playout_greedy(sim)
            total = 0
            team_pts: dict[int, int] = {}
            for s in range(sim.n):
                p = sim.points[s]
                total += p
                team_pts[side[s]] = team_pts.get(side[s], 0) + p
            total = total or 1
            for nd, mover in path:
                nd.n += 1
                nd.w += team_pts.get(mover, 0) / total
            iters += 1
            if iters >= 8 and clock() >= deadline:
                break
        self.last_samples = iters
        kids = root.kids
        order = sorted(cards, key=lambda c: rules.cost[c])
        if self.final == "mean":
            return max((c for c in order if c in kids), key=lambda c: kids[c].w / kids[c].n)
        return max((c for c in order if c in kids), key=lambda c: kids[c].n)
