"""Sentence helpers: the few rules of English that the game's sentences need, in one place.

A count agrees with its noun ("1 card", "2 cards"), a verb with its subject ("You play",
"Rui plays", "Ana and Rui win"), and the player at the keyboard, named "You", takes the
second person ("Your partner", "your view"). Every sentence built with a count or a
player's name goes through these, so that they are easy to find when the sentences move
into message catalogues.
"""

from __future__ import annotations

from collections.abc import Sequence

YOU = "You"  # the name of the person at the keyboard when nobody else shares it

# nouns whose plural is not the noun with an "s"
_PLURALS = {"match": "matches", "is": "are", "was": "were"}


def plural(noun: str) -> str:
    """``card`` → ``cards``; ``match`` → ``matches``."""
    return _PLURALS.get(noun, noun + "s")


def count(n: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 tricks``; ``many`` is the plural where it is not the
    noun with an "s" (``count(2, "deal thrown in", "deals thrown in")``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {many or plural(noun)}"


def verb(name: str, base: str) -> str:
    """The verb agreeing with one subject: ``You play`` but ``Rui plays``."""
    if base == "be":
        return "are" if name == YOU else "is"
    if name == YOU:
        return base
    if base == "have":
        return "has"
    return base + ("es" if base.endswith(("sh", "ch", "x", "ss", "o")) else "s")


def verb_many(names: Sequence[str], base: str) -> str:
    """The verb agreeing with several subjects joined: ``Ana and Rui win``, ``Ana wins``."""
    if len(names) == 1:
        return verb(names[0], base)
    return base


def possessive(name: str, start: bool = False) -> str:
    """``Ana's``; the person at the keyboard's: ``your`` (``Your`` to start a sentence)."""
    if name == YOU:
        return "Your" if start else "your"
    return f"{name}'s"


def object_name(name: str) -> str:
    """A name as the object of a verb or after a preposition: ``you`` for ``You``."""
    return "you" if name == YOU else name
