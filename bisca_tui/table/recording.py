"""What a match at the table leaves on paper: its game record with the actions taken back,
the table section beside it (seats and settings), its entry in the game history, and a
session rebuilt from a saved record and table section.

A ``Session`` holds its ``Recording`` (``session.recording``): the match's name in the game
history (kept across saves and resumes) and the texts written from the session's match,
people and settings.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from ..engine.records import Record, record_of_match, replay_record
from ..lang import _
from .seats import seats_from_json
from .settings import ALL_CARD_STYLES, DEFAULT_SPEED

if TYPE_CHECKING:
    from ..history.entry import MatchEntry
    from .session import Session


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class Recording:
    """The paper side of a session: the record and table section it is saved as, and the
    match as the game history keeps it."""

    def __init__(self, session: Session) -> None:
        self.session = session
        # the match in the game history: the same id across saves and resumes
        self.history_id = uuid.uuid4().hex
        self.started = now()
        self.history_seq = 0  # how many times it was written: a later write replaces

    def new_in_history(self) -> None:
        """From now on a match of its own in the game history (a copy of a saved match,
        which the table that saved it may go on playing: neither replaces the other's
        deals)."""
        self.history_id = uuid.uuid4().hex
        self.history_seq = 0

    def record(self) -> Record:
        s = self.session
        record = record_of_match(s.match, [p.name for p in s.people])
        for i, undone in s.undone.items():
            if i < len(record.deals):
                record.deals[i].undone = list(undone)
        return record

    def history_entry(self) -> MatchEntry:
        """The match as the game history keeps it: its finished deals, and the players'
        results once it is over."""
        from ..history.entry import match_entry

        s = self.session
        record = json.dumps(self.record().to_json(), ensure_ascii=False)
        self.history_seq += 1
        return match_entry(s.match, s.people, record, self.history_id, self.started, now())

    def save_text(self) -> str:
        """The match as a game record."""
        return self.record().dumps()

    def table_text(self) -> str:
        """Who sits where and the table's settings, kept beside the record."""
        s = self.session
        data = {
            "seats": [asdict(p) for p in s.people],
            "card_style": s.card_setting,
            "speed": s.speed,
            "hide_points": s.hide_points,
            "history_id": self.history_id,
            "started": self.started,
            "hints": s.hints,
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def from_saved(record: Record, table: dict[str, Any]) -> Session:
    """A match rebuilt from its record; ``table`` holds the seats and settings."""
    from .session import Session

    match = replay_record(record)
    seats = seats_from_json(table.get("seats"), len(record.players), record.players)
    hide_points = table.get("hide_points", False)  # older saves: points shown
    if not isinstance(hide_points, bool):
        raise ValueError(_("{field} must be true or false").format(field="table.hide_points"))
    hints = table.get("hints", True)  # older saves: hints allowed
    if not isinstance(hints, bool):
        raise ValueError(_("{field} must be true or false").format(field="table.hints"))
    style = str(table.get("card_style", "symbols"))
    session = Session(match, seats, style, str(table.get("speed", DEFAULT_SPEED)), hide_points,
                      hints)
    if style not in ALL_CARD_STYLES:  # said, not silently changed
        session.card_setting = "symbols"
        session.bot_problems.append(
            _("the saved card style {style} is unknown: cards are drawn in the game's own "
              "pack").format(style=repr(style[:40])))
    session.undone = {i: list(d.undone) for i, d in enumerate(record.deals) if d.undone}
    paper = session.recording
    history_id, started = table.get("history_id"), table.get("started")
    if isinstance(history_id, str) and history_id.isalnum() and len(history_id) <= 64:
        paper.history_id = history_id
    if isinstance(started, str) and len(started) <= 40:
        paper.started = started
    if match.is_over():
        raise ValueError(_("the saved match is already over"))
    if match.current is not None and match.current.is_over():
        match.finish_deal()
        if not match.is_over():
            match.new_deal()
    return session
