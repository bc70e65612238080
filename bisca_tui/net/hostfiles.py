"""What a hosted match leaves on disk: its save, written after every action so that a host
that stops (killed, a power cut, Ctrl+C) can be started again where the match was, and its
game history, as the card table keeps its own matches.

The save is the card table's (``table.save``): a game record and its table file, written
within ``SAVE_DELAY`` of every action (a host killed outright loses at most the actions of
that moment; one stopped by Ctrl+C loses none), here named after the invite code,
``hosted-CODE.json`` and ``hosted-CODE.table.json`` in the data folder, so that it never
meets the table's own ``saved-match.json``. The table file holds a
``host`` section besides: the code, the places open to players, who holds each place and its
key, the bots' level, the hold and the number of deals. ``bisca-tui host --resume`` reads it
back (``read_hosted``); the save goes once the match is over or its deals are played.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..lang import _
from ..table.loop import FileAutosave
from ..table.recording import from_saved
from ..table.save import TABLE_SUFFIX, clear_save, read_save, write_save
from ..table.seats import HUMAN
from ..table.session import Session
from .pool import saver, writer
from .settings import NetSettings

if TYPE_CHECKING:
    from ..history.entry import MatchEntry
    from ..history.store import Store

HOSTED_PREFIX = "hosted-"
SAVE_DELAY = 0.5  # seconds from an action to its save: the actions meanwhile share it
Problem = Callable[[str], None]  # told a problem with the files, in one line


def hosted_path(directory: Path, code: str) -> Path:
    return directory / f"{HOSTED_PREFIX}{code}.json"


def hosted_saves(directory: Path) -> list[Path]:
    """The hosted matches saved in ``directory``, the last saved first."""
    try:
        found = [p for p in directory.glob(f"{HOSTED_PREFIX}*.json")
                 if not p.name.endswith(TABLE_SUFFIX) and p.is_file()]
        return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []


class HostAutosave(FileAutosave):
    """The card table's save, with the host's section in the table file. The turn loop asks
    for one after every action; it is made ``SAVE_DELAY`` seconds later, once for all the
    actions taken meanwhile (bots answering each other come in bursts), and written in the
    saves' thread (``pool.saver``), so that no client waits for the disk. ``flush`` makes
    the one asked for at once (a host stopping); ``drain`` waits for the writes. A save
    that cannot be written is told once (and again after it worked once more); the table
    plays on."""

    def __init__(self, session: Session, directory: Path, target: Path,
                 host_part: Callable[[], dict[str, Any]], problem: Problem,
                 delay: float = SAVE_DELAY) -> None:
        super().__init__(session, directory, target)
        self.host_part = host_part
        self.problem = problem
        self.delay = delay
        self.failed = False
        self.loop = asyncio.get_running_loop()
        self.timer: asyncio.TimerHandle | None = None
        self.pending: set[Future[None]] = set()

    def save(self) -> None:
        if self.timer is None:
            self.timer = self.loop.call_later(self.delay, self.flush)

    def flush(self) -> None:
        """Make the save asked for now (none when none was asked for)."""
        if self.timer is None:
            return
        self.timer.cancel()
        self.timer = None
        if self.session.match.is_over():
            return
        self._submit(self._write, *self.texts())

    def texts(self) -> tuple[str, str]:
        """The save's two texts: the record, and the table file with the host's section."""
        s = self.session
        table = json.loads(s.recording.table_text())
        table["host"] = self.host_part()
        return s.recording.save_text(), json.dumps(table, indent=2, ensure_ascii=False) + "\n"

    def clear(self) -> None:
        """The match is over: no save is left (after the writes under way)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self._submit(self._clear)

    def _submit(self, job: Callable[..., None], *args: Any) -> None:
        future = saver().submit(job, *args)
        self.pending.add(future)
        future.add_done_callback(self.pending.discard)

    def _write(self, record: str, table: str) -> None:  # in the saves' thread
        try:
            write_save(self.directory, record, table, self.target)
        except OSError as e:
            error: OSError | None = e
        else:
            error = None
        with contextlib.suppress(RuntimeError):  # the host has gone meanwhile
            self.loop.call_soon_threadsafe(self._written, error)

    def _written(self, error: OSError | None) -> None:
        if error is not None and not self.failed:
            self.problem(_("Cannot save the match in {folder}: {error}").format(
                folder=self.target, error=error))
        self.failed = error is not None

    def _clear(self) -> None:
        with contextlib.suppress(OSError):
            clear_save(self.target)

    async def drain(self, timeout: float = 10.0) -> None:
        """Make the save asked for, and wait for the writes under way."""
        self.flush()
        if self.pending:
            await asyncio.wait([asyncio.wrap_future(f) for f in list(self.pending)],
                               timeout=timeout)


@dataclass
class Resume:
    """A hosted match read back from its save: the match, its code, who holds which place
    (and the places' keys), and the table's settings."""

    path: Path
    session: Session
    code: str
    owners: list[str | None]
    keys: list[str | None]
    host: dict[str, Any]

    def settings(self, **given: Any) -> NetSettings:
        """The table's settings as saved, with ``given`` (the hold, the folders) on top."""
        v = self.session.variant
        h = self.host
        saved: dict[str, Any] = {
            "players": v.n_people, "open": tuple(h["open"]), "level": h["level"],
            "hold": float(h["hold"]), "deals": h.get("deals"),
            "seed": self.session.match.seed, "start_with": h.get("start_with"),
            "hints": self.session.hints}
        return NetSettings(v.id, dict(v.options), **(saved | given))


