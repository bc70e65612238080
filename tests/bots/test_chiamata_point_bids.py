"""The bots' bidding in Chiamata's point auctions (by points, Subito al Due, al Buio): the
cards each form lets the winner call, bids judged on those calls, the reopening, the call,
and bids that depend only on what the seat may know."""

from __future__ import annotations

import random

import pytest
from bots_support import chiamata_deal, small_hard

from bisca_tui.bots import bidding
from bisca_tui.bots.base import make_bot
from bisca_tui.engine import GameState, make_variant, parse_card
from bisca_tui.engine import actions as A

FORMS = ("chiamata-punti", "chiamata-subito-al-due", "chiamata-buio")
LEVELS = ("easy", "medium", "hard")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def deal(game: str, hands: list[str], dealer: int = 4) -> GameState:
    return chiamata_deal(game, hands, dealer)


def bot(level: str, seed: int):
    return small_hard(seed, samples=3) if level == "hard" else make_bot(level, seed)


# the four top hearts, the horse, and three plain Aces
STRONG = "AH 3H KH QH JH AS AD AC"
WEAK = "2S 4S 5D 6D 4C 5C 6H 7D"  # no counting card at all
# good with the Ace of hearts as the partner's card, poor with the two: worth a bid by
# points, not a call of a two
ACE_NEEDED = "3H 6H 5H 4H 5S KD 4C 5C"


@pytest.mark.parametrize("game", [*FORMS, "chiamata"])
def test_the_cards_a_winner_may_call_are_those_the_table_offers(game: str) -> None:
    rng = random.Random(5)
    v = make_variant(game)
    for _ in range(12):
        s = GameState(v, dealer=rng.randrange(5), seed=rng.getrandbits(40))
        bids = [a for a in s.legal_actions() if A.kind(a) == A.Kind.BID]
        bid = rng.choice(bids)
        bidder = s.current
        while s.phase != "call":  # al Buio, the first trick comes before the call
            if s.phase == "auction":
                s.apply(bid if s.current == bidder else A.PASS)
            else:
                s.apply(s.legal_actions()[0])
        offered = sorted(A.card_of(a) for a in s.legal_actions())
        assert offered == sorted(v.calls_for(s.hands[bidder], bid))


def test_the_forms_offer_any_card_or_the_twos() -> None:
    hand = cards(STRONG)
    assert make_variant("chiamata-punti").calls_for(hand, A.BID + 70) == sorted(
        make_variant("chiamata-punti").pack())
    for game in ("chiamata-subito-al-due", "chiamata-buio"):
        assert make_variant(game).calls_for(hand, A.BID + 61) == sorted(cards("2S 2H 2D 2C"))


@pytest.mark.parametrize("game", FORMS)
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_strong_hand_bids_and_a_weak_hand_passes(game: str, level: str) -> None:
    for seed in range(3):
        s = deal(game, [STRONG])  # seat 0 is eldest: it speaks first
        assert s.current == 0
        choice = bot(level, seed).choose(s.view(0))
        assert choice != A.PASS and choice in s.legal_actions()
        s = deal(game, [WEAK])
        assert bot(level, seed).choose(s.view(0)) == A.PASS


def test_a_bid_counts_the_card_the_form_lets_it_call() -> None:
    v = make_variant("chiamata-punti")
    hand = cards(ACE_NEEDED)
    with_ace = bidding.chiamata_value(hand, v, parse_card("AH"), 0)
    with_two = bidding.chiamata_value(hand, v, parse_card("2H"), 0)
    assert with_ace > 61 > with_two + 5  # the premise: only the Ace makes it a contract
    s = deal("chiamata-punti", [ACE_NEEDED])
    assert make_bot("medium", 0).choose(s.view(0)) == A.BID + 61
    for game in ("chiamata-subito-al-due", "chiamata-buio"):
        s = deal(game, [ACE_NEEDED])
        assert make_bot("medium", 0).choose(s.view(0)) == A.PASS


def test_the_call_by_points_is_the_best_trump_the_hand_lacks() -> None:
    s = deal("chiamata-punti", [ACE_NEEDED])
    while s.phase == "auction":
        s.apply(A.BID + 61 if s.current == 0 else A.PASS)
    assert make_bot("medium", 0).choose(s.view(0)) == A.CALL + parse_card("AH")


def test_holding_the_two_with_a_strong_suit_calls_it_and_plays_alone() -> None:
    hand = "AH 3H KH QH JH 2H AS AD"
    s = deal("chiamata-subito-al-due", [hand])
    while s.phase == "auction":
        s.apply(A.BID + 61 if s.current == 0 else A.PASS)
    assert make_bot("medium", 0).choose(s.view(0)) == A.CALL + parse_card("2H")


def test_a_very_strong_hand_bids_for_more_and_an_outbid_one_stops() -> None:
    s = deal("chiamata-punti", [STRONG])
    first = make_bot("medium", 0).choose(s.view(0))
    assert first > A.BID + 70  # the next band pays twice as much and is still likely
    s = deal("chiamata-punti", ["", STRONG], dealer=3)  # seat 4 speaks first, then seat 0
    s.apply(A.BID + 110)
    s.apply(A.PASS)
    assert make_bot("medium", 0).choose(s.view(1)) == A.PASS


@pytest.mark.parametrize("game", ["chiamata-subito-al-due", "chiamata-buio"])
def test_after_every_pass_only_a_hand_worth_a_contract_reopens(game: str) -> None:
    for hand, reopens in ((STRONG, True), (WEAK, False)):
        s = deal(game, ["", "", "", "", hand], dealer=3)  # seat 4 speaks first
        s.apply(A.PASS)
        while s.legal_actions() and A.REOPEN not in s.legal_actions():
            s.apply(A.PASS)
        while s.current != 4:
            s.apply(A.PASS)
        choice = make_bot("medium", 0).choose(s.view(4))
        assert (choice == A.REOPEN) is reopens


WORLD_A = [STRONG, "2S 4S 5D 6D 4C 5C 6H 7D", "3S KS 3D KD 3C KC 7C 6C",
           "QS JS QD JD QC JC 7S 6S", "5S 4D 2D 2C 4H 5H 2H 7H"]
WORLD_B = [WORLD_A[0], WORLD_A[3], WORLD_A[1], WORLD_A[4], WORLD_A[2]]


@pytest.mark.parametrize("game", FORMS)
@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_a_bid(game: str, level: str) -> None:
    views = []
    for hands in (WORLD_A, WORLD_B):
        s = deal(game, hands, dealer=3)  # seat 4 speaks first, then seat 0
        s.apply(A.BID + 75)
        views.append(s.view(0))
    assert views[0] == views[1]
    for seed in range(3):
        assert bot(level, seed).choose(views[0]) == bot(level, seed).choose(views[1])


# a hand just under the line for a player of medium's strength: hard, whose play takes
# about five card points more as the bidder, bids it
NEAR_THE_LINE = "7H 6H 5H 4H 4C 7D KC KS"


@pytest.mark.parametrize("game", ["chiamata", "chiamata-punti"])
def test_hard_bids_a_hand_its_play_can_make_that_medium_passes(game: str) -> None:
    s = deal(game, [NEAR_THE_LINE])
    assert make_bot("medium", 0).choose(s.view(0)) == A.PASS
    for seed in range(3):
        assert bot("hard", seed).choose(s.view(0)) != A.PASS
    hard = bot("hard", 0)
    hard.bid_skill = 0.0  # judged as medium judges it, it passes too
    assert hard.choose(s.view(0)) == A.PASS
