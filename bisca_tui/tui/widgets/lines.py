"""Text laid out in the few cells a panel has: parts packed into lines without breaking one
(``pack_lines``, with ``Choice`` and ``Breakable`` parts), the cards known in a hand in
short (``known_cards``) and the last trick in one line (``last_trick_line``). No widgets:
the seat panels, the side panel and the captions use them.
"""

from __future__ import annotations

from rich.text import Text

from ...lang import pgettext
from ..cardart import card_label, card_text, suit_colour, suit_glyph


class Choice:
    """Texts of one part of a seat, longest first: the first that fits is shown."""

    def __init__(self, *texts: Text) -> None:
        self.texts = texts


class Breakable:
    """A run of short texts (cards) kept on one line when it fits, else broken between
    them with single spaces."""

    def __init__(self, pieces: list[Text]) -> None:
        self.pieces = pieces


Part = Text | Choice | Breakable


def pack_lines(parts: list[Part], room: int, gap: int = 2,
               one_per_line: bool = False) -> list[Text]:
    """Lay the parts out in lines of ``room`` cells, never breaking a part in the middle:
    a part that does not fit what is left of a line starts the next one."""
    lines: list[Text] = []

    def fits(piece: Text, sep: int) -> bool:
        return bool(lines) and not one_per_line and (
            lines[-1].cell_len + sep + piece.cell_len <= room)

    def place(piece: Text, sep: int, new_line: bool = False) -> None:
        if lines and not new_line and lines[-1].cell_len + sep + piece.cell_len <= room:
            lines[-1].append(" " * sep)
            lines[-1].append_text(piece)
        else:
            lines.append(piece.copy())

    for part in parts:
        if isinstance(part, Text):
            place(part, gap, one_per_line)
        elif isinstance(part, Choice):
            chosen = next((t for t in part.texts if fits(t, gap)), None)
            if chosen is not None:
                place(chosen, gap)
            else:  # a line of its own: the longest text that fits one
                whole = next((t for t in part.texts if t.cell_len <= room), part.texts[-1])
                place(whole, gap, True)
        else:
            whole = Text(" ").join(part.pieces)
            if fits(whole, gap) or whole.cell_len <= room:
                place(whole, gap, one_per_line)
                continue
            for i, piece in enumerate(part.pieces):
                place(piece, gap if i == 0 else 1, one_per_line and i == 0)
    return lines or [Text()]


def known_cards(cards: tuple[int, ...], style: str, suit_order: tuple[int, ...],
                strength: tuple[int, ...]) -> list[Text]:
    """Cards known to be in a hand, short: one by one (``7♦ A♣``) when few, by suit
    (``A7K♠ Q3♥``) when many, strongest first."""
    if len(cards) <= 3 or not strength:
        return [card_text(c, style) for c in cards]
    groups = []
    for suit in suit_order:
        in_suit = sorted((c for c in cards if (c % 40) // 10 == suit),
                         key=lambda c: -strength[c])
        if in_suit:
            labels = [card_label(c, style)[:-1] for c in in_suit]
            # two-digit ranks (Spanish 10-12) would run together: keep them apart
            ranks = (" " if any(len(x) > 1 for x in labels) else "").join(labels)
            groups.append(Text(ranks + suit_glyph(suit, style),
                               style=f"{suit_colour(suit, style)} bold".strip()))
    return groups


def last_trick_heads() -> tuple[str, str]:
    """The caption's words before the last trick's cards, long and short."""
    # translators: the caption under the table before the cards of the last trick
    return (pgettext("caption", "Last trick:") + " ",
            # translators: the same, shorter where room is short
            pgettext("caption", "Last:") + " ")


def last_trick_line(cards: list[Text], who: str, points: int, room: int,
                    keys: bool = True) -> Text:
    """The last trick in one line of ``room`` cells: its cards in playing order, who took
    it and the points, shortened as room runs out but never with the cards run together
    (``5♠4♣Q♠`` reads as one word): the words go before a card's space does. ``keys``
    False leaves out the key that shows the trick again.

    Meant for the caption under the trick (``widgets/captions.py``,
    ``last_trick_caption``), whose list of candidates ends in cards without spaces.
    """
    grey = "bright_black"
    spaced = Text(" ").join(cards)

    def line(head: str, tail: str) -> Text:
        return Text(head, style=grey) + spaced + Text(tail, style=grey)

    took = f"{who} +{points}"
    long, short = last_trick_heads()
    candidates = [
        *([line(long, f" → {took}  (l)"), line(short, f" → {took}  (l)")]
          if keys else [line(long, f" → {took}")]),
        line(short, f" → {took}"),
        line(short, f" {took}"),
        line("", f" → {took}"),
        line("", f" {took}"),
        line("", f" +{points}"),
        line("", ""),
    ]
    for text in candidates:
        if text.cell_len <= room:
            return text
    # fewer cards than the trick had: the last ones played, still spaced
    shown = list(cards)
    while len(shown) > 1 and Text(" ").join([Text("…"), *shown]).cell_len > room:
        shown.pop(0)
    return Text(" ").join([Text("…", style=grey), *shown])
