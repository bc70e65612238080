"""What can keep the history file from use, and what is done about it: the problems told to
the player, a file locked by another program (waited for, never moved), a file that is not
ours or is damaged (set aside under a new name, never deleted), and WAL mode."""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from ..lang import N_, _


class StoreError(Exception):
    """The history cannot be used; the message says why and what became of the file."""


@dataclass
class StoreProblem:
    """Why the history could not be opened as it was, in words for the player."""

    path: Path
    reason: str
    moved_to: Path | None = None
    busy: bool = False  # locked by another program: it may be free later

    def message(self) -> str:
        # the reasons of this module are translated where they are made, BUSY_REASON here
        reason = _(BUSY_REASON) if self.reason == BUSY_REASON else self.reason
        if self.moved_to is not None:
            # translators: {path} is the history file; {reason} says what is wrong with it
            # ("is damaged (...)"), as the rest of the sentence after the file's name;
            # {moved} is the new name of the file set aside
            return _("The game history {path} {reason}; it was set aside as {moved} and a "
                     "new history begins.").format(path=self.path, reason=reason,
                                                   moved=self.moved_to.name)
        if self.busy:
            # translators: {reason} says what is wrong with the file {path}, as the rest of
            # the sentence ("is busy (...)")
            return _("The game history {path} {reason}; it is tried again later.").format(
                path=self.path, reason=reason)
        # translators: {reason} says what is wrong with the file {path}, as the rest of the
        # sentence ("cannot be opened (...)")
        return _("The game history {path} {reason}; no history is kept this time.").format(
            path=self.path, reason=reason)


# translators: what is wrong with the game history, said after its file's name ("The game
# history <file> is busy ...")
BUSY_REASON = N_("is busy (used by another bisca-tui, or another program?)")


def unusable(e: sqlite3.OperationalError) -> StoreProblem | None:
    """Why a sound file cannot be used (locked, read-only, no permission, ...); None when
    the error is none of these."""
    name = str(getattr(e, "sqlite_errorname", ""))
    text = str(e).lower()
    if is_locked(e) or name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return StoreProblem(Path(), BUSY_REASON, busy=True)
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        # translators: said of the game history after its file's name; {error} is the
        # system's own words
        return StoreProblem(Path(), _("cannot be written ({error})").format(error=e))
    if name.startswith(("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_IOERR", "SQLITE_FULL",
                        "SQLITE_AUTH")) or "unable to open" in text:
        # translators: said of the game history after its file's name; {error} is the
        # system's own words
        return StoreProblem(Path(), _("cannot be opened ({error})").format(error=e))
    return None

def wal_mode(db: sqlite3.Connection, timeout: float) -> None:
    """Put the file in WAL mode (once set, it stays with the file). Switching needs the file
    to itself, and SQLite does not wait for that as it waits for a write: two tables opening
    a new history at once retry here, within the busy timeout."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if db.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as e:
            if not is_locked(e) or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def is_locked(e: sqlite3.Error) -> bool:
    return isinstance(e, sqlite3.OperationalError) and "locked" in str(e).lower()


def set_aside(path: Path) -> Path:
    """Rename a database and its journal files to an unused ``history.damaged-<time>``
    name beside it; returns the new name. Raises OSError when it cannot be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    suffix, k = stamp, 2
    while True:
        target = path.with_name(f"history.damaged-{suffix}.sqlite3")
        if not any(Path(f"{target}{x}").exists() for x in ("", "-wal", "-shm")):
            break
        suffix = f"{stamp}-{k}"
        k += 1
    for extra in ("-wal", "-shm"):  # the journal first: the file stays whole where it is
        src = Path(f"{path}{extra}")
        if src.exists():
            os.replace(src, Path(f"{target}{extra}"))
    os.replace(path, target)
    return target


class Foreign(Exception):
    """The file is not a history of ours."""
