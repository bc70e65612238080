"""The table's log in words: each action as it is applied, a deal's heading, and a resumed
deal told again from its start.

Lines are ``Text`` built from plain strings (or plain strings): a player's name is never
read as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..engine import actions as A
from ..engine.narrate import CardRef, narrate
from ..engine.state import GameState
from .cardart import card_text
from .widgets.log import LOG_WIDTH, verb

if TYPE_CHECKING:
    from .session import Session


def deal_heading(s: Session) -> str:
    out = s.sitting_out()
    if out is not None:
        return f"— Deal {s.deal_number}, {out} deals and sits out —"
    who = s.name(s.state.dealer)
    return f"— Deal {s.deal_number}, {who} {verb(who, 'deal')} —"


STYLES = {"action": "", "trick": "green", "score": "bold yellow", "contract": "bold cyan",
          "reveal": "bold yellow"}


def describe(s: Session, st: GameState, seat: int, action: int, tricks_before: int,
             events_before: int, points: bool = True) -> list[str | Text]:
    """The log lines of an action just applied to ``st``, told by the engine's narrator and
    drawn with the table's cards and colours."""
    out: list[str | Text] = []
    for line in narrate(st, seat, action, tricks_before, events_before, s.name,
                        s.team_label, points):
        style = STYLES.get(line.kind, "")
        if line.kind == "action" and (action == A.PASS or A.BID <= action < A.CALL):
            style = "cyan"
        text = Text(style=style)
        for part in line.parts:
            if isinstance(part, CardRef):
                text.append_text(card_text(part.card, s.card_style))
            else:
                text.append(part)
        if line.kind == "trick" and text.cell_len > LOG_WIDTH:  # one line of the log
            text = Text(text.plain.replace(" the trick", " it"), style=style)
        out.append(text)
    return out


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
