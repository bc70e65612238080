"""The Textual app: start screen, new game, the table; saving and resuming a match.

    bisca-tui [--variant ID] [--cards symbols|letters] [--speed SPEED] [--data-dir DIR]

``--variant`` preselects a game in the new game form (and in the rules panel opened from the
start screen); ``--cards`` and ``--speed`` are the form's first choices for the card faces
and the bots' pace; ``--data-dir`` is where the interrupted match is kept, and the settings
file (``prefs.py``) that remembers the theme, the card faces, the pace and the last new game
form between runs. ctrl+p opens the command palette (``commands.py``).

An outside program (a ``cmd:`` seat) starts only once the person here confirmed its exact
command, in a dialog or ahead with ``bisca-tui --program COMMAND``; ``--no-programs`` refuses
them all (``start_session``).

The app's result is the exit status: 0, or 1 when the player quit with a match that could not
be saved.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from ..table.save import (
    ENV_DIR,
    Lock,
    SaveProblem,
    claimed_by,
    clear_save,
    data_dir,
    earlier_saves,
    folder_problem,
    keep_aside,
    legacy_data_dir,
    migrate,
    new_slot,
    read_save,
    save_path,
    saved_at,
    set_aside,
    take_claim,
    take_lock,
    write_save,
)
from ..table.settings import CARD_STYLES, DEFAULT_SPEED, SPEEDS, SYMBOLS
from .commands import BiscaCommands
from .layout import too_small
from .prefs import Prefs

if TYPE_CHECKING:  # the engine loads when a match is read or made, not at start-up
    from collections.abc import Iterator

    from ..history.entry import MatchEntry
    from ..history.stats import Filters, Stats
    from ..history.store import Store, StoreProblem
    from ..table.session import Session
    from .screens.confirm import EarlierMatch

QUIT_DIALOG = "quit-unsaved"
PROGRAMS_DIALOG = "confirm-programs"
NOT_ALLOWED = "outside programs are not allowed at this table"
HISTORY_PATIENCE = 0.5  # seconds the app's own thread waits for the game history


def shown_command(command: str) -> str:
    """A command line as text to show: characters that do not print are written as
    escapes, so that what is shown is what would run."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in command)


def describe(session: Session, path: Path) -> str:
    """One line about a saved match: the game, who plays, how far, when it was saved."""
    names = " · ".join(p.name for p in session.people)
    scores = "-".join(str(p) for p in session.match.scores)
    when = saved_at(path)
    return (f"{session.variant.name}, {names}: deal {session.deal_number}, "
            f"trick {len(session.state.tricks) + 1}, match {scores}"
            + (f", saved {when}." if when else "."))


