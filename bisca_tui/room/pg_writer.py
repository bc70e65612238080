"""The room's writes to PostgreSQL, made by one thread so that no player waits for the server:
each table's latest save, kept in memory until written (a newer save of the table replaces an
older one not yet written), and the rated results, in order, never dropped. While the server
cannot be reached the writes wait and are tried again every ``retry`` seconds; the room's log
hears it once ("the database is unreachable ... N saves waiting") and again when the server is
back."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any

import psycopg
from psycopg.errors import TransactionRollback

from ..lang import _, ngettext
from .pg_link import Link, reason
from .store import Unreachable

Job = Callable[[psycopg.Connection], Any]
RETRY = 1.0  # seconds between two tries of a server that could not be reached
URGENT = "urgent"  # the write under way is the first of ``urgent``


class Writer:
    def __init__(self, link: Link, problem: Callable[[str], None], retry: float = RETRY
                 ) -> None:
        self.link = link
        self.problem = problem
        self.retry = retry
        self.saves: dict[Hashable, Job] = {}  # the latest of each table, not written yet
        self.results: deque[tuple[Job, Callable[[Any], None] | None,
                                  asyncio.AbstractEventLoop | None]] = deque()
        # a deal's end: its table's save, written first, and who is told once it is
        self.urgent: deque[tuple[Hashable, Job, Callable[[Any], None],
                                 asyncio.AbstractEventLoop | None]] = deque()
        self.busy = False  # a write under way
        self.holding = False  # a save under way, out of ``saves``
        self.down = False
        self.stopping = False
        self.loop: asyncio.AbstractEventLoop | None = None  # where the log is told
        self.cond = threading.Condition()
        self.thread = threading.Thread(target=self._run, name="room database", daemon=True)
        self.thread.start()

    def keep(self, key: Hashable, job: Job) -> None:
        """Write ``job`` (a table's save: ``key``) when the server can, instead of any job
        of the same key not yet written."""
        with self.cond:
            self._note_loop()
            self.saves.pop(key, None)
            self.saves[key] = job
            self.cond.notify_all()

    def first(self, key: Hashable, job: Job, done: Callable[[Any], None]) -> None:
        """Write ``job`` (a table's save: ``key``) before any other write waiting; ``done``
        is told once it is written (True), or found impossible for now (False: it is kept
        then as the table's save not yet written, unless a newer one came)."""
        with self.cond:
            self.saves.pop(key, None)
            self.urgent.append((key, job, done, self._note_loop()))
            self.cond.notify_all()

    def forget(self, key: Hashable) -> None:
        """Drop the save of ``key`` not yet written (a newer one is written otherwise)."""
        with self.cond:
            self.saves.pop(key, None)

    def queue(self, job: Job, done: Callable[[Any], None] | None = None) -> None:
        """Run ``job`` after those queued before it, however long the server is away;
        ``done`` is given its answer (on the caller's event loop, when it has one)."""
        with self.cond:
            self.results.append((job, done, self._note_loop()))
            self.cond.notify_all()

    def waiting(self) -> int:
        """How many writes are not made yet (a table's save counts once, however many times
        it was replaced)."""
        with self.cond:
            return len(self.saves) + len(self.results) + len(self.urgent) + self.holding

    def flush(self, timeout: float) -> bool:
        """Wait until every write asked for is made (False: some are left at ``timeout``)."""
        with self.cond:
            return self.cond.wait_for(
                lambda: not (self.saves or self.results or self.urgent or self.busy), timeout)

    def close(self, timeout: float) -> int:
        """Write what is left within ``timeout`` seconds and stop: how many writes were not
        made."""
        self.flush(timeout)
        with self.cond:
            self.stopping = True
            self.cond.notify_all()
        self.thread.join(self.retry + 1)
        return self.waiting()

    def _note_loop(self) -> asyncio.AbstractEventLoop | None:
        try:
            self.loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        return self.loop

    def _next(self) -> tuple[Hashable | None, Job] | None:
        with self.cond:
            while not (self.saves or self.results or self.urgent or self.stopping):
                self.cond.wait()
            if self.urgent:
                self.busy = True
                return URGENT, self.urgent[0][1]
            if self.results:
                self.busy = True
                return None, self.results[0][0]
            if self.saves:
                key = next(iter(self.saves))
                self.busy = self.holding = True
                return key, self.saves.pop(key)
            return None  # stopping, nothing left

    def _run(self) -> None:
        while (work := self._next()) is not None:
            key, job = work
            try:
                answer = self.link.run(job)
            except (Unreachable, TransactionRollback) as e:
                if key is URGENT:
                    self._later(job)
                self._put_back(None if key is URGENT else key, job)
                if isinstance(e, Unreachable) and not self.down:
                    self.down = True
                    self._say(unreachable(reason(e), self.waiting()))
                with self.cond:  # (a transaction another one rolled back: tried again soon)
                    if self.cond.wait_for(lambda: self.stopping, self.retry):
                        return
                continue
            except Exception as e:  # the server refused this write: said, and let go
                answer, failed = None, e
            else:
                failed = None
            if self.down:
                self.down = False
                self._say(_("The database is back: the saves waiting are being written."))
            with self.cond:
                done = loop = None
                if key is None:
                    _job, done, loop = self.results[0]
                elif key is URGENT:
                    _key, _job, told, at = self.urgent.popleft()
                    done, loop, answer = told, at, failed is None
            if failed is not None:
                self._say(_("The database refused a write: {error}").format(
                    error=reason(failed)))
            if done is not None and (failed is None or key is URGENT):
                self._post(loop, done, answer)
            with self.cond:  # done: ``flush`` sees it once its outcome is told
                if key is None:
                    self.results.popleft()
                self.busy = self.holding = False
                self.cond.notify_all()

    def _later(self, job: Job) -> None:
        """The urgent write at the head could not be made now: kept as its table's save
        (unless a newer one came), and its waiter told."""
        with self.cond:
            key, _job, done, loop = self.urgent.popleft()
            self.saves.setdefault(key, job)
        self._post(loop, done, False)

    def _put_back(self, key: Hashable | None, job: Job) -> None:
        with self.cond:
            if key is not None:
                self.saves.setdefault(key, job)  # unless a newer one came meanwhile
            self.busy = self.holding = False
            self.cond.notify_all()

    def _say(self, text: str) -> None:
        self._post(self.loop, self.problem, text)

    @staticmethod
    def _post(loop: asyncio.AbstractEventLoop | None, call: Callable[[Any], None],
              arg: Any) -> None:
        if loop is None or loop.is_closed():
            call(arg)
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(call, arg)


def unreachable(why: str, waiting: int) -> str:
    """The log's line when the database is lost."""
    return ngettext(
        "The database is unreachable ({error}): the room holds its tables and keeps {n} save "
        "waiting until it is back.",
        "The database is unreachable ({error}): the room holds its tables and keeps {n} saves "
        "waiting until it is back.", waiting).format(error=why, n=waiting)
