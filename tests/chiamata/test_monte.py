"""Briscola col Monte: the deal and the monte, the redeal for a hand without counting cards,
the point bids from min_bid, the call, the discards and whom they count for, alone or the
right-hand neighbour, and the payments for five and six at each doubling."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bisca_tui.engine import GameState, IllegalAction, Layout, Match, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.phase_data import Bidding


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


# five players, dealer 4: eldest is seat 0; seat 0 holds no counting card
HANDS5 = (
    cards("2S 4S 5S 6S 7S 2H 4H"),
    cards("AS 3S KS QS JS 5H 6H"),
    cards("AH 3H KH QH JH 7H 2D"),
    cards("AD 3D KD QD JD 4D 5D"),
    cards("AC 3C KC QC JC 2C 4C"),
)
MONTE5 = cards("6D 7D 5C 6C 7C")


def five(**options) -> GameState:
    v = make_variant("chiamata-monte", options, 5)
    return GameState(v, 4, layout=Layout(HANDS5, 0, None, MONTE5))


def say(s: GameState, *actions: int) -> None:
    for a in actions:
        s.apply(a)


def pts(n: int) -> int:
    return A.BID + n


@pytest.mark.parametrize(("players", "seats", "hand", "monte"),
                         [(5, 5, 7, 5), (6, 6, 6, 4), (7, 6, 6, 4)])
def test_hands_and_monte_by_the_number_of_players(players, seats, hand, monte) -> None:
    v = make_variant("chiamata-monte", players=players)
    assert (v.n, v.n_people, v.hand_size, v.monte_size) == (seats, players, hand, monte)
    s = GameState(v, 0, seed=3)
    assert [len(h) for h in s.hands] == [hand] * seats and len(s.aside.monte) == monte
    assert all(s.view(k).monte == monte for k in range(seats))
    if players == 7:
        m = Match(v, dealer=2, seed=1)
        m.new_deal()
        assert m.sitting_out() == 2 and 2 not in m.people()


def test_a_hand_without_counting_cards_may_demand_a_redeal_before_the_bidding() -> None:
    s = five()
    assert s.phase == "claim" and s.current == 0
    assert sorted(s.legal_actions()) == sorted([A.PASS, A.REDEAL])
    s.apply(A.REDEAL)
    assert s.is_over() and s.result.redeal
    assert set(s.view(3).known[0]) == set(HANDS5[0])  # the hand was shown
    t = five()
    t.apply(A.PASS)  # seat 0 keeps it: the bidding starts
    assert t.phase == "auction" and t.current == 0
    m = Match(make_variant("chiamata-monte"), dealer=4, seed=1)
    d = m.new_deal(layout=Layout(HANDS5, 0, None, MONTE5))
    d.apply(A.REDEAL)
    m.finish_deal()
    assert m.new_deal().dealer == 4  # the same dealer deals again


def test_bids_are_points_from_min_bid_and_all_pass_redeals() -> None:
    s = five()
    s.apply(A.PASS)
    assert set(s.legal_actions()) == {A.PASS} | {pts(n) for n in range(61, 121)}
    t = five(min_bid=70)
    t.apply(A.PASS)
    assert pts(69) not in t.legal_actions() and pts(70) in t.legal_actions()
    with pytest.raises(IllegalAction):
        t.apply(pts(65))
    u = five()
    say(u, A.PASS, *[A.PASS] * 5)  # the claim kept, then five passes
    assert u.is_over() and u.result.redeal


def test_the_bidder_calls_takes_the_monte_unseen_and_lays_as_many_aside() -> None:
    s = five()
    say(s, A.PASS, A.PASS, pts(70), A.PASS, A.PASS, A.PASS)  # the claim kept; seat 1 bids
    assert s.phase == "call" and s.current == 1
    assert len(s.legal_actions()) == 40  # any card may be called
    s.apply(A.CALL + parse_card("AH"))  # held by seat 2: hearts are trumps
    assert s.trump == 1 and s.phase == "discard" and s.current == 1
    assert len(s.hands[1]) == 12 and not s.aside.monte
    assert set(MONTE5) <= set(s.hands[1])
    assert set(MONTE5).isdisjoint(set(s.view(0).known[1]))  # nobody else saw them
    for card in cards("6D 7D 5C 6C 7C"):
        s.apply(A.DISCARD + card)
    assert s.aside.discards == tuple(cards("6D 7D 5C 6C 7C")) and len(s.hands[1]) == 7
    assert s.view(1).discards == tuple(s.aside.discards) and s.view(0).discards == ()
    # the bidder speaks once more whether or not it holds the called card, so that nobody
    # learns which from the course of play; not holding it, it can only play on
    assert s.phase == "declare" and s.legal_actions() == [A.PASS]
    s.apply(A.PASS)
    assert s.phase == "play" and s.current == 1 and s.leader == 1  # the bidder leads
    assert s.bidding.called_holder == 2 and s.side_of == [1, 0, 0, 1, 1]
    assert s.view(0).side_of[2] is None  # the partner stays secret


def test_discards_count_for_the_side_that_takes_the_last_trick() -> None:
    s = five()
    say(s, A.PASS, A.PASS, pts(61), *[A.PASS] * 3)
    s.apply(A.CALL + parse_card("AH"))
    laid = cards("AS 3S 5H 6H 6D")  # 11 + 10 points laid aside
    for card in laid:
        s.apply(A.DISCARD + card)
    s.apply(A.PASS)  # the called card is seat 2's: play on
    rng = random.Random(2)
    while not s.is_over():
        s.apply(rng.choice(s.legal_cards()))
    last = s.tricks[-1].winner
    in_tricks = sum(t.points for t in s.tricks if t.winner == last)
    assert s.points[last] == in_tricks + 21
    assert sum(s.points) == 120


def test_holding_the_called_card_the_bidder_plays_alone_or_shows_it() -> None:
    s = five()
    say(s, A.PASS, A.PASS, pts(61), *[A.PASS] * 3)
    s.apply(A.CALL + parse_card("AS"))  # seat 1's own card
    for card in sorted(s.hands[1])[:5]:
        s.apply(A.DISCARD + card)
    assert s.phase == "declare" and sorted(s.legal_actions()) == sorted([A.ALONE, A.SHOW])
    alone = s.clone()
    alone.apply(A.ALONE)
    assert alone.bidding.called_holder == 1 and alone.side_of == [1, 0, 1, 1, 1]
    assert alone.view(3).contract.partner is None  # in silence
    s.apply(A.SHOW)  # the right-hand neighbour, seat 2, becomes the partner
    assert s.bidding.called_holder == 2 and s.side_of == [1, 0, 0, 1, 1]
    assert all(s.view(k).contract.partner == 2 for k in range(5))
    assert s.current == 1


def test_a_called_card_found_in_the_monte_gives_the_same_choice() -> None:
    s = five()
    say(s, A.PASS, A.PASS, pts(61), *[A.PASS] * 3)
    s.apply(A.CALL + parse_card("7C"))  # in the monte
    for card in cards("7C 5C 6C 6D 7D"):  # laid aside, the called card too
        s.apply(A.DISCARD + card)
    assert s.phase == "declare"


def payments(players: int, need: int, side_points: int, alone: bool) -> tuple[int, ...]:
    v = make_variant("chiamata-monte", players=players)
    s = GameState(v, 0, seed=2)
    from bisca_tui.engine.calling import Contract

    s.bidding = Bidding(contract=Contract(0, A.BID + need, f"{need} points", need, 0,
                                          parse_card("AS")), called_holder=0 if alone else 1)
    s.side_of = [0 if k in (0, s.bidding.called_holder) else 1 for k in range(v.n)]
    s.points = [0] * v.n
    s.points[0] = side_points
    s.points[v.n - 1] = 120 - side_points
    s.tricks_won = [1] * v.n
    return v.score(s).game_points


@pytest.mark.parametrize(("need", "side", "want"), [
    (61, 61, (2, 1, -1, -1, -1)), (61, 60, (-2, -1, 1, 1, 1)),
    (90, 90, (2, 1, -1, -1, -1)), (91, 91, (4, 2, -2, -2, -2)), (91, 90, (-4, -2, 2, 2, 2)),
    (61, 120, (4, 2, -2, -2, -2)), (95, 120, (8, 4, -4, -4, -4)),
])
def test_payments_for_five(need: int, side: int, want: tuple[int, ...]) -> None:
    assert payments(5, need, side, alone=False) == want


@pytest.mark.parametrize(("need", "side", "want"), [
    (61, 61, (2, 2, -1, -1, -1, -1)), (61, 60, (-2, -2, 1, 1, 1, 1)),
    (91, 91, (4, 4, -2, -2, -2, -2)), (70, 120, (4, 4, -2, -2, -2, -2)),
    (100, 120, (8, 8, -4, -4, -4, -4)),
])
def test_payments_for_six(need: int, side: int, want: tuple[int, ...]) -> None:
    assert payments(6, need, side, alone=False) == want


@pytest.mark.parametrize(("players", "need", "side", "want_bidder", "each"), [
    (5, 61, 61, 4, -1), (5, 61, 60, -4, 1), (5, 91, 100, 8, -2), (5, 91, 120, 16, -4),
    (6, 61, 70, 5, -1), (6, 91, 80, -10, 2),
])
def test_alone_pays_or_collects_one_from_each(players, need, side, want_bidder, each) -> None:
    got = payments(players, need, side, alone=True)
    assert got[0] == want_bidder and all(g == each for g in got[1:]) and sum(got) == 0


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from([5, 6, 7]), seed=st.integers(0, 2**32),
       policy=st.integers(0, 2**16), low=st.sampled_from([61, 70]))
def test_random_deals_every_card_once_120_points_zero_sum(players, seed, policy, low) -> None:
    v = make_variant("chiamata-monte", {"min_bid": low}, players)
    rng = random.Random(policy)
    s = GameState(v, seed % v.n, seed=seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    r = s.result
    assert sum(r.game_points) == 0
    if not r.redeal:
        every = sorted([c for t in s.tricks for c in t.cards] + list(s.aside.discards))
        assert every == sorted(v.pack())
        assert sum(s.points) == 120
    assert GameState.replay(v, s.history, seed % v.n, seed=seed).signature() == s.signature()
