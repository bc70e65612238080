"""Briscola Chiamata: the auction, the call, the secret partner, the payments, the session."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bisca_tui.engine import GameState, IllegalAction, Layout, Match, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import RANKS


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def rank(r: str) -> int:
    return A.BID_RANK + RANKS.index(r)


def two(n: int) -> int:
    return A.BID + n


# dealer 4: eldest is seat 0; the bidding and the play start there
HANDS = (
    cards("AS 3S KS QS JS 7S 6S 5S"),
    cards("AH 3H KH QH JH 7H 6H 5H"),
    cards("AD 3D KD QD JD 7D 6D 5D"),
    cards("AC 3C KC QC JC 7C 6C 5C"),
    cards("4S 2S 4H 2H 4D 2D 4C 2C"),
)


def new_deal(hands=HANDS, dealer: int = 4) -> GameState:
    return GameState(make_variant("chiamata"), dealer=dealer, layout=Layout(hands, 0, None, ()))


def say(s: GameState, *actions: int) -> None:
    for a in actions:
        s.apply(a)


# ----- the deal and the auction -------------------------------------------------------


def test_eight_cards_each_in_batches_of_four_from_eldest_and_eldest_bids_first() -> None:
    s = GameState(make_variant("chiamata"), dealer=2, seed=7)
    deck_state = GameState(make_variant("chiamata"), dealer=2, seed=7)
    assert [len(h) for h in s.hands] == [8] * 5
    assert s.phase == "auction" and s.current == 3  # the dealer's right
    assert s.view(0).trump is None and s.indicator is None and not s.stock
    # batches of four, counter-clockwise from eldest: the first four cards go to seat 3
    layout = deck_state.layout
    assert layout is not None and layout.hands == tuple(tuple(h) for h in s.hands)


def test_the_first_bid_may_be_any_rank_or_two_and_a_pass_is_possible() -> None:
    s = new_deal()
    legal = set(s.legal_actions())
    assert A.PASS in legal
    assert {rank(r) for r in "A3KQJ7654"} <= legal
    assert two(61) in legal and two(120) in legal and two(60) not in legal
    assert rank("2") not in legal  # "two" is bid as two for N points


def test_each_bid_must_name_a_lower_rank() -> None:
    s = new_deal()
    say(s, rank("K"))
    legal = set(s.legal_actions())
    assert rank("K") not in legal and rank("3") not in legal and rank("A") not in legal
    assert rank("Q") in legal and rank("4") in legal and two(61) in legal
    with pytest.raises(IllegalAction) as err:
        s.apply(rank("A"))
    assert "Horse" in err.value.rule  # the lowest bid now


def test_after_two_the_bids_are_points_and_must_rise() -> None:
    s = new_deal()
    say(s, two(61))
    legal = set(s.legal_actions())
    assert not any(A.BID_RANK <= a < A.BID_RANK + 10 for a in legal)
    assert two(61) not in legal and two(62) in legal and two(120) in legal
    say(s, two(70))
    assert two(70) not in s.legal_actions() and two(71) in s.legal_actions()


def test_a_pass_is_final_and_the_bidding_goes_round_until_one_bidder_remains() -> None:
    s = new_deal()
    say(s, rank("A"), A.PASS, rank("K"), A.PASS, A.PASS)  # seats 0..4
    assert s.phase == "auction" and s.current == 0  # seats 1, 3, 4 are out for good
    say(s, rank("J"))
    assert s.current == 2  # seat 1 is skipped
    say(s, A.PASS)
    assert s.phase == "call" and s.current == 0 and s.bidding.contract.bidder == 0
    assert s.bidding.contract.bid == rank("J") and s.bidding.contract.need == 61


def test_the_last_player_may_still_bid_when_all_others_passed() -> None:
    s = new_deal()
    say(s, A.PASS, A.PASS, A.PASS, A.PASS)
    assert s.phase == "auction" and s.current == 4
    say(s, rank("A"))
    assert s.phase == "call" and s.bidding.contract.bidder == 4


def test_all_pass_throws_the_deal_in_and_the_same_dealer_deals_again() -> None:
    m = Match(make_variant("chiamata"), dealer=4, seed=3)
    s = m.new_deal()
    say(s, *[A.PASS] * 5)
    assert s.is_over() and s.result.redeal and s.result.game_points == (0,) * 5
    m.finish_deal()
    assert m.scores == [0] * 5 and m.deals_played == 0
    again = m.new_deal()
    assert again.dealer == 4 and again.seed != s.seed  # shuffled anew, same dealer
    say(again, rank("A"), *[A.PASS] * 4)
    again.apply(A.CALL + parse_card("AS"))
    while not again.is_over():
        again.apply(again.legal_actions()[0])
    m.finish_deal()
    assert m.new_deal().dealer == 0  # then the deal passes to the right


# ----- the call -----------------------------------------------------------------------


def test_the_call_names_the_bid_rank_in_the_trump_suit() -> None:
    s = new_deal()
    say(s, rank("K"), *[A.PASS] * 4)
    assert sorted(s.legal_actions()) == sorted(A.CALL + c for c in cards("KS KH KD KC"))
    with pytest.raises(IllegalAction) as err:
        s.apply(A.CALL + parse_card("QH"))
    assert "King" in err.value.rule
    assert "Horse of cups" in err.value.rule  # named in the Italian pack, not the French
    s.apply(A.CALL + parse_card("KD"))  # held by seat 2
    assert s.trump == 2 and s.bidding.called_holder == 2
    assert s.side_of == [0, 1, 0, 1, 1]
    assert s.phase == "play" and s.current == 0 and s.leader == 0  # eldest leads


def test_calling_a_card_of_ones_own_means_playing_alone() -> None:
    s = new_deal()
    say(s, rank("K"), *[A.PASS] * 4)
    s.apply(A.CALL + parse_card("KS"))  # seat 0 holds it
    assert s.bidding.called_holder == 0 and s.side_of == [0, 1, 1, 1, 1]
    assert s.view(0).contract.alone is True
    assert s.view(1).contract.alone is None  # nobody else knows yet


def test_after_two_a_holder_of_the_two_may_call_it_or_the_lowest_trump_it_lacks() -> None:
    # seat 4 holds the 2 and 4 of each suit: it may call the 2 (alone) or the 5 (lowest
    # card of the suit it lacks); a seat without the 2 may only call the 2
    s = new_deal()
    say(s, A.PASS, A.PASS, A.PASS, A.PASS, two(61))
    legal = sorted(a - A.CALL for a in s.legal_actions())
    assert legal == sorted(cards("2S 5S 2H 5H 2D 5D 2C 5C"))
    with pytest.raises(IllegalAction):
        s.apply(A.CALL + parse_card("6S"))
    s.apply(A.CALL + parse_card("5H"))
    assert s.bidding.called_holder == 1 and s.trump == 1
    t = new_deal()
    say(t, two(61), *[A.PASS] * 4)  # seat 0 has no 2 at all
    assert sorted(a - A.CALL for a in t.legal_actions()) == sorted(cards("2S 2H 2D 2C"))


def test_lowest_trump_lacked_skips_the_cards_held() -> None:
    hands = (
        cards("2S 4S 5S AH 3H KH QH JH"),
        cards("6S 7S JS 7H 6H 5H 4H 2H"),
        cards("AD 3D KD QD JD 7D 6D 5D"),
        cards("AC 3C KC QC JC 7C 6C 5C"),
        cards("AS 3S KS QS 4D 2D 4C 2C"),
    )
    s = new_deal(hands)
    say(s, two(65), *[A.PASS] * 4)
    legal = sorted(a - A.CALL for a in s.legal_actions())
    assert parse_card("6S") in legal and parse_card("2S") in legal  # 2, 4, 5 held: the 6
    assert parse_card("7S") not in legal


# ----- secrecy -------------------------------------------------------------------------


def test_the_partner_is_secret_until_the_called_card_is_played() -> None:
    s = new_deal()
    say(s, rank("K"), *[A.PASS] * 4)
    s.apply(A.CALL + parse_card("KD"))  # seat 2 is the partner
    assert s.view(2).contract.partner == 2 and s.view(2).side_of == (0, 1, 0, 1, 1)
    for seat in (0, 1, 3, 4):
        v = s.view(seat)
        assert v.contract.partner is None and v.side_of[2] is None
        assert v.contract.called == parse_card("KD") and v.trump == 2
    assert "called_holder" not in repr(s.view(1))
    s.apply(parse_card("AS"))
    s.apply(parse_card("AH"))
    s.apply(parse_card("KD"))  # the called card falls: everyone knows
    for seat in range(5):
        assert s.view(seat).contract.partner == 2
        assert s.view(seat).side_of == (0, 1, 0, 1, 1)


def test_trumps_are_unknown_to_every_view_until_the_call() -> None:
    s = new_deal()
    say(s, rank("K"), *[A.PASS] * 4)
    assert all(s.view(k).trump is None and s.view(k).contract.trump is None for k in range(5))


# ----- scoring -------------------------------------------------------------------------


def finished(bid: int, call: str, seat_points: list[int], tricks: list[int]) -> GameState:
    """Seat 0 wins the auction with ``bid`` and calls ``call``; the points as given."""
    s = new_deal()
    say(s, bid, *[A.PASS] * 4)
    s.apply(A.CALL + parse_card(call))
    s.points = list(seat_points)
    s.tricks_won = list(tricks)
    s.result = s.variant.score(s)
    return s


ONE_EACH = [2, 2, 2, 1, 1]


@pytest.mark.parametrize(("bid", "side_points", "made", "amounts"), [
    (rank("A"), 61, True, (2, 1)), (rank("A"), 60, False, (2, 1)),
    (two(61), 61, True, (2, 1)), (two(61), 60, False, (2, 1)),
    (two(70), 70, True, (2, 1)), (two(70), 69, False, (2, 1)),
    (two(71), 71, True, (4, 2)), (two(71), 70, False, (4, 2)),
    (two(80), 80, True, (4, 2)), (two(81), 81, True, (6, 3)), (two(81), 80, False, (6, 3)),
    (two(90), 90, True, (6, 3)), (two(91), 91, True, (8, 4)), (two(91), 90, False, (8, 4)),
    (two(100), 100, True, (8, 4)), (two(101), 101, True, (10, 5)),
    (two(101), 100, False, (10, 5)), (two(120), 120, True, (10, 5)),
])
def test_payments_with_a_partner_at_every_band_edge(bid: int, side_points: int, made: bool,
                                                    amounts: tuple[int, int]) -> None:
    # seat 0 bids and calls the 2 or Ace of hearts, held by seat 1 (or seat 4 for the 2)
    call = "AH" if bid == rank("A") else "2H"
    partner = 1 if call == "AH" else 4
    pts = [0] * 5
    pts[0] = side_points
    pts[2] = 120 - side_points
    s = finished(bid, call, pts, ONE_EACH)
    win, each = amounts
    sign = 1 if made else -1
    want = [-sign * each] * 5
    want[0] = sign * win
    want[partner] = sign * each
    assert s.result.game_points == tuple(want)
    assert sum(s.result.game_points) == 0
    assert (s.result.winner == 0) == made


@pytest.mark.parametrize(("bid", "amounts"), [
    (two(61), (4, 1)), (two(71), (8, 2)), (two(81), (12, 3)), (two(91), (16, 4)),
    (two(101), (20, 5)),
])
def test_alone_payments(bid: int, amounts: tuple[int, int]) -> None:
    hands = (HANDS[4], HANDS[1], HANDS[2], HANDS[3], HANDS[0])  # seat 0 holds every 2
    s = GameState(make_variant("chiamata"), dealer=4, layout=Layout(hands, 0, None, ()))
    say(s, bid, *[A.PASS] * 4)
    s.apply(A.CALL + parse_card("2S"))
    need = bid - A.BID
    s.points = [need, 120 - need, 0, 0, 0]
    s.tricks_won = ONE_EACH
    win, each = amounts
    assert s.variant.score(s).game_points == (win, -each, -each, -each, -each)
    s.points = [need - 1, 121 - need, 0, 0, 0]
    assert s.variant.score(s).game_points == (-win, each, each, each, each)


def test_all_eight_tricks_double_the_payments_whichever_side_takes_them() -> None:
    s = finished(rank("A"), "AH", [70, 50, 0, 0, 0], [5, 3, 0, 0, 0])
    assert s.result.game_points == (4, 2, -2, -2, -2)
    lost = finished(rank("A"), "AH", [0, 0, 60, 60, 0], [0, 0, 4, 4, 0])
    assert lost.result.game_points == (-4, -2, 2, 2, 2)
    plain = finished(rank("A"), "AH", [70, 50, 0, 0, 0], [5, 2, 1, 0, 0])
    assert plain.result.game_points == (2, 1, -1, -1, -1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 4), policy=st.integers(0, 2**16))
def test_random_deals_keep_the_rules(seed: int, dealer: int, policy: int) -> None:
    v = make_variant("chiamata")
    rng = random.Random(policy)
    s = GameState(v, dealer, seed=seed)
    while not s.is_over():
        for k in range(5):
            view = s.view(k)
            others = {c for j in range(5) if j != k for c in s.hands[j]}
            assert not others & set(view.hand)
            if s.bidding.contract is None or s.bidding.contract.called is None:
                assert view.trump is None
        s.apply(rng.choice(s.legal_actions()))
    r = s.result
    assert sum(r.game_points) == 0
    if not r.redeal:
        assert sum(s.points) == 120 and len(s.tricks) == 8
        assert s.tricks[0].leader == (dealer + 1) % 5
        assert r.card_points[0] == sum(s.points[k] for k in range(5) if s.side_of[k] == 0)
    assert GameState.replay(v, s.history, dealer, seed=seed).signature() == s.signature()


# ----- six players, the session ---------------------------------------------------------


def test_six_players_the_dealer_sits_out_and_scores_nothing() -> None:
    v = make_variant("chiamata", players=6)
    assert v.n == 5 and v.n_people == 6
    m = Match(v, dealer=0, seed=5)
    rng = random.Random(2)
    for i in range(7):
        s = m.new_deal()
        dealer = m.dealer_of(i)
        people = m.people()
        assert dealer not in people and sorted(people) == sorted(set(range(6)) - {dealer})
        assert m.sitting_out() == dealer
        # eldest, the player to the dealer's right, bids first
        assert people[s.current] == (dealer + 1) % 6
        before = list(m.scores)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        m.finish_deal()
        assert m.scores[dealer] == before[dealer]
        assert sum(m.scores) == 0


def test_a_session_to_a_target_ends_when_one_player_reaches_it_alone() -> None:
    v = make_variant("chiamata", {"session": "target", "target": 10})
    assert v.match_deals() is None and v.match_target() == 10
    m = Match(v, dealer=0, seed=9)
    rng = random.Random(4)
    while not m.is_over():
        s = m.new_deal()
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        m.finish_deal()
        assert len(m.deals) < 400
    best = max(m.scores)
    assert best >= 10 and m.scores.count(best) == 1 and m.winner == m.scores.index(best)


def test_a_session_of_deals_counts_deals_played_not_deals_thrown_in() -> None:
    v = make_variant("chiamata", {"deals": 5})
    m = Match(v, dealer=0, seed=1)
    s = m.new_deal()
    say(s, *[A.PASS] * 5)
    m.finish_deal()
    rng = random.Random(0)
    while not m.is_over():
        s = m.new_deal()
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        m.finish_deal()
    assert m.deals_played == 5 and len(m.deals) >= 6


def test_a_call_below_the_two_tells_every_seat_the_bidders_low_trumps() -> None:
    """Seat 4 bids two, holds the 2 and 4 of hearts and calls the 5: everyone may infer
    it holds both, and the search's samples always put them there."""
    from bisca_tui.engine.sampling import infer, sample_hidden

    s = new_deal()
    say(s, A.PASS, A.PASS, A.PASS, A.PASS, two(61))
    s.apply(A.CALL + parse_card("5H"))
    v = s.variant
    view = s.view(0)
    info = infer(view, v)
    assert set(cards("2H 4H")) <= set(info.fixed[4])
    rng = random.Random(1)
    for _ in range(20):
        hands, _ = sample_hidden(info, v, rng)
        assert set(cards("2H 4H")) <= set(hands[4])
    # a call of the two itself says nothing of the sort
    t = new_deal()
    say(t, A.PASS, A.PASS, A.PASS, A.PASS, two(61))
    t.apply(A.CALL + parse_card("2H"))
    assert infer(t.view(0), v).fixed[4] == ()
