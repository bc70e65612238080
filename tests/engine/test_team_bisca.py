"""Bisca de Quatro and Bisca de Seis: partnerships, packs, deal, drawing, scoring, signals."""

from __future__ import annotations

import random

import pytest
from bisca_support import cards, deal, first_card_policy, play, run, score_with

from bisca_tui.engine import GameState, IllegalAction, OptionError, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import rank_of, suit_of

SIGNAL_NAMES = ("ace_of_trumps", "seven_of_trumps", "king_of_trumps", "jack_of_trumps",
                "queen_of_trumps", "lower_trump", "plain_ace_or_seven")


@pytest.mark.parametrize("vid,n,pack,stock", [("bisca-4", 4, 40, 28), ("bisca-6", 6, 36, 18)])
def test_players_pack_and_deal(vid: str, n: int, pack: int, stock: int) -> None:
    v = make_variant(vid)
    assert v.n == n
    assert v.team_of == tuple(s % 2 for s in range(n))
    assert v.n_teams == 2
    assert len(v.pack()) == pack
    for dealer in (0, n - 1):
        deck = v.pack()
        random.Random(8).shuffle(deck)
        state = GameState(v, dealer, seed=8)
        for i in range(n):
            seat = (dealer + 1 + i) % n
            assert state.hands[seat] == deck[3 * i:3 * i + 3]
        assert state.indicator == deck[3 * n]
        assert state.stock_count == stock
        assert state.current == (dealer + 1) % n


def test_other_player_counts_are_refused() -> None:
    with pytest.raises(OptionError):
        make_variant("bisca-4", players=6)
    with pytest.raises(OptionError):
        make_variant("bisca-6", players=4)


@pytest.mark.parametrize("vid,tricks", [("bisca-4", 10), ("bisca-6", 6)])
def test_whole_deal_counts(vid: str, tricks: int) -> None:
    state = GameState(make_variant(vid), 0, seed=17)
    run(state, first_card_policy())
    assert len(state.tricks) == tricks
    assert sum(state.points) == 120
    r = state.result
    assert r is not None and sum(r.tricks) == tricks
    assert r.card_points == (sum(state.points[0::2]), sum(state.points[1::2]))


@pytest.mark.parametrize("vid,all_tricks", [("bisca-4", 10), ("bisca-6", 6)])
@pytest.mark.parametrize("pts,tricks_of_0,winner,games", [
    ((60, 60), 3, None, (0, 0)),
    ((61, 59), 3, 0, (1, 0)),
    ((90, 30), 3, 0, (1, 0)),
    ((91, 29), 3, 0, (2, 0)),
    ((29, 91), 2, 1, (0, 2)),
    ((120, 0), -1, 0, (2, 0)),   # every point but one trick lost
    ((120, 0), 0, 0, (4, 0)),    # every trick
])
def test_team_scoring(vid: str, all_tricks: int, pts: tuple[int, int], tricks_of_0: int,
                      winner: int | None, games: tuple[int, int]) -> None:
    if tricks_of_0 == 0:
        t = (all_tricks, 0)
    elif tricks_of_0 == -1:
        t = (all_tricks - 1, 1)
    else:
        t = (tricks_of_0, all_tricks - tricks_of_0)
    r = score_with(vid, pts, t)
    assert r.winner == winner
    assert r.game_points == games


@pytest.mark.parametrize("vid,all_tricks", [("bisca-4", 10), ("bisca-6", 6)])
@pytest.mark.parametrize("pts,tricks", [((61, 59), (3, 3)), ((91, 29), (3, 3)),
                                        ((120, 0), (99, 0)), ((0, 120), (0, 99))])
def test_single_game_only(vid: str, all_tricks: int, pts: tuple[int, int],
                          tricks: tuple[int, int]) -> None:
    t = tuple(all_tricks if x == 99 else x for x in tricks)
    r = score_with(vid, pts, t, options={"single_game_only": True})
    w = 0 if pts[0] > pts[1] else 1
    assert r.winner == w
    assert r.game_points[w] == 1 and r.game_points[1 - w] == 0


# ----- signals ---------------------------------------------------------------------------

SEIS_HANDS = ["AH 3C 4C", "AS KS 7H", "5C 6C JC", "JS 3D 4D", "KH QH 5D", "6S 5H 6D"]


def seis(intercept: float = 0.25, seed: int | None = None) -> GameState:
    return deal("bisca-6", SEIS_HANDS, indicator="3S", seed=seed,
                options={"intercept": intercept})


def sig(name: str) -> int:
    return A.SIGNAL + SIGNAL_NAMES.index(name)


def true_signals(hand: list[int], trump: int) -> set[str]:
    """The signals list written out independently of the engine."""
    out = set()
    for c in hand:
        r = "A234567JQK"[rank_of(c)]
        if suit_of(c) == trump:
            out.add({"A": "ace_of_trumps", "7": "seven_of_trumps", "K": "king_of_trumps",
                     "J": "jack_of_trumps", "Q": "queen_of_trumps"}.get(r, "lower_trump"))
        elif r in "A7":
            out.add("plain_ace_or_seven")
    return out


def test_seis_signal_list() -> None:
    v = make_variant("bisca-6")
    assert v.signal_names == SIGNAL_NAMES
    assert all(s.gesture and s.meaning for s in v.signals)


