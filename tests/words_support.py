"""The game's own English words, and a finder of them in a text of another language: what
the tests of each language's screens and pages look for.

The words are the house rules' names and choices as the English table shows them, the suits
and ranks of every pack, and words of the table that a translation once left in English. A
word that is also a word of the language (``extra``, ``literal``) or a game's own term kept in
every language (``arrastre``) is left out for that language only; the program's notation (a
signal as a replay names it, ``signal:ace_of_trumps``) is the same in every language.
"""

from __future__ import annotations

import re
from functools import cache

from bisca_tui.engine.cards import PACKS, RANK_NAMES, RANK_WORDS
from bisca_tui.engine.variant import HouseRule, all_variants

__all__ = ["english_in", "english_words"]

WORD = re.compile(r"[^\W\d_]+")
# the program's notation, the same in every language (a signal as a replay names it)
NOTATION = re.compile(r"`signal:[a-z_]+`")


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


@cache
def english_words() -> frozenset[str]:
    """The game's own English words, in small letters."""
    found = {"you", "seed", "mistake", "mistakes", "blunder", "blunders", "partners",
             "statistics", "trumps", "trick", "tricks", "chosen", "space"}
    for cls in all_variants():
        for rule in cls.house_rules:
            found |= _words(rule.name.replace("_", " "))
            for choice in rule.choices:
                if isinstance(choice, str | bool):
                    found |= _words(HouseRule.label(choice))
    for pack in PACKS.values():
        found |= _words(" ".join(pack.suit_names.values()))
        found |= _words(" ".join(pack.rank_names.values()))
    found |= _words(" ".join(RANK_NAMES.values())) | _words(" ".join(RANK_WORDS.values()))
    return frozenset(w for w in found if len(w) > 1)


# words of ours that are words of the language too, or a game's term every language keeps
SAME = {
    "pt": {"extra", "literal", "rodar", "arrastre"},
    "it": {"extra", "arrastre", "rodar", "bonus"},
    "es": {"extra", "literal", "rodar", "arrastre"},
}


def english_in(code: str, text: str) -> list[str]:
    """The English words of ours in a text of the language ``code``."""
    ours = english_words() - SAME[code]
    return sorted({w for w in WORD.findall(NOTATION.sub("", text)) if w.lower() in ours})
