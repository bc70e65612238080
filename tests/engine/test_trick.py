"""Trick resolution and the counter-clockwise order of play, dealing and drawing."""

from __future__ import annotations

import itertools

import pytest
from bisca_support import card, cards, deal, first_card_policy, play, run

from bisca_tui.engine import GameState, Match, card_str, make_variant

# A 4-player deal with trumps spades (indicator 5S); seat 1 is eldest when seat 0 deals.
HANDS4 = ["2C 3C 4C", "AH 2H 3H", "KD 2D 3D", "4H 5H 6H"]


def four(hands: list[str], indicator: str = "5S", dealer: int = 0) -> GameState:
    return deal("bisca-4", hands, indicator=indicator, dealer=dealer)


def trick_winner(trick: str, indicator: str = "5S") -> int:
    """Seat that wins one 4-card trick led by seat 1 (dealer 0), cards given in play order."""
    played = trick.split()
    used = set(cards(trick)) | {card(indicator)}
    fillers = [card_str(c) for c in make_variant("bisca-4").pack() if c not in used]
    hands = [" ".join([played[(k - 1) % 4], *fillers[2 * k:2 * k + 2]]) for k in range(4)]
    state = four(hands, indicator)
    assert state.current == 1
    play(state, trick)
    return state.tricks[0].winner


@pytest.mark.parametrize("trick,winner", [
    ("2H AH 7H KH", 2),   # highest of the suit led: Ace
    ("2H 7H KH JH", 2),   # 7 beats King and Jack
    ("QH KH JH 3H", 2),   # King beats Jack and Queen
    ("QH JH 6H 2H", 2),   # Jack beats Queen
    ("6H QH 5H 4H", 2),   # Queen beats the small cards
    ("2H 3H 4H 6H", 0),   # 6 > 4 > 3 > 2 (seat 0 plays fourth)
    ("3H AD AC 2H", 1),   # off-suit Aces never win: the 3 led holds against the 2
    ("AH 2S 7H KH", 2),   # the smallest trump beats the Ace of the suit led
    ("AH 2S 3S 7C", 3),   # higher trump over lower trump
    ("6S AH 7S QH", 3),   # trump led: 7 of trumps wins
    ("KS AS 7S 6S", 2),   # Ace of trumps tops everything
    ("2D 3C 4C 5C", 1),   # a card of another plain suit never wins, however high in its suit
])
def test_trick_resolution(trick: str, winner: int) -> None:
    assert trick_winner(trick) == winner


def test_full_order_within_suit() -> None:
    order = "A7KJQ65432"
    for hi, lo in itertools.combinations(order, 2):
        # lead the lower card, follow with the higher; the higher (seat 2) must win
        assert trick_winner(f"{lo}H {hi}H 2C 3C") == 2, (hi, lo)
        # lead the higher card; it keeps the trick
        assert trick_winner(f"{hi}H {lo}H 2C 3C") == 1, (hi, lo)


def test_leader_then_counter_clockwise() -> None:
    state = four(HANDS4, dealer=2)
    assert state.eldest == 3 and state.current == 3
    seen = []
    for _ in range(4):
        seen.append(state.current)
        state.apply(state.legal_cards()[0])
    assert seen == [3, 0, 1, 2]
    assert state.tricks[0].seats == (3, 0, 1, 2)
    assert state.tricks[0].leader == 3


def test_winner_leads_next_trick() -> None:
    state = four(HANDS4)
    play(state, "AH KD 4H 2C")  # seat 1 leads AH and wins
    assert state.tricks[0].winner == 1
    assert state.current == state.leader == 1
    state2 = four(HANDS4)
    play(state2, "2H KD 4H 2C")  # seat 3 wins with 4H
    assert state2.tricks[0].winner == 3
    assert state2.current == 3
    play(state2, state2.action_str(state2.hands[3][0]))
    assert state2.current == 0


@pytest.mark.parametrize("vid,n", [("bisca-3", 2), ("bisca-9", 2), ("bisca-4", 4),
                                   ("bisca-6", 6), ("bisca-capixaba", 4)])
@pytest.mark.parametrize("dealer_offset", [0, 1])
def test_eldest_is_dealer_plus_one(vid: str, n: int, dealer_offset: int) -> None:
    dealer = (n - 1) * dealer_offset
    state = GameState(make_variant(vid), dealer, seed=11)
    assert state.eldest == (dealer + 1) % n
    assert state.current == state.eldest
    if state.phase == "cut_or_knock":
        state.apply(state.legal_actions()[0])
        assert state.current == state.eldest
    assert state.leader == state.eldest


def test_two_players_non_dealer_leads() -> None:
    for dealer in (0, 1):
        state = GameState(make_variant("bisca-3"), dealer, seed=5)
        assert state.current == 1 - dealer


@pytest.mark.parametrize("n_vid", ["bisca-4", "bisca-6"])
def test_draw_order_winner_then_counter_clockwise(n_vid: str) -> None:
    v = make_variant(n_vid)
    n = v.n
    state = GameState(v, dealer=0, seed=21)
    top_first = list(reversed(state.stock))
    before = [list(h) for h in state.hands]
    run(state, first_card_policy(), until=lambda s: len(s.tricks) == 1)
    w = state.tricks[0].winner
    for k in range(n):
        seat = (w + k) % n
        new = [c for c in state.hands[seat] if c not in before[seat]]
        assert new == [top_first[k]], (seat, k)


def test_dealer_passes_to_the_right_in_a_match() -> None:
    for vid in ("bisca-3", "bisca-4", "bisca-6"):
        v = make_variant(vid)
        m = Match(v, dealer=1, seed=3)
        for i in range(v.n + 2):
            st = m.new_deal()
            assert st.dealer == (1 + i) % v.n == m.dealer_of(i)
            assert st.eldest == (st.dealer + 1) % v.n
            run(st, first_card_policy())
            m.finish_deal()
            if m.is_over():
                break
