"""The room's writes to PostgreSQL, made by one thread so that no player waits for the server:
each table's latest save, kept in memory until written (a newer save of the table replaces an
older one not yet written), and the rated results, in order, never dropped. While the server
cannot be reached the writes wait and are tried again every ``retry`` seconds; the room's log
hears it once ("the database is unreachable ... N saves waiting") and again when the server is
back.

Saves waiting together are sent together, in one round trip (psycopg's pipeline mode): at
the ends of many deals at once, each save written alone made the thread wait for the server,
and then for the interpreter's lock, several times per save, and the tables waiting for their
saves waited longer and longer. A batch the server refuses is written again one save at a
time, so that each save has its own outcome, as when written alone."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
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
Told = tuple[Callable[[Any], None], asyncio.AbstractEventLoop | None, Any]  # who, where, what
RETRY = 1.0  # seconds between two tries of a server that could not be reached
URGENT = "urgent"  # the writes under way are the first of ``urgent``
RESULT = "result"  # the write under way is the first of ``results``
SAVES = "saves"  # the writes under way are saves taken out of ``saves``
BATCH = 64  # saves sent together at most


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
        self.holding = 0  # saves under way, out of ``saves``
        self.alone = 0  # writes to make one at a time (a batch of them was refused)
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

    def _next(self) -> tuple[str, list[tuple[Hashable | None, Job]]] | None:
        """The writes to make now: the first urgent ones, else the first result, else
        saves; as many as ``BATCH`` of a kind together (one, while ``alone``)."""
        with self.cond:
            while not (self.saves or self.results or self.urgent or self.stopping):
                self.cond.wait()
            most = 1 if self.alone else BATCH
            self.alone = max(0, self.alone - 1)
            if self.urgent:
                self.busy = True
                return URGENT, [(key, job) for key, job, _done, _loop
                                in itertools.islice(self.urgent, most)]
            if self.results:
                self.busy = True
                return RESULT, [(None, self.results[0][0])]
            if self.saves:
                keys = list(itertools.islice(self.saves, most))
                self.busy, self.holding = True, len(keys)
                return SAVES, [(key, self.saves.pop(key)) for key in keys]
            return None  # stopping, nothing left

    def _run(self) -> None:
        while (work := self._next()) is not None:
            kind, writes = work
            try:
                answer = self.link.run(together([job for _key, job in writes]))
            except (Unreachable, TransactionRollback) as e:
                if kind == URGENT:
                    self._later(writes)
                self._put_back(writes if kind == SAVES else [])
                if isinstance(e, Unreachable) and not self.down:
                    self.down = True
                    self._say(unreachable(reason(e), self.waiting()))
                with self.cond:  # (a transaction another one rolled back: tried again soon)
                    if self.cond.wait_for(lambda: self.stopping, self.retry):
                        return
                continue
            except Exception as e:  # the server refused this write: said, and let go
                if len(writes) > 1:  # (which of them: each is written again alone)
                    with self.cond:
                        self.alone = len(writes)
                    self._put_back(writes if kind == SAVES else [])
                    continue
                answer, failed = None, e
            else:
                failed = None
            if self.down:
                self.down = False
                self._say(_("The database is back: the saves waiting are being written."))
            told: list[Told] = []
            with self.cond:
                if kind == RESULT:
                    _job, done, loop = self.results[0]
                    if done is not None and failed is None:
                        told.append((done, loop, answer))
                elif kind == URGENT:
                    for _write in writes:
                        _key, _job, done, loop = self.urgent.popleft()
                        told.append((done, loop, failed is None))
            if failed is not None:
                self._say(_("The database refused a write: {error}").format(
                    error=reason(failed)))
            for done, loop, said in told:
                self._post(loop, done, said)
            with self.cond:  # done: ``flush`` sees it once its outcome is told
                if kind == RESULT:
                    self.results.popleft()
                self.busy, self.holding = False, 0
                self.cond.notify_all()

    def _later(self, writes: list[tuple[Hashable | None, Job]]) -> None:
        """The urgent writes at the head could not be made now: each kept as its table's
        save (unless a newer one came), and its waiter told."""
        told = []
        with self.cond:
            for _write in writes:
                key, job, done, loop = self.urgent.popleft()
                self.saves.setdefault(key, job)
                told.append((loop, done))
        for loop, done in told:
            self._post(loop, done, False)

    def _put_back(self, writes: list[tuple[Hashable | None, Job]]) -> None:
        """The saves of ``writes`` waiting again, first in line (each unless a newer save
        of its table came meanwhile): they are the next tried, alone after a refusal."""
        with self.cond:
            rest = dict(self.saves)
            self.saves.clear()
            self.saves.update((key, job) for key, job in writes if key not in rest)
            self.saves.update(rest)
            self.busy, self.holding = False, 0
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


def together(jobs: list[Job]) -> Job:
    """The jobs as one, sent to the server in one go (each a statement or more, none reading
    an answer): the one job itself when alone."""
    if len(jobs) == 1:
        return jobs[0]

    def run(db: psycopg.Connection) -> None:
        with db.pipeline():
            for job in jobs:
                job(db)

    return run


def unreachable(why: str, waiting: int) -> str:
    """The log's line when the database is lost."""
    return ngettext(
        "The database is unreachable ({error}): the room holds its tables and keeps {n} save "
        "waiting until it is back.",
        "The database is unreachable ({error}): the room holds its tables and keeps {n} saves "
        "waiting until it is back.", waiting).format(error=why, n=waiting)
