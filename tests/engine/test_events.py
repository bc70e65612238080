"""The engine's events: what each action caused, and what each seat may see of it."""

from __future__ import annotations

import random

import pytest
from bisca_support import deal

from bisca_tui.engine import GameState, Layout, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine import events as E
from bisca_tui.engine.invariants import check_views, random_action
from bisca_tui.engine.view import seen_events


def play_random(vid: str, seed: int, players: int | None = None,
                options: dict | None = None, layout: Layout | None = None,
                ) -> tuple[GameState, list[E.Event]]:
    """A deal played to its end by random choices; also the events ``apply`` returned."""
    v = make_variant(vid, options, players)
    state = GameState(v, dealer=seed % v.n, seed=seed, layout=layout)
    rng = random.Random(seed)
    returned = list(state.events)  # made by the deal itself (an indicator turned)
    while not state.is_over():
        returned += state.apply(random_action(state, rng))
    return state, returned


def of(state: GameState, kind: type) -> list:
    return [e for e in state.events if isinstance(e, kind)]


def check_story(state: GameState, returned: list[E.Event]) -> None:
    """The events say what happened, as the state's own records say it."""
    assert returned == state.events
    played = [(s, c) for t in state.tricks for s, c in zip(t.seats, t.cards, strict=True)]
    assert [(e.seat, e.card) for e in of(state, E.CardPlayed)] == played
    assert [(e.seat, e.seats, e.cards, e.points) for e in of(state, E.TrickWon)] == [
        (t.winner, t.seats, t.cards, t.points) for t in state.tricks]
    # each trick is told won after its last card and before the next trick's first
    cards_seen = 0
    for e in state.events:
        if isinstance(e, E.CardPlayed):
            cards_seen += 1
        elif isinstance(e, E.TrickWon):
            assert cards_seen == sum(len(t.cards) for t in state.tricks[:of(
                state, E.TrickWon).index(e) + 1])
    said = {E.Bid: None, E.Passed: A.PASS, E.RedealAgreed: A.PASS, E.Reopened: A.REOPEN}
    bids = [(e.seat, e.bid if said[type(e)] is None else said[type(e)])
            for e in state.events if type(e) in said]
    assert tuple(bids) == state.bidding.bids
    assert [(e.team, e.points, e.reason) for e in of(state, E.PointsScored)] == [
        (e.team, e.points, e.reason) for e in state.score_events]
    c = state.bidding.contract
    if c is not None:
        (won,) = of(state, E.BiddingWon)
        assert (won.seat, won.bid, won.need) == (c.bidder, c.bid, c.need)
        if c.called is not None:
            (call,) = of(state, E.Called)
            assert (call.seat, call.card, call.trump) == (c.bidder, c.called, c.trump)
    assert state.events[-1] == E.DealScored(state.result)
    assert len(of(state, E.DealScored)) == 1


FAMILIES = [
    ("bisca-3", None, None), ("bisca-capixaba", None, None), ("bisca-6", None, None),
    ("sueca", None, None), ("sueca-5", None, None), ("sueca-aberta", None, None),
    ("sueca-3", None, None), ("chiamata", None, None), ("chiamata-buio", None, None),
    ("chiamata-subito-al-due", None, None), ("chiamata-monte", 5, None),
    ("chiamata-monte", 7, None), ("brisca", 4, None), ("brisca", 2, {"exchange": "immediate"}),
]


@pytest.mark.parametrize(("vid", "players", "options"), FAMILIES)
def test_the_events_tell_what_happened(vid: str, players, options) -> None:
    for seed in range(6):
        state, returned = play_random(vid, seed, players, options)
        check_story(state, returned)
        assert not check_views(state, random.Random(seed))


