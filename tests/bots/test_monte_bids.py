"""The bots' bidding and calling at Briscola col Monte: the lowest bid while the hand is
worth a contract (only 91 or more pays more), 91 only when it pays more on average, the
call of the strongest card lacking in the best suit, and bids that depend only on what the
seat may know."""

from __future__ import annotations

import random

import pytest
from bots_support import small_hard

from bisca_tui.bots import monte_bids
from bisca_tui.bots.base import make_bot
from bisca_tui.engine import GameState, Layout, make_variant, parse_card
from bisca_tui.engine import actions as A


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def deal(hands: list[str], players: int = 5, dealer: int = 4) -> GameState:
    """The given cards first in each hand, the rest of the pack in pack order to fill the
    hands, then the monte."""
    v = make_variant("chiamata-monte", None, players)
    size = v.hand_size
    given = [list(cards(h))[:size] for h in [*hands, *[""] * (v.n - len(hands))]]
    used = {c for h in given for c in h}
    rest = [c for c in v.pack() if c not in used]
    for h in given:
        while len(h) < size:
            h.append(rest.pop(0))
    return GameState(v, dealer, layout=Layout(tuple(map(tuple, given)), 0, None, tuple(rest)))


def to_auction(s: GameState) -> None:
    while s.phase == "claim":
        s.apply(A.PASS)


GOOD = "AH 3H KH QH JH 7H 2D"
WEAK = "4S 5D 6D 4C 5C 6H 7D"


@pytest.mark.parametrize("players", [5, 6])
def test_a_good_hand_bids_the_lowest_bid_and_calls_the_best_card_it_lacks(players) -> None:
    s = deal([GOOD], players, dealer=players - 1)
    to_auction(s)
    assert s.current == 0
    assert monte_bids.best_suit(s.hands[0], s.variant)[0] == 1  # hearts
    assert make_bot("medium", 0).choose(s.view(0)) == A.BID + 61
    while s.phase == "auction":
        s.apply(A.BID + 61 if s.current == 0 else A.PASS)
    assert make_bot("medium", 0).choose(s.view(0)) == A.CALL + parse_card("6H")


def test_a_weak_hand_passes() -> None:
    s = deal([WEAK])
    to_auction(s)
    assert make_bot("medium", 0).choose(s.view(0)) == A.PASS


def test_only_91_pays_more_so_the_bid_stays_at_the_lowest_or_jumps_there() -> None:
    v = make_variant("chiamata-monte", None, 5)
    # between 61 and 90 a higher bid only makes the contract harder
    for est in (65.0, 80.0, 95.0):
        pays = [monte_bids.bid_payment(est, need, v.n) for need in range(62, 91)]
        assert all(p < monte_bids.bid_payment(est, 61, v.n) for p in pays)
    # with 91 already bid, a hand expected to take far more bids 92; a weak one passes
    after_91 = [A.BID + 92, A.PASS]
    for hand, skill, choice in ((GOOD, 40.0, A.BID + 92), (WEAK, 0.0, A.PASS)):
        s = deal([hand])
        to_auction(s)
        view = s.view(0)
        got = monte_bids.monte_auction(view, v, after_91, random.Random(0), skill=skill)
        assert got == choice


WORLD_A = [GOOD, "2S 4S 5S 6S 7S 4H KD", "AS 3S KS QS JS 6H 3D",
           "AD QD JD 4D 5D 6D 5H", "AC 3C KC QC JC 2C 4C"]
WORLD_B = [WORLD_A[0], WORLD_A[2], WORLD_A[1], WORLD_A[4], WORLD_A[3]]


def bot(level: str, seed: int):
    return small_hard(seed, samples=3) if level == "hard" else make_bot(level, seed)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_hidden_cards_do_not_change_a_bid(level: str) -> None:
    views = []
    for hands in (WORLD_A, WORLD_B):
        s = deal(hands, dealer=3)  # seat 4 speaks first, then seat 0
        to_auction(s)
        s.apply(A.BID + 70)
        views.append(s.view(0))
    assert views[0] == views[1]
    for seed in range(3):
        assert bot(level, seed).choose(views[0]) == bot(level, seed).choose(views[1])


def test_hard_counts_what_its_play_adds() -> None:
    s = deal([GOOD])
    to_auction(s)
    view = s.view(0)
    _, est = monte_bids.best_suit(view.hand, s.variant)
    # a high bid the estimate alone does not reach, but the estimate and hard's skill do
    need = round(est + 2.5)
    legal = [A.BID + need, A.PASS]
    assert monte_bids.monte_auction(view, s.variant, legal, random.Random(0)) == A.PASS
    hard = bot("hard", 0)
    assert hard.bid_skill >= 5.0
    assert hard.choose(view) == A.BID + 61
    assert monte_bids.monte_auction(view, s.variant, legal, random.Random(0),
                                    skill=hard.bid_skill) == A.BID + need


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_bidder_lays_aside_its_cheapest_cards(level: str) -> None:
    s = deal([GOOD])
    to_auction(s)
    while s.phase == "auction":
        s.apply(A.BID + 61 if s.current == 0 else A.PASS)
    s.apply(bot(level, 0).choose(s.view(0)))  # the call
    assert s.phase == "discard" and s.current == 0
    v = s.variant
    choice = bot(level, 0).choose(s.view(0))
    assert A.kind(choice) == A.Kind.DISCARD
    held = s.view(0).hand
    cheapest = min(held, key=lambda c: (v.points[c], v.strength[c]))
    assert A.card_of(choice) == cheapest
