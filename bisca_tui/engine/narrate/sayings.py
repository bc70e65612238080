"""Sentences of the table not yet in words: the engine says what it means as a value
(``Refusal``: the rule an illegal action breaks; ``Note``: what a deal is worth and why), and
``words`` tells it, from the table (``MESSAGES``), as the one place that does.

A value names its template by the table's entry (the class) and form (``key``), and carries
its named fields. The engine builds a refusal only when it refuses an action, so legal play
never pays for one; a deal's notes are told once, when the deal is scored (``DealScore.notes``
keeps their words, as records and the history store them).

A deal's notes are ``Told``: their words in English, the language records, the history, the
bot protocol and JSON output keep, and the value they tell, so that a screen can tell them in
the language of the person reading (``shown``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..cards import SuitWord
from .wording import count_of, template

__all__ = ["Failure", "Note", "Refusal", "Say", "Told", "shown", "told", "words"]


class Say:
    """A sentence of the table's ``entry`` (the class's), in the form ``key``, with its named
    fields. Frozen, compared by value."""

    __slots__ = ("fields", "key")
    entry: ClassVar[str] = ""
    key: str
    fields: dict[str, Any]

    def __init__(self, key: str, /, **fields: Any) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "fields", fields)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and other.key == self.key  # type: ignore[attr-defined]
                and other.fields == self.fields)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self), self.key, tuple(sorted(self.fields.items()))))

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles, despite the frozen slots
        return (_rebuilt, (type(self), self.key, self.fields))

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.fields.items())
        return f"{type(self).__name__}({self.key!r}{args})"

    def __str__(self) -> str:
        return words(self)


class Refusal(Say):
    """The rule an illegal action breaks (``MESSAGES["Refusal"]``)."""

    entry = "Refusal"


class Note(Say):
    """What a deal is worth and why, or why game points were scored (``MESSAGES["Note"]``)."""

    entry = "Note"


class Failure(Say):
    """Why an outside bot program lost its seat, or the notice that says so
    (``MESSAGES["Program"]``)."""

    entry = "Program"


def _rebuilt(cls: type[Say], key: str, fields: dict[str, Any]) -> Say:
    return cls(key, **fields)


def _english(value: Any) -> Any:
    """A field's value for English words: a value of the table, or an error that knows its
    English words (``english``), in English; anything else as it is."""
    if isinstance(value, Say):
        return words(value, english=True)
    if isinstance(value, Exception | SuitWord):
        return getattr(value, "english", value)
    return value


def words(said: Say, english: bool = False) -> str:
    """A value of the table in words, in the language in use (``english``: in English):
    its template, every field filled. A template or a field missing raises ``KeyError``."""
    fields = said.fields
    if english:  # a value within, told in English too
        fields = {k: _english(v) for k, v in fields.items()}
    n = count_of(said.entry, said.key, fields)
    return template(said.entry, said.key, n, translated=not english).format_map(fields)


class Told(str):
    """A note's words in English, carrying the value it tells (``said``)."""

    said: Say

    def __new__(cls, said: Say) -> Told:
        told_ = super().__new__(cls, words(said, english=True))
        told_.said = said
        return told_

    def __reduce__(self) -> tuple[Any, ...]:
        return (Told, (self.said,))


def told(said: Say) -> Told:
    """A note as a deal keeps it: English words that can be told again in any language."""
    return Told(said)


def shown(note: str) -> str:
    """A note in the language in use: told again from its value when it has one (a note
    read back from a file is the words it stored)."""
    return words(note.said) if isinstance(note, Told) else note