def test_capixaba_cut_knock_exchange_and_partners_hands() -> None:
    kinds: set[type] = set()
    for seed in range(40):
        state, _ = play_random("bisca-capixaba", seed)
        first = state.events[0]
        assert isinstance(first, E.Cut | E.Knock) and first.seat == state.eldest
        if isinstance(first, E.Cut):
            assert state.events[1] == E.IndicatorTurned(state.layout.indicator)
        else:
            assert first.trump == state.trump
        kinds.add(type(first))
        for ex, made in zip(state.exchange.steps, of(state, E.ExchangeMade), strict=True):
            assert (made.seat, made.gave, made.took) == (ex.seat, ex.gave, ex.took)
            kinds.add(E.ExchangeMade)
        shown = of(state, E.HandShown)
        assert len(shown) >= 4  # each hand shown to its partner at the start of play
        for seat in range(4):
            for e in seen_events(state, seat):
                if isinstance(e, E.HandShown):
                    if seat in (e.seat, (e.seat + 2) % 4):  # its owner, its partner
                        assert e.cards and e.to == ((e.seat + 2) % 4,)
                    else:
                        assert e.cards == ()
    assert kinds == {E.Cut, E.Knock, E.ExchangeMade}


def test_brisca_announced_exchange_told_then_made_or_returned() -> None:
    seen: set[type] = set()
    for seed in range(60):
        state, _ = play_random("brisca", seed, 2)
        steps = [e for e in state.events
                 if isinstance(e, E.ExchangeAnnounced | E.ExchangeMade | E.ExchangeReturned)]
        assert len(steps) == len(state.exchange.steps)
        for e, ex in zip(steps, state.exchange.steps, strict=True):
            want = {"announced": E.ExchangeAnnounced, "taken": E.ExchangeMade,
                    "returned": E.ExchangeReturned}[ex.what]
            assert type(e) is want and e.seat == ex.seat
            seen.add(want)
    assert seen == {E.ExchangeAnnounced, E.ExchangeMade, E.ExchangeReturned}


def test_signals_reach_partners_and_catchers_only() -> None:
    hands = ["AH 3C 4C", "AS KS 7H", "5C 6C JC", "JS 3D 4D", "KH QH 5D", "6S 5H 6D"]
    for intercept, catchers in ((0.0, ()), (1.0, (0, 2, 4))):
        state = deal("bisca-6", hands, indicator="3S", options={"intercept": intercept})
        (sent,) = state.apply_str("signal:ace_of_trumps")
        assert isinstance(sent, E.Signalled)
        assert (sent.seat, sent.partners, sent.caught) == (1, (3, 5), catchers)
        for seat in (1, 3, 5):  # the sender and its partners: nobody caught, as they know
            assert seen_events(state, seat)[-1] == sent.replace(caught=())
        for seat in (0, 2, 4):
            got = [e for e in seen_events(state, seat) if isinstance(e, E.Signalled)]
            assert got == ([sent.replace(caught=(seat,))] if catchers else [])


def test_col_monte_discards_seen_by_the_bidder_alone() -> None:
    told = 0
    for seed in range(30):
        state, _ = play_random("chiamata-monte", seed, 5)
        c = state.bidding.contract
        if c is None:
            continue
        told += 1
        for seat in range(state.n):
            laid = [e.card for e in seen_events(state, seat) if isinstance(e, E.Discarded)]
            if seat == c.bidder:
                assert laid == list(state.aside.discards)
            else:
                assert laid == [None] * len(state.aside.discards)
    assert told


