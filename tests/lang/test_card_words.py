"""A card is named in the words of its own pack, in each language."""

from __future__ import annotations

import pytest

from bisca_tui import lang
from bisca_tui.engine.cards import ITALIAN_PACK, PORTUGUESE_PACK, SPANISH_PACK, parse_card


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use("en")


def test_a_card_is_named_in_its_own_packs_words_in_each_language():
    horse_of_coins = parse_card("QD")
    assert ITALIAN_PACK.card_name(horse_of_coins) == "Horse of coins"
    assert SPANISH_PACK.labelled_name(parse_card("KH")) == "King (12) of cups"
    lang.use("es")
    assert SPANISH_PACK.card_name(parse_card("AD")).lower() == "as de oros"
    assert SPANISH_PACK.card_name(horse_of_coins).lower() == "caballo de oros"
    lang.use("it")
    assert ITALIAN_PACK.card_name(horse_of_coins).lower() == "cavallo di denari"
    lang.use("pt")
    assert PORTUGUESE_PACK.card_name(parse_card("AS")).lower() == "ás de espadas"


@pytest.mark.parametrize("code", ["pt", "it", "es"])
def test_a_label_is_added_only_where_the_name_does_not_show_it(code):
    lang.use(code)
    ace = SPANISH_PACK.labelled_name(parse_card("AD"))
    assert "(" not in PORTUGUESE_PACK.labelled_name(parse_card("AS"))  # Ás is the A
    assert "(12)" in SPANISH_PACK.labelled_name(parse_card("KH"))  # the King shows 12
    assert ace.lower().startswith(SPANISH_PACK.card_name(parse_card("AD")).lower()[:2])
