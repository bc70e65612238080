"""A review as text (a table of the decisions, the reasons for the worst ones, and a chart
of the expected result over the deal) or as a JSON-ready dict: what ``bisca-tui review``
prints.

The JSON object (``--json``) holds ``format`` ("bisca-tui-review"), ``version`` (1),
``variant`` and ``deals``, one per deal reviewed: ``deal`` (from 1), ``seat``, ``player``,
``samples``, ``lost`` (expected card points lost in all), ``result`` (``points`` the seat's
side took and ``win``: 1, 0.5 or 0; null while the deal is unfinished), ``decisions`` (each
card chosen: ``trick``, ``action`` (its number in the deal, from 1), ``played``, ``best``,
``loss``, ``win_loss``, ``mark``, ``expected``, ``best_expected``, ``win``, ``best_win``,
``method``, ``reason``, and ``options``: every legal card with its expected ``points`` and
``win``), ``others`` (the other decisions: ``action``, ``played``, ``advised``, ``reason``)
and ``curve`` (``label`` start, play or result, ``trick``, ``points``, ``win``). Cards and
actions are in record notation.
"""

from __future__ import annotations

from typing import Any

from ..engine.actions import action_str
from ..engine.cards import card_str
from ..engine.narrate import say
from ..engine.spoken import game_name
from ..engine.variant import variant_class
from ..lang import number, pgettext
from .review import Review