class BiscaApp(App[int]):
    """The card table."""

    CSS_PATH = "bisca.tcss"
    TITLE = "Bisca"
    COMMANDS = App.COMMANDS | {BiscaCommands}
    BINDINGS = [
        Binding("f1", "rules", "Rules"),
        Binding("question_mark", "keys", "Keys", key_display="?", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    def action_keys(self) -> None:
        """Every key of the screen in view (the table has its own, per game)."""
        from .screens.keys import KeysScreen, show_keys

        if isinstance(self.screen, KeysScreen):
            return
        show_keys(self.screen, f"Keys — {self.screen.__class__.__name__.removesuffix('Screen')}")

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
        # the coach's search by a fixed number of sampled deals instead of its time budget
        # (answers that repeat exactly: for tests and pictures)
        self.coach_samples: int | None = None
        self.data_directory = Path(data_directory) if data_directory else data_dir()
        # saves are looked for where earlier versions kept them only in the default folder
        self.legacy_directory = (legacy_data_dir()
                                 if not data_directory and not os.environ.get(ENV_DIR)
                                 else None)
        self._default_level = default_bot_level
        self.first_variant = variant
        self.prefs = Prefs(self.data_directory)
        # what was asked for, else what was chosen last time, else the defaults
        self.card_style = (card_style if card_style in CARD_STYLES
                           else self.prefs.text("card_style", CARD_STYLES) or SYMBOLS)
        self.speed = (speed if speed in SPEEDS
                      else self.prefs.text("speed", SPEEDS) or DEFAULT_SPEED)
        if self.first_variant is None:
            self.first_variant = self.prefs.text("variant")
        # cards that move (a card played slides to the trick); off by choice, for screen
        # readers' sake, and with the instant pace
        self.motion = self.prefs.text("motion", ("on", "off")) != "off"
        self.session: Session | None = None
        self.saved: Session | None = None
        self.saved_summary = ""
        self.save_problem: SaveProblem | None = None
        self.save_failed = False
        self.last_save_error: OSError | None = None
        self.save_target: Path | None = None  # where the match in play is saved
        self.lock: Lock | None = None
        self.claim: Lock | None = None  # on the save of the match in play (save.take_claim)
        self.notices: list[str] = []  # for the start screen: moved saves, another table
        self.folder_trouble: str | None = None  # the data folder cannot be read or written
        self.rules_screens: dict[tuple[str, str, int | None], str] = {}
        # the game history (history/store.py), opened in a worker thread at start-up
        self.history_problem: StoreProblem | None = None
        self.history_failed = False  # a write failed: said once, play goes on
        self._history: Store | None = None
        self._stats_cache: tuple[Filters, tuple[int, int], Stats] | None = None
        self._history_opened = False
        self._history_busy_said = False
        self._history_lock = threading.Lock()
        self._history_writes = threading.Semaphore(0)  # released by each write's end
        self._history_pending = 0

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
            self.notify(self.prefs.problem, title="Settings", severity="warning", timeout=10,
                        markup=False)
        if self.legacy_directory is not None:
            self.notices += migrate(self.legacy_directory, self.data_directory)
        self.lock = take_lock(self.data_directory)
        if self.folder_trouble:
            pass  # said above, in one line
        elif self.lock.other_pid is not None:
            self.notices.append(
                f"Another table is open on {self.data_directory} (process "
                f"{self.lock.other_pid}). Matches played at this one are saved in files of "
                "their own, so neither table's match is lost.")
        elif self.lock.problem:
            self.notices.append(f"Matches cannot be saved in {self.data_directory}: "
                                f"{self.lock.problem}.")
        self.load_saved()
        self.push_screen(StartScreen())
        # once the start screen is drawn: opening the history must not hold up the start
        self.call_after_refresh(self.run_worker, self.warm_stats, thread=True,
                                group="history", exit_on_error=False)

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(too_small(event.size.width, event.size.height), "-too-small")

    # ----- settings ------------------------------------------------------------------

    prefs_ready = False  # the remembered theme is applied: later changes are the player's

    def remember(self, key: str, value: Any) -> None:
        """Keep a choice for the next run; a settings file that cannot be written is said
        once, and the app goes on."""
        error = self.prefs.set(key, value)
        if error is not None:
            self.notify(f"Settings cannot be kept in {self.prefs.path}: {error}",
                        title="Settings", severity="warning", timeout=8, markup=False)

    def watch_theme(self, theme: str) -> None:
        if self.prefs_ready:
            self.remember("theme", theme)

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
            self.save_session()
        self.remember("speed", speed)
        self._redraw_form("#speed", speed)
        self.notify(f"Bot speed: {speed}")

    def set_motion(self, on: bool) -> None:
        """Cards that move, or not, from now on."""
        self.motion = on
        self.remember("motion", "on" if on else "off")
        self.notify(f"Moving cards: {'on' if on else 'off'}")

    def set_card_style(self, style: str) -> None:
        """Suits as symbols or letters, at the table in play and from now on."""
        self.card_style = style
        if self.session is not None:
            self.session.card_style = style
            self.save_session()
            from .screens.table import TableScreen

            for screen in self.screen_stack:
                if isinstance(screen, TableScreen):
                    screen.refresh_table()
        for screen in self.screen_stack:  # the replay viewer draws in the app's style
            redraw = getattr(screen, "restyle", None)
            if callable(redraw):
                redraw(style)
        self.remember("card_style", style)
        self._redraw_form("#card-style", style)
        self.notify(f"Card style: {style}")

    def _redraw_form(self, selector: str, value: str) -> None:
        """The new game form, if open, shows the choice just made in the palette."""
        from textual.widgets import Select

        from .screens.newgame import NewGameScreen

        for screen in self.screen_stack:
            if isinstance(screen, NewGameScreen):
                for select in screen.query(selector).results(Select):
                    select.value = value

    def load_saved(self) -> None:
        """Look for an interrupted match; a damaged save is set aside and reported."""
        self.saved = None
        try:
            session = self.read_session(None)
        except OSError as e:  # it cannot be read: it may be sound, it stays as it is
            if not self.folder_trouble:
                self.save_problem = SaveProblem(save_path(self.data_directory),
                                                f"it cannot be read ({e})", None)
            return
        except Exception as e:  # whatever is wrong with the file, the app goes on
            self.save_problem = set_aside(self.data_directory, str(e))
            return
        if session is None:
            return
        self.saved = session
        self.saved_summary = "Saved: " + describe(session, save_path(self.data_directory))

    def read_session(self, path: Path | None) -> Session | None:
        """The match saved in ``path`` (the match in progress when None), checked as far as
        the table will draw it; raises whatever is wrong with it."""
        saved = read_save(self.data_directory, path)
        if saved is None:
            return None
        from ..engine.records import parse_record
        from ..table.session import Session

        record = parse_record(saved.text, str(saved.path))
        session = Session.from_saved(record, saved.table)
        for seat in range(session.variant.n_people):  # what the table asks of it
            session.view(seat)
            session.name(seat)
        return session

    def earlier_matches(self) -> list[EarlierMatch]:
        """The earlier matches kept in the save folder, each read to say what it holds."""
        from .screens.confirm import EarlierMatch

        out = []
        for path in earlier_saves(self.data_directory):
            try:
                session = self.read_session(path)
            except Exception as e:  # listed with what is wrong, never removed
                out.append(EarlierMatch(path, path.name, " ".join(str(e).split())))
                continue
            if session is not None:
                out.append(EarlierMatch(path, describe(session, path)))
        return out

    # ----- matches -------------------------------------------------------------------

    def start_session(self, session: Session, source: Path | None = None) -> None:
        """Sit down at ``session``: a new match, or one read from ``source``.

        An outside program plays a seat only once the person here has confirmed its exact
        command: named with ``--program`` (for a new match), or answered yes in a dialog
        that shows it. No answer, and nothing starts: the form (or the start screen) stays,
        and a saved match stays saved as it was. With ``no_programs`` a match that seats
        a program is refused.
        """
        from .screens.confirm import Choice, ChoiceDialog

        session.programs_allowed = not self.no_programs
        if source is None:  # a new game: the commands named on the command line
            session.approved |= {f"cmd:{c}" for c in self.named_programs}
        pending = session.programs() if self.no_programs else session.unapproved()
        if not pending:
            self.sit_down(session, source)
            return
        where = source.name if source is not None else "The new game"
        if self.no_programs:
            names = ", ".join(name for name, _ in pending)
            self.notify(f"{where} seats an outside program ({names}): {NOT_ALLOWED}.",
                        title="Cannot start", severity="error", timeout=10, markup=False)
            return
        if self.screen.id == PROGRAMS_DIALOG:
            return  # already asking
        body = Text("This match seats outside programs. Each runs on this computer with "
                    "your rights, exactly as written here:\n\n")
        for name, command in pending:
            body.append(f"{shown_command(name)}: ", style="bold")
            body.append(shown_command(command) + "\n")
        if source is None:
            body.append("\nNo goes back to the form; nothing is started.")
            back = "No, back to the form"
        else:
            body.append(f"\nNo goes back; the match stays saved in {source.name}, as it is.")
            back = "No, go back"
        commands = {f"cmd:{command}" for _, command in pending}

        def answer(choice: str | None) -> None:
            if choice == "start":
                session.approved |= commands
                self.sit_down(session, source)

        self.push_screen(ChoiceDialog(
            "Start outside programs?", body,
            [Choice("start", "Yes, start them", "y", "warning"),
             Choice("back", back, "n", "primary")],
            cancel="back", focus="back", dialog_id=PROGRAMS_DIALOG), answer)

    def sit_down(self, session: Session, source: Path | None = None) -> None:
        """``start_session`` once its outside programs, if any, are confirmed.

        A new match never replaces the match in progress: that one is moved to an
        earlier-match file first. A second table open on the same folder saves to a file of
        its own.
        """
        from .screens.newgame import NewGameScreen
        from .screens.table import TableScreen

        session.programs_allowed = not self.no_programs  # said again: start_bots obeys it
        playing = claimed_by(source) if source is not None else None
        if playing is None:
            target = self.choose_target(source)
            claim = take_claim(target)
            playing = claim.other_pid
        if playing is not None:  # two tables playing one match would undo each other
            name = (source or target).name
            self.notify(f"{name} is being played at another table (process {playing}); it "
                        "can be continued here once that table has left it.",
                        title="Cannot continue", severity="error", timeout=10, markup=False)
            return
        self.release_claim()
        self.claim = claim
        if source is not None and target != source:
            # a copy of a saved match, which the table that saved it may go on playing: a
            # match of its own in the history, so that neither replaces the other's deals
            session.history_id = uuid.uuid4().hex
            session.history_seq = 0
        self.session = session
        self.saved = None
        self.save_problem = None
        self.save_failed = False
        self.first_variant = session.variant.id  # the next new game offers it again
        self.save_target = target
        self.save_session()
        if isinstance(self.screen, NewGameScreen):
            self.switch_screen(TableScreen.for_session(session))
        else:
            self.push_screen(TableScreen.for_session(session))

    def choose_target(self, source: Path | None) -> Path:
        """Where a match starting now is saved, moving the match in progress aside if a new
        game would take its place; says so when a file other than the usual one is used."""
        main = save_path(self.data_directory)
        if source is not None and source != main:
            return source  # an earlier match stays in its own file
        try:
            if self.other_table is not None:
                target = new_slot(self.data_directory)
                self.notify(f"Another table is open (process {self.other_table}): this "
                            f"match is saved to {target}.", timeout=10, markup=False)
                return target
            if source is None:
                kept = keep_aside(self.data_directory)
                if kept is not None:
                    self.notify(f"The match in progress was kept as {kept.name}: "
                                "\"Continue an earlier match\" brings it back.", timeout=10,
                                markup=False)
        except OSError as e:
            target = new_slot(self.data_directory)
            if not self.folder_trouble:  # else said at the start
                self.notify(f"The match in progress could not be set aside ({e}); it stays "
                            f"in {main.name}, and this match is saved to {target.name}.",
                            severity="warning", timeout=10, markup=False)
            return target
        return main

    def continue_saved(self) -> None:
        if self.saved is not None:
            self.start_session(self.saved, save_path(self.data_directory))

    def continue_earlier(self, path: Path) -> None:
        """Continue the earlier match saved in ``path``; a problem is reported, the file
        is left as it is."""
        try:
            session = self.read_session(path)
            if session is None:
                raise FileNotFoundError(f"{path} is no longer there")
        except Exception as e:
            self.notify(f"{path.name} cannot be continued: {e}", title="Cannot continue",
                        severity="error", markup=False)
            return
        self.start_session(session, path)

    def back_to_start(self) -> None:
        from .screens.start import StartScreen

        self.session = None
        self.save_target = None
        self.release_claim()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, StartScreen):
            self.pop_screen()

    def release_claim(self) -> None:
        """This table no longer plays the match saved in the file it claimed."""
        if self.claim is not None:
            self.claim.release()
            self.claim = None

    def save_session(self) -> OSError | None:
        """Save the match in play; returns the error when it could not be written (the
        first failure is also shown)."""
        s = self.session
        if s is None or s.match.is_over():
            return None
        target = self.save_target or save_path(self.data_directory)
        try:
            write_save(self.data_directory, s.save_text(), s.table_text(), target)
        except OSError as e:
            self.last_save_error = e
            if not self.save_failed:
                self.notify(f"Cannot save the match in {self.data_directory}: {e}",
                            severity="error", markup=False)
            self.save_failed = True
            return e
        self.last_save_error = None
        self.save_failed = False
        return None

    def clear_session(self) -> None:
        """Forget the save of the match that just finished."""
        try:
            clear_save(self.save_target or save_path(self.data_directory))
        except OSError as e:
            self.notify(f"Cannot remove the finished match's save: {e}", severity="warning",
                        markup=False)
        self.saved = None

    # ----- the game history ----------------------------------------------------------

    def history_store(self) -> Store | None:
        """The game history, opened on first use (from any thread); None when it cannot be
        kept, which is said once.

        No lock is held while telling the player: a worker's notice waits for the event
        loop, and the event loop may be the thread asking here. The app's own thread waits
        only a moment (``HISTORY_PATIENCE``), for a worker opening the history or for
        another program holding the file: it gets None then, and the screens say the
        history is busy. A history found busy is tried again on the next call (a screen
        opened again, a deal's write), so that this run's deals are not lost."""
        from ..history.store import BUSY_REASON, Store, StoreProblem, db_path

        on_main = threading.get_ident() == self._thread_id
        if not self._history_lock.acquire(timeout=HISTORY_PATIENCE if on_main else -1):
            if self.history_problem is None:  # another thread is opening it just now
                self.history_problem = StoreProblem(db_path(self.data_directory),
                                                    BUSY_REASON, busy=True)
            return None
        say = None
        try:
            if not self._history_opened:
                store, problem = Store.open(self.data_directory,
                                            timeout=HISTORY_PATIENCE if on_main else None)
                self._history = store
                self._history_opened = store is not None or problem is None or not problem.busy
                self.history_problem = problem
                if problem is not None and self.folder_trouble and store is None:
                    pass  # said with the folder
                elif problem is not None and (not problem.busy or
                                              not self._history_busy_said):
                    say = problem.message()
                    self._history_busy_said = self._history_busy_said or problem.busy
        finally:
            self._history_lock.release()
        if say is not None:
            self._say(say, "Game history", "warning")
        return self._history

    @contextlib.contextmanager
    def reading_history(self, store: Store) -> Iterator[None]:
        """Reads of the history by a screen (the app's own thread): they wait only a moment
        for another program holding the file."""
        with store.impatient(HISTORY_PATIENCE):
            yield

    def history_trouble(self, error: Exception | None = None) -> str:
        """Why a screen shows no history: the problem met opening it, or ``error`` met
        reading it, in one line."""
        import sqlite3

        from ..history.store import BUSY_REASON, db_path

        if error is None:
            problem = self.history_problem
            return problem.message() if problem else "The game history cannot be read."
        if isinstance(error, sqlite3.OperationalError) and "locked" in str(error).lower():
            return (f"The game history {db_path(self.data_directory)} {BUSY_REASON}; "
                    "open this screen again in a moment.")
        return f"The game history cannot be read just now ({error})."

    def warm_stats(self) -> None:
        """Open the history and work out the statistics the statistics screen shows first
        (a worker's job: with years of games it takes a moment, and the screen then opens
        at once). Kept until the next match is written."""
        store = self.history_store()
        if store is None:
            return
        from ..history.stats import Filters, compute

        try:
            stamp = store.stamp()
            self._stats_cache = (Filters(), stamp, compute(store))
        except Exception:  # the screen works them out itself, and says what is wrong
            self._stats_cache = None

    def cached_stats(self, filters: Filters) -> Stats | None:
        """The statistics for ``filters`` if they were worked out ahead (see
        ``warm_stats``) and the history has not changed since, else None."""
        cached = self._stats_cache
        store = self._history
        if cached is None or store is None or cached[0] != filters:
            return None
        try:
            return cached[2] if store.stamp() == cached[1] else None
        except Exception:
            return None

    def _say(self, text: str, title: str, severity: str) -> None:
        """A notification, from the app's thread or a worker's. ``notify`` only posts a
        message (thread-safe): a worker never waits here for the event loop, which may
        itself be waiting for that worker."""
        with contextlib.suppress(RuntimeError):  # the app closed meanwhile
            self.notify(text, title=title, severity=severity, timeout=10,  # type: ignore[arg-type]
                        markup=False)

    def record_history(self, session: Session) -> None:
        """Keep the match as it stands (after a deal) in the game history. The write runs
        in a worker thread: it never holds up the table, and a failure is said once while
        play goes on."""
        try:
            entry = session.history_entry()
        except Exception as e:  # whatever goes wrong here, the table plays on
            self._history_write_failed(e)
            return
        seq = session.history_seq
        self._history_pending += 1
        self.run_worker(lambda: self._write_history(entry, seq), thread=True,
                        group="history", exit_on_error=False)

    def _write_history(self, entry: MatchEntry, seq: int) -> None:
        try:
            store = self.history_store()
            if store is None:
                return  # said when it was opened
            self._stats_cache = None
            store.write(entry, seq)
        except Exception as e:
            self._history_write_failed(e)
        else:
            self.history_failed = False
            self.warm_stats()
        finally:
            self._history_writes.release()

    def wait_for_history(self, timeout: float = 3.0) -> None:
        """Let the writes under way end (the last deal of a match just before quitting)."""
        deadline = time.monotonic() + timeout
        while self._history_pending > 0:
            if not self._history_writes.acquire(timeout=max(0.0, deadline - time.monotonic())):
                return
            self._history_pending -= 1

    def _history_write_failed(self, error: Exception) -> None:
        if not self.history_failed:
            self.history_failed = True
            self._say(f"This match could not be kept in the game history "
                      f"({error.__class__.__name__}: {error}); play goes on.",
                      "Game history", "warning")

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
            if self.save_session() is not None:
                return  # said already: leaving would lose the match
            from .screens.table import TableScreen

            tables = [s for s in self.screen_stack if isinstance(s, TableScreen)]
            if tables:
                tables[0].leave()  # stops its bots and goes back to the start screen
            else:
                self.close_session()
                self.back_to_start()
            self.load_saved()
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
        self.request_quit()

    def request_quit(self) -> None:
        """Save the match in play and quit. When it cannot be saved, say so (the folder and
        the error) and let the player stay, try again, or quit without saving.

        Every way out of a match should come here: ctrl+q does, and so should the table's
        own save-and-quit key.
        """
        from .screens.confirm import Choice, ChoiceDialog

        error = self.save_session()
        if error is None:
            self.leave()
            return
        if self.screen.id == QUIT_DIALOG:
            return  # already asking
        folder = self.data_directory
        body = Text(f"The match cannot be saved in {folder}:\n{error}\n\n"
                    "While this table stays open the match goes on; quitting now loses it.")
        self.push_screen(ChoiceDialog(
            "Cannot save the match", body,
            [Choice("stay", "Stay at the table", "s", "primary"),
             Choice("retry", "Try saving again", "t"),
             Choice("quit", "Quit without saving", "x", "error")],
            cancel="stay", dialog_id=QUIT_DIALOG), self._quit_answer)

    def _quit_answer(self, answer: str | None) -> None:
        if answer == "retry":
            self.call_later(self.request_quit)
        elif answer == "quit":
            error = self.last_save_error
            self.leave(Text(f"The match was not saved ({self.data_directory}: {error})."),
                       status=1)

    def leave(self, message: Text | None = None, status: int = 0) -> None:
        """Stop the bots and close the app (the match, if any, is saved already); a
        ``status`` other than 0 says a match was lost."""
        self.workers.cancel_all()
        self.close_session()
        self.exit(status, return_code=status, message=message)

    def close_session(self) -> None:
        """Stop the bots' external programs of the match in play (it stays saved)."""
        if self.session is not None:
            self.session.close()

    def on_unmount(self) -> None:
        self.close_session()
        self.wait_for_history()
        store = self._history
        if store is not None:
            with store.lock:  # after a write in flight
                store.close()
        self.release_claim()
        if self.lock is not None:
            self.lock.release()

