"""The two parts of the new game form that change with the game chosen: who sits where, and
the house rules. Their rows are made once and kept. A game picked in the list fills in the
rows it needs (their labels, values and lines of description), shows them and hides the
others, rather than taking every field down and making it again: a choice field is a heavy
widget, and moving through the games waited on their making."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.containers import HorizontalGroup, Vertical
from textual.widget import Widget
from textual.widgets import Input, Select, Static

from ...engine.spoken import choice_label, rule_description
from ...engine.variant import HouseRule
from ...engine.words import stored_name
from ...lang import _
from ...table.session import BOT_NAMES, HUMAN
from .form_rows import labelled
from .newgame_choices import CMD, level_description, player_name, rule_title
from .newgame_memory import SeatShown

NAME_LENGTH = 16


def set_text(widget: Static | None, text: str) -> None:
    if widget is not None and str(widget.content) != text:
        widget.update(text)


def set_value(field: Input, text: str) -> None:
    """The field's text, its cursor after it as in a field just made."""
    if field.value != text:
        field.value = text
        field.cursor_position = len(text)


def name_label() -> str:
    # translators: a seat's name field in the new game form (indented under it)
    return "  " + _("name")


def command_label() -> str:
    # translators: a seat's program field in the new game form (indented under it)
    return "  " + _("command")


def command_placeholder() -> str:
    return _("command line of the bot")


class SeatFields:
    """The fields of one seat: the first seat's name alone; for the others a kind of seat,
    a name, the command line (shown for a program only) and a line about the kind."""

    def __init__(self, s: int, shown: SeatShown, kinds: list[tuple[str, str]]) -> None:
        self.name = Input(value=shown.name[:NAME_LENGTH], id=f"name-{s}", compact=True,
                          max_length=NAME_LENGTH)
        self.kinds = kinds
        self.kind: Select[str] | None = None
        self.name_label: Static | None = None
        self.cmd_label: Static | None = None
        self.cmd: Input | None = None
        self.cmd_row: HorizontalGroup | None = None
        self.desc: Static | None = None
        if s == 0:
            first, self.label = labelled(shown.label, self.name)
            self.rows: list[Widget] = [first]
            return
        self.kind = Select(kinds, value=shown.kind, allow_blank=False, id=f"kind-{s}",
                           compact=True)
        kind_row, self.label = labelled(shown.label, self.kind)
        self.cmd = Input(value=shown.command, placeholder=command_placeholder(),
                         id=f"cmd-{s}", compact=True)
        self.cmd_row, self.cmd_label = labelled(command_label(), self.cmd)
        self.cmd_row.id = f"cmd-row-{s}"
        self.cmd_row.display = shown.kind == CMD
        self.desc = Static(shown.about, id=f"desc-{s}", classes="dim desc")
        name_row, self.name_label = labelled(name_label(), self.name)
        self.rows = [kind_row, name_row, self.cmd_row, self.desc]

    def fill(self, shown: SeatShown, kinds: list[tuple[str, str]]) -> None:
        """Show ``shown`` in the fields, and the fields; ``kinds`` are the choices of a kind
        of seat, in the language in use (as are the words of the rows)."""
        set_text(self.label, shown.label)
        if self.kind is not None and self.cmd is not None:
            set_text(self.name_label, name_label())
            set_text(self.cmd_label, command_label())
            self.cmd.placeholder = command_placeholder()
            if kinds != self.kinds:
                self.kinds = kinds
                self.kind.set_options(kinds)  # the kind is set again below
        set_value(self.name, shown.name[:NAME_LENGTH])
        if self.kind is not None and self.kind.value != shown.kind:
            self.kind.value = shown.kind
        if self.cmd is not None:
            set_value(self.cmd, shown.command)
        if self.desc is not None:
            set_text(self.desc, shown.about)
        self.show(True)

    def show(self, shown: bool) -> None:
        for widget in self.rows:
            widget.display = shown
        if self.cmd_row is not None:
            self.cmd_row.display = shown and self.kind_value() == CMD

    def kind_value(self) -> str:
        return "" if self.kind is None else str(self.kind.value)

    def read(self) -> dict[str, Any]:
        """The seat as the settings keep it."""
        seat: dict[str, Any] = {"name": stored_name(self.name.value)}
        if self.kind is not None and self.cmd is not None:
            seat["kind"] = self.kind_value()
            seat["command"] = self.cmd.value
        return seat


