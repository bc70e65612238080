"""The beliefs grid drawn without an app: the shade of each chance, the mark of the true
place on any shade, the cards over their columns, and the fit of a full deal's worth of
unseen cards and places in 80 columns, with and without colour."""

from __future__ import annotations

import pytest
from beliefs_support import decision, even
from rich.cells import cell_len
from rich.color import ColorSystem
from rich.style import Style

from bisca_tui.lang import speaking
from bisca_tui.tui.widgets.beliefs_grid import (
    SHADES,
    TRUTH,
    cell_text,
    fit,
    grid_lines,
    legend,
    shade,
    shade_style,
)

NAMES = {1: "Rui", 2: "Ana", 3: "Maria Bernardete", 4: "Zé", "stock": "Stock", "aside": "Monte"}


def name(place: object) -> str:
    return NAMES[place]  # type: ignore[index]


@pytest.mark.parametrize(("chance", "glyph"), [
    (0.0, " "), (0.004, " "), (0.005, "░"), (0.2499, "░"), (0.25, "▒"), (0.4999, "▒"),
    (0.5, "▓"), (0.7499, "▓"), (0.75, "█"), (1.0, "█")])
def test_each_chance_takes_the_shade_of_its_quarter(chance: float, glyph: str) -> None:
    assert shade(chance) == glyph


def test_the_true_place_is_marked_on_every_shade() -> None:
    layout = fit(list(range(10)), ["Rui"], 80)
    assert layout.cell == 2
    for chance in (0.0, 0.1, 0.3, 0.6, 1.0):
        marked = cell_text(chance, True, layout).plain
        assert marked == shade(chance) + TRUTH
        assert cell_text(chance, False, layout).plain == shade(chance) * 2


def rows(lines: list, places: int) -> list[str]:
    return [line.plain for line in lines[-places:]]


def test_a_row_a_place_a_column_a_card_the_truth_marked_once_per_card() -> None:
    # A♠ surely with Rui (and there); 2♠ half and half, in the stock; 3♥ never with Rui
    d = decision([(0, (1.0, 0.0), 0), (1, (0.5, 0.5), 1), (12, (0.0, 1.0), 1)])
    lines = grid_lines(d, "french", name)
    assert len(lines) == 2 + 2  # suits and ranks over the columns, then two places
    suits, ranks = lines[0].plain, lines[1].plain
    rui, stock = rows(lines, 2)
    assert rui.startswith("Rui") and stock.startswith("Stock")
    # each card's column: two cells, its suit and rank over the right one (where the mark is)
    col = {card: suits.index(glyph) - 1 for card, glyph in ((0, "♠"), (12, "♥"))}
    assert suits[col[0]:col[0] + 4] == " ♠ ♠"
    assert ranks[col[0]:col[0] + 2] == " A" and ranks[col[0] + 2:col[0] + 4] == " 2"
    assert ranks[col[12]:col[12] + 2] == " 3"
    assert suits[col[12] - 1] == " "  # a gap between the suits
    assert rui[col[0]:col[0] + 2] == "█" + TRUTH
    assert stock[col[0]:col[0] + 2] == "  "
    assert rui[col[0] + 2:col[0] + 4] == "▓▓" and stock[col[0] + 2:col[0] + 4] == "▓" + TRUTH
    assert rui[col[12]:col[12] + 2] == "  " and stock[col[12]:col[12] + 2] == "█" + TRUTH


# Briscola for two at its first trick: 40 cards less 3 in hand and the trump turned up
FULL = [c for c in range(40) if c not in (0, 11, 22, 33)]


@pytest.mark.parametrize("count", [33, 36])
def test_a_full_deal_of_unseen_cards_and_five_places_fits_80_columns(count: int) -> None:
    cards = FULL[:count]
    places = (1, 2, 3, 4, "stock")
    d = even(cards, places)
    lines = grid_lines(d, "spanish", name)
    assert max(cell_len(line.plain) for line in lines) <= 80
    body = rows(lines, len(places))
    # every card's true place marked, once, in its own row
    assert sum(r.count(TRUTH) for r in body) == count
    assert [r.count(TRUTH) for r in body] == [
        sum(1 for k in range(count) if k % 5 == p) for p in range(5)]
    # a long name cut to fit, said to be cut; 36 cards still two cells wide, the suits
    # told apart by their glyphs over the columns
    assert body[2].startswith("Maria Ber… " if count == 33 else "Maria … ")
    layout = fit(cards, [name(p) for p in places], 80)
    assert (layout.cell, layout.gap) == ((2, 1) if count == 33 else (2, 0))


def test_spanish_ranks_of_two_cells_stand_in_one_cell_columns() -> None:
    d = even(FULL, (1, "stock"))
    lines = grid_lines(d, "spanish", name, width=50)
    assert fit(FULL, ["Rui", "Stock"], 50).cell == 1
    assert len(lines) == 3 + 2  # suit, then the rank's two cells, one over the other
    assert max(cell_len(line.plain) for line in lines) <= 50
    # the 12 of spades (card 9): "1" above "2" in its column
    col = lines[0].plain.index("†") + 8  # 1 2 4 5 6 7 10 11 12: the ninth... less the 3
    assert lines[1].plain[col] == "1" and lines[2].plain[col] == "2"


def test_without_colour_the_shades_and_the_mark_carry_everything(monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    d = decision([(0, (0.8, 0.2), 0), (1, (0.3, 0.7), 1)])
    lines = grid_lines(d, "french", name)
    for line in lines[2:]:
        for span in line.spans:
            assert "#" not in str(span.style) and "reverse" not in str(span.style)
    rui, stock = rows(lines, 2)
    assert "█" + TRUTH in rui and "▒▒" in rui
    assert "░░" in stock and "▓" + TRUTH in stock
    assert all(glyph in legend().plain for glyph in SHADES[1:] + TRUTH)


def test_with_colour_each_shade_has_its_colour_and_the_mark_stands_out(monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    d = decision([(0, (0.8, 0.2), 0)])
    rui = grid_lines(d, "french", name)[2]
    styles = {rui.plain[s.start:s.end]: str(s.style) for s in rui.spans}
    assert styles[TRUTH] == "bold reverse"
    assert styles["█"].startswith("#")


@pytest.mark.parametrize("code", ["en", "pt", "it", "es"])
def test_the_legend_fits_one_line_in_every_language(code: str) -> None:
    with speaking(code):
        line = legend().plain
    assert cell_len(line) <= 78  # the screen's width less its margin
    if code != "en":
        assert line != english_legend()


def english_legend() -> str:
    with speaking("en"):
        return legend().plain


def test_on_16_colours_each_shade_keeps_a_colour_of_its_own(monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    chances = (0.1, 0.3, 0.6, 0.9)  # one in each quarter
    numbers = [Style.parse(shade_style(c)).color.downgrade(ColorSystem.STANDARD).number
               for c in chances]
    assert len(set(numbers)) == 4
