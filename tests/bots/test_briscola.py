"""Briscola: Italian order and points, dealing, drawing and the deal's score."""

from __future__ import annotations

import random

from bots_support import layout

from bisca_tui.engine import GameState, make_variant, parse_card
from bisca_tui.engine.variant import all_variants


def test_briscola_is_registered_with_italian_ranks() -> None:
    assert "briscola" in {c.id for c in all_variants()}
    v = make_variant("briscola")
    assert v.n == 2 and v.hand_size == 3 and v.family == "briscola"
    order = sorted("A3KQJ76542", key=lambda r: -v.strength[parse_card(r + "S")])
    assert "".join(order) == "A3KQJ76542"
    assert sum(v.points[c] for c in v.pack()) == 120
    assert v.points[parse_card("3H")] == 10 and v.points[parse_card("7H")] == 0
    assert v.points[parse_card("QH")] == 3 and v.points[parse_card("JH")] == 2
    assert v.match_target() == 4


def test_three_beats_king_and_a_trump_beats_the_ace() -> None:
    v = make_variant("briscola")
    # dealer 1: seat 0 leads
    lay = layout(v, ["KS 2D 4D", "3S AS 5C"], "7C")
    s = GameState(v, dealer=1, layout=lay)
    s.apply_str("KS")
    s.apply_str("3S")
    assert s.tricks[-1].winner == 1 and s.points[1] == 14
    s.apply_str("AS")  # seat 1 leads the Ace; seat 0 answers with a plain card
    s.apply_str("2D")
    assert s.tricks[-1].winner == 1
    lay = layout(v, ["AS 2D 4D", "5C KS 6S"], "7C")
    s = GameState(v, dealer=1, layout=lay)
    s.apply_str("AS")
    s.apply_str("5C")
    assert s.tricks[-1].winner == 1  # the 5 of trumps takes the Ace


def test_random_deals_end_with_120_points_and_a_fair_score() -> None:
    v = make_variant("briscola")
    rng = random.Random(5)
    for seed in range(30):
        s = GameState(v, seed=seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        r = s.result
        assert r is not None and sum(r.card_points) == 120
        assert len(s.tricks) == 20
        if r.card_points[0] == 60:
            assert r.winner is None and r.game_points == (0, 0)
        else:
            w = 0 if r.card_points[0] > 60 else 1
            assert r.winner == w and r.game_points[w] == 1 and r.game_points[1 - w] == 0