class SeatsBox(Vertical):
    """The number of players (for a game that may be played by more than one number) and
    the seats. A seat's rows, once made, stay: those past the number of players are hidden,
    and show what they held when they are shown again."""

    def __init__(self, kinds: list[tuple[str, str]], counts: Sequence[int],
                 seats: list[SeatShown], **kwargs: Any) -> None:
        """The box as it first shows ``counts`` and ``seats`` (see ``show``)."""
        super().__init__(**kwargs)
        self.kinds = kinds
        self.counts: Select[int] | None = None
        self.counts_row: HorizontalGroup | None = None
        self.counts_label: Static | None = None
        self.count_values: list[int] = []
        self.seats: list[SeatFields] = []
        self.shown = 0  # how many seats are shown
        self.first = (counts, seats)

    def compose(self) -> ComposeResult:
        top, rest = self.place(*self.first, self.kinds)
        yield from top + rest

    async def show(self, counts: Sequence[int], seats: list[SeatShown],
                   kinds: list[tuple[str, str]]) -> None:
        """Show the numbers of players ``counts`` to choose from (none for just one) and
        ``seats``, the seats' rows made for those never shown before; ``kinds`` are the
        choices of a kind of seat, in the language in use."""
        top, rest = self.place(counts, seats, kinds)
        if top and self.children:
            await self.mount_all(top, before=0)
        else:
            rest = top + rest
        if rest:
            await self.mount_all(rest)

    def place(self, counts: Sequence[int], seats: list[SeatShown],
              kinds: list[tuple[str, str]]) -> tuple[list[Widget], list[Widget]]:
        """Fill in the rows (see ``show``); returns the rows to be made, those above the
        seats and those after the last."""
        self.kinds = kinds
        n = len(seats)
        top: list[Widget] = []
        if len(counts) > 1:
            options = [(str(p), p) for p in counts]
            if self.counts is None:
                self.counts = Select(options, value=n, allow_blank=False, id="players",
                                     compact=True)
                self.counts_row, self.counts_label = labelled(_("Players"), self.counts)
                top.append(self.counts_row)
            else:
                if self.count_values != list(counts):
                    self.counts.set_options(options)
                if self.counts.value != n:
                    self.counts.value = n
            self.count_values = list(counts)
        if self.counts_row is not None:
            self.counts_row.display = len(counts) > 1
            set_text(self.counts_label, _("Players"))
        rest: list[Widget] = []
        for s, shown in enumerate(seats):
            if s < len(self.seats):
                self.seats[s].fill(shown, kinds)
            else:
                self.seats.append(SeatFields(s, shown, self.kinds))
                rest.extend(self.seats[s].rows)
        for fields in self.seats[n:]:
            fields.show(False)
        self.shown = n
        return top, rest

    def counts_shown(self) -> bool:
        return self.counts_row is not None and bool(self.counts_row.display)

    def read(self) -> list[dict[str, Any]]:
        """The seats shown, as the settings keep them."""
        return [fields.read() for fields in self.seats[:self.shown]]

    def kind_changed(self, s: int, kind: str, partners: bool) -> None:
        """Seat ``s`` has become of ``kind``: its command line shown for a program only, the
        line about it, and its name a bot's for a bot and a player's for a person where it
        was the other's."""
        if s >= self.shown:
            return
        fields = self.seats[s]
        if fields.cmd_row is None or fields.desc is None:
            return
        fields.cmd_row.display = kind == CMD
        if kind == HUMAN:
            set_text(fields.desc, level_description(HUMAN))
            if fields.name.value in BOT_NAMES:
                fields.name.value = player_name(s)
        else:
            set_text(fields.desc, level_description(kind.removeprefix("bot:"), partners))
            if fields.name.value == player_name(s):  # back from a person to a bot
                fields.name.value = BOT_NAMES[(s - 1) % len(BOT_NAMES)]


class RuleFields:
    """A house rule's row (its choices, one by its index) and the line under it."""

    def __init__(self, rule: HouseRule, index: int) -> None:
        self.choices = self.options(rule)
        self.select = Select(self.choices, value=str(index), allow_blank=False,
                             id=f"rule-{rule.name}", compact=True)
        self.row, self.label = labelled(rule_title(rule), self.select)
        self.desc = Static(rule_description(rule), classes="dim desc")

    @staticmethod
    def options(rule: HouseRule) -> list[tuple[str, str]]:
        return [(choice_label(c), str(i)) for i, c in enumerate(rule.choices)]

    def fill(self, rule: HouseRule, index: int) -> None:
        """Show ``rule`` (a rule of this name in another game may offer other choices), its
        choice at ``index``."""
        set_text(self.label, rule_title(rule))
        choices = self.options(rule)
        if choices != self.choices:
            self.choices = choices
            self.select.set_options(choices)
        if self.select.value != str(index):
            self.select.value = str(index)
        set_text(self.desc, rule_description(rule))
        self.show(True)

    def show(self, shown: bool) -> None:
        self.row.display = self.desc.display = shown


class RulesBox(Vertical):
    """The house rules of the game chosen. A rule's row is made the first time a game with
    a rule of that name is chosen and kept, hidden in a game without it."""

    def __init__(self, rules: Sequence[tuple[HouseRule, int]], **kwargs: Any) -> None:
        """The box as it first shows ``rules`` (see ``show``)."""
        super().__init__(**kwargs)
        self.rules: dict[str, RuleFields] = {}
        self.none = Static(_("This game has no house rules."), classes="dim")
        self.first = rules

    def compose(self) -> ComposeResult:
        yield from self.place(self.first)

    async def show(self, rules: Sequence[tuple[HouseRule, int]]) -> None:
        """Show ``rules`` in their order, each with the choice at its index."""
        more = self.place(rules)
        if more:
            await self.mount_all(more)
        # in the game's order, which is the order of Tab too
        order = [w for rule, _index in rules
                 for w in (self.rules[rule.name].row, self.rules[rule.name].desc)]
        for before, widget in zip(order, order[1:], strict=False):
            if self.children.index(widget) < self.children.index(before):
                self.move_child(widget, after=before)

    def place(self, rules: Sequence[tuple[HouseRule, int]]) -> list[Widget]:
        """Fill in the rows (see ``show``); returns the rows to be made."""
        more: list[Widget] = [] if self.none.parent is not None else [self.none]
        set_text(self.none, _("This game has no house rules."))
        for rule, index in rules:
            if rule.name in self.rules:
                self.rules[rule.name].fill(rule, index)
            else:
                self.rules[rule.name] = fields = RuleFields(rule, index)
                more.extend((fields.row, fields.desc))
        names = {rule.name for rule, _index in rules}
        for name, fields in self.rules.items():
            if name not in names:
                fields.show(False)
        self.none.display = not rules
        return more

    def read(self, rules: Sequence[HouseRule]) -> dict[str, Any]:
        """The choice shown for each of ``rules``."""
        return {rule.name: rule.choices[int(str(self.rules[rule.name].select.value))]
                for rule in rules if rule.name in self.rules}
