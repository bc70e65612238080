"""The room operator's console: lines typed where ``bisca-tui room`` runs, each a command
(``who``, ``tables``, ``mute NAME``, ``unmute NAME``, ``kick NAME``, ``close N``, ``help``),
answered in a line or a few. Names are matched exactly as the room shows them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..lang import _
from ..net import protocol as P

if TYPE_CHECKING:
    from .room import Room


def help_text() -> str:
    return _("Commands: who, tables, mute NAME, unmute NAME, kick NAME (out of the room and "
             "its tables), close N (end table N), help")


class Console:
    def __init__(self, room: Room) -> None:
        self.room = room

    def run(self, line: str) -> str:
        """The answer to one typed line ("" for an empty one)."""
        word, _sep, rest = line.strip().partition(" ")
        rest = rest.strip()
        room = self.room
        if not word:
            return ""
        if word == "who":
            people = room.board.people()["people"]
            if not people:
                return _("Nobody is in the lobby.")
            return "\n".join(
                f"{p['name']}{' (' + _('guest') + ')' if p['guest'] else ''}"
                + (f"  {_('at table {n}').format(n=p['table'])}" if p["table"] else "")
                for p in people)
        if word == "tables":
            elsewhere = room.bus.tables()
            if not room.tables and not elsewhere:
                return _("No tables.")
            return "\n".join([self.table_line(n) for n in sorted(room.tables)] + [
                self.listed_line(t) for t in sorted(elsewhere, key=lambda t: t["table"])])
        if word == "kick" and rest:
            if room.kick(rest):
                return _("{name} was sent out.").format(name=rest)
            return _("Nobody called {name} is in the room.").format(name=rest)
        if word in ("mute", "unmute") and rest:
            room.mute(rest, on=word == "mute")  # also when they come in later
            return (_("{name} is muted.") if word == "mute" else
                    _("{name} may talk again.")).format(name=rest)
        if word == "close" and rest.isdigit():
            if room.close_table(int(rest), _("closed by the room's operator")):
                return _("Table {n} is closed.").format(n=rest)
            return _("There is no table {n}.").format(n=rest)
        if word == "help":
            return help_text()
        return _("Unknown command. {help}").format(help=help_text())

    def table_line(self, number: int) -> str:
        t = self.room.tables[number]
        entry = t.listing()
        seats = ", ".join(s["name"] or "-" for s in entry["seats"])
        marks = [m for m, on in ((_("rated"), t.rated), (_("private"), t.private),
                                 (_("started"), t.started)) if on]
        return f"{number}: {entry['name']} [{seats}]" + (f" ({', '.join(marks)})"
                                                          if marks else "")

    @staticmethod
    def listed_line(entry: dict[str, Any]) -> str:
        """A table another process of the room holds, as it lists it."""
        seats = ", ".join(P.clean_text(s.get("name"), P.MAX_NAME) or "-"
                          for s in entry.get("seats", ()) if isinstance(s, dict))
        marks = [m for m, on in ((_("rated"), entry.get("rated")),
                                 (_("started"), entry.get("started"))) if on]
        marks.append(_("in another process"))
        game = P.clean_text(entry.get("name"), P.MAX_NAME) or "?"
        return f"{entry['table']}: {game} [{seats}] ({', '.join(marks)})"
