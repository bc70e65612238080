"""The name of the person at the keyboard ("You"), and a count agreeing with its noun ("1
card", "2 cards") for the few labels not yet in the table of sentences. A sentence with a
player's name or a count is one of the table's templates (``engine.narrate``): the person
at the keyboard takes its ``you`` form, a count its ``one`` or ``many`` form.
"""

from __future__ import annotations

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
