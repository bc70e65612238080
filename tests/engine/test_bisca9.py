"""Bisca de Nove: nine cards in threes, the 19th card turned, the trump-on-trump rule once the
stock is gone, and its scoring."""

from __future__ import annotations

import random

import pytest
from bisca_support import cards, deal, first_card_policy, random_card_policy, run, score_with

from bisca_tui.engine import GameState, IllegalAction, make_variant
from bisca_tui.engine.cards import SPADES, suit_of

FILL1 = "2H 5H 6H 2D 3D 4D"
FILL0 = "7H QH JH 5D 6D 7D"


@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_nine_in_batches_of_three_and_nineteenth_card(dealer: int) -> None:
    v = make_variant("bisca-9")
    deck = v.pack()
    random.Random(42).shuffle(deck)
    state = GameState(v, dealer, seed=42)
    eldest = 1 - dealer
    assert state.hands[eldest] == deck[0:3] + deck[6:9] + deck[12:15]
    assert state.hands[dealer] == deck[3:6] + deck[9:12] + deck[15:18]
    assert state.indicator == deck[18]
    assert state.trump == suit_of(deck[18])
    assert list(reversed(state.stock)) == deck[19:]
    assert state.stock_count == 22
    assert state.current == eldest


def nove_position(lead_keep: str, follow_keep: str) -> GameState:
    """Seat 1 keeps ``lead_keep`` and seat 0 keeps ``follow_keep`` (spades are trumps) until
    the stock and indicator are gone."""
    state = deal("bisca-9", [f"{follow_keep} {FILL0}", f"{lead_keep} {FILL1}"],
                 indicator="5S")
    keep = cards(lead_keep) + cards(follow_keep)
    run(state, first_card_policy(keep), until=lambda s: s.stock_count == 0)
    assert state.stock_count == 0 and not state.trick
    for c in keep:
        assert c in state.hands[0] + state.hands[1]
    return state


def trumps_in(state: GameState, seat: int) -> set[int]:
    return {c for c in state.hands[seat] if suit_of(c) == state.trump}


def test_trump_lead_after_stock_forces_a_trump_without_forcing_to_beat() -> None:
    state = nove_position("KS 3S 4H", "AS 2S 3H")
    leader = state.current
    assert leader is not None
    follower = 1 - leader
    high = "KS" if leader == 1 else "AS"
    state.apply_str(high)
    legal = set(state.legal_cards())
    assert legal == trumps_in(state, follower)
    assert legal < set(state.hands[follower])
    low = "2S" if follower == 0 else "3S"
    assert cards(low)[0] in legal  # a trump that does not beat the lead is fine
    heart = "3H" if follower == 0 else "4H"
    with pytest.raises(IllegalAction) as err:
        state.apply_str(heart)
    assert "trump" in err.value.rule and "stock" in err.value.rule
    assert err.value.seat == follower
    state.apply_str(low)
    assert state.tricks[-1].winner == leader


def test_non_trump_lead_after_stock_is_free() -> None:
    state = nove_position("KS 3S 4H", "AS 2S 3H")
    leader = state.current
    assert leader is not None
    heart = "4H" if leader == 1 else "3H"
    state.apply_str(heart)
    assert sorted(state.legal_cards()) == sorted(state.hands[1 - leader])


def test_trump_lead_while_stock_remains_is_free() -> None:
    state = deal("bisca-9", [f"AS 2S 3H {FILL0}", f"KS 3S 4H {FILL1}"], indicator="5S")
    state.apply_str("KS")
    assert sorted(state.legal_cards()) == sorted(state.hands[0])
    state.apply_str("3H")  # a heart on a trump lead: allowed while the stock lasts


def test_trump_lead_with_only_the_indicator_and_one_card_left_is_free() -> None:
    keep = cards("KS 3S AS 2S")
    state = deal("bisca-9", [f"AS 2S 3H {FILL0}", f"KS 3S 4H {FILL1}"], indicator="5S")
    run(state, first_card_policy(keep), until=lambda s: s.stock_count == 2)
    assert len(state.stock) == 1 and state.indicator is not None
    leader = state.current
    assert leader is not None
    trump = next(c for c in state.hands[leader] if suit_of(c) == SPADES)
    state.apply(trump)
    assert sorted(state.legal_cards()) == sorted(state.hands[1 - leader])


def expected_legal(state: GameState) -> list[int]:
    """The rule, written out on its own."""
    seat = state.current
    assert seat is not None
    hand = state.hands[seat]
    if not state.trick or state.stock_count > 0:
        return sorted(hand)
    if suit_of(state.trick[0]) != state.trump:
        return sorted(hand)
    trumps = [c for c in hand if suit_of(c) == state.trump]
    return sorted(trumps or hand)


def test_restriction_matches_the_rule_over_many_deals() -> None:
    forced = free_without_trump = free_before_stock = 0
    for seed in range(30):
        state = GameState(make_variant("bisca-9"), seed % 2, seed=seed)
        policy = random_card_policy(seed)
        while not state.is_over():
            assert sorted(state.legal_cards()) == expected_legal(state)
            if state.trick and suit_of(state.trick[0]) == state.trump:
                if state.stock_count > 0:
                    free_before_stock += 1
                elif trumps_in(state, state.current or 0):
                    forced += 1
                else:
                    free_without_trump += 1
            state.apply(policy(state))
        assert sum(state.points) == 120
    assert forced and free_without_trump and free_before_stock


@pytest.mark.parametrize("pts,tricks,winner,games", [
    ((60, 60), (10, 10), None, (0, 0)),
    ((61, 59), (10, 10), 0, (1, 0)),
    ((81, 39), (12, 8), 0, (1, 0)),
    ((82, 38), (12, 8), 0, (2, 0)),
    ((38, 82), (8, 12), 1, (0, 2)),
    ((119, 1), (19, 1), 0, (2, 0)),
    ((120, 0), (19, 1), 0, (2, 0)),   # every point but not every trick
    ((120, 0), (20, 0), 0, (4, 0)),   # every trick
    ((0, 120), (0, 20), 1, (0, 4)),
])
def test_scoring(pts: tuple[int, int], tricks: tuple[int, int], winner: int | None,
                 games: tuple[int, int]) -> None:
    r = score_with("bisca-9", pts, tricks)
    assert r.winner == winner
    assert r.game_points == games


def test_whole_deal_hand_sizes() -> None:
    state = GameState(make_variant("bisca-9"), 0, seed=3)
    run(state, first_card_policy(), until=lambda s: s.stock_count == 0)
    assert len(state.tricks) == 11
    assert [len(h) for h in state.hands] == [9, 9]
    run(state, first_card_policy())
    assert len(state.tricks) == 20
    assert state.result is not None and sum(state.result.card_points) == 120
    assert state.indicator is None and state.indicator_card is not None
