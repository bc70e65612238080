"""Where matches are kept: the match in progress, earlier matches, the lock between tables.

A save is a game record (the engine's format, so ``bisca-tui replay`` reads it too) and,
beside it, a small file naming who sits where and the table's settings
(``NAME.json`` and ``NAME.table.json``). They live in the user's data directory:
``$BISCA_TUI_DATA`` when set, else the platform's data folder for ``bisca-tui``
(``~/.local/share/bisca-tui`` on Linux). A save found where earlier versions kept it is
moved there, never dropped.

- ``saved-match.json`` is the match in progress, offered back by "Continue".
- ``save-<time>.json`` are earlier matches: one set aside when a new game started over it,
  or one played at a second table open at the same time. "Continue an earlier match" lists
  them.
- ``saved-match.damaged-<time>.json`` is a save that could not be resumed, renamed so that
  nothing overwrites it.
- ``bisca-tui.lock`` holds the process id of the table that owns ``saved-match.json``; a
  second table sees it and keeps its match in a file of its own.
- ``NAME.playing`` holds the process id of the table playing the match saved in
  ``NAME.json``: no second table continues that file meanwhile.

No function here deletes or overwrites a match the player has not finished or given up.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# the data folder, found below the card table (the history's commands use it too)
from ..datadir import ENV_DIR, data_dir, legacy_data_dir  # noqa: F401
from ..lang import _

SAVE_NAME = "saved-match.json"
TABLE_NAME = "saved-match.table.json"
LOCK_NAME = "bisca-tui.lock"
SLOT_PREFIX = "save-"
TABLE_SUFFIX = ".table.json"
CLAIM_SUFFIX = ".playing"


def save_path(directory: Path) -> Path:
    return directory / SAVE_NAME


def table_path(path: Path) -> Path:
    """The seats-and-settings file kept beside the record ``path``."""
    return path.with_name(path.name.removesuffix(".json") + TABLE_SUFFIX)


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def write_save(directory: Path, record_text: str, table_text: str,
               path: Path | None = None) -> Path:
    """Write a save atomically (temporary files, then renames); ``path`` defaults to the
    match in progress."""
    directory.mkdir(parents=True, exist_ok=True)
    path = path or save_path(directory)
    _write(table_path(path), table_text)
    _write(path, record_text)
    return path


def clear_save(path: Path) -> None:
    """Forget the save of a match that finished normally."""
    for p in (path, table_path(path)):
        if p.exists():
            p.unlink()


def _free_name(directory: Path, prefix: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    suffix, k = stamp, 2
    while (directory / f"{prefix}{suffix}.json").exists() or \
            (directory / f"{prefix}{suffix}{TABLE_SUFFIX}").exists():
        suffix = f"{stamp}-{k}"
        k += 1
    return directory / f"{prefix}{suffix}.json"


def new_slot(directory: Path) -> Path:
    """An unused ``save-<time>.json`` for a match kept apart from the one in progress (in a
    folder that cannot be looked into, a name no other table would pick)."""
    try:
        return _free_name(directory, SLOT_PREFIX)
    except OSError:
        return directory / f"{SLOT_PREFIX}{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.json"


def _move_pair(src: Path, dst: Path) -> None:
    """Move a record and its table file; the table first, so that a failure leaves the
    record where it was (a record without its table file is still a match)."""
    if table_path(src).exists():
        os.replace(table_path(src), table_path(dst))
    os.replace(src, dst)


def keep_aside(directory: Path) -> Path | None:
    """Move the match in progress to an earlier-match slot (so that a new game does not
    replace it); returns where it went, None when there was none. Raises OSError when it
    could not be moved: the caller must then leave ``saved-match.json`` alone."""
    path = save_path(directory)
    if not path.exists():
        return None
    target = new_slot(directory)
    _move_pair(path, target)
    return target


def earlier_saves(directory: Path) -> list[Path]:
    """The earlier matches kept in ``directory``, newest first."""
    try:
        found = [p for p in directory.glob(f"{SLOT_PREFIX}*.json")
                 if not p.name.endswith(TABLE_SUFFIX) and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name, reverse=True)


def saved_at(path: Path) -> str:
    """When a save was last written, in local time (empty when unknown)."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    except OSError:
        return ""


