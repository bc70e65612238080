"""One name for every card: each pack names its forty cards one way, short (as its faces
show them) and long (in the pack's English words), and picks suits and ranks by keys that
are unique and follow the pack's own names."""

from __future__ import annotations

import pytest

from bisca_tui.engine.cards import (
    FRENCH_PACK,
    ITALIAN_PACK,
    PACKS,
    PORTUGUESE_PACK,
    RANKS,
    SPANISH_PACK,
    SUITS,
    make_card,
    pack_named,
)

LATIN = {"S": "swords", "H": "cups", "D": "coins", "C": "batons"}
FRENCH = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@pytest.mark.parametrize("name", sorted(PACKS))
def test_every_card_has_a_short_and_a_long_name_of_its_own(name: str) -> None:
    pack = PACKS[name]
    shorts = [pack.short(c) for c in range(40)]
    longs = [pack.card_name(c) for c in range(40)]
    labelled = [pack.labelled_name(c) for c in range(40)]
    for names in (shorts, longs, labelled):
        assert len(set(names)) == 40  # no two cards share a name
    for c in range(40):
        rank, suit = RANKS[c % 10], SUITS[c // 10]
        # the short form: the face's rank label then the pack's suit glyph
        assert shorts[c] == pack.rank_labels[rank] + pack.glyphs[c // 10]
        assert longs[c].endswith(f" of {pack.suit_names[suit]}")
        # the labelled name carries the face's label wherever the words do not
        words = labelled[c].split(" of ")[0]
        assert pack.rank_labels[rank] in words
    # the second copy of a card (double pack) is named as the first
    assert [pack.short(c + 40) for c in range(40)] == shorts


def test_the_latin_packs_speak_of_swords_cups_coins_and_batons() -> None:
    for pack in (ITALIAN_PACK, SPANISH_PACK):
        assert pack.suit_names == LATIN
        assert [pack.suit_name(x) for x in range(4)] == list(LATIN.values())
        assert pack.card_name(make_card(9, 1)) == "King of cups"
        assert pack.card_name(make_card(8, 2)) == "Horse of coins"
        assert pack.card_name(make_card(7, 3)) == "Jack of batons"
        assert pack.rank_word("Q") == "Horse" and pack.rank_word("7") == "Seven"
    for pack in (FRENCH_PACK, PORTUGUESE_PACK):
        assert pack.suit_names == FRENCH
        assert pack.card_name(make_card(8, 1)) == "Queen of hearts"
        assert pack.rank_word("Q") == "Queen"


def test_short_names_follow_each_pack_s_faces() -> None:
    king_of_cups = make_card(9, 1)
    assert SPANISH_PACK.short(king_of_cups) == "12∪"
    assert ITALIAN_PACK.short(king_of_cups) == "R∪"
    assert FRENCH_PACK.short(king_of_cups) == "K♥"
    assert [SPANISH_PACK.rank_label(make_card(r, 0)) for r in (7, 8, 9)] == ["10", "11", "12"]
    assert [ITALIAN_PACK.rank_label(make_card(r, 0)) for r in (7, 8, 9)] == ["F", "C", "R"]
    assert SPANISH_PACK.labelled_name(king_of_cups) == "King (12) of cups"
    assert ITALIAN_PACK.labelled_name(make_card(8, 2)) == "Horse (C) of coins"
    assert FRENCH_PACK.labelled_name(king_of_cups) == "King of hearts"
    assert SPANISH_PACK.labelled_name(make_card(6, 1)) == "7 of cups"


@pytest.mark.parametrize("name", sorted(PACKS))
def test_keys_are_single_unique_and_follow_the_pack(name: str) -> None:
    pack = PACKS[name]
    suit_keys = [pack.suit_key(x) for x in range(4)]
    rank_keys = [pack.rank_key(r) for r in RANKS]
    assert len(set(suit_keys)) == 4 and len(set(rank_keys)) == 10
    assert all(len(k) == 1 and k == k.lower() for k in suit_keys + rank_keys)
    # a suit's key is the initial of its name as the pack's players say it (the English
    # name for the French-suited packs, drawn with the French names)
    spoken = pack.local_suit_names if pack.suit_names == LATIN else pack.suit_names
    assert suit_keys == [spoken[s][0] for s in SUITS]
    # a rank's key is its face label where that is one character
    for r in RANKS:
        if len(pack.rank_labels[r]) == 1:
            assert pack.rank_key(r) == pack.rank_labels[r].lower()


def test_the_italian_suit_keys_no_longer_mean_french_suits() -> None:
    # c is the coppe (cups), not the clubs' batons
    assert ITALIAN_PACK.suit_key(SUITS.index("H")) == "c"
    assert ITALIAN_PACK.suit_key(SUITS.index("C")) == "b"
    assert [SPANISH_PACK.suit_key(x) for x in range(4)] == list("ecob")


def test_an_unknown_pack_name_is_the_french_pack() -> None:
    assert pack_named("italian") is ITALIAN_PACK
    assert pack_named("letters") is FRENCH_PACK
