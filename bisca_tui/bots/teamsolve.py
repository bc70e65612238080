"""An exact solver for the end of a deal played by two sides of any number of seats.

``sim.solve`` is general (any rule of play, trick hooks, a stock) but copies a ``Sim`` at
every card, which limits it to the last two tricks of a four-player deal. Once every card
is in a hand (no stock left) and the variant has no trick hooks, this solver plays the same
game on tuples: alpha-beta over the two sides, a transposition table at the start of each
trick, cheap move ordering, and cards of one hand that are as good as each other (same suit,
same points, no outstanding card of that suit between them) tried once. It solves four or
five tricks of Sueca in the time the general one takes for two, which is what lets the hard
level judge more of a four-player deal exactly.

Its values are those of ``sim.solve``, exactly: both compare finished deals by the same
``Rules.code``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .sim import (
    R_FOLLOW,
    R_FOLLOW_OR_TRUMP,
    R_FREE,
    R_TRUMP_ON_TRUMP,
    Outcome,
    Sim,
    _Leaf,
    decode,
)

_INF = float("inf")


def team_solvable(sim: Sim) -> bool:
    """Whether ``solve_team_actions`` can solve this deal: no cards left to draw, no trick
    hooks, a rule of play it inlines, and the deal's sides the scoring teams, two of them."""
    rules = sim.rules
    return (sim.stock_count == 0 and not rules.hook and rules.n_teams == 2
            and rules.restriction in (R_FREE, R_TRUMP_ON_TRUMP, R_FOLLOW, R_FOLLOW_OR_TRUMP)
            and tuple(sim.side_of) == rules.team and not sim.over)