def _names(raw: Any, n: int, field: str) -> list[str | None]:
    if not isinstance(raw, list) or len(raw) != n or not all(
            x is None or (isinstance(x, str) and 0 < len(x) <= 100) for x in raw):
        raise ValueError(_("{field} must list {n} names or nulls").format(
            field=f"table.host.{field}", n=n))
    return list(raw)


def _whole(value: Any, field: str, none: bool = True) -> Any:
    if (value is None and none) or (isinstance(value, int) and not isinstance(value, bool)
                                     and value >= 0):
        return value
    raise ValueError(_("{field} must be a whole number").format(field=f"table.host.{field}"))


def read_hosted(path: Path) -> Resume:
    """The hosted match saved in ``path``; raises ``OSError`` when it cannot be read, and
    ``RecordError`` or ``ValueError`` (saying which field) when it is not a sound one."""

    saved = read_save(path.parent, path)
    if saved is None:
        raise FileNotFoundError(_("{path} is no longer there").format(path=path))
    return hosted_from(saved.text, saved.table, path)


def hosted_from(text: str, saved_table: dict[str, Any], path: Path) -> Resume:
    """A hosted match from its record's ``text`` and its table file (read from ``path``, or
    kept elsewhere under that name: a room keeps its tables' saves in its store); raises
    ``RecordError`` or ``ValueError`` (saying which field) when it is not a sound one."""
    from ..argtypes import builtin_levels
    from ..engine.records import parse_record

    host = saved_table.get("host")
    if not isinstance(host, dict):
        raise ValueError(_("{file} is not a hosted match").format(file=path.name))
    code = host.get("code")
    if not isinstance(code, str) or not code.isalnum() or len(code) > 32:
        raise ValueError(_("{field} must be an invite code").format(field="table.host.code"))
    record = parse_record(text, str(path))
    n = len(record.players)
    owners, keys = _names(host.get("owners"), n, "owners"), _names(host.get("keys"), n, "keys")
    opened = host.get("open")
    if not isinstance(opened, list) or any(_whole(p, "open", False) >= n for p in opened):
        raise ValueError(_("{field} must list places from 0 to {last}").format(
            field="table.host.open", last=n - 1))
    if host.get("level") not in builtin_levels():
        raise ValueError(_("{field} must be a built-in bot level").format(field="table.host.level"))
    hold = host.get("hold")
    if not isinstance(hold, int | float) or isinstance(hold, bool) or not 0 <= hold < 1e9:
        raise ValueError(_("{field} must be a number of seconds").format(field="table.host.hold"))
    _whole(host.get("deals"), "deals")
    _whole(host.get("start_with"), "start_with")
    table = dict(saved_table)
    seats = table.get("seats")
    first: dict[str, Any] | None = None
    if isinstance(seats, list) and seats and isinstance(seats[0], dict) and not any(
            isinstance(s, dict) and s.get("kind") == HUMAN for s in seats):
        # a session needs a person: bots hold every place (nobody sat, or every player
        # dropped past the hold), so the first is one while it is made, as at the start
        first = seats[0]
        table["seats"] = [{"kind": HUMAN, "name": first.get("name")}, *seats[1:]]
    session = from_saved(record, table)
    if first is not None:
        spec = session.people[0]
        spec.kind, spec.level = str(first.get("kind")), str(first.get("level", ""))
    return Resume(path, session, code, owners, keys, host)


class HostHistory:
    """The game history of a hosted match: the table loop calls it after each deal; the
    match's entry is made there, and written in the history's thread (``pool.writer``),
    so that no client waits for the disk. ``drain`` waits for the writes under way."""

    def __init__(self, directory: Path, problem: Problem) -> None:
        self.directory = directory
        self.problem = problem
        self.loop = asyncio.get_running_loop()
        self.store: Store | None = None
        self.opened = False
        self.pending: set[Future[None]] = set()

    def __call__(self, session: Session) -> None:
        try:
            entry = session.recording.history_entry()
        except Exception as e:  # whatever goes wrong here, the table plays on
            return self.problem(_("This match could not be kept in the game history "
                                  "({error}); play goes on.").format(error=e))
        future = writer().submit(self._write, entry, session.recording.history_seq)
        self.pending.add(future)
        future.add_done_callback(self.pending.discard)

    def _tell(self, text: str) -> None:  # from the history's thread
        with contextlib.suppress(RuntimeError):  # the host has gone meanwhile
            self.loop.call_soon_threadsafe(self.problem, text)

    def _write(self, entry: MatchEntry, seq: int) -> None:
        from ..history.store import Store

        if not self.opened:
            self.opened = True
            self.store, trouble = Store.open(self.directory)
            if trouble is not None:
                self._tell(trouble.message())
        if self.store is None:
            return
        try:
            self.store.write(entry, seq)
        except Exception as e:
            self._tell(_("This match could not be kept in the game history ({error}); play goes "
                         "on.").format(error=f"{e.__class__.__name__}: {e}"))

    async def drain(self, timeout: float = 10.0) -> None:
        """Wait for the writes under way, then close the history."""
        if self.pending:
            waiting = [asyncio.wrap_future(f) for f in list(self.pending)]
            await asyncio.wait(waiting, timeout=timeout)
        store = self.store
        if store is not None:
            self.store = None
            await asyncio.wrap_future(writer().submit(store.close))
