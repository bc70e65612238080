"""Make the shared test helpers (``rules_support``) importable from every test folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


@pytest.fixture(autouse=True)
def still_cards(monkeypatch):
    """Apps made in tests start without animation, so that what a test reads (or a snapshot
    draws) is where a card comes to rest; the test of moving cards turns it back on."""
    import textual.constants

    monkeypatch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")
