"""The picture of one decision's beliefs: one row per place an unseen card could be (each
other seat, then the stock or the cards set aside), one column per unseen card (grouped by
suit), each cell shaded by the chance that the card was there, and the place where the card
really was marked ``●``.

The shades (`` ░▒▓█``) carry the chance without colour (``NO_COLOR``, a 16-colour
terminal reads them the same); colour, where there is any, only repeats them. The mark of
the true place takes the right half of its cell, the shade keeps the left, so both show on
any shade. Pure functions of the decision: the screen (``screens/beliefs.py``) stacks the
lines they return.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from ...lang import pgettext
from .. import cardart
from ..cardart import no_color, rank_glyph, suit_glyph, suit_style

if TYPE_CHECKING:
    from ...coach.beliefs import DecisionBeliefs, Place

#: the shades, from no chance to near certainty, and where each begins (a chance below
#: the first threshold is drawn blank: the card could not be, or almost not, there)
SHADES = " ░▒▓█"
THRESHOLDS = (0.005, 0.25, 0.5, 0.75)
TRUTH = "●"
#: the shades' colours where there are colours: cool to hot, each one a 16-colour
#: terminal rounds to its own ANSI colour
SHADE_COLOURS = ("", cardart.BLUE, cardart.CYAN, cardart.GOLD, cardart.RED)
LABEL_MAX = 10  # a place's name is cut to this many cells
LABEL_MIN = 4
LABEL_READABLE = 6  # names are cut no shorter than this before cards narrow to one cell


def shade_index(chance: float) -> int:
    """Which shade draws ``chance``: 0 (blank) to 4 (``█``)."""
    return sum(chance >= t for t in THRESHOLDS)


def shade(chance: float) -> str:
    return SHADES[shade_index(chance)]


def shade_style(chance: float) -> str:
    return "" if no_color() else SHADE_COLOURS[shade_index(chance)]


def truth_style() -> str:
    """The mark of the true place: bold in the terminal's own colour, on any shade."""
    return "bold" if no_color() else "bold reverse"


@dataclass(frozen=True)
class Layout:
    """How a grid fits its width: the cells per card, the label's width, a gap between
    suits or none."""

    cell: int
    label: int
    gap: int

    def width(self, cards: int, suits: int) -> int:
        return self.label + 1 + cards * self.cell + max(0, suits - 1) * self.gap


def suits_of(cards: Sequence[int]) -> list[int]:
    """The suits of the cards, each once, in the cards' order."""
    out: list[int] = []
    for card in cards:
        suit = (card % 40) // 10
        if suit not in out:
            out.append(suit)
    return out


def fit(cards: Sequence[int], labels: Sequence[str], width: int) -> Layout:
    """The roomiest layout of these cards and place names that fits ``width``: two cells a
    card and a gap between suits if they fit, then without the gaps, else one cell a card;
    names cut to fit (to no fewer than six cells while the cards take two)."""
    suits = len(suits_of(cards))
    longest = min(LABEL_MAX, max((cell_len(s) for s in labels), default=LABEL_MIN))
    for cell, gap in ((2, 1), (2, 0), (1, 1), (1, 0)):
        shortest = LABEL_READABLE if cell == 2 else LABEL_MIN
        for label in range(max(longest, shortest), shortest - 1, -1):
            layout = Layout(cell, label, gap)
            if layout.width(len(cards), suits) <= width:
                return layout
    return Layout(1, LABEL_MIN, 0)


def cut(label: str, width: int) -> str:
    """A name in ``width`` cells, cut with ``…`` when longer."""
    if cell_len(label) <= width:
        return label + " " * (width - cell_len(label))
    out = ""
    for ch in label:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    return (out + "…").ljust(width)


def _columns(cards: Sequence[int], layout: Layout) -> list[int | None]:
    """The grid's columns: a card, or None for the gap between two suits."""
    out: list[int | None] = []
    last = None
    for card in cards:
        suit = (card % 40) // 10
        if last is not None and suit != last and layout.gap:
            out.append(None)
        out.append(card)
        last = suit
    return out


