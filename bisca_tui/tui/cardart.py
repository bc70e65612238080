"""Cards drawn as small boxes (``╭─╮│╰╯``), rank and suit in the corners, each game in its pack.

Everything here returns ``rich.text.Text`` lines, so widgets only stack them. A *style* string
says how faces are drawn: a pack's name (``portuguese``, ``italian``, ``spanish``: that pack's
suits, rank labels and colours), ``french`` (``♠♥♦♣`` and A 2-7 J Q K whatever the game),
``letters`` (the record notation, ``7H``, for fonts that draw the symbols badly) or
``symbols`` (the Portuguese pack, which is French-suited). ``table_style`` turns the player's
setting and a variant's pack into one of them. Every glyph takes one terminal cell.

Colours are explicit RGB values chosen so that a 16-colour terminal rounds them to the right
ANSI colour (red suits red, never magenta), and the selection is cyan, a colour no suit uses.
Under ``NO_COLOR`` no colour is used at all: faces are bold, unplayable cards dim, and the
selected card reversed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from rich.text import Text

from ..engine.cards import (
    FRENCH_PACK,
    ITALIAN_PACK,
    PORTUGUESE_PACK,
    RANKS,
    SPANISH_PACK,
    SUITS,
    Pack,
    card_str,
)
from ..table.settings import (  # noqa: F401 (the widgets import them here)
    ALL_CARD_STYLES,
    CARD_STYLE_LABELS,
    CARD_STYLES,
    FRENCH,
    LETTERS,
    PACK_STYLES,
    SYMBOLS,
    table_style,
)

RED = "#e03131"
GOLD = "#e5b800"
BLUE = "#5f87ff"
GREEN = "#4ec94e"
CYAN = "#00d7d7"  # the selection: no suit is drawn in it
MUTED = "bright_black"
BACK = "#1c44a0"  # rounds to ANSI blue; no suit uses it


@dataclass(frozen=True)
class Face:
    """How one style draws a card: its pack (names, rank labels and suit glyphs, see
    ``engine.cards.Pack``) and colours (by suit S H D C); ``letters`` draws the notation."""

    pack: Pack
    colours: tuple[str, str, str, str]
    letters: bool = False

    @property
    def glyphs(self) -> str:
        return SUITS if self.letters else self.pack.glyphs

    def rank_label(self, card: int) -> str:
        return RANKS[card % 10] if self.letters else self.pack.rank_label(card)

    def short(self, card: int) -> str:
        """The card as its face shows it (``R†``, ``12∪``; ``KD`` in letters)."""
        return card_str(card % 40) if self.letters else self.pack.short(card)


FRENCH_COLOURS = ("", RED, RED, "")
LATIN_COLOURS = (BLUE, RED, GOLD, GREEN)  # espadas/spade, copas/coppe, oros/denari, bastos/bastoni

FACES: dict[str, Face] = {
    FRENCH: Face(FRENCH_PACK, FRENCH_COLOURS),
    "portuguese": Face(PORTUGUESE_PACK, FRENCH_COLOURS),
    "italian": Face(ITALIAN_PACK, LATIN_COLOURS),
    "spanish": Face(SPANISH_PACK, LATIN_COLOURS),
    LETTERS: Face(FRENCH_PACK, FRENCH_COLOURS, letters=True),
}
FACES[SYMBOLS] = FACES["portuguese"]


def face_of(style: str) -> Face:
    return FACES.get(style, FACES[SYMBOLS])


def pack_of(style: str) -> Pack:
    """The pack whose names a style draws (the French-suited one for ``letters``)."""
    return face_of(style).pack


def no_color() -> bool:
    """Whether the terminal asked for no colour (``NO_COLOR`` set, as Textual reads it)."""
    return "NO_COLOR" in os.environ


@dataclass(frozen=True)
class CardSize:
    name: str
    width: int
    height: int


MINI = CardSize("mini", 4, 3)
SMALL = CardSize("small", 5, 4)
MEDIUM = CardSize("medium", 7, 5)
LARGE = CardSize("large", 9, 7)
SIZES = {s.name: s for s in (MINI, SMALL, MEDIUM, LARGE)}

# How a card is shown: its role decides the styles of the frame and face.
NORMAL = "normal"
PLAYABLE = "playable"
UNPLAYABLE = "unplayable"
SELECTED = "selected"
WINNER = "winner"
SELECTED_UNPLAYABLE = "selected-unplayable"

FRAME_STYLE = {
    NORMAL: "",
    PLAYABLE: "bold",
    UNPLAYABLE: MUTED,
    SELECTED: f"bold {CYAN}",
    WINNER: f"bold {GREEN}",
    SELECTED_UNPLAYABLE: CYAN,
}
# Without colour the frame only weighs; the face carries the role (see ``face_style``).
PLAIN_FRAME_STYLE = {
    NORMAL: "",
    PLAYABLE: "bold",
    UNPLAYABLE: "dim",
    SELECTED: "bold",
    WINNER: "bold",
    SELECTED_UNPLAYABLE: "dim",
}
PLAIN_FACE_STYLE = {
    NORMAL: "bold",
    PLAYABLE: "bold",
    UNPLAYABLE: "dim",
    SELECTED: "bold reverse",
    WINNER: "bold underline",
    SELECTED_UNPLAYABLE: "dim reverse",
}


def frame_style(role: str) -> str:
    return (PLAIN_FRAME_STYLE if no_color() else FRAME_STYLE).get(role, "")


def muted() -> str:
    """Secondary text: grey, or dim without colour."""
    return "dim" if no_color() else MUTED


def suit_glyph(suit: int, style: str = SYMBOLS) -> str:
    return face_of(style).glyphs[suit]


def rank_glyph(card: int, style: str = SYMBOLS) -> str:
    """The rank as the card's corner shows it: one cell, two for Spanish 10, 11 and 12."""
    return face_of(style).rank_label(card)


