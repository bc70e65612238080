"""Sampling the hidden cards behind a seat's view, for search bots.

A seat sees its own hand, the cards played, the indicator, the cards it knows other seats
hold and the signals it received. Everything else is hidden. ``infer(view, variant)`` works out
what the view says about the hidden cards: which cards are unseen, how many each seat and the
stock hold, which suits a seat has shown it lacks (a failure to follow under a follow rule) and
what true signals promise. ``sample_hidden`` deals the unseen cards at random under those
constraints, and ``determinize`` builds a whole ``GameState`` from such a deal, ready for
``legal_actions`` and ``apply``.

Nothing here reads a hidden card: the only inputs are the view and the variant's rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .cards import make_card
from .phase_data import Bidding, Exchanges, Signs
from .state import PLAY, GameState, ScoreEvent, SignalEvent
from .variant import HOLDING, VOID, Signal, Variant
from .view import SeatView


@dataclass(frozen=True)
class HiddenInfo:
    """What a view tells about the cards it cannot see."""

    unseen: tuple[int, ...]  # cards in other hands or in the face-down stock
    fixed: tuple[tuple[int, ...], ...]  # per seat: cards known to be there (own hand included)
    slots: tuple[int, ...]  # per seat: hidden cards still to deal to it (0 for the viewer)
    stock_slots: int  # face-down stock cards (the indicator excluded)
    voids: tuple[frozenset[int], ...]  # per seat: suits it has shown it cannot hold
    promises: tuple[tuple[int, tuple[int, ...]], ...]  # (seat, cards of which it holds one)


def initial_stock(variant: Variant) -> int:
    """Cards left to draw right after the deal (the indicator included)."""
    if not variant.draws:
        return 0
    return len(variant.pack()) - variant.n * variant.hand_size


def _voids(view: SeatView, variant: Variant) -> list[set[int]]:
    """Suits each seat has shown it lacks, by the rule of play, from the tricks played while
    no card was drawn afterwards (a card drawn later could be of that suit)."""
    n = view.n_players
    voids: list[set[int]] = [set() for _ in range(n)]
    rule = variant.rule_of_play
    if rule.free or view.trump is None:
        return voids
    suit, strength = variant.suit, variant.strength
    trump = view.trump
    start = initial_stock(variant)
    tricks = [(t.seats, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((tuple(s for s, _ in view.trick), tuple(c for _, c in view.trick)))
    for k, (seats, cards) in enumerate(tricks):
        if max(0, start - n * k) > 0:
            continue  # everybody draws after this trick: no lasting void
        for i in range(1, len(cards)):
            voids[seats[i]] |= rule.voids(cards[:i], cards[i], trump, True, suit, strength)
    return voids


def infer(view: SeatView, variant: Variant) -> HiddenInfo:
    """Everything the view says about the hidden cards (see ``HiddenInfo``)."""
    n = view.n_players
    me = view.seat
    played = view.played_cards()
    seen = set(played) | set(view.hand)
    if view.indicator is not None:
        seen.add(view.indicator)
    if view.under_indicator is not None:
        seen.add(view.under_indicator[1])  # laid face up under the indicator
    seen.update(view.discards)  # the bidder's own cards laid aside (col Monte)
    fixed: list[list[int]] = [[] for _ in range(n)]
    fixed[me] = list(view.hand)
    for s in range(n):
        if s == me:
            continue
        for c in view.known[s]:
            if c not in seen:
                fixed[s].append(c)
                seen.add(c)
    # what the call says: cards the bidder must hold (Chiamata: a bidder at two who called
    # another trump than the two holds every trump below the card called)
    for s, cards in variant.implied_holdings(view.contract):
        if s == me:
            continue
        for c in cards:
            if c not in seen:
                fixed[s].append(c)
                seen.add(c)
    # true signals: a specific card is still held unless played since; a class of cards
    # means at least one of them is held unless the sender has played one since
    promises: list[tuple[int, tuple[int, ...]]] = []
    void_claims: list[tuple[int, int, Signal]] = []  # (seat, trick sent, signal)
    trump = view.trump
    if view.signals and trump is not None:
        sigs = {s.name: s for s in variant.signals}
        plays_by_seat: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for k, t in enumerate(view.tricks):
            for s, c in zip(t.seats, t.cards, strict=True):
                plays_by_seat[s].append((k, c))
        for s, c in view.trick:
            plays_by_seat[s].append((len(view.tricks), c))
        for sig_seen in view.signals:
            s = sig_seen.sender
            sig = sigs.get(sig_seen.name)
            if s == me or sig is None:
                continue
            if sig.kind == VOID:
                void_claims.append((s, sig_seen.trick, sig))
                continue
            if sig.kind != HOLDING:
                continue  # a request says nothing of the hand
            members = [c for c in variant.pack() if sig.holds([c], trump)]
            if any(k >= sig_seen.trick and c in members for k, c in plays_by_seat[s]):
                continue
            if any(c in fixed[s] for c in members):
                continue
            open_cards = tuple(c for c in members if c not in seen)
            if not open_cards:
                continue
            if len(members) == 1:
                fixed[s].append(open_cards[0])
                seen.add(open_cards[0])
            else:
                promises.append((s, open_cards))
    unseen = tuple(c for c in variant.pack() if c not in seen)
    slots = [0] * n
    for s in range(n):
        if s != me:
            slots[s] = max(0, view.hand_sizes[s] - len(fixed[s]))
    stock_slots = view.stock_count
    if view.indicator is not None and variant.draws:
        stock_slots -= 1
    voids = _voids(view, variant)
    # a true "none of these" holds until the sender draws again
    start = initial_stock(variant)
    for s, k, sig in void_claims:
        drew_since = k < len(view.tricks) and start - n * k > 0
        if not drew_since and trump is not None:
            for x in range(4):
                if sig.holds([make_card(r, x) for r in range(10)], trump):
                    continue  # holding this suit leaves the signal true
                voids[s].add(x)
    return HiddenInfo(
        unseen=unseen,
        fixed=tuple(tuple(f) for f in fixed),
        slots=tuple(slots),
        stock_slots=max(0, stock_slots),
        voids=tuple(frozenset(v) for v in voids),
        promises=tuple(promises),
    )


def sample_hidden(info: HiddenInfo, variant: Variant,
                  rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Deal the unseen cards at random: hands per seat (known cards first) and the face-down
    stock (top card last). Voids and signal promises are respected whenever the cards allow;
    if the constraints cannot all be met (they contradict each other), they are dropped in
    turn rather than failing."""
    suit = variant.suit
    n = len(info.slots)
    for attempt in range(12):
        use_voids = attempt < 8
        use_promises = attempt < 4
        pool = list(info.unseen)
        rng.shuffle(pool)
        hands = [list(f) for f in info.fixed]
        need = list(info.slots)
        ok = True
        if use_promises:
            for seat, cards in info.promises:
                if need[seat] <= 0:
                    continue
                if any(c in hands[seat] for c in cards):
                    continue
                avail = [c for c in cards if c in pool and suit[c] not in info.voids[seat]]
                if not avail:
                    continue
                c = rng.choice(avail)
                pool.remove(c)
                hands[seat].append(c)
                need[seat] -= 1
        # the most constrained seats take their cards first
        order = sorted(range(n), key=lambda s: -len(info.voids[s]) if use_voids else 0)
        for seat in order:
            k = need[seat]
            if k <= 0:
                continue
            if use_voids and info.voids[seat]:
                bad = info.voids[seat]
                take = [c for c in pool if suit[c] not in bad][:k]
                if len(take) < k:
                    ok = False
                    break
                for c in take:
                    pool.remove(c)
                hands[seat].extend(take)
            else:
                hands[seat].extend(pool[:k])
                del pool[:k]
        if not ok:
            continue
        return hands, pool
    raise ValueError("the view's card counts do not add up")


