"""The player's remembered choices: the theme, the card faces, the bots' pace and the last new
game form, kept in a small JSON file in the app's data folder.

Reading never fails: a missing file gives the defaults, a broken one is ignored (and said
once, by the caller, from ``Prefs.problem``), and is moved aside so that the next run starts
clean. Writing is atomic (a temporary file, then a rename) and never raises: the first
failure is returned for the caller to report, later ones are quiet.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from ..lang import _

SETTINGS_NAME = "settings.json"
BROKEN_SUFFIX = ".broken"


def settings_path(directory: Path) -> Path:
    return directory / SETTINGS_NAME


class Prefs:
    """A dict of choices that saves itself on every change."""

    def __init__(self, directory: Path) -> None:
        self.path = settings_path(directory)
        self.data: dict[str, Any] = {}
        self.problem: str | None = None  # why the file on disk was not read
        self.write_failed = False
        self.load()

    def load(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as e:
            self.problem = _("{path} cannot be read ({error}); the defaults are used.").format(
                path=self.path, error=e)
            return
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError(_("it does not hold a table of settings"))
        except ValueError as e:
            self.problem = _("The settings in {path} are damaged ({error}); they were ignored "
                             "and the defaults are used.").format(path=self.path, error=e)
            # kept for a look, and not reported again at the next start
            with contextlib.suppress(OSError):
                os.replace(self.path, self.path.with_name(SETTINGS_NAME + BROKEN_SUFFIX))
            return
        self.data = data

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def text(self, key: str, allowed: Any = None) -> str | None:
        """A string setting, or None when it is missing, not a string or not ``allowed``."""
        value = self.data.get(key)
        if not isinstance(value, str) or (allowed is not None and value not in allowed):
            return None
        return value

    def set(self, key: str, value: Any) -> OSError | None:
        """Change one setting and write the file; returns the error of a first failure."""
        if self.data.get(key) == value and self.path.exists():
            return None
        self.data[key] = value
        return self.write()

    def write(self) -> OSError | None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(SETTINGS_NAME + ".tmp")
            tmp.write_text(json.dumps(self.data, indent=1, sort_keys=True), encoding="utf-8")
            os.replace(tmp, self.path)
        except (OSError, TypeError, ValueError) as e:
            first = not self.write_failed
            self.write_failed = True
            if first:
                return e if isinstance(e, OSError) else OSError(str(e))
            return None
        self.write_failed = False
        return None
