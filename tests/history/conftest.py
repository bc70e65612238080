"""The history tests' helpers (``history_support``) are importable by name."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from history_support import bisca_entry  # noqa: E402


@pytest.fixture
def entry_factory():
    return bisca_entry
