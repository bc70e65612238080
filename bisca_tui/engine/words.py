"""The name of the person at the keyboard ("You"), and a count agreeing with its noun ("1
card", "2 cards") for the few labels not yet in the table of sentences. A sentence with a
player's name or a count is one of the table's templates (``engine.narrate``): the person
at the keyboard takes its ``you`` form, a count its ``one`` or ``many`` form.
"""

from __future__ import annotations

from ..lang import pgettext

YOU = "You"  # the name of the person at the keyboard when nobody else shares it


def shown_name(name: str) -> str:
    """A player's name as a screen shows it: the person at the keyboard (kept as ``YOU``
    in saves, records and the history, whatever the language) in the language in use."""
    return pgettext("person", "You") if name == YOU else name


def stored_name(name: str) -> str:
    """A name typed in a form, as kept: the person at the keyboard's name in the language in
    use is ``YOU``."""
    return YOU if name == shown_name(YOU) else name

# nouns whose plural is not the noun with an "s"
_PLURALS = {"match": "matches", "is": "are", "was": "were"}


def plural(noun: str) -> str:
    """``card`` → ``cards``; ``match`` → ``matches``."""
    return _PLURALS.get(noun, noun + "s")


def count(n: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``0 tricks``; ``many`` is the plural where it is not the
    noun with an "s" (``count(2, "deal thrown in", "deals thrown in")``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {many or plural(noun)}"
