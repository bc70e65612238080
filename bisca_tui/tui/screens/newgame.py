"""The new game form: the game, who sits where, house rules, match length, cards, seed.

The defaults make Enter on the start screen and Enter here start a game against bots: the
form opens on the list of games, where Enter starts the game highlighted. The last choices
(game, seats, levels, names, house rules) are remembered in the settings file; what the
form shows from them, game by game, is a ``FormMemory``'s (``newgame_memory.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, HorizontalGroup, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from ...bots.base import bot_levels
from ...engine.errors import OptionError
from ...engine.records import MAX_DIGITS, SEED_MAX
from ...engine.spoken import game_description, game_name
from ...engine.variant import HouseRule, all_variants, variant_class
from ...engine.words import stored_name
from ...lang import N_, _, ngettext
from ...table.session import BOT, HUMAN, SPEEDS, SeatSpec, Session
from ...table.settings import CARD_STYLE_LABELS
from ..translated import Translated
from ..widgets.common import Body, FittingFooter, TooSmall
from ..words import speed_name, style_label
from .form_rows import fit_labels, row
from .newgame_boxes import RulesBox, SeatsBox
from .newgame_choices import (
    CMD,
    HONEST,
    MEMORY,
    MEMORY_SEATS,
    GameList,
    game_prompt,
    has_partners,
    player_name,
    refuse_unknown_seats,
    remembered_form,
    seat_kinds,
)
from .newgame_memory import FormMemory, SeatShown

if TYPE_CHECKING:
    from ..app import BiscaApp


class NewGameScreen(Translated, Screen[None]):
    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        Binding("ctrl+s", "start", N_("Start")),
    ]

    def __init__(self, variant_id: str | None = None) -> None:
        super().__init__()
        self.variants = all_variants()
        ids = [c.id for c in self.variants]
        self.memory = FormMemory()
        self.variant_id = variant_id if variant_id in ids else ids[0]
        self.players = self.memory.players(self.variant_id)
        self.kinds: list[tuple[str, str]] = []
        self.refused: list[str] = []

    @property
    def bisca_app(self) -> BiscaApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        app = self.bisca_app
        self.kinds = seat_kinds(not app.no_programs)
        memory = dict(remembered_form(app))
        if isinstance(memory.get(MEMORY_SEATS), list):  # checked on a copy
            memory[MEMORY_SEATS] = [dict(seat) if isinstance(seat, dict) else seat
                                    for seat in memory[MEMORY_SEATS]]
        self.refused = refuse_unknown_seats(memory, not app.no_programs)
        self.memory = FormMemory(memory)
        self.players = self.memory.players(self.variant_id)
        yield TooSmall()
        with Body():
            yield Static(_("New game"), classes="screen-title")
            with Horizontal(id="newgame"):
                with Vertical(id="variant-pane"):
                    items = [Option(game_prompt(game_name(cls), game_description(cls),
                                                cls.id == self.variant_id), id=cls.id)
                             for cls in self.variants]
                    yield GameList(*items, id="variant-list")
                # not a stop of Tab itself (it shows no focus): Tab goes to its fields,
                # which it scrolls into view
                with VerticalScroll(id="form", can_focus=False):
                    yield Static(_("Players"), classes="section")
                    yield SeatsBox(self.kinds, variant_class(self.variant_id).players,
                                   self.seats_shown(), id="players-box", classes="box")
                    yield Static(_(HONEST), id="honest", classes="dim")
                    yield Static(_("House rules"), classes="section")
                    yield RulesBox(self.rules_shown(), id="rules-box-form", classes="box")
                    yield Static(_("Table"), classes="section")
                    yield row(_("Cards"), Select(
                        [(style_label(style), style) for style in CARD_STYLE_LABELS],
                        value=app.card_style, allow_blank=False, id="card-style",
                        compact=True))
                    yield row(_("Bot speed"), Select(
                        [(speed_name(name), name) for name in SPEEDS], value=app.speed,
                        allow_blank=False, id="speed", compact=True))
                    yield row(_("Hints"), Select(
                        [(_("on (h at the table)"), "on"), (_("off: a no-hints match"), "off")],
                        # off when the last game was a no-hints match
                        value="off" if self.memory.memory.get("hints") == "off" else "on",
                        allow_blank=False, id="hints", compact=True))
                    seed = Input(
                        # translators: the seed field's placeholder: no seed, random deals
                        placeholder=_("random"), id="seed", type="integer", compact=True)
                    yield row(_("Seed"), seed)
                    yield Static(_("A seed replays the same deals."), classes="dim")
            with HorizontalGroup(id="newgame-buttons"):
                yield Button(_("Start"), id="start", variant="primary")
                yield Button(_("Back"), id="back")
        yield FittingFooter()

    def on_mount(self) -> None:
        refused = self.refused
        if refused:
            app = self.bisca_app
            more = len(refused) - 1
            self.notify(ngettext("{path}: {problem} (and {n} more); ignored.",
                                 "{path}: {problem} (and {n} more); ignored.", more).format(
                path=app.prefs.path, problem=refused[0], n=more) if more else
                _("{path}: {problem}; ignored.").format(path=app.prefs.path, problem=refused[0]),
                title=_("Settings"), severity="warning", timeout=10, markup=False)
        lst = self.query_one("#variant-list", OptionList)
        lst.highlighted = [c.id for c in self.variants].index(self.variant_id)
        lst.focus()
        self.call_after_refresh(self.fit_labels)
        self.call_after_refresh(lst.scroll_to_highlight)  # once the list has its size

    def snapshot(self) -> None:
        """Keep what the form shows now (seats, house rules), for the next game picked in
        this form and, once a game starts, for the next run."""
        shown = self.query_one(SeatsBox).read()
        if len(shown) != self.players:
            return  # the form is not filled in yet
        rules = self.query_one(RulesBox).read(variant_class(self.variant_id).house_rules)
        self.memory.keep(self.variant_id, shown, rules)

    def mark_chosen(self, old: str | None, new: str) -> None:
        lst = self.query_one("#variant-list", OptionList)
        for cls in self.variants:
            if cls.id in (old, new):
                lst.replace_option_prompt(
                    cls.id, game_prompt(game_name(cls), game_description(cls), cls.id == new))

    @on(OptionList.OptionHighlighted, "#variant-list")
    async def variant_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        vid = event.option.id
        if vid is None or vid == self.variant_id:
            return
        if event.option_index != event.option_list.highlighted:
            # the highlight has moved on (a key held down): the form is filled in for the
            # game where it stops, whose own message is on the way
            return
        self.snapshot()
        old, self.variant_id = self.variant_id, vid
        self.mark_chosen(old, vid)
        self.players = self.memory.players(vid)
        await self.rebuild()
        # the seats of the game just chosen, not the foot of the last one's form
        self.query_one("#form", VerticalScroll).scroll_home(animate=False)

    @on(OptionList.OptionSelected, "#variant-list")
    def variant_selected(self) -> None:
        self.query_one("#start", Button).focus()

    async def rebuild(self) -> None:
        """Show the seats and house rules of the game chosen, for its number of players."""
        # the words in the language in use: it may have changed since the form was made
        self.kinds = seat_kinds(not self.bisca_app.no_programs)
        await self.query_one(SeatsBox).show(variant_class(self.variant_id).players,
                                            self.seats_shown(), self.kinds)
        await self.query_one(RulesBox).show(self.rules_shown())
        self.fit_labels()  # at once where the form has its width: laid out once, not twice
        self.call_after_refresh(self.fit_labels)  # the room left by a scroll bar come or gone

    def rules_shown(self) -> list[tuple[HouseRule, int]]:
        """The house rules of the game chosen, each with the index of its choice."""
        return self.memory.rules_shown(self.variant_id)

    def seats_shown(self) -> list[SeatShown]:
        """What each seat shows: as it was last left, else a bot of the app's level."""
        app = self.bisca_app
        return self.memory.seats_shown(self.variant_id, self.players, self.kinds,
                                       app.default_level, app.named_programs)

    def fit_labels(self) -> None:
        form = self.query_one("#form", VerticalScroll)
        fit_labels(form, (self.query_one("#players-box"), self.query_one("#rules-box-form"), form))

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit_labels)

    @on(Select.Changed)
    async def select_changed(self, event: Select.Changed) -> None:
        if event.value != event.select.value:
            # changed again since (the form filled in for another game while this change
            # was on the way, holding Down in the list): the later change will tell
            return
        sid = event.select.id or ""
        seats = self.query_one(SeatsBox)
        if sid == "players":
            n = event.value
            if (seats.counts_shown() and isinstance(n, int) and n != self.players
                    and n in variant_class(self.variant_id).players):
                self.snapshot()
                self.players = n
                await self.rebuild()
        elif sid.startswith("kind-"):
            seats.kind_changed(int(sid.split("-")[1]), str(event.value),
                               has_partners(self.variant_id, self.players))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_back()

    def collect(self) -> tuple[dict[str, Any], list[SeatSpec]]:
        cls = variant_class(self.variant_id)
        options: dict[str, Any] = {}
        for rule in cls.house_rules:
            value = self.query_one(f"#rule-{rule.name}", Select).value
            options[rule.name] = rule.choices[int(str(value))]
        seats = []
        for s in range(self.players):
            name = stored_name(self.query_one(f"#name-{s}", Input).value.strip()
                               or player_name(s))
            if s == 0:
                seats.append(SeatSpec(HUMAN, name))
                continue
            kind = str(self.query_one(f"#kind-{s}", Select).value)
            if kind == HUMAN:
                seats.append(SeatSpec(HUMAN, name))
            elif kind == CMD and not self.bisca_app.no_programs:
                command = self.query_one(f"#cmd-{s}", Input).value.strip()
                if not command:
                    raise OptionError(_("seat {n} needs the command line of its program")
                                      .format(n=s + 1))
                seats.append(SeatSpec(BOT, name, f"cmd:{command}"))
            elif kind.startswith("bot:") and kind.removeprefix("bot:") in bot_levels():
                seats.append(SeatSpec(BOT, name, kind.removeprefix("bot:")))
            else:
                raise OptionError(_("seat {n}: {kind} cannot play here").format(
                    n=s + 1, kind=repr(kind[:40])))
        names = [sp.name for sp in seats]
        if len(set(names)) != len(names):
            raise OptionError(_("every seat needs a different name"))
        return options, seats

    def action_start(self) -> None:
        try:
            options, seats = self.collect()
            seed_text = self.query_one("#seed", Input).value.strip()
            seed = None
            if seed_text:  # a seed a saved record can hold, or the save could not be read
                seed = int(seed_text) if len(seed_text) <= MAX_DIGITS else -1
                if not 0 <= seed <= SEED_MAX:
                    raise ValueError(_("a seed is a whole number from 0 to {max}").format(
                        max=SEED_MAX))
            style = str(self.query_one("#card-style", Select).value)
            speed = str(self.query_one("#speed", Select).value)
            hints = str(self.query_one("#hints", Select).value)
            session = Session.new(self.variant_id, options, seats, seed, style, speed,
                                  hints=hints != "off")
        except (OptionError, ValueError) as e:
            # the reason may quote what was typed (a seed): text, not markup
            self.notify(str(e), title=_("Cannot start"), severity="error", markup=False)
            return
        app = self.bisca_app
        app.card_style = style  # kept for the next run, as every choice of the app's
        app.speed = speed
        self.snapshot()
        self.memory.memory["variant"] = self.variant_id
        self.memory.memory["hints"] = hints
        app.remember(MEMORY, self.memory.memory)
        app.remember("variant", self.variant_id)
        app.seating.start(session)

    def action_back(self) -> None:
        self.app.pop_screen()
