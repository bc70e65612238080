"""The bots at Briscola Chiamata: whole deals at every level, bidding from the hand's
estimate, the call, and choices that depend only on what the seat may know."""

from __future__ import annotations

import random

import pytest
from bots_support import chiamata_deal, small_hard

from bisca_tui.bots import bidding
from bisca_tui.bots.base import make_bot
from bisca_tui.engine import GameState, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import RANKS

LEVELS = ("easy", "medium", "hard")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def _bot(level: str, seed: int):
    return small_hard(seed, samples=3) if level == "hard" else make_bot(level, seed)


def _deal(hands: list[str], dealer: int = 4, players: int = 5) -> GameState:
    """A Chiamata deal: the given cards first in each hand, the rest of the pack dealt in
    pack order to fill the hands to eight."""
    return chiamata_deal("chiamata", hands, dealer, players)


def _rank_bid(rank: str) -> int:
    return A.BID_RANK + RANKS.index(rank)


def _win_auction(s: GameState, seat: int, bid: int) -> None:
    """``seat`` bids ``bid`` when its turn comes; every other seat passes."""
    while s.phase == "auction":
        s.apply(bid if s.current == seat else A.PASS)
    assert s.phase == "call" and s.current == seat


STRONG = "AH 3H KH QH AS AD AC 7S"  # the four top hearts and three plain Aces
WEAK = "2S 4S 5D 6D 4C 5C 6H 7D"  # no counting card at all


# ----- whole deals -----------------------------------------------------------------


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_deals(level: str, players: int) -> None:
    v = make_variant("chiamata", None, players)
    for k in range(2):
        s = GameState(v, dealer=k * 2, seed=300 + 10 * players + k)
        bots = [_bot(level, seat) for seat in range(v.n)]
        while not s.is_over():
            seat = s.current_player()
            action = bots[seat].choose(s.view(seat))
            assert action in s.legal_actions()
            s.apply(action)
        r = s.result
        assert r is not None and sum(r.game_points) == 0
        if not r.redeal:
            assert s.bidding.contract is not None and s.bidding.contract.called is not None
            assert len(s.tricks) == 8


def test_medium_bots_do_not_run_the_auction_up_with_ordinary_hands() -> None:
    v = make_variant("chiamata")
    high = contracts = made = 0
    for seed in range(40):
        s = GameState(v, dealer=seed % 5, seed=seed)
        bots = [make_bot("medium", seat) for seat in range(5)]
        while not s.is_over():
            seat = s.current_player()
            s.apply(bots[seat].choose(s.view(seat)))
        if s.result is None or s.result.redeal:
            continue
        contracts += 1
        high += s.bidding.contract.need > 70
        made += s.result.winner is not None
    assert contracts >= 30
    assert high <= contracts // 5  # two for 71 or more is the exception, not the rule
    assert made >= contracts // 2  # and the contracts bid are made more often than not


# ----- bidding -----------------------------------------------------------------------


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_strong_hand_bids_and_a_weak_hand_passes_at_the_first_chance(level: str) -> None:
    for seed in range(3):
        s = _deal([STRONG])  # seat 0 is eldest: it speaks first
        assert s.current == 0
        choice = _bot(level, seed).choose(s.view(0))
        assert choice != A.PASS and choice in s.legal_actions()
        s = _deal([WEAK])
        assert _bot(level, seed).choose(s.view(0)) == A.PASS


def test_the_bid_is_the_rank_with_the_best_call_and_only_while_it_is_worth_it() -> None:
    # holding every Ace, a bid of Ace would mean playing alone: a lower rank brings a partner
    s = _deal([STRONG])
    choice = make_bot("medium", 0).choose(s.view(0))
    assert choice in {_rank_bid(r) for r in "3KQJ7654"}
    # with two for 105 already bid, no call makes 106 likely
    s = _deal(["", STRONG], dealer=3)  # seat 4 speaks first, then seat 0, then seat 1
    s.apply(A.BID + 105)
    s.apply(A.PASS)
    assert s.current == 1
    assert make_bot("medium", 0).choose(s.view(1)) == A.PASS


def test_easy_misjudges_now_and_then_but_passes_a_hopeless_hand() -> None:
    s = _deal([WEAK])
    passes = sum(make_bot("easy", seed).choose(s.view(0)) == A.PASS for seed in range(20))
    assert passes >= 16
    s = _deal([STRONG])
    assert all(make_bot("easy", seed).choose(s.view(0)) != A.PASS for seed in range(20))


def test_the_estimate_prefers_trumps_and_the_top_trumps() -> None:
    v = make_variant("chiamata")
    hand = cards(STRONG)
    hearts = bidding.chiamata_value(hand, v, parse_card("JH"))
    clubs = bidding.chiamata_value(hand, v, parse_card("JC"))
    assert hearts > clubs + 20
    weak = bidding.chiamata_value(cards(WEAK), v, parse_card("AH"))
    assert hearts > 61 > weak


