"""The middle of the table drawn as ``rich.text.Text`` lines (5 lines, 11 cells): the stock
laid crosswise on the face-up trump indicator (``stock_lines``), or, in a game without a
stock, the turned trump card and the trump suit (``trump_lines``). Cards are drawn by
``cardart``.
"""

from __future__ import annotations

from rich.text import Text

from ..lang import pgettext
from .cardart import (
    SMALL,
    SYMBOLS,
    _back_styles,
    card_lines,
    muted,
    rank_glyph,
    suit_glyph,
    suit_style,
)


def stock_lines(stock_count: int, indicator: int | None, trump: int | None, knocked: bool,
                style: str = SYMBOLS) -> list[Text]:
    """The stock laid crosswise on the face-up trump indicator (5 lines, 11 cells).

    The indicator's top corner, rank and suit, stays readable above the stock. With only the
    indicator left it is drawn whole; after a knock (no indicator) the stock carries a clear
    mark that hearts are trumps.
    """
    frame = _back_styles()[0]
    width = 11
    count = f" {stock_count} "
    if trump is None:  # before the cut or knock: the whole pack, face down
        # translators: the face-down pack before the cut, in a box 9 letters wide
        body = _stock_box(width, f" {pgettext('stock', 'pack')} "[:width - 2], frame)
        return [Text(" " * width), Text(" " * width)] + body
    if indicator is not None and stock_count > 1:
        suit = (indicator % 40) // 10
        top = Text("  ╭─────╮  ")
        mid = Text("  │")
        mid.append(f"{rank_glyph(indicator, style)} {suit_glyph(suit, style)}".ljust(5),
                   style=suit_style(suit, style))
        mid.append("│  ")
        body = _stock_box(width, count, frame, joints=True)
        return [top, mid] + body
    if indicator is not None:  # only the indicator is left to draw
        lines = card_lines(indicator, SMALL, style)
        pad = " " * ((width - SMALL.width) // 2)
        out = [Text(pad) + ln + Text(" " * (width - SMALL.width - len(pad))) for ln in lines]
        return out + [Text(pgettext("stock", "last card").center(width), style=muted())]
    out = _stock_box(width, count, frame) if stock_count else [
        Text(" " * width), Text(pgettext("stock", "no stock").center(width), style=muted()),
        Text(" " * width)]
    if trump is not None:
        glyph = suit_glyph(trump, style)
        colour = suit_style(trump, style)
        if knocked:
            out.append(Text(pgettext("stock", "{suit} trumps").format(suit=glyph).center(width),
                            style=colour + " reverse"))
            out.append(Text(pgettext("stock", "(knock)").center(width), style=colour))
        else:
            out.append(Text(trumps(glyph).center(width), style=colour))
            out.append(Text(" " * width))
    return out


def trumps(glyph: str) -> str:
    """The trump suit's line under the stock: ``trumps ♥``."""
    # translators: under the stock, the trump suit's symbol ({suit}) after or before the word
    return pgettext("stock", "trumps {suit}").format(suit=glyph)


def _stock_box(width: int, count: str, frame: str, joints: bool = False) -> list[Text]:
    inner = width - 2
    fill = _back_styles()[1]
    if joints:
        top = Text("╭─┴─────┴─╮", style=frame)
    else:
        top = Text("╭" + "─" * inner + "╮", style=frame)
    left = (inner - len(count)) // 2
    mid = Text("│", style=frame)
    mid.append("░" * left, style=fill)
    mid.append(count, style="bold")
    mid.append("░" * (inner - left - len(count)), style=fill)
    mid.append("│", style=frame)
    return [top, mid, Text("╰" + "─" * inner + "╯", style=frame)]


def trump_lines(trump: int | None, turned: int | None, note: Text | None = None,
                style: str = SYMBOLS) -> list[Text]:
    """The middle of the table in a game without a stock (5 lines, 11 cells): the turned
    trump card while its holder keeps it, then the trump suit with a note under it."""
    width = 11
    if trump is None:  # "trumps / not yet", and a line apart the phase's word: the two
        # never read as one phrase ("briscola / non ancora / asta")
        out = [Text(pgettext("stock", "trumps").center(width), style=muted()),
               Text(pgettext("stock", "not yet").center(width), style=muted()),
               Text(" " * width)]
    elif turned is not None:
        pad = " " * ((width - SMALL.width) // 2)
        rest = " " * (width - SMALL.width - len(pad))
        out = [Text(pad) + ln + Text(rest) for ln in card_lines(turned, SMALL, style)]
        glyph = suit_glyph(trump, style)
        out.append(Text(trumps(glyph).center(width), style=suit_style(trump, style)))
        return out
    else:
        glyph = suit_glyph(trump, style)
        colour = suit_style(trump, style)
        out = [Text(" " * width), Text(trumps(glyph).center(width), style=colour)]
    if note is not None:
        line = note.copy()
        line.truncate(width)
        pad = (width - line.cell_len) // 2
        out.append(Text(" " * pad) + line + Text(" " * (width - pad - line.cell_len)))
    while len(out) < 5:
        out.append(Text(" " * width))
    return out
