"""A client tells a deal from what the host sends alone: the events each seat (and a watcher)
is sent, read back from their JSON, told by the engine's narrator with nothing but the game's
rules, make exactly the log the table on one screen says from the deal's own events (the cut's
indicator, the bidder's last card laid aside, the contract in words included)."""

from __future__ import annotations

import json
import random

import pytest

from bisca_tui.engine import actions as A
from bisca_tui.engine import events as E
from bisca_tui.engine.narrate import narrate
from bisca_tui.engine.spectator import spectator_sees
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import make_variant
from bisca_tui.net import protocol as P
from bisca_tui.net.mirror import events_from_json

GAMES = [("bisca-capixaba", {}, 4), ("chiamata-monte", {}, 5), ("chiamata-monte", {}, 7),
         ("chiamata", {}, 5), ("bisca-4", {"signals": True}, 4), ("sueca-3", {}, 3),
         ("brisca", {"exchange": "announce"}, 2)]


def _said(variant, events) -> list[str]:
    def name(k: int) -> str:
        return "You" if k == 0 else f"P{k}"
    return [line.text(lambda c: f"<{c}>") for line in narrate(variant, events, name)]


@pytest.mark.parametrize(("game", "options", "players"), GAMES)
def test_each_seat_and_a_watcher_tell_the_deal_from_the_json_they_were_sent(
        game: str, options: dict, players: int) -> None:
    variant = make_variant(game, options, players)
    kinds: set[type] = set()
    for seed in range(4):
        state = GameState(variant, dealer=seed % players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            events = state.apply(rng.choice(state.legal_actions()))
            kinds.update(type(e) for e in events)
            said = _said(variant, events)  # the table on one screen
            audiences = [[e if e.public else e.as_seen_by(seat) for e in events]
                         for seat in range(players)]
            audiences.append([spectator_sees(e, players) for e in events])
            for seen in audiences:
                sent = json.loads(json.dumps(P.events_to_json(
                    tuple(e for e in seen if e is not None), variant)))
                assert _said(variant, events_from_json(sent, variant)) == said
    if game == "bisca-capixaba":
        assert E.Cut in kinds
    if game == "chiamata-monte":
        assert {E.Discarded, E.BiddingWon} <= kinds


def test_the_cut_and_a_card_laid_aside_carry_what_their_sentences_say() -> None:
    """The cut names the indicator it turned; a card laid aside, how many are left to lay
    aside, which every seat sees while the card stays the bidder's."""
    v = make_variant("bisca-capixaba", {}, 4)
    state = GameState(v, dealer=0, seed=5)
    cut = next(e for e in state.apply(A.CUT) if isinstance(e, E.Cut))
    assert cut.indicator == state.indicator
    v = make_variant("chiamata-monte", {}, 5)
    rng = random.Random(2)
    for seed in range(50):
        state = GameState(v, dealer=0, seed=seed)
        laid: list[E.Discarded] = []
        while not state.is_over() and len(laid) < v.monte_size:
            laid += [e for e in state.apply(rng.choice(state.legal_actions()))
                     if isinstance(e, E.Discarded)]
        if laid:
            break
    assert [e.left for e in laid] == list(range(v.monte_size - 1, -1, -1))
    other = (laid[0].seat + 1) % 5
    assert all(e.as_seen_by(other) == e.replace(card=None) for e in laid)
