"""Properties of whole deals of every Bisca variant, driven by random legal actions:
cards are conserved, 120 points are shared, play goes round counter-clockwise, views keep
secrets, scores and heleys follow our rulings, replays rebuild and clones stand alone."""

from __future__ import annotations

import random
from typing import Any

from bisca_support import all_cards_in_play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.cards import HEARTS, R_7, R_ACE, make_card, rank_of
from bisca_tui.engine.variant import DealScore, Variant

SETTINGS = settings(max_examples=50, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("bisca-3", {}), ("bisca-3", {"extra_games": True}),
    ("bisca-9", {}),
    ("bisca-4", {}), ("bisca-4", {"signals": True, "intercept": 0.5}),
    ("bisca-4", {"single_game_only": True}),
    ("bisca-6", {}), ("bisca-6", {"single_game_only": True, "intercept": 1.0}),
    ("bisca-capixaba", {}), ("bisca-capixaba", {"rodar_literal": True}),
]


@st.composite
def deals(draw: st.DrawFn) -> dict[str, Any]:
    vid, options = draw(st.sampled_from(VARIANTS))
    v = make_variant(vid, options)
    match_points = None
    target = None
    if vid == "bisca-capixaba" and draw(st.booleans()):
        match_points = (draw(st.integers(0, 3)), draw(st.integers(0, 3)))
        target = 4
    return {
        "variant": v,
        "dealer": draw(st.integers(0, v.n - 1)),
        "seed": draw(st.integers(0, 2**32)),
        "policy": draw(st.integers(0, 2**32)),
        "match_points": match_points,
        "target": target,
    }


def new_state(d: dict[str, Any]) -> GameState:
    return GameState(d["variant"], d["dealer"], seed=d["seed"], match_points=d["match_points"],
                     target=d["target"])


# ----- the rules written out on their own -------------------------------------------------

def expected_heleys(v: Variant, state: GameState) -> list[tuple[int, int, int]]:
    """(trick, team, game points) for every heley of the deal so far."""
    out = []
    ace = make_card(R_ACE, state.trump)
    seven = make_card(R_7, state.trump)
    hearts = state.trump == HEARTS
    literal = v.options.get("rodar_literal", False)
    total_tricks = len(v.pack()) // v.n
    for k, t in enumerate(state.tricks):
        team = v.team_of
        if seven not in t.cards:
            continue
        p7 = t.cards.index(seven)
        if ace not in t.cards:
            if p7 == 0:
                out.append((k, team[t.seats[0]], (1 if hearts else 2) if literal
                            else (2 if hearts else 1)))
            continue
        pa = t.cards.index(ace)
        ace_team = team[t.seats[pa]]
        if ace_team == team[t.seats[p7]]:
            if k != total_tricks - 1:
                out.append((k, 1 - ace_team, 3 if hearts else 2))
        elif pa == p7 + 1:
            out.append((k, ace_team, 2 if hearts else 1))
        elif p7 == 0 and pa == 3:
            out.append((k, ace_team, 3 if hearts else 2))
        else:
            assert pa < p7
            out.append((k, ace_team, 4 if hearts else 2))
    return out


def expected_games(v: Variant, state: GameState) -> tuple[int | None, list[int]]:
    """The deal's winner (team or None) and its game points from card points and tricks."""
    pts = [sum(state.points[s] for s in range(v.n) if v.team_of[s] == t) for t in (0, 1)]
    tricks = [sum(state.tricks_won[s] for s in range(v.n) if v.team_of[s] == t)
              for t in (0, 1)]
    games = [0, 0]
    if pts[0] == pts[1]:
        return None, games
    w = 0 if pts[0] > pts[1] else 1
    p, all_tricks = pts[w], tricks[w] == sum(tricks)
    o = v.options
    if v.id == "bisca-3":
        g = (4 if p == 120 else 2 if p >= 91 else 1) if o["extra_games"] else 1
    elif v.id == "bisca-9":
        g = 4 if all_tricks else 2 if p >= 82 else 1
    elif v.id in ("bisca-4", "bisca-6"):
        g = 1 if o["single_game_only"] else 4 if all_tricks else 2 if p >= 91 else 1
    else:
        hearts = state.trump == HEARTS
        g = 4 if p == 120 else (3 if hearts else 2) if 120 - p < 31 else (2 if hearts else 1)
    games[w] = g
    return w, games


# ----- checks at every step ---------------------------------------------------------------