def test_only_true_signals_are_legal() -> None:
    state = seis()
    assert state.current == 1
    legal = state.legal_actions()
    offered = {SIGNAL_NAMES[a - A.SIGNAL] for a in legal if A.is_signal(a)}
    assert offered == {"ace_of_trumps", "king_of_trumps", "plain_ace_or_seven"}
    assert [a for a in legal if a < 80] == cards("AS KS 7H")
    with pytest.raises(IllegalAction) as err:
        state.apply(sig("seven_of_trumps"))
    assert "must be true" in err.value.rule
    with pytest.raises(IllegalAction):
        state.apply(sig("lower_trump"))


def test_signals_match_the_list_over_random_deals() -> None:
    for seed in range(15):
        state = GameState(make_variant("bisca-6"), seed % 6, seed=seed)
        while not state.is_over():
            seat = state.current
            assert seat is not None
            offered = {SIGNAL_NAMES[a - A.SIGNAL] for a in state.legal_actions()
                       if A.is_signal(a)}
            assert offered == true_signals(state.hands[seat], state.trump)
            state.apply(state.legal_cards()[0])


def test_a_signal_costs_no_turn_and_is_sent_once_per_turn() -> None:
    state = seis(intercept=0.0)
    hands = [list(h) for h in state.hands]
    state.apply(sig("ace_of_trumps"))
    assert state.current == 1
    assert state.hands == hands
    assert not state.trick
    assert sig("ace_of_trumps") not in state.legal_actions()
    assert sig("king_of_trumps") in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(sig("ace_of_trumps"))
    assert "already" in err.value.rule
    state.apply(sig("king_of_trumps"))
    assert state.current == 1
    play(state, "7H")
    assert state.current == 2
    # seat 1's next turn: the Ace signal is open again
    play(state, "JC JS QH 6S AH")
    assert state.tricks[0].winner == 3  # JS trumps the lead
    assert state.current == 3
    seen = []
    while state.current != 1:
        seen.append(state.current)
        state.apply(state.legal_cards()[0])
    assert seen == [3, 4, 5, 0]
    assert sig("ace_of_trumps") in state.legal_actions()


def test_partners_always_receive_no_interception_at_zero() -> None:
    for seed in range(10):
        state = seis(intercept=0.0, seed=seed)
        state.apply(sig("ace_of_trumps"))
        ev = state.signs.log[-1]
        assert ev.sender == 1 and ev.trick == 0
        assert ev.receivers == (3, 5)
        for seat in (1, 3, 5):
            seen = state.view(seat).signals
            assert len(seen) == 1 and seen[0].name == "ace_of_trumps"
            assert seen[0].intercepted is False and seen[0].sender == 1
            assert seen[0].gesture
        for seat in (0, 2, 4):
            assert state.view(seat).signals == ()


def test_every_opponent_intercepts_at_one() -> None:
    for seed in range(10):
        state = seis(intercept=1.0, seed=seed)
        state.apply(sig("king_of_trumps"))
        ev = state.signs.log[-1]
        assert set(ev.receivers) == {0, 2, 3, 4, 5}
        assert ev.receivers[:2] == (3, 5)
        for seat in (0, 2, 4):
            seen = state.view(seat).signals
            assert len(seen) == 1 and seen[0].intercepted is True


def test_interception_is_drawn_from_the_deal_seed() -> None:
    outcomes = []
    caught = 0
    for seed in range(60):
        runs = []
        for _ in range(2):
            state = seis(intercept=0.25, seed=seed)
            state.apply(sig("ace_of_trumps"))
            state.apply(sig("king_of_trumps"))
            runs.append(tuple(ev.receivers for ev in state.signs.log))
        assert runs[0] == runs[1]  # same seed, same actions: same interceptions
        for rec in runs[0]:
            assert rec[:2] == (3, 5)
            caught += len(rec) - 2
        outcomes.append(runs[0])
        # a rebuilt deal agrees as well
        again = GameState.replay(state.variant, state.history, 0, seed, state.layout_given)
        assert again.signs.log == state.signs.log
    assert len(set(outcomes)) > 1  # different seeds, different interceptions
    # 60 seeds x 2 signals x 3 opponents at 25%: expect about 90
    assert 45 < caught < 135


def test_bisca4_has_no_signals_unless_the_house_rule_is_on() -> None:
    hands = ["AH 3C 4C", "AS KS 7H", "5C 6C JC", "JS 3D 4D"]
    plain = deal("bisca-4", hands, indicator="2S")
    assert plain.variant.signals == ()
    assert plain.variant.options["signals"] is False
    assert all(a < 80 for a in plain.legal_actions())
    with pytest.raises(IllegalAction) as err:
        plain.apply(A.SIGNAL)
    assert "signals are not part of this game" in err.value.rule
    with pytest.raises(IllegalAction):
        plain.apply_str("signal:ace_of_trumps")
    on = deal("bisca-4", hands, indicator="2S", options={"signals": True, "intercept": 0.0})
    assert on.variant.signal_names == SIGNAL_NAMES
    assert sig("ace_of_trumps") in on.legal_actions()
    on.apply_str("signal:ace_of_trumps")
    assert on.signs.log[-1].receivers == (3,)
    assert on.current == 1


def test_no_signal_once_the_deal_is_over() -> None:
    state = GameState(make_variant("bisca-6"), 0, seed=2)
    run(state, first_card_policy())
    with pytest.raises(IllegalAction) as err:
        state.apply(sig("ace_of_trumps"))
    assert "over" in err.value.rule
