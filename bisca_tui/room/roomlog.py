"""The room's log: each thing that happens in the room in a line (or JSON with ``--json``),
what happens at each table prefixed with its number, as a lone host's log says it."""

from __future__ import annotations

from typing import Any

from ..engine.spoken import game_name
from ..engine.variant import make_variant
from ..lang import _
from ..net.hostlog import HostLog, event_text


def named(game: str) -> str:
    """A game's name, as the players know it, from its id."""
    try:
        return game_name(make_variant(game))
    except (ValueError, KeyError):
        return game


def room_text(kind: str, f: dict[str, Any]) -> str | None:
    """One event of the room in a sentence (None: one the log does not show)."""
    if kind.startswith("table "):
        text = event_text(kind.removeprefix("table "), f)
        return None if text is None else _("Table {n}: {event}").format(n=f["table"],
                                                                        event=text)
    if kind == "came":
        if f.get("guest"):
            return _("{name} came into the room as a guest (from {address})").format(
                name=f["name"], address=f["peer"])
        return _("{name} came into the room (from {address})").format(
            name=f["name"], address=f["peer"])
    if kind == "went":
        return _("{name} left the room").format(name=f["name"])
    if kind == "named":
        return _("A new player took the name {name}").format(name=f["name"])
    if kind == "opened":
        text = _("{name} opened table {n} ({game})").format(
            name=f["opener"], n=f["table"], game=named(f["game"]))
        marks = [m for m, on in ((_("rated"), f.get("rated")),
                                 (_("private"), f.get("private"))) if on]
        return text + (f", {', '.join(marks)}" if marks else "")
    if kind == "matched":
        return _("Quick match at table {n} ({game}): {people}").format(
            n=f["table"], game=named(f["game"]), people=", ".join(f["people"]))
    if kind == "rated":
        return _("Table {n} rated: {ratings}").format(n=f["table"], ratings=", ".join(
            f"{name} {shown:.1f}" for name, shown in f["ratings"].items()))
    if kind == "bus lost":
        return _("The room's other processes cannot be reached ({reason}): this one goes on "
                 "with its own people and tables, and tries again").format(reason=f["reason"])
    if kind == "bus back":
        return _("The room's other processes can be reached again: this one's people and "
                 "tables are shared with them once more")
    if kind == "process gone":
        return _("Another process of the room is gone: {process} ({address})"
                 ).format(process=f["process"], address=f["address"] or "?")
    if kind == "closed":
        return _("Table {n} closed: {why}").format(n=f["table"], why=f["why"])
    return event_text(kind, f)


class RoomLog(HostLog):
    def __call__(self, kind: str, fields: dict[str, Any]) -> None:
        self.line(kind, fields, room_text(kind, fields))
