"""Matches: best of 7 (first to 4) or a comb of 10, the dealer passing right, the pente."""

from __future__ import annotations

import random

import pytest
from bisca_support import first_card_policy, run

from bisca_tui.engine import GameState, Match, OptionError, make_variant
from bisca_tui.engine.context import DealContext
from bisca_tui.engine.variant import Variant


def play_match(v: Variant, seed: int, dealer: int = 0) -> Match:
    m = Match(v, dealer=dealer, seed=seed)
    rng = random.Random(seed)
    while not m.is_over():
        st = m.new_deal()
        while not st.is_over():
            st.apply(rng.choice(st.legal_actions()))
        m.finish_deal()
        assert len(m.deals) < 200
    return m


@pytest.mark.parametrize("vid", ["bisca-3", "bisca-9", "bisca-4", "bisca-6"])
def test_match_rule_default_and_targets(vid: str) -> None:
    v = make_variant(vid)
    assert v.options["match"] == "best_of_7"
    assert Match(v, seed=1).target == 4
    assert Match(make_variant(vid, {"match": "comb_10"}), seed=1).target == 10
    with pytest.raises(OptionError):
        make_variant(vid, {"match": "best_of_5"})


def test_capixaba_match_is_always_to_four() -> None:
    assert Match(make_variant("bisca-capixaba"), seed=1).target == 4
    with pytest.raises(OptionError):
        make_variant("bisca-capixaba", {"match": "comb_10"})


@pytest.mark.parametrize("vid,option,target", [
    ("bisca-3", "best_of_7", 4), ("bisca-3", "comb_10", 10),
    ("bisca-4", "best_of_7", 4), ("bisca-9", "comb_10", 10),
])
def test_first_to_target_wins(vid: str, option: str, target: int) -> None:
    for seed in range(2):
        v = make_variant(vid, {"match": option})
        m = play_match(v, seed, dealer=seed % v.n)
        totals = [0] * v.n_teams
        for i, (st, r) in enumerate(zip(m.deals, m.results, strict=True)):
            assert st.dealer == (seed % v.n + i) % v.n
            for t, g in enumerate(r.game_points):
                totals[t] += g
            if i < len(m.deals) - 1:
                assert max(totals) < target  # the match went on only while nobody had won
        assert totals == m.scores
        assert m.winner is not None and m.scores[m.winner] >= target
        assert m.scores[1 - m.winner] < target
        pente = m.pente()
        assert (pente.lines, pente.above, pente.below) == (target, m.scores[0], m.scores[1])
        with pytest.raises(ValueError):
            m.new_deal()


def test_pente_marks_follow_the_games() -> None:
    v = make_variant("bisca-3")
    m = Match(v, seed=4)
    marks = []
    while not m.is_over():
        st = m.new_deal()
        run(st, first_card_policy())
        r = m.finish_deal()
        p = m.pente()
        marks.append((p.above, p.below))
        assert p.lines == 4
        assert p.above == sum(x.game_points[0] for x in m.results)
        assert p.below == sum(x.game_points[1] for x in m.results)
        assert r is m.results[-1]
    # marks only ever grow, one game at a time in plain Bisca de Três
    for (a0, b0), (a1, b1) in zip([(0, 0), *marks], marks, strict=False):
        assert (a1 - a0) + (b1 - b0) in (0, 1)


def test_a_deal_must_finish_before_the_next() -> None:
    m = Match(make_variant("bisca-4"), seed=2)
    st = m.new_deal()
    with pytest.raises(ValueError):
        m.new_deal()
    with pytest.raises(ValueError):
        m.finish_deal()
    run(st, first_card_policy())
    r1 = m.finish_deal()
    assert m.finish_deal() is r1  # finishing twice does not count twice
    assert sum(m.scores) == sum(r1.game_points)
    st2 = m.new_deal()
    assert st2.dealer == 1


def test_same_match_seed_same_deals() -> None:
    v = make_variant("bisca-3")
    a, b = Match(v, seed=77), Match(v, seed=77)
    for i in range(3):
        assert a.deal_seed(i) == b.deal_seed(i)
        sa, sb = a.new_deal(), b.new_deal()
        assert sa.hands == sb.hands and sa.stock == sb.stock
        run(sa, first_card_policy())
        run(sb, first_card_policy())
        a.finish_deal()
        b.finish_deal()
    assert len({a.deal_seed(i) for i in range(10)}) == 10
    assert a.scores == b.scores


def test_deal_knows_the_match_score() -> None:
    m = Match(make_variant("bisca-3"), seed=5)
    st = m.new_deal()
    run(st, first_card_policy())
    m.finish_deal()
    st2 = m.new_deal()
    assert st2.match_points == m.scores
    assert st2.target == 4
    assert st2.view(0).match_points == tuple(m.scores)
    m.scores[0] += 0  # the deal holds its own copy
    assert st2.match_points is not m.scores


def test_a_deal_takes_its_context_from_the_match_and_keeps_it() -> None:
    v = make_variant("sueca", {"tie": "carry"})
    m = Match(v, seed=6)
    rng = random.Random(6)
    while not m.ties_in_a_row:  # play until a deal is tied
        st = m.new_deal()
        while not st.is_over():
            st.apply(rng.choice(st.legal_actions()))
        m.finish_deal()
    st = m.new_deal()
    assert st.context == DealContext(tuple(m.scores), m.target, m.ties_in_a_row)
    assert st.context.ties_before == 1
    copy = st.clone()
    assert copy.context == st.context
    # the deal as its match made it, rebuilt from its seed, carries the same context
    again = GameState(v, st.dealer, st.seed, context=st.context)
    assert again.signature() == st.signature() and again.context == st.context
    fresh = GameState(v, st.dealer, st.seed)  # a deal on its own: a fresh match's context
    assert fresh.context == DealContext((0, 0)) and fresh.target is None
    with pytest.raises(ValueError):
        GameState(v, 0, 1, match_points=(1, 0), context=st.context)
