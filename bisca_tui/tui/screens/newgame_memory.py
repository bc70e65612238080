"""The new game form's last choices: the number of players of each game, the seats (kind,
name, a program's command line) and each game's house rules, as the settings keep them; and
what the form shows from them for a game picked. Read and written by the form
(``newgame.py``); this module holds no widgets.

A seat is kept by its place at the table, not by game: a game with fewer seats leaves the
seats past its own as they were, and they show again in a game that has them. House rules
are kept per game (a rule of one name may offer other choices in another game).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...engine.variant import HouseRule, variant_class
from ...engine.words import YOU, shown_name
from ...lang import _
from ...table.session import BOT_NAMES, HUMAN
from ..layout import place_names
from ..words import player_name
from .newgame_choices import has_partners, level_description

__all__ = ["FormMemory", "SeatShown"]


@dataclass(frozen=True)
class SeatShown:
    """What the form shows for one seat: the label of its row, the name, and for every seat
    but the first its kind, the command line of a program and the line about the kind."""

    label: str
    name: str
    kind: str = ""
    command: str = ""
    about: str = ""


class FormMemory:
    """The remembered form (a dict as the settings keep it, checked field by field where it
    is read: anything malformed reads as the default) and what it makes the form show."""

    def __init__(self, memory: dict[str, Any] | None = None) -> None:
        self.memory: dict[str, Any] = memory if memory is not None else {}

    def players(self, vid: str) -> int:
        """The number of players last chosen for ``vid``, else the game's default."""
        cls = variant_class(vid)
        players = self.memory.get("players")
        n = players.get(vid) if isinstance(players, dict) else None
        return n if isinstance(n, int) and n in cls.players else cls.default_players

    def seat(self, s: int) -> dict[str, Any]:
        seats = self.memory.get("seats")
        if isinstance(seats, list) and s < len(seats) and isinstance(seats[s], dict):
            return seats[s]
        return {}

    def rule(self, vid: str, rule: HouseRule) -> Any:
        """The choice last made for ``rule`` in ``vid``, else its default."""
        rules = self.memory.get("rules")
        mine = rules.get(vid) if isinstance(rules, dict) else None
        if isinstance(mine, dict) and rule.name in mine:
            value = mine[rule.name]
            for choice in rule.choices:  # 1 and True are equal in Python, not here
                if choice == value and type(choice) is type(value):
                    return choice
        return rule.default

    def keep(self, vid: str, seats: Sequence[dict[str, Any]], rules: dict[str, Any]) -> None:
        """Keep what the form shows for ``vid``: its seats (one per player; the seats past
        them are left as they were) and its house rules' choices."""
        kept = list(self.memory.get("seats") or [])
        for s, seat in enumerate(seats):
            while len(kept) <= s:
                kept.append({})
            kept[s] = seat
        self.memory["seats"] = kept
        players = dict(self.memory.get("players") or {})
        players[vid] = len(seats)
        self.memory["players"] = players
        chosen = dict(self.memory.get("rules") or {})
        chosen[vid] = rules
        self.memory["rules"] = chosen

    def rules_shown(self, vid: str) -> list[tuple[HouseRule, int]]:
        """The house rules of ``vid``, each with the index of its choice."""
        return [(rule, rule.choices.index(self.rule(vid, rule)))
                for rule in variant_class(vid).house_rules]

    def seats_shown(self, vid: str, n: int, kinds: Sequence[tuple[str, str]], level: str,
                    programs: Sequence[str] = ()) -> list[SeatShown]:
        """What each of ``n`` seats of ``vid`` shows: as it was last left, else a bot of
        ``level``; a kind not among ``kinds`` (label, value) is a bot of ``level`` too, and
        where ``programs`` were named (on the command line) a command not among them is
        the first of them. Words in the language in use."""
        places = place_names(n, 0)
        kind_values = {value for _label, value in kinds}
        partners = has_partners(vid, n)
        shown = []
        for s in range(n):
            seat = self.seat(s)
            name_text = seat.get("name")
            if s == 0:
                own = shown_name(name_text if isinstance(name_text, str) and name_text
                                 else YOU)
                shown.append(SeatShown(_("You (bottom)"), own))
                continue
            kind = seat.get("kind")
            kind = kind if kind in kind_values else f"bot:{level}"
            default_name = (player_name(s) if kind == HUMAN
                            else BOT_NAMES[(s - 1) % len(BOT_NAMES)])
            name_text = name_text if isinstance(name_text, str) and name_text else default_name
            command = seat.get("command")
            command = command if isinstance(command, str) else ""
            if programs and command not in programs:
                command = programs[0]
            about = HUMAN if kind == HUMAN else kind.removeprefix("bot:")
            shown.append(SeatShown(
                _("Seat {n} ({place})").format(n=s + 1, place=places[s]), name_text, kind,
                command, level_description(about, partners)))
        return shown