def card_label(card: int, style: str = SYMBOLS) -> str:
    """The card in two or three cells: ``7♥``, ``12●`` (``7H``, ``KD`` in the letters style)."""
    return face_of(style).short(card)


def card_words(card: int, style: str = SYMBOLS) -> str:
    """The card in words, in its pack: ``Queen of hearts``, ``Horse of coins``."""
    return face_of(style).pack.card_name(card)


def suit_name(suit: int, style: str = SYMBOLS) -> str:
    return face_of(style).pack.suit_name(suit)


def suit_colour(suit: int, style: str = SYMBOLS) -> str:
    """The suit's colour in this style ('' for the terminal's own), none under NO_COLOR."""
    return "" if no_color() else face_of(style).colours[suit]


def suit_style(suit: int, style: str = SYMBOLS, extra: str = "") -> str:
    return f"{suit_colour(suit, style)} bold {extra}".strip()


def face_style(suit: int, style: str, role: str) -> str:
    """The face of a card: suit colour and bold, grey when unplayable; without colour the
    role shows as dim, reverse (selected) or underline (the trick's winner)."""
    if no_color():
        return PLAIN_FACE_STYLE.get(role, "bold")
    if role in (UNPLAYABLE, SELECTED_UNPLAYABLE):
        return MUTED
    return suit_style(suit, style)


def card_text(card: int, style: str = SYMBOLS, extra: str = "") -> Text:
    """The card as coloured inline text, for logs and status lines."""
    suit = (card % 40) // 10
    return Text(card_label(card, style), style=suit_style(suit, style, extra))


def suit_text(suit: int, style: str = SYMBOLS, with_name: bool = True) -> Text:
    glyph = suit_glyph(suit, style)
    label = f"{glyph} {suit_name(suit, style)}" if with_name else glyph
    return Text(label, style=suit_style(suit, style))


def _top(width: int, number: str, frame: str, selected: bool = False) -> Text:
    inner = width - 2
    if number:
        left = (inner - len(number)) // 2
        right = inner - left - len(number)
        t = Text("╭" + "─" * left, style=frame)
        t.append(number, style="bold reverse" if selected else "bold")
        t.append("─" * right + "╮", style=frame)
        return t
    return Text("╭" + "─" * inner + "╮", style=frame)


