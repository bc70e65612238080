"""Determinization: full states built from a view agree with everything the view shows."""

from __future__ import annotations

import random

from bisca_tui.bots.table import variant_of
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine.sampling import determinize, infer


def _play_until(state: GameState, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice([a for a in state.legal_actions() if a < A.CUT]))


def _check(state: GameState, seat: int, rng: random.Random) -> None:
    view = state.view(seat)
    v = variant_of(view)
    for _ in range(5):
        d = determinize(view, v, rng)
        dv = d.view(seat)
        # the same from the seat's own chair
        assert dv.hand == view.hand and dv.hand_sizes == view.hand_sizes
        assert dv.trick == view.trick and dv.tricks == view.tricks
        assert dv.points == view.points and dv.stock_count == view.stock_count
        assert dv.indicator == view.indicator and dv.legal == view.legal
        # every card of the pack exactly once
        everything = [c for h in d.hands for c in h] + d.stock + d.trick + [
            c for t in d.tricks for c in t.cards]
        if d.indicator is not None:
            everything.append(d.indicator)
        assert sorted(everything) == sorted(v.pack())
        for s in range(state.n):
            assert set(view.known[s]) <= set(d.hands[s])
        # and it plays on to the end
        while not d.is_over():
            d.apply(rng.choice(d.legal_actions()))


def test_determinize_bisca3_and_briscola_mid_deal() -> None:
    rng = random.Random(1)
    for vid in ("bisca-3", "briscola", "bisca-9"):
        v = make_variant(vid)
        for seed in range(4):
            s = GameState(v, seed=seed)
            _play_until(s, rng, rng.randrange(0, 2 * len(v.pack()) // 3))
            if not s.is_over():
                _check(s, s.current_player(), rng)


def test_determinize_team_games_and_capixaba_known_cards() -> None:
    rng = random.Random(2)
    v = make_variant("bisca-capixaba")
    s = GameState(v, seed=3)
    s.apply(A.CUT)
    _play_until(s, rng, 5)
    seat = s.current_player()
    view = s.view(seat)
    partner = (seat + 2) % 4
    assert view.known[partner]  # partners showed their hands
    _check(s, seat, rng)
    for vid in ("bisca-4", "bisca-6", "sueca"):
        s = GameState(make_variant(vid), seed=4)
        _play_until(s, rng, 9)
        _check(s, s.current_player(), rng)


def test_voids_shown_under_follow_suit_are_respected() -> None:
    v = make_variant("sueca")
    rng = random.Random(7)
    found = 0
    for seed in range(40):
        s = GameState(v, seed=seed)
        while not s.is_over() and found < 3:
            seat = s.current_player()
            view = s.view(seat)
            info = infer(view, v)
            if any(info.voids):
                found += 1
                for _ in range(10):
                    d = determinize(view, v, rng)
                    for other, void in enumerate(info.voids):
                        # the engine agrees: that seat really lacks the suit
                        assert not any(v.suit[c] in void for c in s.hands[other])
                        assert not any(v.suit[c] in void for c in d.hands[other])
            s.apply(rng.choice(s.legal_actions()))
        if found >= 3:
            break
    assert found >= 3


def test_a_partners_signal_places_the_card() -> None:
    v = make_variant("bisca-6", {"intercept": 0.0})
    rng = random.Random(3)
    for seed in range(60):
        s = GameState(v, seed=seed)
        seat = s.current_player()
        ace = A.SIGNAL + v.signal_names.index("ace_of_trumps")
        if ace not in s.legal_actions():
            continue
        s.apply(ace)
        card = s.hands[seat][[v.signals[0].holds([c], s.trump) for c in s.hands[seat]].index(
            True)]
        s.apply(s.hands[seat][0] if s.hands[seat][0] != card else s.hands[seat][1])
        partner = (seat + 2) % 6
        view = s.view(partner)
        assert any(sg.name == "ace_of_trumps" for sg in view.signals)
        for _ in range(5):
            d = determinize(view, v, rng)
            assert card in d.hands[seat]
        return
    raise AssertionError("no deal gave the first player the Ace of trumps")
