"""Where the person's last action was: the deal keeps who took each action, so the undo key
asks nothing of a replay, and agrees with walking the deal from its seed at every position
of whole matches of every family, dummies and people sharing a team included."""

from __future__ import annotations

import pytest
from family_support import first_of_each_family
from hypothesis import given, settings
from hypothesis import strategies as st

from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import make_variant
from bisca_tui.table.session import Session, default_seats


def walked_point(session: Session) -> int | None:
    """The undo point found the slow way: the deal replayed from its seed, action by
    action, asking who is to act before each."""
    state = session.state
    if not session.undo_allowed or state.is_over() or not state.history:
        return None
    replay = session.fresh_deal()
    point = None
    for k, action in enumerate(state.history):
        if session.is_human(replay.current):
            point = k
        replay.apply(action)
    return point


def one_person(variant_id: str, seed: int) -> Session:
    n = make_variant(variant_id).n_people
    return Session.new(variant_id, {}, default_seats(n, "random"), seed=seed)


@pytest.mark.parametrize("variant_id", first_of_each_family())
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), choices=st.randoms(use_true_random=False))
def test_the_undo_point_is_where_the_walk_from_the_seed_finds_it(
        variant_id: str, seed: int, choices) -> None:
    session = one_person(variant_id, seed)
    state = session.state
    while not state.is_over():
        assert session.undo_point() == walked_point(session)
        assert len(state.actors) == len(state.history)
        session.apply(choices.choice(state.legal_actions()))
    assert session.undo_point() is None  # the deal over: nothing to take back


def test_asking_for_the_undo_point_replays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    session = one_person("briscola", 3)
    for _ in range(9):
        session.apply(session.state.legal_actions()[0])
    made: list[object] = []
    real_init = GameState.__init__

    def counted(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
        made.append(self)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(GameState, "__init__", counted)
    for _ in range(20):  # the footer asks at every refresh
        assert session.undo_point() is not None
    assert made == []


def test_a_deal_played_on_unchecked_is_counted_once_from_its_seed() -> None:
    session = one_person("briscola", 5)
    state = session.state
    for _ in range(5):
        state.apply_unchecked(state.legal_actions()[0])  # who took them is not kept
    assert state.actors == []
    point = session.undo_point()
    assert point == walked_point(session)
    assert len(state.actors) == len(state.history)  # kept from then on


def test_a_clone_keeps_its_own_list_of_who_acted() -> None:
    session = one_person("sueca", 8)
    state = session.state
    state.apply(state.legal_actions()[0])
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert len(state.actors) == 1 and len(copy.actors) == 2
