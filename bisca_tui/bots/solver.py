"""The exact endgame solvers over a ``Sim`` with every card known: minimax with alpha-beta
pruning for any deal (``solve``), and a faster one for two-player deals without trick hooks
(``solve2_actions``). Both give each card's ``Outcome`` for a side."""

from __future__ import annotations

from collections.abc import Sequence

from .playouts import greedy_card
from .sim import Outcome, Sim, decode

_INF = float("inf")


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