def check_step(state: GameState) -> None:
    v = state.variant
    n = state.n
    assert sorted(all_cards_in_play(state)) == sorted(v.pack())
    # counter-clockwise from the leader
    assert state.trick_seats == [(state.leader + k) % n for k in range(len(state.trick))]
    leader = state.eldest
    for t in state.tricks:
        assert t.leader == leader
        assert list(t.seats) == [(leader + k) % n for k in range(n)]
        leader = t.winner
    if state.phase == "play":
        assert state.leader == leader
    # knowledge only of cards really held, views never show hidden cards
    for viewer in range(n):
        view = state.view(viewer)
        assert view.hand == tuple(state.hands[viewer])
        seen = set(view.hand) | {c for _, c in view.trick}
        for s in range(n):
            assert set(state.known[viewer][s]) <= set(state.hands[s])
            seen.update(view.known[s])
        for t in view.tricks:
            seen.update(t.cards)
        seen.update(a for a in view.legal if 0 <= a < 80)
        hidden = set(state.stock) | set(state.deck)
        for s in range(n):
            if s != viewer:
                hidden.update(c for c in state.hands[s] if c not in state.known[viewer][s])
        assert not seen & hidden
        if view.indicator is not None:
            assert view.indicator not in hidden
        expected = [(e.sender, v.signals[e.signal].name, e.trick,
                     v.team_of[e.sender] != v.team_of[viewer])
                    for e in state.signs.log if e.sender == viewer or viewer in e.receivers]
        assert [(g.sender, g.name, g.trick, g.intercepted) for g in view.signals] == expected
    for e in state.signs.log:
        partners = [s for s in range(n) if s != e.sender and v.team_of[s] == v.team_of[e.sender]]
        assert list(e.receivers[:len(partners)]) == partners
        assert e.sender not in e.receivers
    if v.id == "bisca-capixaba" and state.indicator_card is not None:
        assert rank_of(state.indicator_card) not in (R_ACE, R_7)


def play_deal(state: GameState, rng: random.Random, check: bool = True) -> None:
    while not state.is_over():
        if check:
            check_step(state)
        state.apply(rng.choice(state.legal_actions()))
    if check:
        check_step(state)


def check_result(state: GameState) -> None:
    v = state.variant
    r = state.result
    assert isinstance(r, DealScore)
    heleys = expected_heleys(v, state) if v.id == "bisca-capixaba" else []
    assert [(e.trick, e.team, e.points) for e in state.score_events] == heleys
    heley_gp = [sum(g for _, t, g in heleys if t == team) for team in (0, 1)]
    assert list(state.deal_game_points) == heley_gp
    if r.ended_early:
        assert state.target is not None
        assert list(r.game_points) == heley_gp
        assert r.winner is not None
        assert state.match_points[r.winner] + heley_gp[r.winner] >= state.target
        # it ended at the first heley that reached the target
        for k in range(len(heleys) - 1):
            partial = [sum(g for _, t, g in heleys[:k + 1] if t == team) for team in (0, 1)]
            assert all(state.match_points[t] + partial[t] < state.target for t in (0, 1))
        return
    assert sum(state.points) == 120
    assert sum(t.points for t in state.tricks) == 120
    assert len(state.tricks) == len(v.pack()) // v.n
    assert all(not h for h in state.hands) and state.stock_count == 0
    w, games = expected_games(v, state)
    assert list(r.game_points) == [games[t] + heley_gp[t] for t in (0, 1)]
    if v.id != "bisca-capixaba" or w is not None:
        assert r.winner == w
    returns = state.returns()
    if r.winner is None:
        assert returns == [0.0] * v.n
    else:
        assert returns == [1.0 if v.team_of[s] == r.winner else -1.0 for s in range(v.n)]


# ----- the properties ---------------------------------------------------------------------

@SETTINGS
@given(deals())
def test_random_deals_keep_every_rule(d: dict[str, Any]) -> None:
    state = new_state(d)
    play_deal(state, random.Random(d["policy"]))
    check_result(state)


@SETTINGS
@given(deals(), st.integers(0, 200))
def test_replay_rebuilds_the_same_state(d: dict[str, Any], stop: int) -> None:
    state = new_state(d)
    rng = random.Random(d["policy"])
    for _ in range(stop):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    again = GameState.replay(d["variant"], state.history, d["dealer"], d["seed"],
                             match_points=d["match_points"], target=d["target"])
    assert again.signature() == state.signature()
    assert again.known == state.known
    assert again.score_events == state.score_events
    for seat in range(state.n):
        assert again.view(seat) == state.view(seat)
    if state.layout is not None:
        # the same deal rebuilt from its layout instead of its seed
        rebuilt = GameState(d["variant"], d["dealer"], seed=d["seed"], layout=state.layout,
                            match_points=d["match_points"], target=d["target"])
        for a in state.history:
            rebuilt.apply(a)
        assert rebuilt.hands == state.hands and rebuilt.tricks == state.tricks
        assert rebuilt.points == state.points and rebuilt.result == state.result


@SETTINGS
@given(deals(), st.integers(0, 60))
def test_clone_is_independent(d: dict[str, Any], stop: int) -> None:
    state = new_state(d)
    rng = random.Random(d["policy"])
    for _ in range(stop):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert copy.signature() == state.signature()
    before = state.signature()
    known_before = [[set(s) for s in row] for row in state.known]
    play_deal(copy, random.Random(d["policy"] + 1), check=False)
    assert state.signature() == before
    assert state.known == known_before
    after_copy = copy.signature()
    play_deal(state, random.Random(d["policy"] + 2), check=False)
    assert copy.signature() == after_copy
    # the clone carries the deal's random generator: same moves, same signals caught
    twin = before_state = new_state(d)
    rng2 = random.Random(d["policy"])
    for _ in range(stop):
        if twin.is_over():
            break
        twin.apply(rng2.choice(twin.legal_actions()))
    c2 = twin.clone()
    moves = random.Random(d["policy"] + 3)
    seq = []
    while not c2.is_over():
        a = moves.choice(c2.legal_actions())
        seq.append(a)
        c2.apply(a)
    for a in seq:
        before_state.apply(a)
    assert before_state.signature() == c2.signature()