def determinize(view: SeatView, variant: Variant, rng: random.Random) -> GameState:
    """A full deal state consistent with ``view``: the hidden cards dealt at random among the
    unseen cards, respecting hand sizes, known cards, shown voids and signals.

    Public facts (tricks, the trick on the table, points, game points scored, the indicator,
    the signals this seat received) are copied from the view. Before cards are dealt (a
    pre-deal phase) the state is a fresh deal in that phase.
    """
    state = GameState(variant, dealer=view.dealer, seed=rng.getrandbits(63),
                      match_points=view.match_points, target=view.target)
    if view.phase != PLAY or view.trump is None:
        return state
    info = infer(view, variant)
    hands, stock = sample_hidden(info, variant, rng)
    n = view.n_players
    state.enter(PLAY, start=False)
    state.layout_given = None
    state.deck = []
    state.hands = hands
    state.stock = stock
    state.indicator = view.indicator
    state.indicator_card = view.indicator_card
    state.trump = view.trump
    state.trick = [c for _, c in view.trick]
    state.trick_seats = [s for s, _ in view.trick]
    state.leader = view.leader
    state.current = view.current
    state.tricks = list(view.tricks)
    state.points = list(view.points)
    won = [0] * n
    for t in view.tricks:
        won[t.winner] += 1
    state.tricks_won = won
    history: list[int] = [c for t in view.tricks for c in t.cards] + state.trick
    state.history = history
    state.actors = [s for t in view.tricks for s in t.seats] + state.trick_seats
    known = [[set() for _ in range(n)] for _ in range(n)]
    for s in range(n):
        known[view.seat][s] = set(view.known[s])
    for viewer in range(n):
        if viewer != view.seat:
            for s in range(n):
                if s != viewer and s != view.seat:
                    known[viewer][s] = set(view.known[s])
    state.known = known
    state.has_known = any(view.known)
    sig_index = {name: k for k, name in enumerate(variant.signal_names)}
    state.signs = Signs(tuple(
        SignalEvent(sg.sender, sig_index[sg.name], sg.trick, (view.seat,))
        for sg in view.signals if sg.name in sig_index
    ), frozenset(
        sig_index[sg.name] for sg in view.signals
        if sg.sender == view.current and sg.trick == len(view.tricks) and sg.name in sig_index
    ))
    state.score_events = [ScoreEvent(e.trick, e.team, e.points, e.reason)
                          for e in view.score_events]
    state.deal_game_points = list(view.deal_game_points)
    state.cut_or_knock = view.cut_or_knock
    state.bidding = Bidding(view.bids, None if view.contract is None
                            else replace(view.contract, partner=None))
    state.exchange = Exchanges(view.exchanges, view.under_indicator)
    state.events = list(view.events)  # what the seat saw: no more is known of the deal
    state.result = None
    variant.rebuild_hidden(state)
    return state
