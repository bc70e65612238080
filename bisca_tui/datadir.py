"""The data folder, where saves and the game history are kept: ``$BISCA_TUI_DATA`` when set,
else the platform's data folder for ``bisca-tui`` (``~/.local/share/bisca-tui`` on Linux)."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "bisca-tui"
ENV_DIR = "BISCA_TUI_DATA"


def data_dir() -> Path:
    """``$BISCA_TUI_DATA`` when set, else the platform's user data folder."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def legacy_data_dir() -> Path:
    """Where versions before the platform folders kept the save."""
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / APP_NAME
