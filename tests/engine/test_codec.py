"""The codec (``engine.codec``): for random seeded deals of every game at every table size,
at random points of play, every seat's view and events written as JSON and read back are the
view and events written, and writing them again gives the same JSON text. Cards, suits,
actions, signals and a deal's score come back as they went."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bisca_tui.engine import codec
from bisca_tui.engine import events as E
from bisca_tui.engine.actions import SIGNAL
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import DealScore, all_variants, make_variant
from bisca_tui.engine.view import SeatView

# every game at every table size, and house rules that bring signals caught by opponents
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    (cls.id, n, {}) for cls in all_variants() for n in cls.players] + [
    ("bisca-4", 4, {"signals": True, "intercept": 1.0}),
    ("bisca-6", 6, {"intercept": 0.5}),
]


def wire(data: Any) -> Any:
    """``data`` as it comes out of a line of JSON at the other end."""
    return json.loads(json.dumps(data))


def text(view: SeatView, names: tuple[str, ...]) -> str:
    """A view and its events as the text sent."""
    return json.dumps([codec.view_to_json(view, names, contract=True),
                       codec.events_to_json(view.events, names)])


def position(game: str, n: int, options: dict[str, Any], seed: int, steps: int) -> GameState:
    """A deal of ``game`` from ``seed``, ``steps`` random legal actions in (or to its end)."""
    variant = make_variant(game, options, n)
    rng = random.Random(seed)
    state = GameState(variant, dealer=rng.randrange(variant.n), seed=seed,
                      match_points=[rng.randrange(3) for _ in range(variant.n_teams)])
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32),
       steps=st.integers(0, 200) | st.just(10**6))
def test_every_view_and_event_comes_back_as_written(game: tuple[str, int, dict[str, Any]],
                                                     seed: int, steps: int) -> None:
    state = position(*game, seed, steps)
    variant = state.variant
    names = variant.signal_names
    for seat in range(state.n):
        view = state.view(seat)
        for event in view.events:
            back = codec.event_from_json(wire(codec.event_to_json(event, names)), names)
            assert back == event and type(back) is type(event)
        events = codec.events_from_json(wire(codec.events_to_json(view.events, names)), names)
        assert events == view.events
        body = wire(codec.view_to_json(view, names, contract=True))
        again = codec.view_from_json(body, events, variant)
        assert again == view  # every field, those read from the events too
        assert (again.contract, again.signals, again.known) == (
            view.contract, view.signals, view.known)
        assert text(again, names) == text(view, names)
        # the bot protocol's form is the network's without its three fields more
        bot = wire(codec.view_to_json(view, names))
        assert {**bot, "sides": body["sides"], "monte": body["monte"],
                "contract": body["contract"]} == body
        for action in view.legal:
            assert codec.action_from_json(codec.action_to_json(action, names), names) == action
    if state.is_over():
        result = state.result
        assert result is not None
        assert codec.result_from_json(wire(codec.whole_result_to_json(result))) == result
        assert codec.result_from_json(wire(codec.result_to_json(result))) == DealScore(
            result.card_points, result.tricks, result.game_points, result.notes,
            result.winner, result.ended_early)


def test_every_card_suit_and_signal_comes_back() -> None:
    for card in range(80):
        assert codec.card_from_json(codec.card_to_json(card)) == card
    assert codec.cards_from_json(codec.cards_to_json([0, 79, 40])) == (0, 79, 40)
    assert [codec.suit_to_json(s) for s in range(4)] == ["S", "H", "D", "C"]
    assert [codec.suit_from_json(x) for x in "SHDC"] == [0, 1, 2, 3]
    names = make_variant("bisca-4", {"signals": True}).signal_names
    for k in range(len(names) + 2):  # past the game's list, a signal is its number
        said = codec.signal_to_json(k, names)
        assert said == (names[k] if k < len(names) else str(k))
        assert codec.signal_from_json(said, names) == k
    for k in range(len(names)):
        action = codec.action_to_json(SIGNAL + k, names)
        assert action == f"signal:{names[k]}"
        assert codec.action_from_json(action, names) == SIGNAL + k


def test_an_event_is_written_from_its_fields_by_the_table_of_field_kinds() -> None:
    names = ("ace_of_trumps",)
    signalled = E.Signalled(2, 0, (0,), (1, 3))
    assert codec.event_to_json(signalled, names) == {
        "kind": "signalled", "seat": 2, "signal": "ace_of_trumps", "partners": [0],
        "caught": [1, 3]}
    made = E.ExchangeMade(1, 5, 12)
    assert codec.event_to_json(made) == {"kind": "exchange_made", "seat": 1, "gave": "6S",
                                         "took": "3H"}
    assert codec.event_to_json(E.Discarded(0, None, 2)) == {"kind": "discarded", "seat": 0,
                                                            "card": None, "left": 2}
    assert codec.event_to_json(E.Cut(1, 0, 27)) == {"kind": "cut", "seat": 1, "buried": 0,
                                                    "indicator": "JD"}
    assert codec.event_to_json(E.Knock(3, 1)) == {"kind": "knock", "seat": 3, "trump": "H"}
    assert set(codec.KINDS.values()) == {
        k for k in vars(E).values()
        if isinstance(k, type) and issubclass(k, E.Event) and k is not E.Event}


@pytest.mark.parametrize("later", [{"kind": "fireworks", "seat": 1},
                                   {"kind": "card_played", "seat": 1, "card": "7H", "x": 1}])
def test_a_later_writers_kinds_and_fields_are_left_out(later: dict[str, Any]) -> None:
    back = codec.event_from_json(later)
    if later["kind"] == "fireworks":
        assert back is None
    else:
        assert back == E.CardPlayed(1, 6 + 10)
    assert codec.events_from_json([later, later]) == ((back, back) if back else ())
