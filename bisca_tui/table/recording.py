"""What a match at the table leaves on paper: its game record with the actions taken back,
the table section beside it (seats and settings), its entry in the game history, and a
session rebuilt from a saved record and table section.

``Saving`` is a part of ``Session`` (``session.py``): its methods read the session's match,
people and settings.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from ..engine.match import Match
from ..engine.records import Record, Undo, record_of_match, replay_record
from ..lang import _
from .seats import SeatSpec, seats_from_json
from .settings import ALL_CARD_STYLES, DEFAULT_SPEED

if TYPE_CHECKING:
    from ..history.entry import MatchEntry
    from .session import Session


class Saving:
    """The saving and resuming part of a ``Session``."""

    match: Match
    people: list[SeatSpec]
    undone: dict[int, list[Undo]]
    card_setting: str
    speed: str
    hide_points: bool
    hints: bool
    history_id: str
    started: str
    history_seq: int

    @classmethod
    def from_saved(cls, record: Record, table: dict[str, Any]) -> Session:
        """Rebuild a match from its record; ``table`` holds the seats and settings."""
        match = replay_record(record)
        seats = seats_from_json(table.get("seats"), len(record.players), record.players)
        hide_points = table.get("hide_points", False)  # older saves: points shown
        if not isinstance(hide_points, bool):
            raise ValueError(_("{field} must be true or false").format(field="table.hide_points"))
        hints = table.get("hints", True)  # older saves: hints allowed
        if not isinstance(hints, bool):
            raise ValueError(_("{field} must be true or false").format(field="table.hints"))
        style = str(table.get("card_style", "symbols"))
        session = cls(match, seats, style, str(table.get("speed", DEFAULT_SPEED)), hide_points,
                      hints)
        if style not in ALL_CARD_STYLES:  # said, not silently changed
            session.card_setting = "symbols"
            session.bot_problems.append(
                _("the saved card style {style} is unknown: cards are drawn in the game's own "
                  "pack").format(style=repr(style[:40])))
        session.undone = {i: list(d.undone) for i, d in enumerate(record.deals) if d.undone}
        history_id, started = table.get("history_id"), table.get("started")
        if isinstance(history_id, str) and history_id.isalnum() and len(history_id) <= 64:
            session.history_id = history_id
        if isinstance(started, str) and len(started) <= 40:
            session.started = started
        if match.is_over():
            raise ValueError(_("the saved match is already over"))
        if match.current is not None and match.current.is_over():
            match.finish_deal()
            if not match.is_over():
                match.new_deal()
        return session

    def record(self) -> Record:
        record = record_of_match(self.match, [s.name for s in self.people])
        for i, undone in self.undone.items():
            if i < len(record.deals):
                record.deals[i].undone = list(undone)
        return record

    def history_entry(self) -> MatchEntry:
        """The match as the game history keeps it: its finished deals, and the players'
        results once it is over."""
        from ..history.entry import match_entry

        ended = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        record = json.dumps(self.record().to_json(), ensure_ascii=False)
        self.history_seq += 1
        return match_entry(self.match, self.people, record, self.history_id, self.started,
                           ended)

    def save_text(self) -> str:
        """The match as a game record."""
        return self.record().dumps()

    def table_text(self) -> str:
        """Who sits where and the table's settings, kept beside the record."""
        data = {
            "seats": [asdict(s) for s in self.people],
            "card_style": self.card_setting,
            "speed": self.speed,
            "hide_points": self.hide_points,
            "history_id": self.history_id,
            "started": self.started,
            "hints": self.hints,
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
