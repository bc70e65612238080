"""The engine's turns: a match of every family played through them is the match the plain
loop plays, an action from a seat not to act is refused, each chooser is asked once per
action with its seat's view (built once), and a screen's views are built once per
position."""

from __future__ import annotations

import pytest
from family_support import first_of_each_family

import bisca_tui.engine.view as view_module
from bisca_tui.bots.base import make_bot
from bisca_tui.engine.errors import IllegalAction
from bisca_tui.engine.match import Match
from bisca_tui.engine.records import record_of_match
from bisca_tui.engine.state import GameState
from bisca_tui.engine.turns import Played, Views, act, by_views, play_deal, play_match
from bisca_tui.engine.variant import make_variant
from bisca_tui.engine.view import SeatView


def new_match(variant_id: str, seed: int) -> Match:
    v = make_variant(variant_id)
    return Match(v, dealer=v.n_people - 1, seed=seed)


def random_players(match: Match, seed: int) -> list:
    return [make_bot("random", seed + k) for k in range(match.n)]


def plain_loop(match: Match, seed: int) -> Match:
    """A match played the way every player of deals used to loop, each on its own."""
    bots = random_players(match, seed)
    while not match.is_over():
        st = match.new_deal()
        while not st.is_over():
            seat = st.current
            assert seat is not None
            st.apply(bots[seat].choose(st.view(seat)))
        match.finish_deal()
    return match


def record(match: Match) -> dict:
    return record_of_match(match, [f"P{k}" for k in range(match.variant.n_people)]).to_json()


@pytest.mark.parametrize("variant_id", first_of_each_family())
def test_a_match_through_the_turns_is_the_match_of_the_plain_loop(variant_id: str) -> None:
    for seed in (3, 4):
        expected = plain_loop(new_match(variant_id, seed), seed)
        match = new_match(variant_id, seed)
        bots = random_players(match, seed)
        played: list[Played] = []
        play_match(match, by_views([b.choose for b in bots]), on_action=played.append)
        assert match.is_over()
        assert record(match) == record(expected)
        # every action was reported, with the seat that took it and what it caused
        assert [p.action for p in played] == [a for d in match.deals for a in d.history]
        assert all(p.events for p in played)


def test_an_action_from_a_seat_not_to_act_is_refused_and_changes_nothing() -> None:
    st = GameState(make_variant("bisca-3"), dealer=1, seed=5)
    seat = st.current
    assert seat is not None
    action = st.legal_actions()[0]
    with pytest.raises(IllegalAction, match=f"it is seat {seat}'s turn, not seat {1 - seat}'s"):
        act(st, action, 1 - seat)
    assert st.history == [] and st.current == seat
    played = act(st, action, seat)
    assert (played.seat, played.action) == (seat, action) and st.history == [action]
    assert played.events  # the card played, as the engine tells it


def test_a_deal_stops_at_an_illegal_choice() -> None:
    st = GameState(make_variant("sueca"), dealer=0, seed=2)
    with pytest.raises(IllegalAction):
        play_deal(st, lambda state, seat: 999)
    assert st.history == []


def test_each_chooser_is_asked_once_per_action_with_its_views(
        monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int] = []
    make_view = view_module.make_view

    def counting(state: GameState, seat: int) -> SeatView:
        built.append(seat)
        return make_view(state, seat)

    monkeypatch.setattr(view_module, "make_view", counting)
    st = GameState(make_variant("chiamata"), dealer=4, seed=9)
    bots = [make_bot("random", k) for k in range(st.n)]
    asked: list[int] = []

    def player(seat: int):
        def choose(view: SeatView) -> int:
            assert view.seat == seat and st.current == seat
            asked.append(seat)
            assert view == make_view(st, seat)  # what the seat sees now, nothing else
            return bots[seat].choose(view)
        return choose

    taken = play_deal(st, by_views([player(s) for s in range(st.n)]))
    assert taken == len(st.history) == len(asked) > 40  # the auction, the call, the play
    assert built == asked  # one view built per action, the acting seat's


def test_a_search_may_play_unchecked_without_a_view() -> None:
    v = make_variant("briscola")
    checked = GameState(v, dealer=0, seed=8)
    fast = GameState(v, dealer=0, seed=8)

    def first_legal(state: GameState, seat: int) -> int:
        return state.legal_actions()[-1]

    play_deal(checked, first_legal)
    reported: list[Played] = []
    play_deal(fast, first_legal, checked=False, on_action=reported.append)
    assert fast.history == checked.history and fast.result == checked.result
    assert [p.action for p in reported] == fast.history


def test_views_are_built_once_per_position() -> None:
    st = GameState(make_variant("bisca-3"), dealer=0, seed=1)
    views = Views()
    first = views.of(st, 0)
    assert views.of(st, 0) is first and views.of(st, 1) is not first
    act(st, st.legal_actions()[0], st.current)
    after = views.of(st, 0)
    assert after is not first and after == st.view(0)
    rebuilt = GameState(make_variant("bisca-3"), dealer=0, seed=1)  # an undo's fresh deal
    rebuilt.apply(st.history[0])
    assert views.of(rebuilt, 0) is not after
