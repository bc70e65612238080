"""Cards drawn as boxes, the letters fallback, the stock over the indicator, the pente."""

from __future__ import annotations

from bisca_tui.engine.cards import parse_card
from bisca_tui.tui.cardart import (
    LETTERS,
    MEDIUM,
    MUTED,
    RED,
    SMALL,
    SYMBOLS,
    UNPLAYABLE,
    card_lines,
)
from bisca_tui.tui.pileart import stock_lines
from bisca_tui.tui.widgets.side import pente_lines


def plain(lines) -> list[str]:
    return [t.plain for t in lines]


def test_a_card_is_a_box_with_rank_and_suit_in_the_corners() -> None:
    art = plain(card_lines(parse_card("7H"), SMALL, SYMBOLS, number="2"))
    assert art == ["╭─2─╮", "│7  │", "│  ♥│", "╰───╯"]
    assert all(len(row) == SMALL.width for row in art)
    big = plain(card_lines(parse_card("QS"), MEDIUM, LETTERS))
    assert big[1] == "│Q    │" and big[2] == "│  S  │" and big[3] == "│    Q│"


def test_red_suits_are_red_and_unplayable_cards_dim() -> None:
    heart = card_lines(parse_card("AH"), SMALL, SYMBOLS)
    spade = card_lines(parse_card("AS"), SMALL, SYMBOLS)
    assert any(RED in str(span.style) for span in heart[1].spans)
    assert not any(RED in str(span.style) for span in spade[1].spans)
    dim = card_lines(parse_card("AH"), SMALL, SYMBOLS, UNPLAYABLE)
    assert all(RED not in str(span.style) for line in dim for span in line.spans)
    assert any(MUTED in str(span.style) for span in dim[1].spans)


def test_the_indicator_stays_readable_under_the_stock() -> None:
    art = plain(stock_lines(23, parse_card("KD"), 2, False, SYMBOLS))
    assert "K ♦" in art[1] and "23" in art[3]
    knocked = plain(stock_lines(28, None, 1, True, SYMBOLS))
    assert any("♥ trumps" in row for row in knocked)
    assert any("knock" in row for row in knocked)


def test_the_pente_has_a_dot_per_game() -> None:
    above, line, below = plain(pente_lines(4, 3, 1))
    assert line.count("┼") == 4
    assert above.count("●") == 3 and below.count("●") == 1
    ten = plain(pente_lines(10, 10, 2))
    assert ten[1].count("┼") == 10 and ten[0].count("●") == 10


def test_the_faces_draw_each_card_by_its_pack_s_short_name() -> None:
    from bisca_tui.engine.cards import PACKS, card_str
    from bisca_tui.tui.cardart import FRENCH, card_label, pack_of

    for style in ("portuguese", "italian", "spanish", FRENCH):
        pack = pack_of(style)
        assert pack is PACKS[style]
        for card in range(40):
            short = pack.short(card)
            assert card_label(card, style) == short
            art = plain(card_lines(card, MEDIUM, style))
            rank, glyph = short[:-1], short[-1]
            assert art[1][1:].startswith(rank) and glyph in art[2]
    # the letters style draws the record's notation
    assert [card_label(c, LETTERS) for c in range(40)] == [card_str(c) for c in range(40)]
