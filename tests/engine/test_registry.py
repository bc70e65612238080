"""The list of games keeps one order, whichever game module is imported first (the new-game
form and the command line list the games in it), and a game in a file of its own (the
``games`` package) takes its place in it."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import bisca_tui.engine.games as games
from bisca_tui.engine.variant import FAMILY_MODULES, all_variants

SCRIPT = """
import importlib, sys
importlib.import_module("bisca_tui.engine." + sys.argv[1])
from bisca_tui.engine.variant import all_variants
print(" ".join(c.id for c in all_variants()))
"""

# the games as the new-game form and the command line have always listed them: a game added
# may come between them, but these keep their order
LISTED = [
    "bisca-3", "bisca-9", "bisca-6", "bisca-4", "bisca-capixaba", "briscola", "sueca",
    "sueca-italiana", "sueca-aberta", "sueca-pontos", "sueca-brasileira", "sueca-dupla",
    "sueca-3", "sueca-5", "chiamata", "chiamata-punti", "chiamata-subito-al-due",
    "chiamata-buio", "chiamata-monte", "brisca",
]


def game_modules() -> list[str]:
    return [f"games.{m.name}" for m in pkgutil.iter_modules(games.__path__)]


def test_the_games_listed_keep_their_order() -> None:
    ids = [c.id for c in all_variants()]
    assert [i for i in ids if i in LISTED] == LISTED


def test_games_are_listed_family_by_family() -> None:
    listed = all_variants()
    families = [c.family for c in listed]
    blocks = [f for k, f in enumerate(families) if k == 0 or families[k - 1] != f]
    assert len(blocks) == len(set(blocks)), families  # each family's games side by side
    in_family_modules = [c.__module__.rsplit(".", 1)[1] for c in listed
                         if c.__module__.rsplit(".", 1)[1] in FAMILY_MODULES]
    ranks = [FAMILY_MODULES.index(f) for f in in_family_modules]
    assert ranks == sorted(ranks)
    for k, cls in enumerate(listed):
        if cls.__module__.startswith(games.__name__) and cls.listed_after:
            assert listed[k - 1].id == cls.listed_after or \
                listed[k - 1].listed_after == cls.listed_after, cls.id


def test_the_order_does_not_depend_on_what_was_imported_first() -> None:
    expected = " ".join(c.id for c in all_variants())
    for first in ("sueca", "briscola", *game_modules()):
        out = subprocess.run([sys.executable, "-c", SCRIPT, first], capture_output=True,
                             text=True, check=True).stdout.strip()
        assert out == expected, first
