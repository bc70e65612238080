"""The side panel: the game, trumps, the pente (scoring comb), points, signals, the log."""

from __future__ import annotations

from rich.text import Text

from .common import Panel

PENTE_MAX = 10  # a match to more games than this shows its score as numbers, not a comb


def pente_lines(lines: int, above: int, below: int, width: int = 24,
                colours: tuple[str, str] = ("cyan", "magenta")) -> list[Text]:
    """The comb: a horizontal line crossed by ``lines`` vertical lines; one dot above per
    game the upper side won and one below per game the lower side won (in ``colours``)."""
    gap = 3 if lines * 3 + 1 <= width else 2
    seg = "─" * (gap - 1)

    def marks(count: int, colour: str) -> Text:
        t = Text(" " * (gap - 1))
        for i in range(lines):
            if i < count:
                t.append("●", style=f"bold {colour}")
            else:
                t.append("│", style="bright_black")
            t.append(" " * (gap - 1))
        if count > lines:
            t.append(f"+{count - lines}", style=f"bold {colour}")
        return t

    middle = Text(seg + (seg.join("┼" for _ in range(lines))) + seg, style="bold")
    return [marks(above, colours[0]), middle, marks(below, colours[1])]


class PenteView(Panel):
    """The match score drawn as a pente."""

    def show(self, lines: int, above: int, below: int, upper: str, lower: str,
             target: int, colours: tuple[str, str] = ("cyan", "magenta")) -> None:
        comb = pente_lines(lines, above, below, colours=colours)
        head = Text(f"Match, first to {target}", style="bold")
        width = max(c.cell_len for c in comb)
        if width + 2 + max(len(upper), len(lower)) + 3 <= 25:
            comb[0].append(f"  {upper} {above}", style=f"bold {colours[0]}")
            comb[2].append(f"  {lower} {below}", style=f"bold {colours[1]}")
        else:
            head.append("\n")
            head.append(f"{upper} {above}", style=f"bold {colours[0]}")
            head.append(" · ")
            head.append(f"{lower} {below}", style=f"bold {colours[1]}")
        self.set(Text("\n").join([head, *comb]))

    def show_totals(self, heading: str, totals: list[tuple[str, int, str]]) -> None:
        """The match score as numbers (label, score, colour), for long matches and for
        players who each keep their own score."""
        head = Text(heading, style="bold")
        parts = [Text(f"{label} {score}", style=f"bold {colour}")
                 for label, score, colour in totals]
        lines: list[Text] = []
        for part in parts:  # as many to a line as fit the panel
            if lines and lines[-1].cell_len + 3 + part.cell_len <= 25:
                lines[-1].append("   ")
                lines[-1].append_text(part)
            else:
                lines.append(part)
        self.set(Text("\n").join([head, *lines]))
