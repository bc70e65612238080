"""Bots at Brisca: every level plays every player count; the exchange is taken; a partner's
request for points is answered; nothing hidden changes a choice."""

from __future__ import annotations

import pytest

from bisca_tui.bots.base import make_bot
from bisca_tui.engine import GameState, Layout, make_variant, parse_card
from bisca_tui.engine import actions as A


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def four(hands: list[str], indicator: str) -> GameState:
    v = make_variant("brisca", {"intercept": 0.0}, 4)
    hs = tuple(cards(h) for h in hands)
    ind = parse_card(indicator)
    used = {x for h in hs for x in h} | {ind}
    rest = tuple(x for x in v.pack() if x not in used)
    return GameState(v, 3, layout=Layout(hs, ind % 40 // 10, ind, rest))


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_a_whole_hand(level: str, players: int) -> None:
    v = make_variant("brisca", players=players)
    bots = [make_bot(level if level != "hard" else "medium", k) for k in range(players)]
    if level == "hard":
        bots[0] = make_bot("hard", 0)
        bots[0].budget_ms = 20  # type: ignore[attr-defined]
        bots[0].max_samples = 20  # type: ignore[attr-defined]
    s = GameState(v, 0, seed=11)
    while not s.is_over():
        seat = s.current
        a = bots[seat].choose(s.view(seat))
        assert a in s.legal_actions()
        s.apply(a)
    assert sum(s.points) == 120


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_exchange_is_taken_when_offered(level: str) -> None:
    s = four(["7C AS 3S", "4H 5H 6H", "JH QH KH", "2S 4S 5S"], "KC")
    assert A.EXCHANGE in s.legal_actions()
    choices = {make_bot(level, k).choose(s.view(0)) for k in range(5)}
    assert A.EXCHANGE in choices


def card_chosen(s: GameState, seat: int) -> int:
    """The bot's card, after any signs it sends first (a sign costs no turn)."""
    bot = make_bot("medium", 0)
    for _ in range(10):
        a = bot.choose(s.view(seat))
        if A.is_play(a):
            return a
        s.apply(a)
    raise AssertionError("no card chosen")


def test_a_partners_request_for_points_is_answered_with_a_figure() -> None:
    s = four(["4S 5H 6H", "2D 3D 4D", "KD 2S 3S", "5D 6D 7D"], "AC")
    s.apply_str("signal:play_points")  # seat 0 asks its partner, seat 2
    s.apply(parse_card("4S"))
    s.apply(parse_card("2D"))
    assert card_chosen(s, 2) == parse_card("KD")
    # without the request, the partner does not throw the King away on a small trick
    t = four(["4S 5H 6H", "2D 3D 4D", "KD 2S 3S", "5D 6D 7D"], "AC")
    t.apply(parse_card("4S"))
    t.apply(parse_card("2D"))
    assert card_chosen(t, 2) != parse_card("KD")