def _bottom(width: int, frame: str, glyph: str = "", face: str = "") -> Text:
    """The bottom edge; ``glyph`` sits in its right-hand corner (a mini card's suit when the
    rank takes both cells of its face)."""
    if not glyph:
        return Text("╰" + "─" * (width - 2) + "╯", style=frame)
    t = Text("╰" + "─" * (width - 3), style=frame)
    t.append(glyph, style=face)
    t.append("╯", style=frame)
    return t


def _row(width: int, content: list[tuple[int, str]], frame: str, face: str) -> Text:
    """A face row: ``content`` places labels (one cell a character) at columns in the frame."""
    inner = [" "] * (width - 2)
    for col, label in content:
        for k, glyph in enumerate(label):
            inner[col + k] = glyph
    t = Text("│", style=frame)
    t.append("".join(inner), style=face)
    t.append("│", style=frame)
    return t


def card_lines(card: int, size: CardSize = SMALL, style: str = SYMBOLS, role: str = NORMAL,
               number: str = "") -> list[Text]:
    """A face-up card, ``size.height`` lines of ``size.width`` cells."""
    frame = frame_style(role)
    suit = (card % 40) // 10
    face = face_style(suit, style, role)
    selected = role in (SELECTED, SELECTED_UNPLAYABLE)
    r, s = rank_glyph(card, style), suit_glyph(suit, style)
    w = size.width
    inner = w - 2
    if size is MINI:
        top = _top(w, number if len(number) <= 2 else "", frame, selected)
        if len(r) + len(s) <= inner:
            return [top, _row(w, [(0, r), (1, s)], frame, face), _bottom(w, frame)]
        return [top, _row(w, [(0, r)], frame, face), _bottom(w, frame, s, face)]
    lines = [_top(w, number, frame, selected)]
    if size is SMALL:
        lines.append(_row(w, [(0, r)], frame, face))
        lines.append(_row(w, [(inner - 1, s)], frame, face))
    elif size is MEDIUM:
        lines.append(_row(w, [(0, r)], frame, face))
        lines.append(_row(w, [(inner // 2, s)], frame, face))
        lines.append(_row(w, [(inner - len(r), r)], frame, face))
    else:
        lines.append(_row(w, [(0, r)], frame, face))
        lines.append(_row(w, [(0, s)], frame, face))
        lines.append(_row(w, [(inner // 2, s)], frame, face))
        lines.append(_row(w, [(inner - 1, s)], frame, face))
        lines.append(_row(w, [(inner - len(r), r)], frame, face))
    lines.append(_bottom(w, frame))
    return lines


def _back_styles() -> tuple[str, str]:
    """Frame and fill of a face-down card."""
    return ("", "dim") if no_color() else (BACK, BACK)


def back_lines(size: CardSize = SMALL, number: str = "") -> list[Text]:
    """A face-down card."""
    frame, fill = _back_styles()
    lines = [_top(size.width, number, frame)]
    for _ in range(size.height - 2):
        t = Text("│", style=frame)
        t.append("░" * (size.width - 2), style=fill)
        t.append("│", style=frame)
        lines.append(t)
    lines.append(_bottom(size.width, frame))
    return lines


def blank_lines(size: CardSize) -> list[Text]:
    return [Text(" " * size.width) for _ in range(size.height)]


def join_cards(cards: list[list[Text]], gap: int = 1) -> list[Text]:
    """Place card drawings side by side."""
    if not cards:
        return []
    height = max(len(c) for c in cards)
    out = []
    for i in range(height):
        line = Text()
        for k, c in enumerate(cards):
            if k:
                line.append(" " * gap)
            if i < len(c):
                line.append_text(c[i])
            else:
                line.append(" " * c[0].cell_len)
        out.append(line)
    return out


def stack(lines: list[Text]) -> Text:
    return Text("\n").join(lines)
