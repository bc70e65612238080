"""The game history as the app keeps it (``BiscaApp.history``): the store opened on first
use from any thread, the statistics kept warm, and each finished match recorded by a worker;
a history that cannot be opened or written is told, and play goes on."""

from __future__ import annotations

import contextlib
import threading
import time
from typing import TYPE_CHECKING

from ..lang import _

if TYPE_CHECKING:  # the engine loads when a match is read or made, not at start-up
    from collections.abc import Iterator

    from ..history.entry import MatchEntry
    from ..history.stats import Filters, Stats
    from ..history.store import Store, StoreProblem
    from ..table.session import Session
    from .app import BiscaApp

HISTORY_PATIENCE = 0.5  # seconds the app's own thread waits for the game history


class GameHistory:
    """The app's game history: opening it, the statistics kept warm, the matches written
    (in workers) and a problem with any of it, said once."""

    def __init__(self, app: BiscaApp) -> None:
        self.app = app
        self.problem: StoreProblem | None = None  # met opening it
        self.failed = False  # a write failed: said once, play goes on
        self._store: Store | None = None
        self._stats_cache: tuple[Filters, tuple[int, int], Stats] | None = None
        self._opened = False
        self._busy_said = False
        self._lock = threading.Lock()
        self._writes = threading.Semaphore(0)  # released by each write's end
        self._pending = 0

    def store(self) -> Store | None:
        """The game history, opened on first use (from any thread); None when it cannot be
        kept, which is said once.

        No lock is held while telling the player: a worker's notice waits for the event
        loop, and the event loop may be the thread asking here. The app's own thread waits
        only a moment (``HISTORY_PATIENCE``), for a worker opening the history or for
        another program holding the file: it gets None then, and the screens say the
        history is busy. A history found busy is tried again on the next call (a screen
        opened again, a deal's write), so that this run's deals are not lost."""
        from ..history.store import BUSY_REASON, Store, StoreProblem, db_path

        app = self.app
        on_main = threading.get_ident() == app._thread_id
        if not self._lock.acquire(timeout=HISTORY_PATIENCE if on_main else -1):
            if self.problem is None:  # another thread is opening it just now
                self.problem = StoreProblem(db_path(app.data_directory), BUSY_REASON, busy=True)
            return None
        say = None
        try:
            if not self._opened:
                store, problem = Store.open(app.data_directory,
                                            timeout=HISTORY_PATIENCE if on_main else None)
                self._store = store
                self._opened = store is not None or problem is None or not problem.busy
                self.problem = problem
                if problem is not None and app.folder_trouble and store is None:
                    pass  # said with the folder
                elif problem is not None and (not problem.busy or not self._busy_said):
                    say = problem.message()
                    self._busy_said = self._busy_said or problem.busy
        finally:
            self._lock.release()
        if say is not None:
            self._say(say, _("Game history"), "warning")
        return self._store

    @contextlib.contextmanager
    def reading(self, store: Store) -> Iterator[None]:
        """Reads of the history by a screen (the app's own thread): they wait only a moment
        for another program holding the file."""
        with store.impatient(HISTORY_PATIENCE):
            yield

    def trouble(self, error: Exception | None = None) -> str:
        """Why a screen shows no history: the problem met opening it, or ``error`` met
        reading it, in one line."""
        import sqlite3

        from ..history.store import db_path

        if error is None:
            problem = self.problem
            return problem.message() if problem else _("The game history cannot be read.")
        if isinstance(error, sqlite3.OperationalError) and "locked" in str(error).lower():
            return _("The game history {path} is busy (used by another bisca-tui, or another "
                     "program?); open this screen again in a moment.").format(
                         path=db_path(self.app.data_directory))
        return _("The game history cannot be read just now ({error}).").format(error=error)

    def warm_stats(self) -> None:
        """Open the history and work out the statistics the statistics screen shows first
        (a worker's job: with years of games it takes a moment, and the screen then opens
        at once). Kept until the next match is written."""
        store = self.store()
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
        store = self._store
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
            self.app.notify(text, title=title, severity=severity, timeout=10,  # type: ignore[arg-type]
                        markup=False)

    def record(self, session: Session) -> None:
        """Keep the match as it stands (after a deal) in the game history. The write runs
        in a worker thread: it never holds up the table, and a failure is said once while
        play goes on."""
        try:
            entry = session.recording.history_entry()
        except Exception as e:  # whatever goes wrong here, the table plays on
            self._write_failed(e)
            return
        self.keep(entry, session.recording.history_seq)

    def keep(self, entry: MatchEntry, seq: int = 1) -> None:
        """Write ``entry`` (its ``seq``-th writing) in a worker, as ``record`` does."""
        self._pending += 1
        self.app.run_worker(lambda: self._write(entry, seq), thread=True, group="history",
                            exit_on_error=False)

    def _write(self, entry: MatchEntry, seq: int) -> None:
        try:
            store = self.store()
            if store is None:
                return  # said when it was opened
            self._stats_cache = None
            store.write(entry, seq)
        except Exception as e:
            self._write_failed(e)
        else:
            self.failed = False
            self.warm_stats()
        finally:
            self._writes.release()

    def wait(self, timeout: float = 3.0) -> None:
        """Let the writes under way end (the last deal of a match just before quitting)."""
        deadline = time.monotonic() + timeout
        while self._pending > 0:
            if not self._writes.acquire(timeout=max(0.0, deadline - time.monotonic())):
                return
            self._pending -= 1

    def close(self) -> None:
        """The writes under way end (for a moment), and the history is closed."""
        self.wait()
        store = self._store
        if store is not None:
            with store.lock:  # after a write in flight
                store.close()

    def _write_failed(self, error: Exception) -> None:
        if not self.failed:
            self.failed = True
            self._say(_("This match could not be kept in the game history ({error}); play "
                        "goes on.").format(error=f"{error.__class__.__name__}: {error}"),
                      _("Game history"), "warning")