def solve_team_actions(sim: Sim, cards: Sequence[int], best_only: bool = False
                       ) -> dict[int, Outcome]:
    """The exact outcome, for the side of the seat to act, of each of ``cards``: the
    finished deal both sides' best play leads to after it (every card known). With
    ``best_only`` only the best card's outcome is exact (the others may be cut short:
    somewhere between their real outcome and the best), which is faster."""
    assert team_solvable(sim)
    rules = sim.rules
    n = sim.n
    suit, strength, pts, cost = rules.suit, rules.strength, rules.pts, rules.cost
    trump = sim.trump
    restr = rules.restriction
    side = sim.side_of
    root = sim.current
    rs = side[root]
    mine = tuple(side[s] == rs for s in range(n))
    rep_other = next(s for s in range(n) if not mine[s])
    p_base = sum(sim.points[s] for s in range(n) if mine[s])
    t_base = sum(sim.tricks_won[s] for s in range(n) if mine[s])
    grand_p = sum(sim.points) + sum(pts[c] for h in sim.hands for c in h) + sum(
        pts[c] for c in sim.trick)
    grand_t = sum(sim.tricks_won) + (sum(len(h) for h in sim.hands) + len(sim.trick)) // n
    leaf_cache: dict[tuple[int, int], float] = {}

    def leaf(p: int, t: int) -> float:
        key = (p, t)
        v = leaf_cache.get(key)
        if v is None:
            lf = _Leaf()
            points = [0] * n
            tricks = [0] * n
            points[root], points[rep_other] = p, grand_p - p
            tricks[root], tricks[rep_other] = t, grand_t - t
            lf.points = points
            lf.tricks_won = tricks
            lf.deal_game_points = list(sim.deal_game_points)
            lf.early_winner = None
            lf.score_events = list(sim.score_events)
            lf.trump = trump
            lf.target = sim.target
            lf.match_points = sim.match_points
            lf.extra = sim.extra
            lf.side_of = side
            v = rules.code(lf, rs)  # type: ignore[arg-type]
            leaf_cache[key] = v
        return v

    tt: dict[tuple, tuple[float, int]] = {}
    hands = [tuple(sorted(h, key=lambda c: (suit[c], strength[c]))) for h in sim.hands]

    def options(hand: tuple[int, ...], trick: list[int]) -> list[int]:
        """The legal cards of ``hand``, one of each run of cards as good as each other."""
        if trick and restr != R_FREE:
            led = suit[trick[0]]
            if restr == R_TRUMP_ON_TRUMP:
                legal = [c for c in hand if suit[c] == trump] if led == trump else []
            else:
                legal = [c for c in hand if suit[c] == led]
                if not legal and restr == R_FOLLOW_OR_TRUMP:
                    legal = [c for c in hand if suit[c] == trump]
            if not legal:
                legal = list(hand)
        else:
            legal = list(hand)
        if len(legal) < 2:
            return legal
        # drop a card when the card just below it in the same hand is as good: same suit,
        # same points, and no card still out (other hands, this trick) between the two
        out: list[int] = []
        prev = -1
        for c in legal:  # sorted by suit, then strength
            if prev >= 0 and suit[c] == suit[prev] and pts[c] == pts[prev]:
                lo, hi, s = strength[prev], strength[c], suit[c]
                between = False
                for h in hands:
                    if h is hand:
                        continue
                    for x in h:
                        if suit[x] == s and lo < strength[x] < hi:
                            between = True
                            break
                    if between:
                        break
                if not between:
                    for x in trick:
                        if suit[x] == s and lo < strength[x] < hi:
                            between = True
                            break
                if not between:
                    prev = c
                    continue
            out.append(c)
            prev = c
        return out

    def beats(c: int, w: int) -> bool:
        if suit[c] == suit[w]:
            return strength[c] > strength[w]
        return suit[c] == trump

    def order(opts: list[int], trick: list[int], win: int, maxing: bool,
              winning_mine: bool) -> list[int]:
        if not trick:
            return sorted(opts, key=cost.__getitem__)
        # following: when our side holds the trick, pile points; otherwise take it cheaply
        # if possible, else throw the cheapest card
        if winning_mine:
            return sorted(opts, key=lambda c: (beats(c, win), -pts[c] if suit[c] != trump
                                               else cost[c]))
        return sorted(opts, key=lambda c: (not beats(c, win), cost[c]))

    def play(seat: int, trick: list[int], win_i: int, p: int, t: int, alpha: float,
             beta: float) -> float:
        """The value with ``seat`` to play into ``trick`` (``win_i``: the index of the card
        winning it so far)."""
        if not trick:
            hs = tuple(hands)
            if len(hs[seat]) <= 1:
                if not hs[seat]:
                    return leaf(p, t)
                # the last trick: every card is forced
                w = 0
                last = [hs[(seat + i) % n][0] for i in range(n)]
                for i in range(1, n):
                    if beats(last[i], last[w]):
                        w = i
                if mine[(seat + w) % n]:
                    for x in last:
                        p += pts[x]
                    t += 1
                return leaf(p, t)
            key = (hs, seat, p, t)
            hit = tt.get(key)
            if hit is not None:
                v, flag = hit
                if flag == 0 or (flag == 1 and v >= beta) or (flag == -1 and v <= alpha):
                    return v
        a0, b0 = alpha, beta
        hand = hands[seat]
        maxing = mine[seat]
        opts = options(hand, trick)
        if trick:
            lead_seat = (seat - len(trick)) % n
            win_seat = (lead_seat + win_i) % n
            opts = order(opts, trick, trick[win_i], maxing, mine[win_seat] == maxing)
        else:
            opts = order(opts, trick, -1, maxing, False)
        best = -_INF if maxing else _INF
        for c in opts:
            hands[seat] = tuple(x for x in hand if x != c)
            trick.append(c)
            if len(trick) == 1:
                wi = 0
            else:
                wi = len(trick) - 1 if beats(c, trick[win_i]) else win_i
            if len(trick) == n:
                lead_seat = (seat + 1) % n
                winner = (lead_seat + wi) % n
                np, nt = p, t
                if mine[winner]:
                    for x in trick:
                        np += pts[x]
                    nt += 1
                v = play(winner, [], 0, np, nt, alpha, beta)
            else:
                v = play((seat + 1) % n, trick, wi, p, t, alpha, beta)
            trick.pop()
            hands[seat] = hand
            if maxing:
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
            elif v < best:
                best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if not trick:
            if best <= a0:
                tt[key] = (best, -1)
            elif best >= b0:
                tt[key] = (best, 1)
            else:
                tt[key] = (best, 0)
        return best

    trick0 = list(sim.trick)
    win0 = 0
    for i in range(1, len(trick0)):
        if beats(trick0[i], trick0[win0]):
            win0 = i
    out: dict[int, Outcome] = {}
    hand = hands[root]
    floor = -_INF  # with ``best_only``: the best card so far, which the others must beat
    if best_only:
        cards = sorted(cards, key=cost.__getitem__)
    for c in cards:
        hands[root] = tuple(x for x in hand if x != c)
        trick = trick0 + [c]
        wi = 0 if len(trick) == 1 else (len(trick) - 1 if beats(c, trick[win0]) else win0)
        if len(trick) == n:
            winner = (root + 1 + wi) % n
            np, nt = p_base, t_base
            if mine[winner]:
                np += sum(pts[x] for x in trick)
                nt += 1
            v = play(winner, [], 0, np, nt, floor, _INF)
        else:
            v = play((root + 1) % n, trick, wi, p_base, t_base, floor, _INF)
        hands[root] = hand
        out[c] = decode(v)
        if best_only and v > floor:
            floor = v
    return out