# ----- the call ----------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("hand", "rank", "expected"), [
    (STRONG, "J", "JH"),
    ("AS 3S KS QS AD AC 7H 6H", "Q", "QS"),  # holding the Horse of spades: alone
    ("AD 3D KD 6D 5D 4S 5S 6C", "7", "7D"),
])
def test_the_call_names_the_bid_rank_in_the_strongest_suit(level: str, hand: str, rank: str,
                                                           expected: str) -> None:
    s = _deal(["", "", hand])
    _win_auction(s, 2, _rank_bid(rank))
    choice = _bot(level, 0).choose(s.view(2))
    assert choice == A.CALL + parse_card(expected)
    s.apply(choice)
    assert s.trump == s.variant.suit[parse_card(expected)]


@pytest.mark.parametrize("level", LEVELS)
def test_after_two_the_holder_of_the_two_calls_it_or_the_lowest_trump_it_lacks(
        level: str) -> None:
    s = _deal(["", "AH 3H KH QH 2H 5H AS AD"])
    _win_auction(s, 1, A.BID + 61)
    legal = set(s.legal_actions())
    assert {A.CALL + parse_card("2H"), A.CALL + parse_card("4H")} <= legal
    choice = _bot(level, 0).choose(s.view(1))
    assert choice in (A.CALL + parse_card("2H"), A.CALL + parse_card("4H"))
    # the same hand without the two of hearts calls it (and so gets a partner)
    s = _deal(["", "AH 3H KH QH JH 5H AS AD"])
    _win_auction(s, 1, A.BID + 61)
    assert _bot(level, 0).choose(s.view(1)) == A.CALL + parse_card("2H")


def test_possible_calls_match_the_rules() -> None:
    v = make_variant("chiamata")
    for hand_text in ("AH 3H KH QH 2H 5H AS AD", STRONG, "2S 2H 2D 2C 4S 4H 4D 3C"):
        for rank in "A3KQJ76542":
            s = _deal(["", "", "", hand_text])
            bid = A.BID + 61 if rank == "2" else _rank_bid(rank)
            _win_auction(s, 3, bid)
            legal = sorted(a - A.CALL for a in s.legal_actions())
            assert bidding.possible_calls(cards(hand_text), v, RANKS.index(rank)) == legal


# ----- honesty -----------------------------------------------------------------------

# seats 0, 1 and 4 hold the same cards in both worlds; seats 2 and 3 swap hands
WORLD_A = ["AH 3H KH QH AS AD 7S 6S",
           "AC 3C KC 4D 5D 6D 2S 3S",
           "7H 6H 5H 4H 2H KS QS JS",
           "JH 3D KD QD JD 7D 2D 4S",
           "QC JC 7C 6C 5C 4C 2C 5S"]
WORLD_B = [WORLD_A[0], WORLD_A[1], WORLD_A[3], WORLD_A[2], WORLD_A[4]]


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_a_bid(level: str) -> None:
    views = []
    for hands in (WORLD_A, WORLD_B):
        s = _deal(hands, dealer=3)  # seat 4 speaks first, then seat 0
        s.apply(_rank_bid("3"))
        views.append(s.view(0))
    assert views[0] == views[1]
    for seed in range(3):
        assert _bot(level, seed).choose(views[0]) == _bot(level, seed).choose(views[1])


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_and_the_hidden_partner_do_not_change_a_play(level: str) -> None:
    # seat 0 wins at Jack and calls the Jack of hearts, which seat 3 holds in one world and
    # seat 2 in the other; seat 0 leads and seat 1 answers
    views = []
    for hands in (WORLD_A, WORLD_B):
        s = _deal(hands)
        _win_auction(s, 0, _rank_bid("J"))
        s.apply(A.CALL + parse_card("JH"))
        s.apply_str("AS")
        views.append(s.view(1))
    assert views[0] == views[1]
    assert views[0].side_of == (0, 1, None, None, None)
    for seed in range(3):
        assert _bot(level, seed).choose(views[0]) == _bot(level, seed).choose(views[1])


# ----- bidding from sampled playouts ----------------------------------------------------


def test_sampled_deals_keep_the_own_hand_and_deal_every_unseen_card() -> None:
    s = _deal([STRONG])
    view = s.view(0)
    hands = bidding.deal_unseen(view, s.variant, random.Random(1))
    assert hands[0] == view.hand
    assert sorted(c for h in hands for c in h) == sorted(s.variant.pack())
    assert [len(h) for h in hands] == [8] * 5
    assert hands != bidding.deal_unseen(view, s.variant, random.Random(2))


def test_sampled_bidding_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    v = make_variant("chiamata")
    for seed in range(2):
        s = _deal([STRONG])
        view = s.view(0)
        assert bidding.sampled_bid(view, v, view.legal, random.Random(seed), samples=16) != A.PASS
        s = _deal([WEAK])
        view = s.view(0)
        assert bidding.sampled_bid(view, v, view.legal, random.Random(seed), samples=16) == A.PASS


def test_sampled_bidding_does_not_see_hidden_cards() -> None:
    v = make_variant("chiamata")
    views = []
    for hands in (WORLD_A, WORLD_B):
        s = _deal(hands, dealer=3)
        s.apply(_rank_bid("3"))
        views.append(s.view(0))
    for seed in range(3):
        a = bidding.sampled_bid(views[0], v, views[0].legal, random.Random(seed), samples=4)
        b = bidding.sampled_bid(views[1], v, views[1].legal, random.Random(seed), samples=4)
        assert a == b