REPORT_FORMAT = "bisca-tui-review"
REPORT_VERSION = 1
BAR = 40  # the chart's width in characters, but for the middle mark
SPAN = 4  # the chart shows half a deal's points give or take a quarter of that (60 ± 30)


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _num(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 1e-9 else _decimal(x)


def _decimal(x: float, digits: int = 1) -> str:
    """``x`` with one decimal as the language in use writes it (rounded as ``:.1f``)."""
    return number(float(f"{x:.{digits}f}"), digits)


def _mark_word(mark: str) -> str:
    """A decision's mark in a word: ``mistake``, ``blunder`` (nothing for none)."""
    words = {"mistake": pgettext("review mark", "mistake"),
             "blunder": pgettext("review mark", "blunder")}
    return words.get(mark, mark)


def _heading() -> list[str]:
    """The head of the table of decisions, each column as wide as its heading needs."""
    return [
        pgettext("review column", "trick"),
        pgettext("review column", "played"),
        pgettext("review column", "best"),
        # translators: a column: the expected card points of the card played
        pgettext("review column", "expected"),
        # translators: a column: the chance to win the deal after the card played
        pgettext("review column", "win"),
        # translators: a column: the expected card points lost against the best card
        pgettext("review column", "points lost"),
        # translators: a column: the chance to win lost against the best card
        pgettext("review column", "wins lost"),
        # translators: a column: mistake, blunder or nothing
        pgettext("review column", "mark"),
    ]


def _widths(heads: list[str]) -> list[int]:
    return [max(w, len(h)) for w, h in zip((5, 6, 5, 8, 4, 11, 9, 0), heads, strict=True)]


def marks_line(lost: float, mistakes: int, blunders: int) -> str:
    """The expected points lost and the decisions marked, each count in its own words."""
    return say("Review", "text.lost", lost=_num(round(lost, 1)),
               mistakes=say("Review", "mistakes.many", count=mistakes),
               blunders=say("Review", "blunders.many", count=blunders))


def review_text(review: Review, names: tuple[str, ...] = (), clean: Any = str) -> str:
    """The review as lines of text; ``names`` are the signal names of the game (for
    actions in notation) and ``clean`` makes text from the file printable."""
    game = game_name(variant_class(review.variant)) if review.variant else ""
    who = (say("Review", "text.seat.named", seat=review.seat, player=clean(review.player))
           if review.player else say("Review", "text.seat", seat=review.seat))
    counts = sorted({d.samples for d in review.decisions if d.samples > 1})
    if counts:
        many = (str(counts[0]) if len(counts) == 1
                else say("Review", "text.samples", low=counts[0], high=counts[-1]))
        head = say("Review", "text.head.samples", deal=review.deal + 1, game=game, who=who,
                   samples=many)
    else:
        head = say("Review", "text.head", deal=review.deal + 1, game=game, who=who)
    lines = [head]
    if not review.decisions and not review.others:
        lines.append("  " + say("Review", "text.forced"))
        return "\n".join(lines) + "\n"
    if review.decisions:
        lines.append("")
        h = _heading()
        w = _widths(h)
        # (the heading of the points lost stands a space to the right of its figures)
        lines.append(f"  {h[0]:>{w[0]}}  {h[1]:<{w[1]}}  {h[2]:<{w[2]}}  {h[3]:>{w[3]}}  "
                     f"{h[4]:>{w[4]}}   {h[5]:>{w[5]}}  {h[6]:>{w[6]}}  {h[7]}")
        for d in review.decisions:
            lost = _num(round(d.loss, 1)) if d.loss > 0 else ""
            wins = _pct(d.win_loss) if d.win_loss >= 0.005 else ""
            best = "" if d.best == d.played else card_str(d.best)
            lines.append(f"  {d.trick:>{w[0]}}  {card_str(d.played):<{w[1]}}  {best:<{w[2]}}  "
                         f"{_decimal(d.expected):>{w[3]}}  {_pct(d.win):>{w[4]}}  "
                         f"{lost:>{w[5]}}  {wins:>{w[6]}}  {_mark_word(d.mark)}".rstrip())
        marked = review.marked
        mistakes = sum(1 for d in marked if d.mark == "mistake")
        blunders = len(marked) - mistakes
        lines.append("")
        lines.append("  " + marks_line(review.lost, mistakes, blunders))
        explained = [d for d in review.decisions if d.reason]
        if explained:
            lines.append("")
            lines.append("  " + say("Review", "text.costliest"))
            for d in sorted(explained, key=lambda d: (-d.loss, -d.win_loss, d.step)):
                lines.append("  " + say("Review", "text.costly.marked" if d.mark
                                        else "text.costly", trick=d.trick,
                                        played=card_str(d.played), mark=_mark_word(d.mark),
                                        reason=d.reason))
    if review.others:
        lines.append("")
        lines.append("  " + say("Review", "text.others"))
        for o in review.others:
            lines.append("  " + say("Review", "text.other" if o.differs else "text.other.same",
                                    played=action_str(o.played, names),
                                    advised=action_str(o.advised, names), reason=o.reason))
    curve = review.curve()
    if curve:
        lines.append("")
        half = review.total_points / 2
        lines.append("  " + say("Review", "text.chart", half=_num(half),
                                cell=_num(review.total_points / SPAN / (BAR // 2))))
        for p in curve:
            if p.label in ("start", "result"):
                label = say("Review", f"text.{p.label}")
            else:
                label = say("Review", "text.trick", trick=p.trick)
            lines.append(f"  {label:<9}{chart_bar(p.points, review.total_points)} "
                         f"{_decimal(p.points):>5}  {_pct(p.win):>4}")
    return "\n".join(lines) + "\n"


def chart_bar(points: float, total: int, width: int = BAR) -> str:
    """A bar of ``width`` cells around ``|``, half the deal's ``total`` points: filled to
    the right for more, to the left for fewer, a cell for every ``SPAN``-th of the total
    (``<`` or ``>`` at the end: beyond the chart)."""
    half = width // 2
    step = total / SPAN / half  # points per cell
    n = round((points - total / 2) / step) if step > 0 else 0
    cells = [" "] * (width + 1)
    cells[half] = "|"
    if n > 0:
        for i in range(half + 1, half + 1 + min(n, half)):
            cells[i] = "█"
        if n > half:
            cells[-1] = ">"
    elif n < 0:
        for i in range(half - 1, half - 1 - min(-n, half), -1):
            cells[i] = "█"
        if -n > half:
            cells[0] = "<"
    return "".join(cells)


def review_json(review: Review, names: tuple[str, ...] = ()) -> dict[str, Any]:
    """The review as a JSON-ready dict (actions in record notation)."""
    return {
        "deal": review.deal + 1,
        "seat": review.seat,
        "player": review.player,
        "samples": review.samples,
        "lost": round(review.lost, 2),
        "result": None if review.result_points is None else {
            "points": review.result_points, "win": review.result_win},
        "decisions": [{
            "trick": d.trick,
            "action": d.step + 1,
            "played": card_str(d.played),
            "best": card_str(d.best),
            "loss": round(d.loss, 2),
            "win_loss": round(d.win_loss, 3),
            "mark": d.mark,
            "expected": round(d.expected, 2),
            "best_expected": round(d.best_expected, 2),
            "win": round(d.win, 3),
            "best_win": round(d.best_win, 3),
            "method": d.method,
            "reason": d.reason,
            "options": [{"card": card_str(o.action), "points": round(o.points or 0.0, 2),
                         "win": round(o.win or 0.0, 3)} for o in d.options],
        } for d in review.decisions],
        "others": [{
            "action": o.step + 1,
            "played": action_str(o.played, names),
            "advised": action_str(o.advised, names),
            "reason": o.reason,
        } for o in review.others],
        "curve": [{"label": p.label, "trick": p.trick, "points": round(p.points, 2),
                   "win": round(p.win, 3)} for p in review.curve()],
    }
