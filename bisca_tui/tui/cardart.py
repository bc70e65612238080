"""Cards drawn as small boxes (``╭─╮│╰╯``), rank and suit in the corners.

Everything here returns ``rich.text.Text`` lines, so widgets only stack them. Colours are
the sixteen ANSI names (``red``, ``yellow``, ``bright_black``...) so a 16-colour terminal
shows them faithfully. A letters style (``7H``) replaces the suit symbols for terminals or
fonts that draw ``♠♥♦♣`` badly.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from ..engine.cards import RANKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS
from .settings import CARD_STYLES, LETTERS, SYMBOLS  # noqa: F401 (the widgets import them here)

RED_SUITS = (1, 2)  # hearts, diamonds


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

# How a card is shown: its role decides the colours of the frame and face.
NORMAL = "normal"
PLAYABLE = "playable"
UNPLAYABLE = "unplayable"
SELECTED = "selected"
WINNER = "winner"
SELECTED_UNPLAYABLE = "selected-unplayable"

FRAME_STYLE = {
    NORMAL: "",
    PLAYABLE: "bold",
    UNPLAYABLE: "bright_black",
    SELECTED: "bold yellow",
    WINNER: "bold green",
    SELECTED_UNPLAYABLE: "yellow",
}


def suit_glyph(suit: int, style: str) -> str:
    letter = SUITS[suit]
    return SUIT_SYMBOLS[letter] if style == SYMBOLS else letter


def rank_glyph(card: int) -> str:
    return RANKS[card % 10]


def card_label(card: int, style: str = SYMBOLS) -> str:
    """The card in two characters: ``7♥`` (or ``7H`` in the letters style)."""
    return rank_glyph(card) + suit_glyph((card % 40) // 10, style)


def suit_colour(suit: int) -> str:
    return "red" if suit in RED_SUITS else ""


def card_text(card: int, style: str = SYMBOLS, extra: str = "") -> Text:
    """The card as coloured inline text, for logs and status lines."""
    suit = (card % 40) // 10
    return Text(card_label(card, style), style=f"{suit_colour(suit)} bold {extra}".strip())


def suit_text(suit: int, style: str = SYMBOLS, with_name: bool = True) -> Text:
    glyph = suit_glyph(suit, style)
    label = f"{glyph} {SUIT_NAMES[SUITS[suit]]}" if with_name else glyph
    return Text(label, style=f"{suit_colour(suit)} bold".strip())


def _top(width: int, number: str, frame: str) -> Text:
    inner = width - 2
    if number:
        left = (inner - len(number)) // 2
        right = inner - left - len(number)
        t = Text("╭" + "─" * left, style=frame)
        t.append(number, style="bold reverse" if "yellow" in frame else "bold")
        t.append("─" * right + "╮", style=frame)
        return t
    return Text("╭" + "─" * inner + "╮", style=frame)


def _bottom(width: int, frame: str) -> Text:
    return Text("╰" + "─" * (width - 2) + "╯", style=frame)


def _row(width: int, content: list[tuple[int, str]], frame: str, face: str) -> Text:
    """A face row: ``content`` places glyphs at columns inside the frame."""
    inner = [" "] * (width - 2)
    for col, glyph in content:
        inner[col] = glyph
    t = Text("│", style=frame)
    t.append("".join(inner), style=face)
    t.append("│", style=frame)
    return t


def card_lines(card: int, size: CardSize = SMALL, style: str = SYMBOLS, role: str = NORMAL,
               number: str = "") -> list[Text]:
    """A face-up card, ``size.height`` lines of ``size.width`` cells."""
    frame = FRAME_STYLE.get(role, "")
    suit = (card % 40) // 10
    dim = role in (UNPLAYABLE, SELECTED_UNPLAYABLE)
    face = "bright_black" if dim else f"{suit_colour(suit)} bold".strip()
    r, s = rank_glyph(card), suit_glyph(suit, style)
    w = size.width
    if size is MINI:
        return [_top(w, number if len(number) <= 2 else "", frame),
                _row(w, [(0, r), (1, s)], frame, face), _bottom(w, frame)]
    lines = [_top(w, number, frame)]
    inner = w - 2
    if size is SMALL:
        lines.append(_row(w, [(0, r)], frame, face))
        lines.append(_row(w, [(inner - 1, s)], frame, face))
    elif size is MEDIUM:
        lines.append(_row(w, [(0, r)], frame, face))
        lines.append(_row(w, [(inner // 2, s)], frame, face))
        lines.append(_row(w, [(inner - 1, r)], frame, face))
    else:
        lines.append(_row(w, [(0, r)], frame, face))
        lines.append(_row(w, [(0, s)], frame, face))
        lines.append(_row(w, [(inner // 2, s)], frame, face))
        lines.append(_row(w, [(inner - 1, s)], frame, face))
        lines.append(_row(w, [(inner - 1, r)], frame, face))
    lines.append(_bottom(w, frame))
    return lines


def back_lines(size: CardSize = SMALL, number: str = "") -> list[Text]:
    """A face-down card."""
    frame = "blue"
    lines = [_top(size.width, number, frame)]
    for _ in range(size.height - 2):
        t = Text("│", style=frame)
        t.append("░" * (size.width - 2), style="blue")
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


def stock_lines(stock_count: int, indicator: int | None, trump: int | None, knocked: bool,
                style: str = SYMBOLS) -> list[Text]:
    """The stock laid crosswise on the face-up trump indicator (5 lines, 11 cells).

    The indicator's top corner, rank and suit, stays readable above the stock. With only the
    indicator left it is drawn whole; after a knock (no indicator) the stock carries a clear
    mark that hearts are trumps.
    """
    frame = "blue"
    width = 11
    count = f" {stock_count} "
    if trump is None:  # before the cut or knock: the whole pack, face down
        body = _stock_box(width, " pack ", frame)
        return [Text(" " * width), Text(" " * width)] + body
    if indicator is not None and stock_count > 1:
        suit = (indicator % 40) // 10
        face = f"{suit_colour(suit)} bold".strip()
        top = Text("  ╭─────╮  ")
        mid = Text("  │")
        mid.append(f"{rank_glyph(indicator)} {suit_glyph(suit, style)}".ljust(5), style=face)
        mid.append("│  ")
        body = _stock_box(width, count, frame, joints=True)
        return [top, mid] + body
    if indicator is not None:  # only the indicator is left to draw
        lines = card_lines(indicator, SMALL, style)
        pad = " " * ((width - SMALL.width) // 2)
        out = [Text(pad) + ln + Text(" " * (width - SMALL.width - len(pad))) for ln in lines]
        return out + [Text("last card".center(width), style="bright_black")]
    out = _stock_box(width, count, frame) if stock_count else [
        Text(" " * width), Text("no stock".center(width), style="bright_black"),
        Text(" " * width)]
    if trump is not None:
        glyph = suit_glyph(trump, style)
        colour = f"{suit_colour(trump)} bold".strip()
        if knocked:
            out.append(Text(f"{glyph} trumps".center(width), style=colour + " reverse"))
            out.append(Text("(knock)".center(width), style=colour))
        else:
            out.append(Text(f"trumps {glyph}".center(width), style=colour))
            out.append(Text(" " * width))
    return out


def _stock_box(width: int, count: str, frame: str, joints: bool = False) -> list[Text]:
    inner = width - 2
    if joints:
        top = Text("╭─┴─────┴─╮", style=frame)
    else:
        top = Text("╭" + "─" * inner + "╮", style=frame)
    left = (inner - len(count)) // 2
    mid = Text("│", style=frame)
    mid.append("░" * left, style="blue")
    mid.append(count, style="bold")
    mid.append("░" * (inner - left - len(count)), style="blue")
    mid.append("│", style=frame)
    return [top, mid, Text("╰" + "─" * inner + "╯", style=frame)]


def trump_lines(trump: int | None, turned: int | None, note: Text | None = None,
                style: str = SYMBOLS) -> list[Text]:
    """The middle of the table in a game without a stock (5 lines, 11 cells): the turned
    trump card while its holder keeps it, then the trump suit with a note under it."""
    width = 11
    if trump is None:
        out = [Text(" " * width), Text("trumps".center(width), style="bright_black"),
               Text("not yet".center(width), style="bright_black")]
    elif turned is not None:
        pad = " " * ((width - SMALL.width) // 2)
        rest = " " * (width - SMALL.width - len(pad))
        out = [Text(pad) + ln + Text(rest) for ln in card_lines(turned, SMALL, style)]
        glyph = suit_glyph(trump, style)
        out.append(Text(f"trumps {glyph}".center(width),
                        style=f"{suit_colour(trump)} bold".strip()))
        return out
    else:
        glyph = suit_glyph(trump, style)
        colour = f"{suit_colour(trump)} bold".strip()
        out = [Text(" " * width), Text(f"trumps {glyph}".center(width), style=colour)]
    if note is not None:
        line = note.copy()
        line.truncate(width)
        pad = (width - line.cell_len) // 2
        out.append(Text(" " * pad) + line + Text(" " * (width - pad - line.cell_len)))
    while len(out) < 5:
        out.append(Text(" " * width))
    return out
