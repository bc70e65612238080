"""The table's log in words: each action as it is applied, a deal's heading, and a resumed
deal told again from its start.

Lines are ``Text`` built from plain strings (or plain strings): a player's name is never
read as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..engine import actions as A
from ..engine.state import GameState
from .cardart import card_text
from .contract import bid_lines, called_play_line
from .widgets.log import LOG_WIDTH, verb

if TYPE_CHECKING:
    from .session import Session


def deal_heading(s: Session) -> str:
    out = s.sitting_out()
    if out is not None:
        return f"— Deal {s.deal_number}, {out} deals and sits out —"
    who = s.name(s.state.dealer)
    return f"— Deal {s.deal_number}, {who} {verb(who, 'deal')} —"


def describe(s: Session, st: GameState, seat: int, action: int, tricks_before: int,
             events_before: int) -> list[str | Text]:
    """The log lines of an action just applied to ``st``."""
    name = s.name(seat)
    style = s.card_style
    lines: list[str | Text] = []
    if A.is_play(action):
        line = Text(f"{name} {verb(name, 'play')} ")
        line.append_text(card_text(action, style))
        lines.append(line)
        called = called_play_line(s, st, seat, action)
        if called is not None:
            lines.append(called)
    elif action == A.CUT:
        line = Text(f"{name} {verb(name, 'cut')}; the indicator is ")
        if st.indicator is not None:
            line.append_text(card_text(st.indicator, style))
        lines.append(line)
    elif action == A.KNOCK:
        lines.append(f"{name} {verb(name, 'knock')}: hearts are trumps")
    elif action == A.PASS or A.BID <= action < A.TRUMP:
        lines.extend(bid_lines(s, st, seat, action))
    elif action == A.EXCHANGE and st.exchanged is not None:
        _, gave, took = st.exchanged
        line = Text(f"{name} {verb(name, 'exchange')} ")
        line.append_text(card_text(gave, style))
        line.append(" for ")
        line.append_text(card_text(took, style))
        lines.append(line)
    if len(st.tricks) > tricks_before:
        t = st.tricks[-1]
        who = s.name(t.winner)
        takes = verb(who, "take")
        text = f"  {who} {takes} the trick (+{t.points})"
        if len(text) > LOG_WIDTH:  # one line of the log if it can
            text = f"  {who} {takes} it (+{t.points})"
        lines.append(Text(text, style="green"))
    for e in st.score_events[events_before:]:
        lines.append(Text(f"  {s.team_label(e.team)} +{e.points}: {e.reason}",
                          style="bold yellow"))
    return lines


def deal_so_far(s: Session) -> list[str | Text]:
    """The log of the current deal's actions, replayed from its start (on resuming)."""
    st = s.state
    if not st.history:
        return []
    try:
        replay = GameState(st.variant, st.dealer, st.seed, st.layout_given,
                           match_points=st.match_points, target=st.target)
        if "_ties_before" in st.extra:
            replay.extra["_ties_before"] = st.extra["_ties_before"]
        lines: list[str | Text] = []
        for action in st.history:
            seat = replay.current
            tricks, events = len(replay.tricks), len(replay.score_events)
            replay.apply(action)
            if seat is not None:
                lines.extend(describe(s, replay, seat, action, tricks, events))
    except Exception:  # the log is a courtesy: never let it stop the table
        return []
    return lines
