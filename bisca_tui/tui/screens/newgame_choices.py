"""The new game form's choices: the kinds of seat and a line about each bot level, the
game list and its entries, and the check of the remembered form (what the settings file
brings back is refused field by field when the form never writes it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList

from ...bots.base import bot_levels, make_bot
from ...engine.spoken import rule_name
from ...engine.variant import HouseRule, make_variant
from ...lang import N_, _
from ...table.session import HUMAN
from ..translated import Translated
from ..words import level_name, player_name  # noqa: F401 (the form imports it here)

if TYPE_CHECKING:
    from ..app import BiscaApp

CMD = "cmd"
CHOSEN = "▶ "  # the game chosen, marked by more than colour
MEMORY = "new_game"  # the settings' key for the last form
MEMORY_SEATS = "seats"


def rule_title(rule: HouseRule) -> str:
    if rule.name == "match":
        return _("Match length")
    name = rule_name(rule)
    return name[:1].upper() + name[1:]


# One short sentence per level, to fit one line of the form at 80 columns; the bots' own
# descriptions say more (they are shown for levels not listed here).
LEVEL_LINES = {
    "random": N_("Plays any legal card at random."),
    "easy": N_("Simple rules; slips now and then."),
    "medium": N_("Counts cards, helps its partner."),
    "hard": N_("Tries each card on guessed deals."),
    CMD: N_("Your own program (bot protocol)."),
    HUMAN: N_("Another person at this keyboard."),
}
# in games without partners (two players, three each for themselves)
LEVEL_LINES_ALONE = {"medium": N_("Counts the trumps and high cards out.")}
HONEST = N_("No bot ever sees a hidden card.")


def level_description(level: str, partners: bool = True) -> str:
    """A one-line sentence about a bot level (``cmd`` for an external program), for a game
    with or without partners."""
    key = CMD if level.startswith(CMD) else level
    if not partners and key in LEVEL_LINES_ALONE:
        return _(LEVEL_LINES_ALONE[key])
    if key in LEVEL_LINES:
        return _(LEVEL_LINES[key])
    try:
        text = make_bot(level, 0).description
    except Exception as e:  # a broken level is shown, not fatal
        return _("(unavailable: {error})").format(error=e)
    return " ".join(text.split())


class GameList(Translated, OptionList):
    """The games; Enter starts the one highlighted (a click only chooses it)."""

    BINDINGS = [Binding("enter", "screen.start", N_("Start"))]


def has_partners(vid: str, players: int) -> bool:
    """Whether someone plays with a partner: fixed sides, or one called each deal."""
    v = make_variant(vid, players=players)
    return v.n_teams < v.n or not v.teams_shown


def game_prompt(name: str, description: str, chosen: bool) -> Text:
    t = Text()
    t.append(CHOSEN if chosen else "  ", style="bold")
    t.append(name, style="bold")
    # translators: after the name of the game chosen in the new game form
    t.append(" " + _("(chosen)") if chosen else "", style="italic")
    t.append(f"\n{description}")
    return t


def remembered_form(app: BiscaApp) -> dict[str, Any]:
    """The last form, as kept in the settings (anything malformed is left out)."""
    mem = app.prefs.get(MEMORY)
    return mem if isinstance(mem, dict) else {}


def seat_kinds(programs: bool = True) -> list[tuple[str, str]]:
    """The choices for a seat other than the first: (label, value)."""
    kinds = [(_("Bot: {level}").format(level=level_name(lvl)), f"bot:{lvl}")
             for lvl in bot_levels()]
    if programs:
        kinds.append((_("External program"), CMD))
    kinds.append((_("Person at this keyboard"), HUMAN))
    return kinds


def refuse_unknown_seats(memory: dict[str, Any], programs: bool) -> list[str]:
    """Drop from the remembered form's seats each field the form never writes (an unknown
    kind, a command that is not text; a program when ``programs`` is False); returns what
    was refused, one line each, naming the field. A command is only ever shown in the
    form (and kept for a table that allows programs): starting it takes the person's yes."""
    seats = memory.get(MEMORY_SEATS)
    if seats is None:
        return []
    if not isinstance(seats, list):
        memory.pop(MEMORY_SEATS)
        return [_("{field} is not a list of seats").format(field=f"{MEMORY}.{MEMORY_SEATS}")]
    kinds = {value for _label, value in seat_kinds()}
    out = []
    for s, seat in enumerate(seats):
        field = f"{MEMORY}.{MEMORY_SEATS}[{s}]"
        if not isinstance(seat, dict):
            seats[s] = {}
            out.append(_("{field} is not a seat").format(field=field))
            continue
        for key in sorted(set(seat) - {"name", "kind", "command"}):
            seat.pop(key)
            out.append(_("{field} is not a field of a seat").format(field=f"{field}.{key}"))
        name = seat.get("name")
        if name is not None and not isinstance(name, str):
            seat.pop("name")
            out.append(_("{field} is not text").format(field=f"{field}.name"))
        kind = seat.get("kind")
        if kind is not None and kind not in kinds:
            seat.pop("kind")
            out.append(_("{field} {value} is not a kind of seat").format(
                field=f"{field}.kind", value=repr(str(kind)[:40])))
        elif kind == CMD and not programs:
            seat.pop("kind")
            out.append(_("{field} names an outside program: outside programs are not allowed "
                         "at this table").format(field=f"{field}.kind"))
        command = seat.get("command")
        if command is not None and not isinstance(command, str):
            seat.pop("command")
            out.append(_("{field} is not text").format(field=f"{field}.command"))
    return out
