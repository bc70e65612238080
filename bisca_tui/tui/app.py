"""The Textual app: start screen, new game, the table; saving and resuming a match.

    bisca-tui [--variant ID] [--cards symbols|letters] [--speed SPEED] [--data-dir DIR]

``--variant`` preselects a game in the new game form (and in the rules panel opened from the
start screen); ``--cards`` and ``--speed`` are the form's first choices for the card faces
and the bots' pace; ``--data-dir`` is where the interrupted match is kept, and the settings
file (``prefs.py``) that remembers the theme, the card faces, the pace and the last new game
form between runs. ctrl+p opens the command palette (``commands.py``).

An outside program (a ``cmd:`` seat) starts only once the person here confirmed its exact
command, in a dialog or ahead with ``bisca-tui --program COMMAND``; ``--no-programs`` refuses
them all (``Seating.start``).

The app holds objects beside it, one job each: ``saves`` (the saved matches, ``app_saves``),
``seating`` (sitting down, outside programs confirmed, ``app_seating``), ``history`` (the game
history, ``app_history``) and ``quitting`` (``app_quit``).

The app's result is the exit status: 0, or 1 when the player quit with a match that could not
be saved.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.reactive import var
from textual.screen import Screen

from .. import lang
from ..lang import N_, _
from ..table.save import (
    ENV_DIR,
    Lock,
    data_dir,
    folder_problem,
    legacy_data_dir,
    migrate,
    take_lock,
)
from ..table.settings import CARD_STYLES, DEFAULT_SPEED, SPEEDS, SYMBOLS
from .app_history import GameHistory
from .app_quit import Quitting
from .app_saves import MatchSaves
from .app_seating import Seating
from .commands import BiscaCommands, translated_system_commands
from .layout import WIDE, too_small
from .prefs import Prefs
from .translated import Translated, translate_bindings
from .words import speed_name, style_name

if TYPE_CHECKING:  # the engine loads when a match is read or made, not at start-up
    from ..table.session import Session


class BiscaApp(Translated, App[int]):
    """The card table."""

    CSS_PATH = "bisca.tcss"
    TITLE = "Bisca"
    COMMANDS = App.COMMANDS | {BiscaCommands}
    BINDINGS = [
        Binding("f1", "rules", N_("Rules")),
        Binding("question_mark", "keys", N_("Keys"), key_display="?", show=False),
        Binding("ctrl+q", "quit", N_("Quit"), show=False, priority=True),
    ]

    def action_keys(self) -> None:
        """Every key of the screen in view (the table has its own, per game)."""
        from .screens.keys import KeysScreen, screen_name, show_keys

        if isinstance(self.screen, KeysScreen):
            return
        # translators: the title of the list of keys; {screen} is the screen's name
        show_keys(self.screen, _("Keys — {screen}").format(screen=screen_name(self.screen)))

    def __init__(self, bot_delay: float | None = None, data_directory: Path | str | None = None,
                 default_bot_level: str | None = None, variant: str | None = None,
                 card_style: str | None = None, speed: str | None = None,
                 first_screen: Screen[Any] | None = None, no_programs: bool = False,
                 programs: Sequence[str] = ()) -> None:
        super().__init__()
        # no outside program may play at this table (a table served to web browsers)
        self.no_programs = no_programs
        # the commands named on this machine's command line (--program): a new game may
        # seat them without asking again
        self.named_programs = [] if no_programs else [c for c in programs if c.strip()]
        # a screen to open instead of the start screen (``bisca-tui replay FILE --tui``):
        # the app then neither looks for a saved match nor holds the save folder
        self.first_screen = first_screen
        self.bot_delay = bot_delay
        # the coach's search (hints and reviews alike) on this many sampled deals a decision
        # instead of its own counts (fewer: quicker answers, for tests and pictures)
        self.coach_samples: int | None = None
        self.data_directory = Path(data_directory) if data_directory else data_dir()
        # saves are looked for where earlier versions kept them only in the default folder
        self.legacy_directory = (legacy_data_dir()
                                 if not data_directory and not os.environ.get(ENV_DIR)
                                 else None)
        self._default_level = default_bot_level
        self.first_variant = variant
        self.prefs = Prefs(self.data_directory)
        # what was asked for, else what was chosen last time, else the defaults (set, not
        # chosen: nothing is remembered for them)
        self.set_reactive(BiscaApp.card_style,
                          card_style if card_style in CARD_STYLES
                          else self.prefs.text("card_style", CARD_STYLES) or SYMBOLS)
        self.set_reactive(BiscaApp.speed, speed if speed in SPEEDS
                          else self.prefs.text("speed", SPEEDS) or DEFAULT_SPEED)
        if self.first_variant is None:
            self.first_variant = self.prefs.text("variant")
        self.set_reactive(BiscaApp.motion, self.prefs.text("motion", ("on", "off")) != "off")
        self.session: Session | None = None  # the match in play
        self.lock: Lock | None = None  # on the save folder (save.take_lock)
        self.notices: list[str] = []  # for the start screen: moved saves, another table
        self.folder_trouble: str | None = None  # the data folder cannot be read or written
        self.rules_screens: dict[tuple[str, str, int | None], str] = {}
        self.saves = self.make_saves()
        self.seating = Seating(self)
        # the game history (history/store.py), opened in a worker thread at start-up
        self.history = GameHistory(self)
        self.quitting = self.make_quitting()

    def make_saves(self) -> MatchSaves:
        return MatchSaves(self)

    def make_quitting(self) -> Quitting:
        return Quitting(self)

    @property
    def default_level(self) -> str:
        from ..table.session import default_level

        return self._default_level or default_level()

    @property
    def other_table(self) -> int | None:
        """The process id of another table open on the same save folder, if any."""
        return self.lock.other_pid if self.lock is not None else None

    # ----- start-up ------------------------------------------------------------------

    def on_mount(self) -> None:
        from .screens.start import StartScreen

        self.set_class(too_small(*self.size), "-too-small")
        self.set_class(self.size.width >= WIDE, "-wide")
        theme = self.prefs.text("theme", self.available_themes)
        if theme is not None:
            self.theme = theme
        self.prefs_ready = True
        if self.first_screen is not None:
            self.push_screen(self.first_screen)
            return
        # a folder that cannot be read or written is said in one line, which stands for
        # the settings, the lock, the saved match and the history that follow from it
        self.folder_trouble = folder_problem(self.data_directory)
        if self.folder_trouble:
            self.notices.append(self.folder_trouble)
        elif self.prefs.problem:
            self.notify(self.prefs.problem, title=_("Settings"), severity="warning",
                        timeout=10, markup=False)
        if self.legacy_directory is not None:
            self.notices += migrate(self.legacy_directory, self.data_directory)
        self.lock = take_lock(self.data_directory)
        if self.folder_trouble:
            pass  # said above, in one line
        elif self.lock.other_pid is not None:
            self.notices.append(_(
                "Another table is open on {folder} (process {pid}). Matches played at this "
                "one are saved in files of their own, so neither table's match is lost."
            ).format(folder=self.data_directory, pid=self.lock.other_pid))
        elif self.lock.problem:
            self.notices.append(_("Matches cannot be saved in {folder}: {problem}.").format(
                folder=self.data_directory, problem=self.lock.problem))
        self.saves.load()
        self.push_screen(StartScreen())
        # once the start screen is drawn: opening the history must not hold up the start
        self.call_after_refresh(self.run_worker, self.history.warm_stats, thread=True,
                                group="history", exit_on_error=False)

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(too_small(event.size.width, event.size.height), "-too-small")
        self.set_class(event.size.width >= WIDE, "-wide")

    # ----- settings ------------------------------------------------------------------

    # the choices for the matches to come, wherever made (the palette, the new game form):
    # each is remembered for the next run and shown in the open form by its watcher
    card_style: var[str] = var(SYMBOLS, init=False, always_update=True)
    speed: var[str] = var(DEFAULT_SPEED, init=False, always_update=True)  # the bots' pace
    # cards that move (a card played slides to the trick); off by choice, for screen
    # readers' sake, and with the instant pace
    motion: var[bool] = var(True, init=False, always_update=True)

    prefs_ready = False  # the remembered theme is applied: later changes are the player's

    def remember(self, key: str, value: Any) -> None:
        """Keep a choice for the next run; a settings file that cannot be written is said
        once, and the app goes on."""
        error = self.prefs.set(key, value)
        if error is not None:
            self.notify(_("Settings cannot be kept in {path}: {error}").format(
                path=self.prefs.path, error=error),
                title=_("Settings"), severity="warning", timeout=8, markup=False)

    def watch_theme(self, theme: str) -> None:
        if self.prefs_ready:
            self.remember("theme", theme)

    def watch_card_style(self, style: str) -> None:
        self.remember("card_style", style)
        self._redraw_form("#card-style", style)
        for screen in self.screen_stack:  # the replay viewer draws in the app's style
            redraw = getattr(screen, "restyle", None)
            if callable(redraw):
                redraw(style)

    def watch_speed(self, speed: str) -> None:
        self.remember("speed", speed)
        self._redraw_form("#speed", speed)

    def watch_motion(self, on: bool) -> None:
        self.remember("motion", "on" if on else "off")

    @property
    def current_speed(self) -> str:
        return self.session.speed if self.session is not None else self.speed

    @property
    def current_card_style(self) -> str:
        return self.session.card_style if self.session is not None else self.card_style

    def set_speed(self, speed: str) -> None:
        """The bots' pace, for the match in play and the next ones."""
        self.speed = speed
        if self.session is not None:
            self.session.speed = speed
            self.saves.save()
        self.notify(_("Bot speed: {speed}").format(speed=speed_name(speed)))

    def set_motion(self, on: bool) -> None:
        """Cards that move, or not, from now on."""
        self.motion = on
        self.notify(_("Moving cards: on") if on else _("Moving cards: off"))

    def set_card_style(self, style: str) -> None:
        """Suits as symbols or letters, at the table in play and from now on."""
        self.card_style = style
        if self.session is not None:
            self.session.card_style = style
            self.saves.save()
            from .screens.table import TableScreen

            for screen in self.screen_stack:
                if isinstance(screen, TableScreen):
                    screen.refresh_table()
        self.notify(_("Card style: {style}").format(style=style_name(style)))

    def get_system_commands(self, screen: Screen[Any]) -> Any:
        return translated_system_commands(super().get_system_commands(screen))

    def set_language(self, code: str) -> None:
        """Speak ``code`` from now on: remembered for the next run, and what is on screen
        is said again in it (the start screen drawn anew, every footer's keys)."""
        code = lang.use(code)
        self.remember("language", code)
        translate_bindings(self)
        self.saves.describe_saved()  # the start screen's line about the saved match
        for screen in self.screen_stack:
            for node in (screen, *screen.query("*")):
                if "_english_bindings" in node.__dict__:
                    translate_bindings(node)
            retell = getattr(screen, "retell", None)
            if callable(retell):
                retell()
            screen.refresh_bindings()
        # the rules panels kept are in the language they were built in
        for key, name in list(self.rules_screens.items()):
            if not any(s is self.get_screen(name) for s in self.screen_stack):
                self.uninstall_screen(name)
                del self.rules_screens[key]
        self.notify(_("Language: {name}").format(name=lang.LANGUAGES[code]))

    def _redraw_form(self, selector: str, value: str) -> None:
        """The new game form, if open, shows the choice just made in the palette."""
        from textual.widgets import Select

        from .screens.newgame import NewGameScreen

        for screen in self.screen_stack:
            if isinstance(screen, NewGameScreen):
                for select in screen.query(selector).results(Select):
                    select.value = value

    # ----- app-wide actions ----------------------------------------------------------

    def action_rules(self) -> None:
        from .screens.newgame import NewGameScreen
        from .screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            self.screen.dismiss(None)
            return
        shown = getattr(self.screen, "variant_shown", None)  # a record in the replay viewer
        if shown is not None:
            self.open_rules(shown.id, dict(shown.options), shown.n_people)
            return
        if self.session is not None:
            v = self.session.variant
            self.open_rules(v.id, dict(v.options), v.n_people)
            return
        if isinstance(self.screen, NewGameScreen):
            self.open_rules(self.screen.variant_id)
            return
        from ..engine.variant import all_variants

        ids = [c.id for c in all_variants()]
        self.open_rules(self.first_variant if self.first_variant in ids else ids[0])

    def open_rules_of(self, variant_id: str) -> None:
        """The rules of any game, from the command palette."""
        from .screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            self.screen.dismiss(None)
        self.call_later(self.open_rules, variant_id)

    def action_new_game(self) -> None:
        """The new game form, from anywhere: a match in play is saved and left first (the
        start screen then asks what to do with it, as its own New game does)."""
        from .screens.newgame import NewGameScreen
        from .screens.start import StartScreen

        if isinstance(self.screen, NewGameScreen):
            return
        if self.session is not None:
            if self.saves.save() is not None:
                return  # said already: leaving would lose the match
            from .screens.table import TableScreen

            tables = [s for s in self.screen_stack if isinstance(s, TableScreen)]
            if tables:
                tables[0].flow.leave()  # stops its bots and goes back to the start screen
            else:
                self.close_session()
                self.back_to_start()
            self.saves.load()
        else:
            self.back_to_start()
        starts = [s for s in self.screen_stack if isinstance(s, StartScreen)]
        if starts:
            self.call_later(starts[0].action_new_game)

    def open_rules(self, variant_id: str, options: dict[str, Any] | None = None,
                   players: int | None = None) -> None:
        """Show the rules panel; from a table, for its house rules and number of players.
        Each game's panel is kept once built: laying out the rules text takes a moment,
        opening it again should not."""
        from .screens.rules import RulesScreen

        key = (variant_id, repr(sorted((options or {}).items())), players)
        name = self.rules_screens.get(key)
        if name is None:
            name = f"rules-{len(self.rules_screens)}"
            self.rules_screens[key] = name
            self.install_screen(RulesScreen(variant_id, options, players), name)
        self.push_screen(name)

    def action_quit(self) -> None:
        self.quitting.request()

    def back_to_start(self) -> None:
        """Leave the match in play (saved already) for the start screen."""
        from .screens.start import StartScreen

        self.session = None
        self.saves.left()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, StartScreen):
            self.pop_screen()

    def close_session(self) -> None:
        """Stop the bots' external programs of the match in play (it stays saved)."""
        if self.session is not None:
            self.session.close()

    def on_unmount(self) -> None:
        self.close_session()
        self.history.close()
        self.saves.release_claim()
        if self.lock is not None:
            self.lock.release()

