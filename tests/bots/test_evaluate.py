"""The search's evaluation of a view: one verdict per legal card, read from the view alone,
the same one the hard level plays by."""

from __future__ import annotations

import random

from bots_support import small_hard

from bisca_tui.bots.sim import Rules, Sim
from bisca_tui.bots.solver import solve2_actions
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.sampling import determinize


def _late(vid: str, seed: int, left: int) -> GameState:
    rng = random.Random(seed)
    s = GameState(make_variant(vid), seed=seed)
    while sum(len(h) for h in s.hands) + s.stock_count > left or s.trick:
        s.apply(rng.choice(s.legal_cards()))
    return s


def test_an_exact_endgame_is_evaluated_with_certain_points_and_wins() -> None:
    # two players, stock gone: the view shows every card, one deal fits it
    for seed in range(5):
        s = _late("briscola", seed, 6)
        seat = s.current_player()
        ev = small_hard(seed).evaluate(s.view(seat))
        assert ev.method == "exact" and ev.samples == 1
        rules = Rules(s.variant, s.trump, s.target, s.match_points, s.cut_or_knock)
        sim = Sim.from_view(rules, s.view(seat), [list(h) for h in s.hands], [])
        truth = solve2_actions(sim, s.legal_cards())
        assert set(ev.values) == set(s.legal_cards())
        for c, av in ev.values.items():
            assert (av.value, av.points, av.win) == truth[c]
        assert ev.values[ev.best].value == max(a.value for a in ev.values.values())
        assert ev.ranked()[0].action == ev.best


def test_values_cover_every_legal_card_and_stay_in_range() -> None:
    for vid in ("bisca-3", "sueca", "bisca-capixaba", "chiamata", "brisca"):
        v = make_variant(vid)
        s = GameState(v, seed=3, target=v.match_target())
        bots = [small_hard(k) for k in range(v.n)]
        while not s.is_over() and (s.trump is None or len(s.tricks) < 2
                                   or len(s.legal_cards()) < 2):
            s.apply(bots[s.current_player()].choose(s.view(s.current_player())))
        if s.is_over():
            continue
        seat = s.current_player()
        ev = small_hard(1).evaluate(s.view(seat))
        assert set(ev.values) == set(s.legal_cards()), vid
        for av in ev.values.values():
            assert 0 <= av.points <= 120 and 0 <= av.win <= 1, (vid, av)
        assert ev.best in ev.values


def test_hidden_cards_do_not_change_the_evaluation() -> None:
    rng = random.Random(12)
    for vid in ("briscola", "sueca"):
        v = make_variant(vid)
        s = GameState(v, seed=21)
        for _ in range(7):
            s.apply(rng.choice(s.legal_actions()))
        seat = s.current_player()
        other = determinize(s.view(seat), v, rng)
        assert [h for k, h in enumerate(s.hands) if k != seat] != \
            [h for k, h in enumerate(other.hands) if k != seat]
        assert s.view(seat) == other.view(seat)
        a = small_hard(5).evaluate(s.view(seat))
        b = small_hard(5).evaluate(other.view(seat))
        assert a == b


def test_the_hard_level_plays_the_card_its_evaluation_ranks_first() -> None:
    rng = random.Random(2)
    s = GameState(make_variant("bisca-3"), seed=8)
    for _ in range(6):
        s.apply(rng.choice(s.legal_actions()))
    seat = s.current_player()
    view = s.view(seat)
    assert small_hard(4).choose(view) == small_hard(4).evaluate(view).best
