"""The table's log in the side panel, and the small helpers that shape its lines (and the
other one-line texts of the table): a long entry folded under itself, the first of several
wordings that fits."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

LOG_WIDTH = 23  # the text width of the log in the side panel (its scroll bar aside)
LOG_KEPT = 200  # the log lines kept (and redrawn when the table turns)


def hang(text: str | Text, width: int = LOG_WIDTH) -> str | Text:
    """A log line folded to ``width`` at spaces, the following lines indented two cells
    more than the first, so each entry reads as one."""
    line = text if isinstance(text, Text) else Text(text)
    if line.cell_len <= width:
        return text
    plain = line.plain
    indent = len(plain) - len(plain.lstrip(" ")) + 2
    pieces: list[Text] = []
    start, room = 0, width
    while len(plain) - start > room:
        cut = plain.rfind(" ", start + 1, start + room + 1)
        if cut <= start:  # one long word: cut it
            cut = start + room
        pieces.append(line[start:cut])
        start = cut + 1 if cut < len(plain) and plain[cut] == " " else cut
        room = max(8, width - indent)
    pieces.append(line[start:])
    out = pieces[0]
    for piece in pieces[1:]:
        out = out + Text("\n" + " " * indent) + piece
    return out


def fit(room: int, candidates: list[Text], style: str = "") -> Text:
    """The first text that fits ``room`` cells (the last one, cut, if none does)."""
    for text in candidates:
        if text.cell_len <= room:
            break
    else:
        text = candidates[-1]
        text.truncate(room, overflow="ellipsis")
    if style:
        text.stylize(style)
    return text


class GameLog(RichLog):
    """What happened, one entry per action, folded to the panel's width. Its entries are
    plain text (never markup): they carry players' names."""

    def __init__(self) -> None:
        super().__init__(id="log", wrap=True, markup=False, max_lines=LOG_KEPT, min_width=10)

    def add(self, line: str | Text) -> None:
        self.write(hang(line if isinstance(line, Text) else Text(line)))
