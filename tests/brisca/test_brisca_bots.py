"""Bots at Brisca: every level plays every player count; the exchange is taken; a partner's
request for points is answered; nothing hidden changes a choice."""

from __future__ import annotations

import pytest

from bisca_tui.bots.base import make_bot
from bisca_tui.bots.cardplay import request_to_honour
from bisca_tui.bots.levels import HardBot
from bisca_tui.bots.table import Table
from bisca_tui.coach.rule_reasons import rule_reason
from bisca_tui.coach.sentences import card_words
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


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_exchange_is_taken_when_offered(level: str) -> None:
    s = four(["7C AS 3S", "4H 5H 6H", "JH QH KH", "2S 4S 5S"], "KC")
    assert A.EXCHANGE in s.legal_actions()
    choices = {_small(level, k).choose(s.view(0)) for k in range(5)}
    assert A.EXCHANGE in choices


def card_chosen(s: GameState, seat: int, bot=None) -> int:
    """The bot's card, after any signs it sends first (a sign costs no turn)."""
    bot = bot or make_bot("medium", 0)
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


def test_the_hard_level_answers_a_request_for_points_too() -> None:
    s = four(["4S 5H 6H", "2D 3D 4D", "KD 2S 3S", "5D 6D 7D"], "AC")
    s.apply_str("signal:play_points")
    s.apply(parse_card("4S"))
    s.apply(parse_card("2D"))
    hard = HardBot(0, budget_ms=60_000, max_samples=6, min_samples=6)
    assert card_chosen(s, 2, hard) == parse_card("KD")
    # once an opponent has taken the trick from the partner who asked, the search decides
    t = four(["4S 5H 6H", "2C 3D 4D", "KD 2S 3S", "5D 6D 7D"], "AC")
    t.apply_str("signal:play_points")
    t.apply(parse_card("4S"))
    t.apply(parse_card("2C"))  # a trump
    assert request_to_honour(t.view(2), t.variant, [parse_card(c) for c in
                                                    ("KD", "2S", "3S")]) is None


def _small(level: str, seed: int):
    if level == "hard":
        return HardBot(seed, budget_ms=60_000, max_samples=8, min_samples=8)
    return make_bot(level, seed)


@pytest.mark.parametrize("level,deals", [("easy", 12), ("medium", 12), ("hard", 3)])
def test_every_level_asks_for_points_on_a_sure_trick_and_for_cards_once_the_stock_is_gone(
        level: str, deals: int) -> None:
    v = make_variant("brisca", {"intercept": 0.0}, 4)
    asked = {"play_points": 0, "show_cards": 0}
    for seed in range(deals):
        s = GameState(v, seed % 4, seed=seed)
        bots = [_small(level, seed * 4 + k) for k in range(4)]
        before: dict[int, object] = {}
        cards_asked: set[int] = set()
        while not s.is_over():
            seat = s.current
            view = s.view(seat)
            a = bots[seat].choose(view)
            name = s.action_str(a).removeprefix("signal:")
            if name == "play_points":
                asked[name] += 1
                before[seat] = view
            elif name == "show_cards":
                asked[name] += 1
                assert s.stock_count == 0 and seat not in cards_asked  # once, at the end
                cards_asked.add(seat)
            elif A.is_play(a) and seat in before and level != "easy":  # easy may slip
                t = Table(before.pop(seat), v)  # type: ignore[arg-type]
                # the card that follows the request takes the trick for sure ...
                assert t.win_card is None or t.beats(a, t.win_card)
                assert not t.threats(a)
                # ... and the partner plays after it
                assert (seat + 2) % 4 in t.later
            elif A.is_play(a):
                before.pop(seat, None)
            s.apply(a)
    assert asked["play_points"] > 0 and asked["show_cards"] > 0


def test_asked_for_its_cards_a_partner_tells_its_holdings_again() -> None:
    s = four(["4S 5H 6H", "2D 3D 4D", "AC 2S 3S", "5D 6D 7D"], "KC")
    v = s.variant
    bots = [make_bot("medium", k) for k in range(4)]

    def told(seat: int) -> list[str]:
        return [v.signals[e.signal].name for e in s.signs.log if e.sender == seat]

    while len(s.tricks) < 1:  # a trick: seat 2 tells its Ace of trumps and its briscas
        seat = s.current
        s.apply(bots[seat].choose(s.view(seat)))
    first = told(2)
    assert "ace_of_trumps" in first
    while s.current != 0:  # on to seat 0's turn
        seat = s.current
        s.apply(bots[seat].choose(s.view(seat)))
    s.apply_str("signal:show_cards")
    while s.current != 2:
        seat = s.current
        s.apply(bots[seat].choose(s.view(seat)))
    a = bots[2].choose(s.view(2))
    assert not A.is_play(a)
    assert s.action_str(a).removeprefix("signal:") in first  # told again, when asked


def test_the_coach_says_why_it_asks() -> None:
    s = four(["4S 5H 6H", "2D 3D 4D", "KD 2S 3S", "5D 6D 7D"], "AC")
    view = s.view(0)
    for name, words in (("play_points", "Ask your partner for points"),
                        ("show_cards", "Ask your partner to tell you their cards")):
        reason = rule_reason(view, s.parse_action(f"signal:{name}"))
        assert reason.text(card_words(view)).startswith(words)
