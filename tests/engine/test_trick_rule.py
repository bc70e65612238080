"""The one rule of who takes a trick (``engine.tricks``), and the facts each rule of play
states about itself (``engine.restrictions``) that the search relies on."""

from __future__ import annotations

import random

import pytest

from bisca_tui.engine import make_variant, parse_card
from bisca_tui.engine.restrictions import RESTRICTIONS
from bisca_tui.engine.tricks import beats, beats_table, trick_winner, winning_card

ACE_HEARTS = parse_card("AH")  # its second copy in the double pack is card + 40
TRUMPS = (0, 1, 2, 3, None)


def test_the_table_is_the_rule_for_every_pair_and_trump() -> None:
    v = make_variant("sueca-dupla", players=6)
    for trump in TRUMPS:
        table = v.beats_table(trump)
        assert table is v.beats_table(trump)  # written once per trump suit
        assert table == beats_table(trump, v.suit, v.strength)
        for best in range(80):
            for card in range(80):
                assert bool(table[best][card]) == beats(card, best, trump, v.suit, v.strength)


@pytest.mark.parametrize("trump", TRUMPS)
def test_of_two_identical_cards_the_first_played_keeps_the_trick(trump: int | None) -> None:
    v = make_variant("sueca-dupla", players=6)
    one, other = ACE_HEARTS, ACE_HEARTS + 40
    assert v.suit[one] == v.suit[other] and v.strength[one] == v.strength[other]
    low = parse_card("2H")  # a lower card of the same suit led before them
    for trick in ([one, other], [other, one], [low, one, other], [low, other, one]):
        first = 0 if trick[0] in (one, other) else 1
        assert trick_winner(trick, v.beats_table(trump)) == first
        assert winning_card(trick, trump, v.suit, v.strength) == trick[first]


def test_the_winner_of_a_trick_read_both_ways_agrees() -> None:
    v = make_variant("sueca-dupla", players=6)
    rng = random.Random(5)
    for _ in range(2000):
        trump = rng.choice(TRUMPS)
        trick = rng.sample(range(80), rng.randint(1, 6))
        i = trick_winner(trick, v.beats_table(trump))
        assert trick[i] == winning_card(trick, trump, v.suit, v.strength)


def _situations(rng: random.Random, n: int = 3000):
    v = make_variant("bisca-3")
    for _ in range(n):
        cards = rng.sample(range(40), 9)
        hand, trick = cards[:rng.randint(1, 6)], cards[6:6 + rng.randint(0, 3)]
        yield hand, trick, rng.randrange(4), rng.random() < 0.5, v.suit, v.strength


@pytest.mark.parametrize("name", sorted(RESTRICTIONS))
def test_each_rule_of_play_states_its_facts_truly(name: str) -> None:
    """``free``, ``follows_suit`` and ``binds_only_on_trump_lead`` hold in every situation
    where a rule says so, and fail in some situation where it does not (the search picks
    its fast paths by them)."""
    rule = RESTRICTIONS[name]
    assert rule.name == name
    free = follows = trump_lead_only = True
    for hand, trick, trump, stock_empty, suit, strength in _situations(random.Random(name)):
        legal = rule.legal(hand, trick, trump, stock_empty, suit, strength)
        assert legal and set(legal) <= set(hand)
        whole = sorted(legal) == sorted(hand)
        free = free and whole
        if trick and suit[trick[0]] != trump:
            trump_lead_only = trump_lead_only and whole
        if trick and any(suit[c] == suit[trick[0]] for c in hand):
            follows = follows and all(suit[c] == suit[trick[0]] for c in legal)
    assert rule.free == free
    assert rule.follows_suit == follows
    assert rule.binds_only_on_trump_lead == trump_lead_only