@dataclass
class SavedMatch:
    path: Path
    text: str
    table: dict[str, Any]


@dataclass
class SaveProblem:
    path: Path
    reason: str
    moved_to: Path | None

    def message(self) -> str:
        if self.moved_to:
            return _("The saved match in {path} could not be resumed: {reason}. It was set "
                     "aside as {name}.").format(path=self.path, reason=self.reason,
                                                name=self.moved_to.name)
        return _("The saved match in {path} could not be resumed: {reason}.").format(
            path=self.path, reason=self.reason)


def read_save(directory: Path, path: Path | None = None) -> SavedMatch | None:
    """A saved record's text and table settings (the match in progress unless ``path``
    names another), or None when there is no such file. Raises ``RecordError`` for a file
    that is not a sound save, and ``OSError`` for one that cannot be read (no permission,
    a folder that cannot be listed): that file may well be sound."""
    path = path or save_path(directory)
    if not path.exists():
        return None
    from ..engine.json_words import json_problem, json_where
    from ..engine.records import RecordError  # only when there is a save to read

    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(str(path), _("cannot be read ({error})").format(error=e)) from None
    table: dict[str, Any] = {}
    tpath = table_path(path)
    if tpath.exists():
        try:
            raw = json.loads(tpath.read_text(encoding="utf-8"))
        except UnicodeDecodeError as e:
            raise RecordError(str(tpath), _("cannot be read ({error})").format(error=e)) from None
        except json.JSONDecodeError as e:
            raise RecordError(json_where(str(tpath), e), _("not valid JSON ({error})").format(
                error=json_problem(e))) from None
        if not isinstance(raw, dict):
            raise RecordError(str(tpath), _("must be a JSON object"))
        table = raw
    return SavedMatch(path, text, table)


def set_aside(directory: Path, reason: str) -> SaveProblem:
    """Rename a damaged save (and its table file) to new, unused names next to it; a save
    that cannot be moved stays where it is (the problem says so)."""
    path = save_path(directory)
    moved: Path | None = None
    try:
        target = _free_name(directory, "saved-match.damaged-")
        os.rename(path, target)
        moved = target
        tpath = table_path(path)
        if tpath.exists():
            os.rename(tpath, table_path(target))
    except OSError:
        pass
    return SaveProblem(path, reason, moved)


def folder_problem(directory: Path) -> str | None:
    """Why matches cannot be kept in ``directory`` (it cannot be made, read or written),
    in one line; None when they can."""
    what = _("the folder cannot be made ({error})")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        what = _("the folder cannot be read ({error})")
        with os.scandir(directory) as entries:
            next(entries, None)
    except OSError as e:
        why = what.format(error=e.strerror or e)
    else:
        if os.access(directory, os.W_OK | os.X_OK):
            return None
        why = _("the folder cannot be written")
    # translators: {why} is one of "the folder cannot be made (...)", "... read (...)",
    # "... written"
    return _("Matches cannot be saved in {folder}: {why}. Play goes on without saving "
             "matches, settings or the game history.").format(folder=directory, why=why)


# ----- moving saves from the old folder ----------------------------------------------


