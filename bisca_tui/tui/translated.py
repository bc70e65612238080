"""The words of a screen's keys in the language in use.

``BINDINGS`` are made when a module is imported, before the language is chosen: their
descriptions and tooltips are written in English, marked with ``N_``. Textual copies the
merged bindings into each node as it is made (``DOMNode.__init__``); ``translate_bindings``
puts the words of that copy into the language in use, and ``Translated`` does it for every
screen, widget and the app that declares keys. The footer and the keys screen (``?``) read
them from there. A node keeps the English it was made with, so that the app (which outlives a
change of language) can be translated again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual.binding import Binding
from textual.dom import DOMNode

from ..lang import N_, _

__all__ = ["TEXTUAL_WORDS", "Translated", "translate_binding", "translate_bindings"]

#: the words of Textual's own keys that the table shows (the footer's palette key, quit)
TEXTUAL_WORDS = (
    # translators: the footer's key that opens the command palette (ctrl+p)
    N_("palette"),
    N_("Open the command palette"),
    N_("Quit"),
    N_("Quit the app and return to the command prompt."),
)

Words = Callable[[str], str]


def word(text: str) -> str:
    """A binding's English words in the language in use (nothing for no words)."""
    return _(text) if text else text


def translate_binding(binding: Binding, words: Words = word) -> Binding:
    """``binding`` with its description, tooltip and group's name translated."""
    changes: dict[str, Any] = {}
    if binding.description:
        changes["description"] = words(binding.description)
    if binding.tooltip:
        changes["tooltip"] = words(binding.tooltip)
    if binding.group is not None and binding.group.description:
        changes["group"] = replace(binding.group, description=words(binding.group.description))
    return replace(binding, **changes) if changes else binding


def translate_bindings(node: DOMNode) -> None:
    """Put the words of ``node``'s keys into the language in use, from the English they
    were made with. A node may say its own words (``binding_words``: a game's special keys
    are named by the game)."""
    english: dict[str, list[Binding]] | None = node.__dict__.get("_english_bindings")
    if english is None:
        # the lists are shared with the class's map: new ones are made, never changed
        english = dict(node._bindings.key_to_bindings)
        node.__dict__["_english_bindings"] = english
    words: Words = getattr(node, "binding_words", word)
    node._bindings.key_to_bindings = {
        key: [translate_binding(b, words) for b in bindings]
        for key, bindings in english.items()
    }


class Translated:
    """A node whose keys are named in the language in use from the moment it is made."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        translate_bindings(self)  # type: ignore[arg-type]
