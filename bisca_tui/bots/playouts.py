"""Playouts of a ``Sim`` to the end of its deal: the one-trick greedy card choice, greedy,
random and mixed playouts, and the same playouts written out for speed where the variant
allows (no trick hooks; for the greedy one, two players in free play)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .sim import Sim

_INF = float("inf")


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