def test_a_secret_partner_is_known_to_the_holder_until_the_card_shows() -> None:
    checked = 0
    for seed in range(30):
        v = make_variant("chiamata")
        state = GameState(v, dealer=seed % v.n, seed=seed)
        rng = random.Random(seed)
        while not state.is_over() and (state.bidding.contract is None
                                       or state.bidding.contract.called is None):
            state.apply(random_action(state, rng))
        if state.is_over():
            continue
        holder, bidder = state.bidding.called_holder, state.bidding.contract.bidder
        while not state.is_over():
            revealed = bool(of(state, E.PartnerShown))
            for seat in range(state.n):
                knows = [e for e in seen_events(state, seat) if isinstance(e, E.PartnerKnown)]
                assert knows == ([E.PartnerKnown(bidder, holder)] if seat == holder else [])
                shown = [e for e in seen_events(state, seat) if isinstance(e, E.PartnerShown)]
                assert shown == ([E.PartnerShown(holder, bidder, state.bidding.contract.called)]
                                 if revealed else [])
            events = state.apply(random_action(state, rng))
            if events[0] == E.CardPlayed(holder, state.bidding.contract.called):
                assert events[1] == E.PartnerShown(holder, bidder, state.bidding.contract.called)
                checked += 1
    assert checked


def test_a_clone_keeps_its_own_events() -> None:
    state = GameState(make_variant("bisca-3"), seed=3)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert len(copy.events) == len(state.events) + 1
    assert state.view(0).events == tuple(state.events)


# ----- two deals that look the same from a seat give it the same events --------------------

def same_looking(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The deal again with the cards hidden from ``seat`` (now) dealt differently, each
    swapped only with a card of its suit and points (so every hand keeps its voids and its
    counting cards, and the same actions fit), then the same actions applied."""
    v = state.variant
    lay = state.layout
    assert lay is not None
    c = state.bidding.contract
    hidden = [card for s in range(state.n) if s != seat
              for card in state.hands[s] if card not in state.known[seat][s]]
    hidden += state.stock + list(state.aside.monte)
    if c is None or c.bidder != seat:
        hidden += state.aside.discards
    if v.monte_size and c is not None:  # whether the bidder holds it decides its declaring
        hidden = [k for k in hidden if k != c.called]
    classes: dict[tuple[int, int], list[int]] = {}
    for card in hidden:
        classes.setdefault((v.suit[card], v.points[card]), []).append(card)
    swap: dict[int, int] = {}
    for group in classes.values():
        moved = group[:]
        rng.shuffle(moved)
        swap.update(zip(group, moved, strict=True))

    def m(card: int) -> int:
        return swap.get(card, card)

    other = Layout(tuple(tuple(m(k) for k in h) for h in lay.hands), lay.trump,
                   lay.indicator, tuple(m(k) for k in lay.stock))
    again = GameState(v, state.dealer, state.seed, other, state.match_points, state.target)
    for a in state.history:
        again.apply_unchecked(A.DISCARD + m(a - A.DISCARD) if A.DISCARD <= a < A.DISCARD + 80
                              else a)
    return again


@pytest.mark.parametrize(("vid", "players", "private"), [
    ("bisca-3", None, False), ("bisca-6", None, False), ("bisca-capixaba", None, True),
    ("sueca", None, False), ("sueca-5", None, True), ("chiamata", None, True),
    ("chiamata-monte", 5, True), ("brisca", 4, False),
])
def test_a_seat_sees_the_same_events_in_deals_that_look_the_same_to_it(vid, players,
                                                                        private) -> None:
    """``private``: the game has events that name hidden cards or seats (a hand shown to a
    partner, a secret partner, cards laid aside), which the hidden cards moved must reach."""
    differs = 0
    for seed in range(12):
        v = make_variant(vid, None, players)
        rng = random.Random(seed)
        first = GameState(v, dealer=seed % v.n, seed=seed)
        if first.layout is None:  # Capixaba: the cards are dealt after the cut or knock
            first.apply(random_action(first, rng))
        state = GameState(v, first.dealer, seed, first.layout)
        while not state.is_over():
            state.apply(random_action(state, rng))
            if rng.random() < 0.2 or state.is_over():
                if state.layout is None:
                    continue
                for seat in range(state.n):
                    again = same_looking(state, seat, rng)
                    assert seen_events(again, seat) == seen_events(state, seat)
                    differs += again.events != state.events
    assert bool(differs) == private  # the moved cards reach what the other seats see
