"""Who sits at the table: a person or a bot of some level in each seat (``SeatSpec``), the
names bots and people get, and the seats read back from a saved file, where only what the
table writes is taken.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..bots.base import bot_levels
from ..lang import _, ngettext, pgettext

HUMAN = "human"
BOT = "bot"

BOT_NAMES = ("Rui", "Inês", "Tiago", "Marta", "Nuno", "Sofia", "Vasco", "Leonor")


PROGRAM_PREFIX = "cmd:"


@dataclass
class SeatSpec:
    """Who sits in a seat: a person at this keyboard or a bot of some level.

    A seat whose outside program (level ``cmd:COMMAND``) was replaced by a built-in
    stand-in keeps the program's level in ``program``, the deal where the stand-in took
    over (counted from 0) in ``stand_in_from``, and the stand-in's level in ``level``.
    """

    kind: str
    name: str
    level: str = ""
    program: str = ""
    stand_in_from: int | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def command(self) -> str | None:
        """The command line of the outside program that plays the seat, if any."""
        if self.is_human or not self.level.startswith(PROGRAM_PREFIX):
            return None
        return self.level[len(PROGRAM_PREFIX):]


def default_level() -> str:
    levels = bot_levels()
    return "medium" if "medium" in levels else levels[0]


def default_seats(n: int, level: str | None = None) -> list[SeatSpec]:
    lvl = level or default_level()
    seats = [SeatSpec(HUMAN, "You")]
    for s in range(1, n):
        seats.append(SeatSpec(BOT, BOT_NAMES[(s - 1) % len(BOT_NAMES)], lvl))
    return seats


def named_apart(seats: list[SeatSpec]) -> list[SeatSpec]:
    """The seats, with each person named when two or more share the keyboard: a person
    called "You" (the new game form's first seat) becomes "Player N", so that the log, the
    status line and the hand-over say whose turn it is."""
    if sum(p.is_human for p in seats) < 2:
        return seats
    taken = {p.name for p in seats}
    out = []
    for k, spec in enumerate(seats):
        if spec.is_human and spec.name == "You":
            name, extra = f"Player {k + 1}", 1
            while name in taken:
                extra += 1
                name = f"Player {k + 1}.{extra}"
            taken.add(name)
            spec = replace(spec, name=name)
        out.append(spec)
    return out


def dummy_name() -> str:
    """The name of a dummy hand's seat (Sueca for three), in the language in use."""
    return pgettext("seat", "Dummy")


def program_refused(name: str, allowed: bool, level: str) -> str:
    """Why a seat's outside program does not play (programs not ``allowed`` at the table, or
    this one not confirmed), and which built-in bot plays instead."""
    why = (_("its program was not confirmed") if allowed
           else _("outside programs are not allowed at this table"))
    return _("{name}: {why}; the built-in {level} bot plays its seat.").format(
        name=name, why=why, level=level)


def level_refused(name: str, error: object, level: str) -> str:
    """A bot that could not be made, and the level that plays instead."""
    return _("{name}: {error}; playing at level {level}").format(name=name, error=error,
                                                                  level=level)


def seats_from_json(raw: Any, n: int, names: list[str]) -> list[SeatSpec]:
    """Seats from a saved file; without a table section, the first seat is the person.

    Only what the table writes is taken: a person, a bot of a built-in level, an outside
    program (``cmd:COMMAND``, which the table starts only once confirmed), or a built-in
    stand-in for one. Anything else raises ``ValueError`` naming the field.
    """
    if raw is None:
        seats = default_seats(n, bot_levels()[0])
        for s, spec in enumerate(seats):
            spec.name = names[s]
        return seats
    if not isinstance(raw, list) or len(raw) != n:
        raise ValueError(ngettext("{field} must list {n} seat", "{field} must list {n} seats", n)
                         .format(field="table.seats", n=n))
    levels = bot_levels()
    seats = []
    for i, item in enumerate(raw):
        field = f"table.seats[{i}]"
        if not isinstance(item, dict) or item.get("kind") not in (HUMAN, BOT):
            raise ValueError(_("{field} must say kind {human} or {bot}").format(
                field=field, human='"human"', bot='"bot"'))
        unknown = sorted(set(item) - {"kind", "name", "level", "program", "stand_in_from"})
        if unknown:
            raise ValueError(_("{field} holds {key}, which the table never writes").format(
                field=field, key=_quoted(unknown[0])))
        name = item.get("name")
        if not isinstance(name, str) or not name:
            raise ValueError(_("{field} has no name").format(field=field))
        level = item.get("level", "")
        program = item.get("program", "")
        since = item.get("stand_in_from")
        if not isinstance(level, str):
            raise ValueError(_("{field} must be a string").format(field=f"{field}.level"))
        if item["kind"] == HUMAN:
            if level or program or since is not None:
                raise ValueError(_("{field} is a person, yet names a bot level").format(
                    field=field))
        elif not (level in levels or _is_program(level)):
            raise ValueError(_("{field} {value} is not a bot level").format(
                field=f"{field}.level", value=_quoted(level)))
        if program or since is not None:
            if not _is_program(program):
                raise ValueError(_("{field} {value} is not an outside program").format(
                    field=f"{field}.program", value=_quoted(program)))
            if level not in levels:
                raise ValueError(_("{field} {value} is not a built-in level").format(
                    field=f"{field}.level", value=_quoted(level)))
            if not isinstance(since, int) or isinstance(since, bool) or since < 0:
                raise ValueError(_("{field} must be a deal number").format(
                    field=f"{field}.stand_in_from"))
        seats.append(SeatSpec(item["kind"], name, level, program, since))
    return seats


def _is_program(level: Any) -> bool:
    return (isinstance(level, str) and level.startswith(PROGRAM_PREFIX)
            and bool(level[len(PROGRAM_PREFIX):].strip()))


def _quoted(value: Any) -> str:
    """A value from a file, quoted and cut short, for a one-line message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
