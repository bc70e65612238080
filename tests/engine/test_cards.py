"""Cards and packs: the Portuguese order and points, packs of 40 and 36, notation."""

from __future__ import annotations

import pytest

from bisca_tui.engine import action_str, card_name, card_str, make_variant, parse_action, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import ITALIAN, PORTUGUESE, RANKS, SUITS, pack36, pack40, rank_of

BISCA_IDS = ("bisca-3", "bisca-9", "bisca-4", "bisca-6", "bisca-capixaba")


def test_pack40_is_every_card_once() -> None:
    pack = pack40()
    assert len(pack) == 40 == len(set(pack))
    assert {card_str(c) for c in pack} == {r + s for r in RANKS for s in SUITS}


def test_pack36_has_no_twos() -> None:
    pack = pack36()
    assert len(pack) == 36 == len(set(pack))
    assert all(card_str(c)[0] != "2" for c in pack)
    assert set(pack40()) - set(pack) == {parse_card(f"2{s}") for s in SUITS}


@pytest.mark.parametrize("vid,size", [("bisca-3", 40), ("bisca-9", 40), ("bisca-4", 40),
                                      ("bisca-6", 36), ("bisca-capixaba", 40)])
def test_variant_packs(vid: str, size: int) -> None:
    v = make_variant(vid)
    pack = v.pack()
    assert len(pack) == size == len(set(pack))
    assert sum(v.points[c] for c in pack) == 120


def test_portuguese_order_high_to_low() -> None:
    v = make_variant("bisca-3")
    order = "A7KJQ65432"
    for suit in SUITS:
        strengths = [v.strength[parse_card(r + suit)] for r in order]
        assert strengths == sorted(strengths, reverse=True)
        assert len(set(strengths)) == 10


def test_portuguese_points() -> None:
    expected = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2,
                "6": 0, "5": 0, "4": 0, "3": 0, "2": 0}
    for vid in BISCA_IDS:
        v = make_variant(vid)
        assert v.ranking is PORTUGUESE
        for suit in SUITS:
            for r, p in expected.items():
                assert v.points[parse_card(r + suit)] == p
    assert sum(expected.values()) * 4 == 120


def test_italian_ranking_differs_only_where_it_should() -> None:
    # The Italian order puts the 3 second; guard against the two tables being swapped.
    assert PORTUGUESE.order == "A7KJQ65432"
    assert ITALIAN.order == "A3KQJ76542"
    assert PORTUGUESE.points[RANKS.index("7")] == 10
    assert PORTUGUESE.points[RANKS.index("3")] == 0


def test_notation_round_trip() -> None:
    for c in range(80):
        assert parse_card(card_str(c)) == c
    assert card_str(parse_card("7h")) == "7H"
    assert parse_card(" qd ") == parse_card("QD")
    assert card_name(parse_card("7H")) == "7 of hearts"
    assert card_name(parse_card("AS")) == "Ace of spades"
    assert rank_of(parse_card("KC")) == RANKS.index("K")


@pytest.mark.parametrize("bad", ["1S", "AX", "", "10H", "7HH"])
def test_bad_card_notation_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        parse_card(bad)


def test_action_notation_round_trip() -> None:
    names = make_variant("bisca-6").signal_names
    for a in [*range(40), A.CUT, A.KNOCK, A.EXCHANGE, *(A.SIGNAL + k for k in range(len(names)))]:
        assert parse_action(action_str(a, names), names) == a
    assert parse_action("signal:ace_of_trumps", names) == A.SIGNAL
    with pytest.raises(ValueError, match="unknown signal"):
        parse_action("signal:wink", names)
