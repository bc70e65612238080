"""The coach's view after a signal of the seat's own, worked out from its view alone, is the
view the engine gives that seat once the signal is applied: same events, same signs still
to send, same cards to play, same reading of what was signalled."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bisca_tui.bots.levels import EasyBot
from bisca_tui.coach.signalled import after_own_signal
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine import actions as A

GAMES = [("bisca-6", None), ("bisca-4", {"signals": True})]


def _positions_with_signals(vid: str, options: dict | None, seed: int):
    v = make_variant(vid, options)
    state = GameState(v, seed=seed, target=v.match_target())
    bots = [EasyBot(seed * 7 + k) for k in range(v.n)]
    while not state.is_over():
        seat = state.current
        view = state.view(seat)
        if any(A.is_signal(a) for a in view.legal):
            yield state, view
        state.apply(bots[seat].choose(view))


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), pick=st.integers(0, 50))
def test_the_view_after_a_signal_is_the_engines(game, seed, pick) -> None:
    vid, options = game
    for state, view in _positions_with_signals(vid, options, seed):
        for action in [a for a in view.legal if A.is_signal(a)]:
            after = state.clone()
            after.apply(action)
            expected = after.view(view.seat)
            worked_out = after_own_signal(view, action)
            assert worked_out == expected
            # what is read from the events, read again from the new ones
            assert worked_out.signals == expected.signals
            assert worked_out.legal == expected.legal
        pick -= 1
        if pick < 0:
            break


def test_only_a_signal_the_seat_may_send_is_taken() -> None:
    state, view = next(_positions_with_signals("bisca-6", None, 3))
    card = next(a for a in view.legal if A.is_play(a))
    with pytest.raises(ValueError):
        after_own_signal(view, card)
    with pytest.raises(ValueError):
        after_own_signal(view, A.SIGNAL + 99)
