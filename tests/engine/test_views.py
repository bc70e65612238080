"""Seat views: a seat sees its own hand and what is public or shown to it, never more."""

from __future__ import annotations

import dataclasses

import pytest
from bisca_support import card, cards, deal, first_card_policy, play, run

from bisca_tui.engine import GameState, SeatView, make_variant
from bisca_tui.engine import actions as A


def cards_in_view(view: SeatView) -> set[int]:
    """Every card a view mentions, wherever it sits."""
    out = set(view.hand)
    out.update(c for _, c in view.trick)
    for t in view.tricks:
        out.update(t.cards)
    for row in view.known:
        out.update(row)
    out.update(a for a in view.legal if 0 <= a < 80)
    for c in (view.indicator, view.indicator_card):
        if c is not None:
            out.add(c)
    return out


def hidden_from(state: GameState, seat: int) -> set[int]:
    """Cards the seat may not see: the stock, the undealt deck, and other hands except the
    cards it was legitimately told about."""
    out = set(state.stock) | set(state.deck)
    for s in range(state.n):
        if s != seat:
            out.update(c for c in state.hands[s] if c not in state.known[seat][s])
    return out


def test_view_of_a_fresh_deal() -> None:
    state = deal("bisca-3", ["AC 5C 6C", "2C 3C 2S"], indicator="5S", stock_top="KH QH")
    v1 = state.view(1)
    assert v1.seat == 1 and v1.hand == tuple(cards("2C 3C 2S"))
    assert v1.hand_sizes == (3, 3)
    assert v1.known == ((), ())
    assert v1.indicator == v1.indicator_card == card("5S")
    assert v1.trump == card("5S") // 10
    assert v1.stock_count == 34
    assert v1.current == 1 and set(v1.legal) == set(cards("2C 3C 2S"))
    v0 = state.view(0)
    assert v0.legal == ()
    for seat, v in ((0, v0), (1, v1)):
        assert not cards_in_view(v) & hidden_from(state, seat)
        assert card("KH") not in cards_in_view(v)


def test_trick_and_tricks_are_public() -> None:
    state = deal("bisca-3", ["AC 5C 6C", "2C 3C 2S"], indicator="5S", stock_top="KH QH")
    play(state, "2C")
    v0 = state.view(0)
    assert v0.trick == ((1, card("2C")),)
    play(state, "AC")
    for seat in (0, 1):
        v = state.view(seat)
        assert v.trick == ()
        assert v.tricks[0].cards == tuple(cards("2C AC"))
        assert v.played_cards() == set(cards("2C AC"))
        assert v.points == (11, 0)
        assert card("KH") in v.hand if seat == 0 else card("KH") not in cards_in_view(v)


def test_views_are_frozen_copies() -> None:
    state = GameState(make_variant("bisca-4"), 0, seed=1)
    v = state.view(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.hand = ()  # type: ignore[misc]
    assert isinstance(v.hand, tuple) and isinstance(v.known, tuple)
    before = v.hand
    state.apply(state.legal_cards()[0])
    assert v.hand == before  # the old view did not change with the state


def test_capixaba_trump_unknown_until_cut_or_knock() -> None:
    state = GameState(make_variant("bisca-capixaba"), 0, seed=3)
    for seat in range(4):
        v = state.view(seat)
        assert v.trump is None and v.hand == () and v.indicator is None
        assert v.stock_count == 0 or v.stock_count == len(state.stock)
        assert not cards_in_view(v)
    assert state.view(1).legal == (A.CUT, A.KNOCK)
    state.apply(A.CUT)
    assert state.view(0).trump == state.trump


@pytest.mark.parametrize("vid", ["bisca-3", "bisca-9", "bisca-4", "bisca-6", "bisca-capixaba"])
def test_views_never_leak_through_whole_deals(vid: str) -> None:
    for seed in range(3):
        state = GameState(make_variant(vid), seed % 2, seed=seed)
        if state.phase == "cut_or_knock":
            state.apply(A.CUT if seed % 2 else A.KNOCK)
        while not state.is_over():
            for seat in range(state.n):
                v = state.view(seat)
                assert v.hand == tuple(state.hands[seat])
                assert not cards_in_view(v) & hidden_from(state, seat)
                for s in range(state.n):
                    assert set(v.known[s]) <= set(state.hands[s])
                assert v.known[seat] == ()
            state.apply(state.legal_cards()[0])


def test_indicator_in_view_until_drawn() -> None:
    state = GameState(make_variant("bisca-3"), 0, seed=12)
    ind = state.indicator
    run(state, first_card_policy(), until=lambda s: s.stock_count == 0)
    holder = 0 if ind in state.hands[0] else 1
    other = 1 - holder
    v = state.view(other)
    assert v.indicator is None and v.indicator_card == ind
    assert ind in v.known[holder]


def test_signals_seen_only_by_receivers() -> None:
    hands = ["AH 3C 4C", "AS KS 7H", "5C 6C JC", "JS 3D 4D", "KH QH 5D", "6S 5H 6D"]
    state = deal("bisca-6", hands, indicator="3S", options={"intercept": 0.0})
    state.apply_str("signal:ace_of_trumps")
    assert [s.name for s in state.view(3).signals] == ["ace_of_trumps"]
    assert state.view(0).signals == ()
    assert state.view(0).history_len == state.view(3).history_len == 1
