"""Bisca de Três: the deal, drawing, the indicator going to the loser, and scoring."""

from __future__ import annotations

import random

import pytest
from bisca_support import card, deal, first_card_policy, play, run, score_with

from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.cards import suit_of


@pytest.mark.parametrize("dealer", [0, 1])
@pytest.mark.parametrize("seed", [0, 7, 123])
def test_deal_three_each_from_eldest_seventh_card_indicator(dealer: int, seed: int) -> None:
    v = make_variant("bisca-3")
    deck = v.pack()
    random.Random(seed).shuffle(deck)
    state = GameState(v, dealer, seed=seed)
    eldest = 1 - dealer
    assert state.hands[eldest] == deck[0:3]
    assert state.hands[dealer] == deck[3:6]
    assert state.indicator == state.indicator_card == deck[6]
    assert state.trump == suit_of(deck[6])
    assert list(reversed(state.stock)) == deck[7:]
    assert state.stock_count == 34  # 33 face down and the indicator
    assert state.current == eldest


def test_winner_draws_first_then_loser() -> None:
    state = deal("bisca-3", ["AC 5C 6C", "2C 3C 2S"], indicator="5S",
                 stock_top="KH QH JH 4H")
    assert state.current == 1
    play(state, "2C AC")  # the follower (seat 0) wins
    assert state.tricks[0].winner == 0
    assert card("KH") in state.hands[0] and card("QH") in state.hands[1]
    assert state.current == 0
    play(state, "5C 2S")  # seat 1 trumps and wins: it draws first
    assert state.tricks[1].winner == 1
    assert card("JH") in state.hands[1] and card("4H") in state.hands[0]
    assert state.current == 1
    assert [len(h) for h in state.hands] == [3, 3]


def test_loser_of_last_drawing_trick_takes_indicator_known_to_all() -> None:
    for seed in range(6):
        state = GameState(make_variant("bisca-3"), seed % 2, seed=seed)
        run(state, first_card_policy(), until=lambda s: s.stock_count == 2)
        assert len(state.stock) == 1 and state.indicator is not None
        last_face_down = state.stock[-1]
        ind = state.indicator
        run(state, first_card_policy(), until=lambda s: s.stock_count == 0)
        t = state.tricks[-1]
        winner = t.winner
        loser = 1 - winner
        assert last_face_down in state.hands[winner]
        assert ind in state.hands[loser]
        assert state.indicator is None and state.indicator_card == ind
        assert ind in state.view(winner).known[loser]
        assert ind in state.known[winner][loser]
        # the last face-down card stays private
        assert last_face_down not in state.view(loser).known[winner]


def test_final_three_tricks_without_drawing() -> None:
    state = GameState(make_variant("bisca-3"), 0, seed=99)
    run(state, first_card_policy(), until=lambda s: s.stock_count == 0)
    assert len(state.tricks) == 17
    sizes = []
    while not state.is_over():
        done = len(state.tricks)
        while len(state.tricks) == done:
            state.apply(state.legal_cards()[0])
        sizes.append([len(h) for h in state.hands])
    assert sizes == [[2, 2], [1, 1], [0, 0]]
    assert len(state.tricks) == 20
    assert sum(state.points) == 120
    assert state.result is not None


def test_explicit_trick_points_are_credited_to_winner() -> None:
    state = deal("bisca-3", ["AC 7C KC", "2C 3C 2S"], indicator="5S")
    play(state, "2C AC")
    assert state.tricks[0].points == 11
    assert state.points == [11, 0]
    play(state, "7C 2S")  # trumped: the 7's 10 points go to seat 1
    assert state.points == [11, 10]


@pytest.mark.parametrize("pts,winner,games", [
    ((60, 60), None, (0, 0)),
    ((61, 59), 0, (1, 0)),
    ((59, 61), 1, (0, 1)),
    ((90, 30), 0, (1, 0)),
    ((91, 29), 0, (1, 0)),   # no extra games by default
    ((120, 0), 0, (1, 0)),
    ((0, 120), 1, (0, 1)),
])
def test_scoring_default(pts: tuple[int, int], winner: int | None,
                         games: tuple[int, int]) -> None:
    r = score_with("bisca-3", pts, (10, 10))
    assert r.winner == winner
    assert r.game_points == games
    assert r.card_points == pts


def test_extra_games_is_off_by_default() -> None:
    v = make_variant("bisca-3")
    assert v.options["extra_games"] is False
    assert {h.name: h.default for h in v.house_rules}["extra_games"] is False


@pytest.mark.parametrize("pts,games", [
    ((61, 59), (1, 0)),
    ((90, 30), (1, 0)),
    ((91, 29), (2, 0)),
    ((119, 1), (2, 0)),
    ((120, 0), (4, 0)),
    ((29, 91), (0, 2)),
    ((0, 120), (0, 4)),
    ((60, 60), (0, 0)),
])
def test_scoring_extra_games(pts: tuple[int, int], games: tuple[int, int]) -> None:
    r = score_with("bisca-3", pts, (10, 10), options={"extra_games": True})
    assert r.game_points == games


def test_a_whole_deal_scores_its_card_points() -> None:
    for seed in range(10):
        state = GameState(make_variant("bisca-3"), seed % 2, seed=seed)
        run(state, first_card_policy())
        r = state.result
        assert r is not None
        assert sum(r.card_points) == 120
        assert list(r.card_points) == state.points
        if r.card_points[0] == 60:
            assert r.winner is None and r.game_points == (0, 0)
        else:
            w = 0 if r.card_points[0] > 60 else 1
            assert r.winner == w and r.game_points[w] == 1 and r.game_points[1 - w] == 0


def test_hands_never_exceed_three() -> None:
    state = GameState(make_variant("bisca-3"), 0, seed=4)
    while not state.is_over():
        assert all(len(h) <= 3 for h in state.hands)
        state.apply(state.legal_cards()[-1])