def header_lines(cards: Sequence[int], layout: Layout, style: str) -> list[Text]:
    """The cards over their columns: the suit on one line, the rank under it (a rank of
    two cells in one-cell columns takes two lines, its cells one above the other)."""
    cols = _columns(cards, layout)
    ranks = {c: rank_glyph(c, style) for c in cards}
    tall = layout.cell == 1 and any(cell_len(r) > 1 for r in ranks.values())
    lines = [Text(" " * (layout.label + 1)) for _ in range(3 if tall else 2)]
    for col in cols:
        if col is None:
            for line in lines:
                line.append(" ")
            continue
        face = suit_style((col % 40) // 10, style)
        lines[0].append(suit_glyph((col % 40) // 10, style).rjust(layout.cell), style=face)
        rank = ranks[col]
        if tall:
            lines[1].append(rank[0] if len(rank) > 1 else " ", style=face)
            lines[2].append(rank[-1], style=face)
        else:
            lines[1].append(rank.rjust(layout.cell)[:layout.cell], style=face)
    return lines


def cell_text(chance: float, truth: bool, layout: Layout) -> Text:
    """One card's cell in one place's row: its shade, and the mark if it was there."""
    glyph = shade(chance)
    style = shade_style(chance)
    if not truth:
        return Text(glyph * layout.cell, style=style)
    if layout.cell == 1:
        return Text(TRUTH, style=truth_style())
    return Text.assemble((glyph, style), (TRUTH, truth_style()))


def grid_lines(d: DecisionBeliefs, style: str, name: Callable[[Place], str],
               width: int = 80) -> list[Text]:
    """The decision's grid in ``width`` cells: the cards' header, then a row a place."""
    cards = [b.card for b in d.cards]
    labels = [name(p) for p in d.places]
    layout = fit(cards, labels, width)
    lines = header_lines(cards, layout, style)
    by_card = {b.card: b for b in d.cards}
    for k, label in enumerate(labels):
        row = Text(cut(label, layout.label) + " ", style="bold")
        for col in _columns(cards, layout):
            if col is None:
                row.append(" ")
                continue
            b = by_card[col]
            row.append_text(cell_text(b.chance[k], b.truth == k, layout))
        lines.append(row)
    return lines


def legend() -> Text:
    """One line: what each shade means, and the mark."""
    # translators: the legend under the beliefs grid: the chance each shade stands for
    # (keep it short: the whole legend must fit one line of 80 characters)
    parts = [(SHADES[1], pgettext("beliefs", "under 25%")),
             (SHADES[2], pgettext("beliefs", "25–50%")),
             (SHADES[3], pgettext("beliefs", "50–75%")),
             (SHADES[4], pgettext("beliefs", "75% or more")),
             # translators: the legend's last part: the mark of the place a card really was
             (TRUTH, pgettext("beliefs", "where it really was"))]
    t = Text()
    for k, (glyph, words) in enumerate(parts):
        if k:
            t.append("  ")
        glyph_style = truth_style() if glyph == TRUTH else shade_style(
            THRESHOLDS[SHADES.index(glyph) - 1])
        t.append(glyph, style=glyph_style)
        t.append(f" {words}")
    return t


class BeliefsGrid(Static):
    """The grid of the decision shown, redrawn to the width it is given."""

    DEFAULT_CSS = """
    BeliefsGrid { height: auto; width: 1fr; }
    """

    def __init__(self, style: str, name: Callable[[Place], str], **kw: object) -> None:
        super().__init__("", **kw)  # type: ignore[arg-type]
        self.card_style = style
        self.place_name = name
        self.decision: DecisionBeliefs | None = None

    def show(self, d: DecisionBeliefs | None) -> None:
        self.decision = d
        self.draw()

    def draw(self) -> None:
        if self.decision is None:
            self.update("")
            return
        width = self.content_size.width or self.app.size.width
        lines = grid_lines(self.decision, self.card_style, self.place_name, width)
        self.update(Text("\n").join(lines))

    def on_resize(self) -> None:
        self.draw()
