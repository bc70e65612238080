"""The table's lines of words: the status line under the table (whose turn, which keys) and
the caption under the trick (the trick just taken, or the last one in one line)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text

from ...engine import actions as A
from ...engine.narrate import CardRef, fill, person, say, template
from ...engine.phases import OVER
from ..cardart import card_text
from ..contract import AUCTION, CALLING, CLAIM, CUT_OR_KNOCK, DECLARE, DISCARD
from ..screens.keys import key_name
from ..styled import drawn
from .lines import last_trick_heads, last_trick_line
from .log import fit

if TYPE_CHECKING:
    from ...engine.view import SeatView
    from ...table.seating import Seating


def status_text(s: Seating, v: SeatView, *, mine: bool, closed: bool, handing_over: bool,
                viewer: int | None) -> Text:
    """What the table waits for: a bot, the keyboard passed on, or the player's own move
    and its keys. ``mine``: the seat shown is to act and its player is at the keyboard."""
    if v.phase == OVER or closed:
        return Text(say("Prompt", "over"), style="bold")
    cur = v.current
    if cur is None:
        return Text("")
    if not mine:
        if handing_over or (s.is_human(cur) and viewer != cur):
            return Text(say("Prompt", "hand_over", seat=s.name(cur)), style="bold")
        phase = v.phase if v.phase in OWN_TURN else "lead" if not v.trick else "play"
        return Text(say("Prompt", f"wait.{phase}", seat=s.name(cur)))
    legal = v.legal
    # with one person at the keyboard, "you"; with several, each by name
    who = s.name(s.controller(v.seat)) if s.hot_seat else ""
    form = "other" if who else "you"
    if v.phase in OWN_TURN:
        return Text(OWN_TURN[v.phase](s, v, form, who), style="bold yellow")
    if s.controller(v.seat) != v.seat:  # a dummy's partner choosing its card
        form = "dummy"
    exchange = A.first_of(legal, A.Kind.EXCHANGE) is not None
    signal = any(A.is_signal(a) for a in legal)
    n = len(v.hand)
    keys = "1" if n <= 1 else f"1-{min(n, 9)}" + (", 0" if n >= 10 else "")
    form += (".lead" if not v.trick else ".play") + (".keyed" if exchange or signal else "")
    t = Text(say("Prompt", form, seat=who, keys=keys), style="bold yellow")
    if exchange and v.indicator is not None:
        t.append(" ")
        t.append_text(drawn(fill(template("Prompt", "exchange"),
                                  card=CardRef(v.indicator)), s.card_style))
    if signal:
        t.append(" " + say("Prompt", "signal"))
    return t


def trick_shown(s: Seating, v: SeatView, room: int, review: bool,
                finished: bool, points: bool = True,
                keys: bool = True) -> tuple[dict[int, int], int | None, Text]:
    """The cards on the table by seat, the seat that took them (when the trick shown is
    complete) and the caption under them: the last trick looked at again (``review``), the
    trick just taken (``finished``), else the trick in play over the last one's line.
    ``points`` False leaves out the card points a trick brought (for players who count in
    their heads); ``keys`` False leaves out the table's keys (space, l) where they do
    something else (the replay viewer)."""
    if review and v.tricks:
        t = v.tricks[-1]
        who = s.name(t.winner)
        last = say("TrickWon", "last" if points else "last.quiet", seat=who, points=t.points)
        short = say("TrickWon", "last.short" if points else "last.quiet", seat=who,
                    points=t.points)
        caption = fit(room, [Text(last + "  (l)"), Text(short)], "bold yellow")
        return dict(zip(t.seats, t.cards, strict=True)), t.winner, caption
    if finished and v.tricks and not v.trick:
        t = v.tricks[-1]
        who = s.name(t.winner)
        me = person(who)
        taken = say("TrickWon", me if points else f"{me}.quiet", seat=who, points=t.points)
        short = say("TrickWon", "caption.short" if points else f"{me}.quiet.short", seat=who,
                    points=t.points)
        wordings = [Text(f"{taken}  ({key_name('space')})")] if keys else []
        caption = fit(room, [*wordings, Text(taken), Text(short)], "green")
        return dict(zip(t.seats, t.cards, strict=True)), t.winner, caption
    # the last trick stays readable under the new one
    caption = last_trick_caption(s, v, room, points, keys) if v.tricks else Text()
    return dict(v.trick), None, caption


def last_trick_caption(s: Seating, v: SeatView, room: int, points: bool = True,
                       keys: bool = True) -> Text:
    """The last trick in one line: its cards in playing order, who took it, the points
    (unless ``points`` is False); ``keys``: with the key that shows it again (l)."""
    t = v.tricks[-1]
    who = s.name(t.winner)
    shown = [card_text(c, s.card_style, "underline" if seat == t.winner else "")
             for seat, c in zip(t.seats, t.cards, strict=True)]  # the winner underlined
    if points:  # words go before a card's space does: five cards never run together
        return last_trick_line(shown, who, t.points, room, keys)
    spaced = Text(" ").join(shown)

    def line(head: str, cards: Text, tail: str) -> Text:
        return Text(head, style="bright_black") + cards + Text(tail, style="bright_black")

    long, short = last_trick_heads()
    return fit(room, [
        line(long, spaced, f" → {who}  (l)" if keys else f" → {who}"),
        line(short, spaced, f" → {who}"),
        line("", spaced, f" {who}"),
        line("", spaced, ""),
    ])


def _discard_turn(s: Seating, v: SeatView, form: str, who: str) -> str:
    left = s.variant.monte_size - len(v.discards)
    return say("Prompt", f"{form}.{DISCARD}." + ("many" if left > 1 else "one"), seat=who,
               left=left)


def _phase_turn(s: Seating, v: SeatView, form: str, who: str) -> str:
    return say("Prompt", f"{form}.{v.phase}", seat=who)


# the status line of the person's own turn in a phase other than the play (whose line has
# the keys), by phase; the others wait with the table's ``wait.<phase>`` line
OWN_TURN: dict[str, Callable[[Seating, SeatView, str, str], str]] = {
    AUCTION: _phase_turn, CALLING: _phase_turn, DISCARD: _discard_turn, CLAIM: _phase_turn,
    DECLARE: _phase_turn, CUT_OR_KNOCK: _phase_turn,
}
