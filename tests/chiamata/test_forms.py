"""Chiamata's regional forms: bidding for points only, Subito al Due with its reopening
round, and Prima Mano al Buio's first trick in the dark."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bisca_tui.engine import GameState, IllegalAction, Layout, Match, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.narrate import narrate


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


# dealer 4: eldest is seat 0
HANDS = (
    cards("AS 3S KS QS JS 7S 6S 5S"),
    cards("AH 3H KH QH JH 7H 6H 5H"),
    cards("AD 3D KD QD JD 7D 6D 5D"),
    cards("AC 3C KC QC JC 7C 6C 5C"),
    cards("4S 2S 4H 2H 4D 2D 4C 2C"),
)


def new(vid: str, hands=HANDS) -> GameState:
    return GameState(make_variant(vid), dealer=4, layout=Layout(hands, 0, None, ()))


def say(s: GameState, *actions: int) -> None:
    for a in actions:
        s.apply(a)


def pts(n: int) -> int:
    return A.BID + n


# ----- points only ------------------------------------------------------------------------


def test_points_only_bids_from_61_and_calls_any_card() -> None:
    s = new("chiamata-punti")
    legal = set(s.legal_actions())
    assert legal == {A.PASS} | {pts(n) for n in range(61, 121)}
    say(s, pts(70))
    assert pts(70) not in s.legal_actions() and pts(71) in s.legal_actions()
    say(s, *[A.PASS] * 4)
    assert s.phase == "call" and s.bidding.contract.need == 70
    assert sorted(a - A.CALL for a in s.legal_actions()) == sorted(range(40))
    s.apply(A.CALL + parse_card("AH"))  # seat 1 holds it
    assert s.bidding.called_holder == 1 and s.trump == 1


def test_points_only_all_pass_is_a_redeal() -> None:
    s = new("chiamata-punti")
    say(s, *[A.PASS] * 5)
    assert s.is_over() and s.result.redeal


# ----- Subito al Due ------------------------------------------------------------------------


def test_subito_the_call_is_always_a_two_and_holding_it_means_alone() -> None:
    s = new("chiamata-subito-al-due")
    say(s, A.PASS, A.PASS, A.PASS, A.PASS, pts(65))  # seat 4 holds every 2
    assert sorted(a - A.CALL for a in s.legal_actions()) == sorted(cards("2S 2H 2D 2C"))
    with pytest.raises(IllegalAction) as err:
        s.apply(A.CALL + parse_card("AH"))
    assert "always a two" in err.value.rule
    s.apply(A.CALL + parse_card("2H"))
    assert s.bidding.called_holder == 4 and s.side_of == [1, 1, 1, 1, 0]  # alone
    t = new("chiamata-subito-al-due")
    say(t, pts(61), *[A.PASS] * 4)
    t.apply(A.CALL + parse_card("2D"))
    assert t.bidding.called_holder == 4 and t.side_of == [0, 1, 1, 1, 0]


def test_subito_all_pass_opens_a_round_of_reopen_or_redeal_from_eldest() -> None:
    s = new("chiamata-subito-al-due")
    say(s, *[A.PASS] * 5)
    assert s.phase == "auction" and s.current == 0
    assert sorted(s.legal_actions()) == sorted([A.PASS, A.REOPEN])
    with pytest.raises(IllegalAction) as err:
        s.apply(pts(70))
    assert "reopen" in err.value.rule
    say(s, A.PASS)  # seat 0 agrees to a redeal
    assert s.current == 1
    say(s, A.REOPEN)  # seat 1 reopens at 61: everyone may bid again
    assert s.phase == "auction" and s.current == 2
    assert pts(62) in s.legal_actions() and pts(61) not in s.legal_actions()
    say(s, pts(62), A.PASS, A.PASS, pts(63))  # seats 2, 3, 4, and seat 0 is back in
    assert s.current == 1
    say(s, A.PASS, A.PASS)  # seats 1 and 2 pass; seats 3 and 4 passed earlier
    assert s.phase == "call" and s.bidding.contract.bidder == 0 and s.bidding.contract.need == 63
    names = ["Ana", "Bruno", "Carla", "Duarte", "Eva"]
    t = new("chiamata-subito-al-due")
    say(t, *[A.PASS] * 5)
    line = narrate(t.variant, t.apply(A.PASS), names.__getitem__)[0].text(str)
    assert line == "Ana agrees to a redeal"
    line = narrate(t.variant, t.apply(A.REOPEN), names.__getitem__)[0].text(str)
    assert line == "Bruno reopens the bidding at 61 points"


def test_subito_nobody_reopens_the_same_dealer_deals_again() -> None:
    m = Match(make_variant("chiamata-subito-al-due"), dealer=4, seed=2)
    s = m.new_deal()
    say(s, *[A.PASS] * 10)
    assert s.is_over() and s.result.redeal
    m.finish_deal()
    assert m.new_deal().dealer == 4


def test_subito_a_reopener_who_is_then_left_alone_wins_at_61() -> None:
    s = new("chiamata-subito-al-due")
    say(s, *[A.PASS] * 5, A.PASS, A.PASS, A.REOPEN)  # seat 2 reopens
    say(s, A.PASS, A.PASS, A.PASS, A.PASS)  # seats 3, 4, 0, 1
    assert s.phase == "call" and s.bidding.contract.bidder == 2 and s.bidding.contract.need == 61


# ----- Prima Mano al Buio ---------------------------------------------------------------------


def dark() -> GameState:
    s = new("chiamata-buio")
    say(s, A.PASS, A.PASS, A.PASS, A.PASS, pts(65))  # seat 4, the dealer, bids
    return s


def test_the_first_trick_is_played_before_trumps_are_named() -> None:
    s = dark()
    assert s.phase == "play" and s.current == 0 and s.bidding.contract.called is None
    for seat in range(5):
        assert s.view(seat).trump is None
    say(s, parse_card("AS"), parse_card("AH"), parse_card("AD"), parse_card("AC"))
    assert s.current == 4
    s.apply(parse_card("4S"))
    assert s.phase == "call" and s.current == 4 and not s.tricks  # the trick waits
    assert all(s.view(k).trump is None for k in range(5))
    s.apply(A.CALL + parse_card("2C"))  # clubs: the Ace of clubs takes the trick
    assert s.trump == 3 and s.tricks[0].winner == 3 and s.phase == "play"
    assert s.current == 3 and s.view(0).trump == 3


def test_no_two_to_the_dark_trick_but_the_bidder_playing_last() -> None:
    hands = (HANDS[4], HANDS[1], HANDS[2], HANDS[3], HANDS[0])  # seat 0 holds the twos
    s = GameState(make_variant("chiamata-buio"), dealer=4,
                  layout=Layout(hands, 0, None, ()))
    say(s, pts(61), *[A.PASS] * 4)  # seat 0 bids and leads
    assert all(a % 10 != 1 for a in s.legal_cards())  # no 2 for the bidder leading
    with pytest.raises(IllegalAction) as err:
        s.apply(parse_card("2S"))
    assert "no two may be played" in err.value.rule
    u = dark()  # the bidder, seat 4, plays last and may play a two
    say(u, parse_card("AS"), parse_card("AH"), parse_card("AD"), parse_card("AC"))
    assert parse_card("2H") in u.legal_cards()
    u.apply(parse_card("2H"))
    u.apply(A.CALL + parse_card("2H"))  # the two just played: the bidder's own, alone
    assert u.bidding.called_holder == 4 and u.tricks[0].winner == 1  # the Ace of the trumps named
    assert u.side_of == [1, 1, 1, 1, 0]


@settings(max_examples=30, deadline=None)
@given(vid=st.sampled_from(["chiamata-punti", "chiamata-subito-al-due", "chiamata-buio"]),
       seed=st.integers(0, 2**32), dealer=st.integers(0, 4), policy=st.integers(0, 2**16),
       passes=st.booleans())
def test_random_deals_of_each_form(vid: str, seed: int, dealer: int, policy: int,
                                   passes: bool) -> None:
    v = make_variant(vid)
    rng = random.Random(policy)
    s = GameState(v, dealer, seed=seed)
    while not s.is_over():
        legal = s.legal_actions()
        a = A.PASS if passes and A.PASS in legal and rng.random() < 0.8 else rng.choice(legal)
        s.apply(a)
    r = s.result
    assert sum(r.game_points) == 0
    if not r.redeal:
        assert sum(s.points) == 120 and len(s.tricks) == 8
        everywhere = sorted(c for t in s.tricks for c in t.cards)
        assert everywhere == sorted(v.pack())
    assert GameState.replay(v, s.history, dealer, seed=seed).signature() == s.signature()
