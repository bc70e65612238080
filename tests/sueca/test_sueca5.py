"""Italian Sueca for five: the auction, the called card, the secret partner, the payments."""

from __future__ import annotations

import random

import pytest

from bisca_tui.engine import GameState, IllegalAction, Layout, Match, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.calling import payment


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


# dealer 4: the bidding starts with seat 4, then 0, 1, 2, 3
HANDS = (
    cards("AS 7S KS JS QS 6S 5S 4S"),
    cards("AH 7H KH JH QH 6H 5H 4H"),
    cards("AD 7D KD JD QD 6D 5D 4D"),
    cards("AC 7C KC JC QC 6C 5C 4C"),
    cards("3S 2S 3H 2H 3D 2D 3C 2C"),
)


def new_deal() -> GameState:
    return GameState(make_variant("sueca-5"), dealer=4, layout=Layout(HANDS, 0, None, ()))


def bid_round(s: GameState, bids: list[int]) -> None:
    for n in bids:
        s.apply(A.BID + n if n else A.PASS)


def test_deal_is_eight_cards_each_and_bidding_starts_with_the_dealer() -> None:
    s = GameState(make_variant("sueca-5"), dealer=2, seed=5)
    assert [len(h) for h in s.hands] == [8] * 5
    assert s.phase == "auction" and s.current == 2
    assert s.view(0).trump is None


def test_each_bid_is_a_pass_or_above_the_high_bid_up_to_120() -> None:
    s = new_deal()
    assert set(s.legal_actions()) == {A.PASS} | {A.BID + n for n in range(61, 121)}
    s.apply(A.BID + 70)
    assert A.BID + 70 not in s.legal_actions() and A.BID + 71 in s.legal_actions()
    with pytest.raises(IllegalAction) as err:
        s.apply(A.BID + 65)
    assert "71" in err.value.rule
    with pytest.raises(IllegalAction):
        s.apply(A.CALL + parse_card("AS"))


def test_high_bidder_calls_a_card_its_suit_is_trumps_its_holder_the_secret_partner() -> None:
    s = new_deal()
    bid_round(s, [0, 75, 0, 80, 0])  # seats 4, 0, 1, 2, 3: seat 2 bids highest
    assert s.phase == "call" and s.current == 2
    s.apply(A.CALL + parse_card("AC"))  # held by seat 3
    assert s.trump == 3
    assert s.current == 2 and s.leader == 2  # the bidder leads
    assert s.side_of == [1, 1, 0, 0, 1]
    assert s.view(3).side_of == (1, 1, 0, 0, 1)  # the partner knows
    assert s.view(2).side_of[3] is None  # the bidder does not know who holds it
    assert s.view(0).side_of == (1, None, 0, None, None)


def test_the_partner_is_revealed_when_the_called_card_is_played() -> None:
    s = new_deal()
    bid_round(s, [0, 0, 0, 61, 0])  # seat 2 bids
    s.apply(A.CALL + parse_card("AC"))
    s.apply(parse_card("AD"))  # seat 2 leads diamonds; seat 3 has none and may play AC
    s.apply(parse_card("AC"))
    assert s.view(0).side_of == (1, 1, 0, 0, 1)


def test_sueca_play_rules_apply_after_the_call() -> None:
    s = new_deal()
    bid_round(s, [0, 0, 0, 61, 0])
    s.apply(A.CALL + parse_card("AC"))
    s.apply(parse_card("AD"))
    s.apply(parse_card("4C"))  # seat 3 is void in diamonds
    s.apply(parse_card("3D"))  # seat 4 must follow with its diamond
    with pytest.raises(IllegalAction):
        GameState.replay(s.variant, s.history[:-1] + [parse_card("2S")], 4,
                         layout=s.layout_given)


def test_calling_your_own_card_means_playing_alone() -> None:
    s = new_deal()
    bid_round(s, [0, 0, 0, 61, 0])
    s.apply(A.CALL + parse_card("AD"))  # seat 2 holds it
    assert s.side_of == [1, 1, 0, 1, 1]
    assert s.view(0).side_of[2] == 0 and s.view(0).side_of[3] is None


