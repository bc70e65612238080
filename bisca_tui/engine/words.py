"""The name of the person at the keyboard ("You"), kept so in saves and records and shown in
the reader's language. A sentence with a player's name or a count is one of the table's
templates (``engine.narrate``): the person at the keyboard takes its ``you`` form, a count
its ``one`` or ``many`` form, by the language's plural rule.
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