def migrate(old: Path, new: Path) -> list[str]:
    """Move the saves of ``old`` into ``new``; returns sentences saying what moved or what
    could not. Nothing is overwritten: a match in progress that meets another one in
    ``new`` becomes an earlier match, and a file whose name is taken stays where it was."""
    try:
        if not old.is_dir() or old.resolve() == new.resolve():
            return []
        names = sorted(p.name for p in old.iterdir() if p.is_file())
    except OSError as e:
        return [_("Could not look for saves in {folder}: {error}.").format(folder=old, error=e)]
    records = [n for n in names if n.endswith(".json") and not n.endswith(TABLE_SUFFIX)
               and (n == SAVE_NAME or n.startswith((SLOT_PREFIX, "saved-match.damaged-")))]
    if not records:
        return []
    out: list[str] = []
    try:
        new.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return [_("Saves in {old} were left there: cannot create {new} ({error}).").format(
            old=old, new=new, error=e)]
    moved = 0
    for name in records:
        src = old / name
        dst = new / name
        if name == SAVE_NAME and dst.exists():
            dst = new_slot(new)
        if dst.exists() or table_path(dst).exists():
            out.append(_("{file} was left where it is: {name} already exists in {folder}.")
                       .format(file=src, name=dst.name, folder=new))
            continue
        try:
            if table_path(src).exists():
                shutil.move(str(table_path(src)), str(table_path(dst)))
            shutil.move(str(src), str(dst))
            moved += 1
        except OSError as e:
            out.append(_("{file} could not be moved to {folder}: {error}.").format(
                file=src, folder=new, error=e))
    if moved:
        out.insert(0, _("Saved matches moved from {old} to {new}.").format(old=old, new=new))
    return out


# ----- the lock between tables ---------------------------------------------------------


def pid_alive(pid: int) -> bool:
    """Whether a process with this id is running (a zombie counts as running)."""
    if pid <= 0:
        return False
    if os.name == "nt":  # os.kill would end the process there
        return _windows_pid_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    except OSError:
        return False
    return True


def _windows_pid_alive(pid: int) -> bool:  # pragma: no cover - Windows only
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return kernel32.GetLastError() == 5  # access denied: it exists
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


@dataclass
class Lock:
    """The outcome of taking the lock: ``held`` by this process, or ``other_pid`` names the
    live process that holds it. ``problem`` says why neither could be known."""

    path: Path
    held: bool = False
    other_pid: int | None = None
    problem: str = ""

    def release(self) -> None:
        """Remove the lock if this process holds it (idempotent)."""
        if not self.held:
            return
        self.held = False
        if read_lock_pid(self.path) == os.getpid():
            with contextlib.suppress(OSError):
                self.path.unlink()


def read_lock_pid(path: Path) -> int | None:
    """The process id in a lock file; None when missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        pid = data.get("pid") if isinstance(data, dict) else None
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return pid if isinstance(pid, int) and not isinstance(pid, bool) else None


def take_lock(directory: Path) -> Lock:
    """Take the save folder's lock. A lock naming a process that is no longer running (or
    one that cannot be read) is stale and taken over; one naming this process is ours."""
    path = directory / LOCK_NAME
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return Lock(path, problem=str(e))
    return _take(path)


def claim_path(path: Path) -> Path:
    """The file saying which table plays the match saved in ``path``."""
    return path.with_name(path.name.removesuffix(".json") + CLAIM_SUFFIX)


def take_claim(path: Path) -> Lock:
    """Claim the save ``path`` for the match this table plays: a second table that would
    continue the same file finds it held (``other_pid``) and must not, or the two would
    overwrite each other's save and each other's deals in the history. Released when the
    table leaves the match; a claim left by a table that is gone is stale."""
    return _take(claim_path(path))


def claimed_by(path: Path) -> int | None:
    """The process id of another live table playing the match saved in ``path``."""
    pid = read_lock_pid(claim_path(path))
    return pid if pid is not None and pid != os.getpid() and pid_alive(pid) else None


def _take(path: Path) -> Lock:
    me = os.getpid()
    for _attempt in range(3):
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            pid = read_lock_pid(path)
            if pid == me:
                return Lock(path, held=True)
            if pid is not None and pid_alive(pid):
                return Lock(path, other_pid=pid)
            with contextlib.suppress(OSError):
                path.unlink()  # stale: its table is gone
            continue
        except OSError as e:
            return Lock(path, problem=str(e))
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"pid": me, "since": time.strftime("%Y-%m-%d %H:%M:%S")}, f)
        return Lock(path, held=True)
    return Lock(path, problem=_("the lock file keeps changing"))
