"""The keys of the places a player holds at hosted tables, kept in the data folder
(``place-keys.json``, readable by its owner only), one for each table (its address and
invite code) and name joined with. A place is given back with its key alone, so a client
that was closed, or a machine that was restarted, finds the key here and takes the place
back; another client of the same folder joining under another name does not.

The SSH door gives each visitor a file of their own instead (``--key-file``), one for their
login name and public key, and has the key read back only by a visitor who proved they hold
that public key.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from .words import address

KEYS_NAME = "place-keys.json"
MAX_TABLES = 64  # the keys of the tables joined last are kept; older ones go


class PlaceKeys:
    """Place keys by table, in one file. ``readable=False``: keys are written, never read
    (a visitor who has not proved who they are may only leave one for later)."""

    def __init__(self, path: Path | None, readable: bool = True) -> None:
        self.path = path
        self.readable = readable

    @classmethod
    def in_folder(cls, folder: Path) -> PlaceKeys:
        return cls(folder / KEYS_NAME)

    def _all(self) -> dict[str, str]:
        if self.path is None:
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}

    def get(self, table: str) -> str | None:
        """The key kept for ``table`` (``HOST:PORT CODE``), if any."""
        return self._all().get(table) if self.readable else None

    def put(self, table: str, key: str | None) -> None:
        """Keep ``key`` for ``table`` (None: forget it); a file that cannot be written
        changes nothing but that the key is not kept."""
        if self.path is None:
            return
        keys = self._all()
        keys.pop(table, None)
        if key is not None:
            keys[table] = key  # the newest last
        keys = dict(list(keys.items())[-MAX_TABLES:])
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            new = self.path.with_name(self.path.name + ".new")
            fd = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(keys, f, indent=1)
            os.replace(new, self.path)


def table_id(host: str, port: int, code: str, name: str) -> str:
    """How a place is known among the keys: the table's address and invite code, and the
    name joined with."""
    return f"{address(host, port)} {code.strip().upper()} {name}"
