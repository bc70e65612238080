"""The dialog that opens a table in a card room: the game, its number of players, how many
places people take (bots take the others), the bots' level, its house rules (each at its
default first), rated or not, private (its code
for the opener alone) or listed. Tab goes from one choice to the next, the Open button
(focused first) opens it, Escape does not; ``r`` and ``p`` turn rated and private on and
off. A guest's table is never rated; a private one neither."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Label, Select, Static

from ..engine.spoken import choice_label
from ..engine.variant import HouseRule, make_variant
from ..lang import N_, _, ngettext
from ..tui.screens.newgame_choices import rule_title
from ..tui.translated import Translated
from .room_state import RoomState
from .room_words import known_game, level_name


@dataclass(frozen=True)
class TableAsked:
    variant: str
    players: int
    people: int
    level: str
    rated: bool
    private: bool
    options: dict[str, Any]  # the house rules other than the game's defaults


def players_of(variant: str) -> list[int]:
    try:
        return list(make_variant(variant).players)
    except (ValueError, KeyError, TypeError):
        return []


class OpenTableDialog(Translated, ModalScreen[TableAsked | None]):
    DEFAULT_CSS = """
    OpenTableDialog .dialog { width: 64; max-height: 100%; overflow-y: auto; }
    OpenTableDialog Horizontal, OpenTableDialog #open-rules { height: auto; }
    OpenTableDialog Label { width: 18; padding: 0 1 0 0; }
    OpenTableDialog Select { width: 1fr; height: 1; }
    OpenTableDialog SelectCurrent { border: none; height: 1; padding: 0 1; }
    OpenTableDialog Select:focus > SelectCurrent { background: $accent 40%; border: none; }
    OpenTableDialog Checkbox { border: none; padding: 0; height: 1; }
    OpenTableDialog Checkbox:focus { background: $accent 40%; border: none; }
    OpenTableDialog #open-note { color: $text-muted; margin: 1 0 0 0; }
    """
    BINDINGS = [
        Binding("escape", "cancel", N_("Cancel")),
        Binding("r", "toggle('rated')", N_("Rated"), tooltip=N_("Rated or not")),
        Binding("p", "toggle('private')", N_("Private"),
                tooltip=N_("Private (its code for you alone) or listed")),
    ]

    def __init__(self, state: RoomState, game: str) -> None:
        super().__init__()
        self.state = state
        self.games = [g["variant"] for g in state.games if players_of(g["variant"])]
        self.game = game if game in self.games else (self.games[0] if self.games else "")
        self.rules: list[tuple[HouseRule, Select[Any]]] = []  # the game's, as chosen

    def compose(self) -> ComposeResult:
        levels = self.state.levels or ["medium"]
        with Vertical(classes="dialog", id="open-table"):
            yield Static(_("Open a table"), classes="dialog-title")
            with Horizontal():
                yield Label(_("Game"))
                yield Select([(known_game(self.state, g), g) for g in self.games],
                             value=self.game, allow_blank=False, id="open-game")
            with Horizontal():
                yield Label(_("Players"))
                yield Select([(str(n), n) for n in players_of(self.game)],
                             allow_blank=False, id="open-players")
            with Horizontal():
                yield Label(_("People"))
                yield Select([("1", 1)], allow_blank=False, id="open-people")
            with Horizontal():
                yield Label(_("Bots' level"))
                yield Select([(level_name(x), x) for x in levels],
                             value="medium" if "medium" in levels else levels[0],
                             allow_blank=False, id="open-level")
            yield Vertical(id="open-rules")
            yield Checkbox(_("Rated (r)"), value=False, id="open-rated",
                           disabled=self.state.guest)
            yield Checkbox(_("Private (p): the code for you alone, not listed"), value=False,
                           id="open-private")
            yield Static(id="open-note")
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Open"), variant="primary", id="open-go")
                yield Button(_("Cancel"), id="open-cancel")

    def on_mount(self) -> None:
        self.set_game(self.game)
        self.query_one("#open-go", Button).focus()

    def set_game(self, game: str) -> None:
        """The choices of players for ``game``, its usual number first chosen."""
        self.game = game
        counts = players_of(game)
        players = self.query_one("#open-players", Select)
        players.set_options([(str(n), n) for n in counts])
        try:
            usual = make_variant(game).n_people
        except (ValueError, KeyError, TypeError):
            usual = counts[0] if counts else 2
        players.value = usual if usual in counts else counts[0]
        self.set_people(usual)
        self.set_rules(game)

    def set_rules(self, game: str) -> None:
        """A choice for each house rule of ``game``, its default chosen."""
        try:
            rules = make_variant(game).house_rules
        except (ValueError, KeyError, TypeError):
            rules = ()
        box = self.query_one("#open-rules", Vertical)
        box.remove_children()
        self.rules = [(rule, Select([(choice_label(c), c) for c in rule.choices],
                                    value=rule.default, allow_blank=False))
                      for rule in rules]
        box.mount_all([Horizontal(Label(rule_title(rule)), select)
                       for rule, select in self.rules])

    def set_people(self, players: int) -> None:
        people = self.query_one("#open-people", Select)
        people.set_options([(self.people_words(k, players), k)
                            for k in range(players, 0, -1)])
        people.value = players
        self.show_note()

    @staticmethod
    def people_words(people: int, players: int) -> str:
        if people == players:
            return _("{n}: every place is for people").format(n=people)
        bots = players - people
        return ngettext("{n}: bots take {bots} place", "{n}: bots take {bots} places",
                        bots).format(n=people, bots=bots)

    def show_note(self) -> None:
        note = []
        if self.state.guest:
            note.append(_("A guest's tables are not rated."))
        note.append(_("Tab goes from one choice to the next; Escape closes without opening."))
        self.query_one("#open-note", Static).update(" ".join(note))

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        if event.select.id == "open-game" and isinstance(event.value, str) \
                and event.value != self.game:
            self.set_game(event.value)
        elif event.select.id == "open-players" and isinstance(event.value, int):
            self.set_people(event.value)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        other = {"open-rated": "#open-private", "open-private": "#open-rated"}.get(
            event.checkbox.id or "")
        if event.value and other is not None:
            self.query_one(other, Checkbox).value = False  # a private table is not rated

    def action_toggle(self, which: str) -> None:
        box = self.query_one(f"#open-{which}", Checkbox)
        if not box.disabled:
            box.value = not box.value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "open-go":
            self.dismiss(self.asked())
        else:
            self.dismiss(None)

    def asked(self) -> TableAsked:
        def value(name: str) -> object:
            return self.query_one(f"#open-{name}", Select).value

        players, people, level = value("players"), value("people"), value("level")
        return TableAsked(self.game, players if isinstance(players, int) else 0,
                          people if isinstance(people, int) else 1,
                          level if isinstance(level, str) else "medium",
                          self.query_one("#open-rated", Checkbox).value,
                          self.query_one("#open-private", Checkbox).value,
                          {rule.name: select.value for rule, select in self.rules
                           if select.value != rule.default})

    def action_cancel(self) -> None:
        self.dismiss(None)
