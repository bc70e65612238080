"""Each game drawn in its own pack: Spanish suits and 1-7, 10-12 for Brisca, Italian suits and
F C R for Briscola and Chiamata, the French-suited Portuguese pack for Bisca and Sueca; the
French suits for every game as a setting; one terminal cell per glyph."""

from __future__ import annotations

import json

import pytest
from rich.cells import cell_len
from tui_helpers import make_app, open_table

from bisca_tui.engine.cards import PACKS, card_name, card_str, parse_card
from bisca_tui.engine.variant import all_variants
from bisca_tui.table.session import Session, default_seats
from bisca_tui.table.settings import ALL_CARD_STYLES, CARD_STYLE_LABELS, CARD_STYLES
from bisca_tui.tui.cardart import (
    FACES,
    FRENCH,
    LARGE,
    LETTERS,
    MEDIUM,
    MINI,
    SIZES,
    SMALL,
    SYMBOLS,
    card_label,
    card_lines,
    card_words,
    suit_text,
    table_style,
)
from bisca_tui.tui.pileart import stock_lines, trump_lines
from bisca_tui.tui.widgets.table import HandView

OWN_PACK = {"bisca": "portuguese", "sueca": "portuguese", "briscola": "italian",
            "chiamata": "italian", "brisca": "spanish"}


def plain(lines) -> list[str]:
    return [t.plain for t in lines]


def test_every_glyph_takes_one_cell_and_every_card_fills_its_box() -> None:
    for name, face in FACES.items():
        assert all(cell_len(g) == 1 for g in face.glyphs), name
        assert len(set(face.glyphs)) == 4, name
        for card in range(40):
            label = card_label(card, name)
            assert all(cell_len(ch) == 1 for ch in label), (name, label)
            for size in SIZES.values():
                lines = card_lines(card, size, name, number="10")
                assert len(lines) == size.height
                assert [ln.cell_len for ln in lines] == [size.width] * size.height, (name, label)
        for trump in range(4):
            for ln in stock_lines(12, parse_card("KD"), trump, False, name):
                assert ln.cell_len == 11
            for ln in trump_lines(trump, parse_card("KS"), None, name):
                assert ln.cell_len == 11


def test_each_family_is_drawn_in_its_own_pack_by_default() -> None:
    seen = set()
    for cls in all_variants():
        assert cls.pack_style == OWN_PACK[cls.family], cls.id
        assert table_style(SYMBOLS, cls.pack_style) == OWN_PACK[cls.family]
        seen.add(cls.family)
    assert seen == set(OWN_PACK)
    assert Session.new("brisca", {}, default_seats(2, "random"), seed=1).card_style == "spanish"
    assert Session.new("briscola", {}, default_seats(2, "random"), seed=1).card_style == "italian"
    assert Session.new("bisca-3", {}, default_seats(2, "random"), seed=1).card_style == "portuguese"


def test_the_french_setting_and_the_letters_apply_to_every_game() -> None:
    for cls in all_variants():
        assert table_style(FRENCH, cls.pack_style) == FRENCH
        assert table_style(LETTERS, cls.pack_style) == LETTERS
    session = Session.new("brisca", {}, default_seats(2, "random"), seed=1, card_style=FRENCH)
    assert session.card_style == FRENCH
    assert json.loads(session.recording.table_text())["card_style"] == FRENCH
    own = Session.new("brisca", {}, default_seats(2, "random"), seed=1)
    # the setting is saved, not the pack it resolved to
    assert json.loads(own.recording.table_text())["card_style"] == SYMBOLS
    assert set(CARD_STYLES) <= set(ALL_CARD_STYLES) == set(CARD_STYLE_LABELS)
    assert table_style("no such style", "spanish") == SYMBOLS
    king = parse_card("KD")
    assert card_label(king, FRENCH) == "K♦"
    assert card_label(king, LETTERS) == "KD"
    assert card_label(king, "spanish") == "12●"
    assert card_label(king, "italian") == "R●"
    assert card_label(king, "portuguese") == card_label(king, SYMBOLS) == "K♦"


def test_a_spanish_card_shows_its_number_and_suit() -> None:
    horse = parse_card("QD")  # caballo de oros
    assert plain(card_lines(horse, SMALL, "spanish")) == ["╭───╮", "│11 │", "│  ●│", "╰───╯"]
    assert plain(card_lines(horse, MEDIUM, "spanish"))[1:4] == ["│11   │", "│  ●  │", "│   11│"]
    assert plain(card_lines(parse_card("AS"), MINI, "spanish")) == ["╭──╮", "│1†│", "╰──╯"]
    # two-cell ranks on a mini card: the suit moves to the bottom corner
    assert plain(card_lines(parse_card("JC"), MINI, "spanish")) == ["╭──╮", "│10│", "╰─ǂ╯"]
    assert plain(card_lines(parse_card("KH"), LARGE, "spanish"))[-2] == "│     12│"
    assert card_words(horse, "spanish") == "Horse of coins"
    assert card_words(parse_card("JS"), "spanish") == "Jack of swords"


def test_an_italian_card_shows_its_figure_letter_and_suit() -> None:
    assert plain(card_lines(parse_card("QH"), SMALL, "italian")) == [
        "╭───╮", "│C  │", "│  ∪│", "╰───╯"]
    assert card_label(parse_card("JS"), "italian") == "F†"
    assert card_label(parse_card("AC"), "italian") == "Aǂ"
    assert card_words(parse_card("KC"), "italian") == "King of batons"
    assert suit_text(2, "italian").plain == "● coins"
    assert PACKS["italian"].local_suit_names["D"] == "denari"


def test_a_portuguese_card_is_drawn_as_before() -> None:
    assert plain(card_lines(parse_card("7H"), SMALL, "portuguese")) == [
        "╭───╮", "│7  │", "│  ♥│", "╰───╯"]
    assert card_words(parse_card("QD"), "portuguese") == "Queen of diamonds"
    assert PACKS["portuguese"].local_suit_names["D"] == "ouros"


@pytest.mark.parametrize(("variant", "players", "glyphs", "other"), [
    ("brisca", 2, set("†∪●ǂ"), set("♠♥♦♣")),
    ("briscola", 2, set("†∪●ǂ"), set("♠♥♦♣")),
    ("bisca-3", 2, set("♠♥♦♣"), set("†∪●ǂ")),
])
async def test_the_table_draws_the_hand_in_the_games_pack(private_data, variant: str,
                                                          players: int, glyphs: set[str],
                                                          other: set[str]) -> None:
    session = Session.new(variant, {}, default_seats(players, "random"), seed=3)
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        t = await open_table(app, pilot, session)
        hand = str(t.query_one(HandView).render())
        assert set(hand) & glyphs
        assert not set(hand) & other


def test_names_in_words_follow_the_pack_and_the_notation_does_not() -> None:
    horse = parse_card("QD")
    assert card_name(horse) == "Queen of diamonds"
    assert card_name(horse, "spanish") == card_name(horse, "italian") == "Horse of coins"
    assert card_name(parse_card("JS"), "italian") == "Jack of swords"
    assert card_name(parse_card("AH"), "portuguese") == "Ace of hearts"
    # the record notation is the same in every pack
    assert [card_str(c) for c in range(40)] == [r + s for s in "SHDC" for r in "A234567JQK"]
