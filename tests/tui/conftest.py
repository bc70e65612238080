"""Every app test gets a private data directory (never the user's); the Pilot helpers are
importable as ``tui_helpers``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """No test touches the user's data directory."""
    monkeypatch.setenv("BISCA_TUI_DATA", str(tmp_path / "data"))
    return tmp_path / "data"
