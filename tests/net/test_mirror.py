"""A client reads back what the host sends into the engine's own types: every seat's view,
and a watcher's, at every position of deals of every game comes back equal to the view the
host encoded, events and all."""

from __future__ import annotations

import json
import random

import pytest

from bisca_tui.engine import all_variants
from bisca_tui.engine.spectator import SPECTATOR, spectator_view
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import make_variant
from bisca_tui.engine.view import SeatView
from bisca_tui.net import protocol as P
from bisca_tui.net.mirror import event_from_json, events_from_json, view_from_json

# each game at its usual size, and the sizes that seat players otherwise (a dummy, a dealer
# sitting out)
GAMES = [(cls.id, cls.default_players) for cls in all_variants()] + [("chiamata-monte", 7)]


def round_trip(view: SeatView, variant, watching_from: int = 0) -> SeatView:
    body = json.loads(json.dumps(P.view_json(view, variant)))
    if view.seat == SPECTATOR:
        body["seat"] = None
    events = json.loads(json.dumps(P.events_to_json(view.events, variant)))
    return view_from_json(body, events_from_json(events, variant), variant, watching_from)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_view_of_a_deal_comes_back_as_it_was_sent(game: str, players: int) -> None:
    variant = make_variant(game, {}, players)
    rng = random.Random(f"{game}/{players}")
    state = GameState(variant, dealer=variant.n - 1, seed=rng.randrange(10**6))
    positions = 0
    while True:
        every = positions % 7 == 0 or state.is_over()
        for seat in range(state.n) if every else [state.current]:
            view = state.view(seat)
            back = round_trip(view, variant)
            assert back == view
            for name in ("bids", "contract", "signals", "known", "discards", "exchanges",
                         "cut_or_knock", "under_indicator", "deal_game_points"):
                assert getattr(back, name) == getattr(view, name), name
        if every:
            watcher = spectator_view(state)
            back = round_trip(watcher, variant, watching_from=0)
            assert back.seat == 0 and back.hand == () and back.legal == ()
            assert back.known == watcher.known and back.contract == watcher.contract
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
        positions += 1
    last = round_trip(state.view(0), variant).events[-1]
    assert type(last).__name__ == "DealScored" and last.result == state.result


def test_an_event_of_a_kind_not_known_is_left_out() -> None:
    variant = make_variant("sueca", {}, 4)
    assert event_from_json({"kind": "fireworks", "seat": 1}, variant) is None
    played = event_from_json({"kind": "card_played", "seat": 1, "card": "7H",
                              "later": True}, variant)
    assert played is not None and played.seat == 1
