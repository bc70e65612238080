"""Where the interrupted match is kept, and how a damaged save is set aside.

The save is a game record (the engine's format, so ``bisca-tui replay`` reads it too) and,
beside it, a small file naming who sits where and the table's settings. Both live in the
user's data directory: ``$BISCA_TUI_DATA`` when set, else ``$XDG_DATA_HOME/bisca-tui``, else
``~/.local/share/bisca-tui``. A save that cannot be resumed is renamed, never overwritten or
deleted, and the reason is reported.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SAVE_NAME = "saved-match.json"
TABLE_NAME = "saved-match.table.json"


def data_dir() -> Path:
    env = os.environ.get("BISCA_TUI_DATA")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "bisca-tui"


def save_path(directory: Path) -> Path:
    return directory / SAVE_NAME


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def write_save(directory: Path, record_text: str, table_text: str) -> Path:
    """Write the save atomically (temporary files, then renames)."""
    directory.mkdir(parents=True, exist_ok=True)
    _write(directory / TABLE_NAME, table_text)
    path = save_path(directory)
    _write(path, record_text)
    return path


def clear_save(directory: Path) -> None:
    """Forget the save of a match that finished normally."""
    for name in (SAVE_NAME, TABLE_NAME):
        path = directory / name
        if path.exists():
            path.unlink()


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
        where = f" It was set aside as {self.moved_to.name}." if self.moved_to else ""
        return f"The saved match in {self.path} could not be resumed: {self.reason}.{where}"


def read_save(directory: Path) -> SavedMatch | None:
    """The saved record's text and table settings, or None when nothing is saved."""
    path = save_path(directory)
    if not path.exists():
        return None
    from ..engine.records import RecordError  # only when there is a save to read

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(str(path), f"cannot be read ({e})") from None
    table: dict[str, Any] = {}
    tpath = directory / TABLE_NAME
    if tpath.exists():
        try:
            raw = json.loads(tpath.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise RecordError(str(tpath), f"cannot be read ({e})") from None
        if not isinstance(raw, dict):
            raise RecordError(str(tpath), "must be a JSON object")
        table = raw
    return SavedMatch(path, text, table)


def set_aside(directory: Path, reason: str) -> SaveProblem:
    """Rename a damaged save (and its table file) to new, unused names next to it."""
    path = save_path(directory)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    suffix = stamp
    k = 2
    while (directory / f"saved-match.damaged-{suffix}.json").exists():
        suffix = f"{stamp}-{k}"
        k += 1
    target = directory / f"saved-match.damaged-{suffix}.json"
    moved: Path | None = None
    try:
        os.rename(path, target)
        moved = target
        tpath = directory / TABLE_NAME
        if tpath.exists():
            os.rename(tpath, directory / f"saved-match.damaged-{suffix}.table.json")
    except OSError:
        pass
    return SaveProblem(path, reason, moved)