def test_nobody_bids_the_dealer_plays_at_zero_needing_61() -> None:
    s = new_deal()
    bid_round(s, [0, 0, 0, 0, 0])
    assert s.phase == "call" and s.current == 4
    c = s.bidding.contract
    assert c.bid is None and c.need == 61 and c.bidder == 4


@pytest.mark.parametrize(("bid", "alone", "expected"), [
    (0, False, (2, 1)), (61, False, (2, 1)), (70, False, (2, 1)), (71, False, (4, 2)),
    (80, False, (4, 2)), (81, False, (6, 3)), (91, False, (8, 4)), (101, False, (10, 5)),
    (120, False, (10, 5)), (61, True, (4, 1)), (71, True, (8, 2)), (81, True, (12, 3)),
    (91, True, (16, 4)), (101, True, (20, 5)),
])
def test_payment_table(bid: int, alone: bool, expected: tuple[int, int]) -> None:
    assert payment(bid, alone) == expected


def finished(bids: list[int], call: str, seat_points: list[int],
             seat_tricks: list[int]) -> GameState:
    s = new_deal()
    bid_round(s, bids)
    s.apply(A.CALL + parse_card(call))
    s.points = list(seat_points)
    s.tricks_won = list(seat_tricks)
    s.result = s.variant.score(s)
    return s


def test_bidder_side_reaching_the_bid_wins_and_scores_sum_to_zero() -> None:
    # seat 2 bids 75 and calls AC (seat 3): 75 points between them is enough
    s = finished([0, 0, 0, 75, 0], "AC", [20, 25, 40, 35, 0], [2, 2, 2, 2, 0])
    assert s.result.game_points == (-2, -2, 4, 2, -2)
    assert sum(s.result.game_points) == 0
    short = finished([0, 0, 0, 75, 0], "AC", [21, 25, 40, 34, 0], [2, 2, 2, 2, 0])
    assert short.result.game_points == (2, 2, -4, -2, 2)


def test_no_bid_needs_61_and_60_fails() -> None:
    made = finished([0, 0, 0, 0, 0], "AS", [30, 30, 0, 0, 60], [2, 2, 2, 1, 1])
    # dealer 4 calls AS (seat 0): 60 + 30 = 90 for the pair
    assert made.result.game_points[4] == 2
    fail = finished([0, 0, 0, 0, 0], "AS", [0, 60, 30, 30, 0], [1, 2, 2, 2, 1])
    assert fail.result.game_points[4] == -2 and fail.result.game_points[0] == -1


def test_every_trick_to_one_side_doubles_the_payments() -> None:
    s = finished([0, 0, 0, 61, 0], "AC", [0, 0, 70, 50, 0], [0, 0, 5, 3, 0])
    assert s.result.game_points == (-2, -2, 4, 2, -2)
    alone = finished([0, 0, 0, 61, 0], "AD", [30, 30, 30, 30, 0], [2, 2, 2, 2, 0])
    assert alone.result.game_points == (1, 1, -4, 1, 1)


def test_a_session_lasts_its_number_of_deals_and_the_highest_total_wins() -> None:
    v = make_variant("sueca-5", {"deals": 5})
    m = Match(v, 0, seed=3)
    rng = random.Random(1)
    while not m.is_over():
        s = m.new_deal()
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        m.finish_deal()
        assert sum(m.scores) == 0
    assert len(m.deals) == 5
    best = max(m.scores)
    if m.scores.count(best) == 1:
        assert m.winner == m.scores.index(best)
    else:
        assert m.winner is None


def test_random_deals_are_zero_sum_and_replay() -> None:
    v = make_variant("sueca-5")
    rng = random.Random(7)
    for seed in range(40):
        s = GameState(v, seed % 5, seed=seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        assert sum(s.result.game_points) == 0
        assert sum(s.result.card_points) == 120
        assert GameState.replay(v, s.history, seed % 5, seed=seed).signature() == s.signature()
