"""A hosted match kept in this player's own game history: the host sends the whole record
once the match is over (nothing of it is secret then), with what sat at each place, and it
goes into the history as a match played here would, so that ``stats`` and ``history`` show
online play too. What a host sent is checked as any record read from a file is: a record
that cannot be read, or places that do not match it, keep nothing."""

from __future__ import annotations

import json
import uuid
from typing import Any

from ..bots.base import bot_levels
from ..engine.records import record_from_json, replay_record
from ..history.entry import MatchEntry, match_entry
from ..lang import _
from ..table.seats import BOT, HUMAN, SeatSpec


def kept_entry(message: dict[str, Any], you: int | None, name: str, started: str,
               ended: str) -> MatchEntry | None:
    """The history entry of the match an ``over`` message ends: None when it carries no
    record (a match stopped before its end). ``you``: this player's place (None: watched);
    ``name``: this player's name. Raises ``ValueError`` (a ``RecordError`` among them) for
    what cannot be kept."""
    raw, kinds = message.get("record"), message.get("kinds")
    if raw is None:
        return None
    record = record_from_json(raw, _("the host's record"))
    match = replay_record(record, _("the host's record"))
    if not isinstance(kinds, list) or len(kinds) != len(record.players):
        raise ValueError(_("the host's record names {n} players but says what sat at {k} "
                           "places").format(n=len(record.players), k=_count(kinds)))
    people = []
    for place, (player, kind) in enumerate(zip(record.players, kinds, strict=True)):
        if not isinstance(kind, dict) or kind.get("kind") not in (HUMAN, BOT):
            raise ValueError(_("the host's record says nothing clear of place {place}").format(
                place=place))
        level = kind.get("level") if kind["kind"] == BOT else ""
        if kind["kind"] == BOT and level not in bot_levels():
            level = "medium"  # a level this program does not know: kept as a bot's
        people.append(SeatSpec(kind["kind"], name if place == you else player, level))
    text = json.dumps(raw, ensure_ascii=False)
    return match_entry(match, people, text, uuid.uuid4().hex, started, ended)


def _count(kinds: object) -> int:
    return len(kinds) if isinstance(kinds, list) else 0
