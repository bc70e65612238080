"""The list of games keeps one order, whichever game module is imported first (the new-game
form and the command line list the games in it)."""

from __future__ import annotations

import subprocess
import sys

from bisca_tui.engine.variant import FAMILY_MODULES, all_variants

SCRIPT = """
import importlib, sys
importlib.import_module("bisca_tui.engine." + sys.argv[1])
from bisca_tui.engine.variant import all_variants
print(" ".join(c.id for c in all_variants()))
"""


def test_games_are_listed_family_by_family() -> None:
    ids = [c.id for c in all_variants()]
    families = [c.__module__.rsplit(".", 1)[1] for c in all_variants()]
    ranks = [FAMILY_MODULES.index(f) for f in families]
    assert ranks == sorted(ranks)
    assert ids[0] == "bisca-3"


def test_the_order_does_not_depend_on_what_was_imported_first() -> None:
    expected = " ".join(c.id for c in all_variants())
    for first in ("sueca", "briscola"):
        out = subprocess.run([sys.executable, "-c", SCRIPT, first], capture_output=True,
                             text=True, check=True).stdout.strip()
        assert out == expected, first
