"""The exact endgame solvers agree with a brute-force minimax over the engine itself."""

from __future__ import annotations

import random

import pytest

from bisca_tui.bots.playouts import fast_playout_greedy, playout_greedy, playout_random
from bisca_tui.bots.sim import Rules, Sim
from bisca_tui.bots.solver import solve2_actions, solve_actions
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine import actions as A


def _utility(state: GameState, team: int) -> float:
    r = state.result
    assert r is not None
    win = 0.5 if r.winner is None else (1.0 if r.winner == team else 0.0)
    total = sum(r.card_points)
    gp = r.game_points
    margin = gp[team] - max(g for t, g in enumerate(gp) if t != team)
    extra = min(margin - 1, 3) if margin > 1 else (max(margin + 1, -3) if margin < -1 else 0)
    return 0.7 * win + 0.3 * r.card_points[team] / total + 0.1 * extra


def _brute(state: GameState, team: int) -> float:
    if state.is_over():
        return _utility(state, team)
    values = []
    for a in state.legal_cards():
        child = state.clone()
        child.apply(a)
        values.append(_brute(child, team))
    mine = state.variant.team_of[state.current_player()] == team
    return max(values) if mine else min(values)


def _line(state: GameState, team: int) -> tuple[int, int, float]:
    """Brute force again, keeping the card points and the win of the finished deal both
    sides' best play leads to (ties of utility go to more points, then to the win)."""
    if state.is_over():
        r = state.result
        assert r is not None
        win = 0.5 if r.winner is None else (1.0 if r.winner == team else 0.0)
        return (round(_utility(state, team) * 1e7), r.card_points[team], win)
    values = []
    for a in state.legal_cards():
        child = state.clone()
        child.apply(a)
        values.append(_line(child, team))
    mine = state.variant.team_of[state.current_player()] == team
    return max(values) if mine else min(values)


def _sim_of(state: GameState) -> Sim:
    seat = state.current_player()
    rules = Rules(state.variant, state.trump, state.target, state.match_points,
                  state.cut_or_knock)
    return Sim.from_view(rules, state.view(seat), [list(h) for h in state.hands],
                         list(state.stock))


def _position(vid: str, seed: int, left: int, rng: random.Random, cut: bool = False,
              target: int | None = None) -> GameState:
    v = make_variant(vid)
    s = GameState(v, seed=seed, target=target)
    if cut:
        s.apply(A.CUT)
    while True:
        remaining = sum(len(h) for h in s.hands) + s.stock_count
        if remaining <= left and not s.trick:
            break
        s.apply(rng.choice(s.legal_cards()))
    for _ in range(rng.randrange(v.n)):
        s.apply(rng.choice(s.legal_cards()))
    return s


@pytest.mark.parametrize("vid", ["bisca-3", "briscola", "bisca-9"])
def test_two_player_solvers_match_brute_force(vid: str) -> None:
    rng = random.Random(hash(vid) % 1000)
    for seed in range(6):
        s = _position(vid, seed, 8 if vid != "bisca-9" else 6, rng)
        if s.is_over():
            continue
        seat = s.current_player()
        cards = s.legal_cards()
        fast = solve2_actions(_sim_of(s), cards)
        general = solve_actions(_sim_of(s), seat, cards)
        for c in cards:
            child = s.clone()
            child.apply(c)
            exact = _brute(child, seat)
            assert fast[c].utility == pytest.approx(exact)
            assert general[c].utility == pytest.approx(exact)


@pytest.mark.parametrize("vid", ["bisca-3", "briscola"])
def test_solvers_report_the_points_and_the_win_of_the_line_both_sides_play(vid: str) -> None:
    rng = random.Random(hash(vid) % 997)
    for seed in range(4):
        s = _position(vid, seed, 6, rng)
        if s.is_over():
            continue
        seat = s.current_player()
        cards = s.legal_cards()
        fast = solve2_actions(_sim_of(s), cards)
        general = solve_actions(_sim_of(s), seat, cards)
        for c in cards:
            child = s.clone()
            child.apply(c)
            _, points, win = _line(child, seat)
            assert (fast[c].points, fast[c].win) == (points, win)
            assert (general[c].points, general[c].win) == (points, win)
            assert 0 <= points <= 120


def test_team_solver_matches_brute_force_with_heley_scores() -> None:
    rng = random.Random(8)
    for seed in range(4):
        s = _position("bisca-capixaba", seed, 8, rng, cut=True, target=4)
        if s.is_over():
            continue
        seat = s.current_player()
        cards = s.legal_cards()
        vals = solve_actions(_sim_of(s), s.variant.team_of[seat], cards)
        for c in cards:
            child = s.clone()
            child.apply(c)
            assert vals[c].utility == pytest.approx(_brute(child, s.variant.team_of[seat]))


def test_sim_plays_like_the_engine() -> None:
    """A random playout of the lean copy ends with the engine's points for the same plays."""
    for vid in ("bisca-3", "bisca-9", "sueca", "bisca-capixaba", "sueca-brasileira"):
        v = make_variant(vid)
        s = GameState(v, seed=5, target=v.match_target())
        if vid == "bisca-capixaba":
            s.apply(A.CUT)
        sim = _sim_of(s)
        playout_random(sim, random.Random(1))
        # replay the same choices in the engine: the random draws line up card for card
        r2 = random.Random(1)
        while not s.is_over():
            cards = s.legal_cards()
            s.apply(cards[r2.randrange(len(cards))])
        assert list(s.points) == sim.points
        assert list(s.deal_game_points) == sim.deal_game_points


@pytest.mark.parametrize("vid", ["bisca-3", "briscola"])
def test_fast_solver_matches_the_general_one_deeper_in_the_stock(vid: str) -> None:
    """With cards still to draw (hands kept sorted, draws merged in), the tuple solver
    agrees with the plain minimax over the lean copy."""
    rng = random.Random(21)
    for seed in range(2):
        s = _position(vid, seed, 10, rng)
        seat = s.current_player()
        cards = s.legal_cards()
        assert s.stock_count > 0
        fast = solve2_actions(_sim_of(s), cards)
        general = solve_actions(_sim_of(s), seat, cards)
        for c in cards:
            assert fast[c] == pytest.approx(general[c])


def test_share_is_the_fraction_of_card_points() -> None:
    v = make_variant("briscola")
    s = GameState(v, seed=3)
    sim = _sim_of(s)
    playout_random(sim, random.Random(2))
    rules = sim.rules
    assert sum(sim.points) == 120
    for team in (0, 1):
        assert rules.share(sim, team) == pytest.approx(sim.points[team] / 120)
    assert rules.share(sim, 0) + rules.share(sim, 1) == pytest.approx(1.0)


@pytest.mark.parametrize("vid", ["bisca-3", "briscola"])
def test_fast_greedy_playout_plays_like_the_general_one(vid: str) -> None:
    rng = random.Random(4)
    for seed in range(12):
        s = _position(vid, seed, rng.choice([40, 20, 9, 4]), rng)
        if s.is_over():
            continue
        a, b = _sim_of(s), _sim_of(s)
        playout_greedy(a)
        fast_playout_greedy(b)
        assert b.over and a.points == b.points and a.tricks_won == b.tricks_won
        assert a.ntricks == b.ntricks and a.hands == b.hands == [[], []]
