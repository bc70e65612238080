"""A joined table keeps a decision of its player's once the host's next view of the seat
says it was taken, read from the view's events alone (version 2 says nothing else of an
action): in deals of every game, every action a seat takes is told by the events its view
gains, and no other action of the seat's is."""

from __future__ import annotations

import random

import pytest

from bisca_tui.engine import actions as A
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import all_variants, make_variant
from bisca_tui.join.own_play import OwnPlay, acted

OPTIONS = {"bisca-4": {"signals": True, "intercept": 0.5}, "bisca-6": {"intercept": 0.5}}
GAMES = [(cls.id, n) for cls in all_variants() for n in cls.players]


@pytest.mark.parametrize(("game", "n"), GAMES, ids=[f"{g}-{n}" for g, n in GAMES])
def test_the_events_a_seat_gains_tell_its_own_action_and_no_other(game, n):
    variant = make_variant(game, OPTIONS.get(game, {}), n)
    kinds = set()
    for seed in range(3):
        state = GameState(variant, dealer=seed % n, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.current
            legal = state.legal_actions()
            action = rng.choice(legal)
            had = len(state.view(seat).events)
            state.apply(action)
            news = state.view(seat).events[had:]
            assert acted(seat, action, news), (game, state.action_str(action), news)
            for other in legal:
                if other != action and (A.is_play(other) or A.is_play(action)):
                    assert not acted(seat, other, news), (game, state.action_str(other))
            kinds.add(A.kind(action))
    assert A.Kind.PLAY in kinds


def test_a_decision_is_kept_once_the_seats_view_moved_on_and_tells_it():
    variant = make_variant("briscola", {}, 2)
    state = GameState(variant, dealer=1, seed=4)
    seat = state.current
    view = state.view(seat)
    card = view.legal[0]
    own = OwnPlay()
    own.new_deal(0)
    own.sent(seat, view, card)
    state.apply(card)
    after = state.view(seat)
    news = after.events[len(view.events):]
    other = 1 - seat
    assert not own.taken(other, after.history_len, news, variant, "You")  # another seat's
    assert not own.taken(seat, view.history_len, news, variant, "You")  # the same position
    assert not own.taken(seat, after.history_len, (), variant, "You")  # no news of it
    assert own.pending is not None and not own.plays
    assert own.taken(seat, after.history_len, news, variant, "You")
    assert own.pending is None
    assert own.plays[seat].decisions == [(view.history_len, view, card)]
