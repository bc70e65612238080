"""The one table's sentences in words: a template picked by kind and form in the language in
use (through the catalogues of ``bisca_tui.lang``, which know each sentence by its kind and
form as context, and a count's two forms as one plural entry), its fields filled, and names
joined in a list.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from string import Formatter
from typing import Any

from ...lang import npgettext, pgettext
from ..words import YOU, shown_name
from .messages import MESSAGES, CardRef, Part

__all__ = ["and_list", "context", "count_of", "fill", "joined", "plural_pair", "say",
           "template"]


@cache
def _key(kind: str, form: str) -> str:
    """The form of ``kind`` that the table holds for ``form``: a ``you`` form that the kind
    does not need (the same words for anyone) falls back to the ``other`` form. Raises
    ``KeyError`` for a kind or form that the table lacks."""
    forms = MESSAGES[kind]
    if form not in forms:
        for person in ("your", "you"):
            if form.startswith(person):
                key = "other" + form[len(person):]
                if key in forms:
                    return key
        raise KeyError(f"{kind}.{form}")
    return form


@cache
def plural_pair(kind: str, key: str) -> tuple[str, str, str] | None:
    """For a form of a count (``one`` or ``many``, or ending in ``.one`` or ``.many``) whose
    other half the table holds: the context the catalogues know the pair by, and the two
    English forms; else None."""
    head, _, last = key.rpartition(".")
    if last not in ("one", "many"):
        return None
    forms = MESSAGES[kind]
    one, many = (f"{head}.{w}" if head else w for w in ("one", "many"))
    if one not in forms or many not in forms:
        return None
    return (f"{kind}.{head}" if head else kind), forms[one], forms[many]


def context(kind: str, key: str) -> str:
    """The context a sentence of the table has in the catalogues: its kind and form."""
    return f"{kind}.{key}"


def template(kind: str, form: str, n: int | None = None, translated: bool = True) -> str:
    """The template of ``kind`` in ``form``, in the language in use; a ``you`` form that the
    kind does not need falls back to the ``other`` form. A form of a count (``one`` or
    ``many``) takes the language's plural form for ``n`` (when not given, one for the
    ``one`` form and more for ``many``). Raises ``KeyError`` for a kind or form that the
    table lacks. ``translated`` false: the English of the table, whatever the language."""
    key = _key(kind, form)
    pair = plural_pair(kind, key)
    if pair is not None:
        if n is None:
            n = 1 if key.endswith("one") else 2
        if not translated:
            return pair[1] if n == 1 else pair[2]
        return npgettext(pair[0], pair[1], pair[2], n)
    if not translated:
        return MESSAGES[kind][key]
    return pgettext(context(kind, key), MESSAGES[kind][key])


def count_of(kind: str, form: str, fields: dict[str, Any]) -> int | None:
    """The count that decides a plural form's words: the field named ``count``, else the one
    whole number among the fields the ``many`` form names; None when the form is no count's."""
    key = _key(kind, form)
    pair = plural_pair(kind, key)
    if pair is None:
        return None
    if isinstance(fields.get("count"), int):
        return fields["count"]
    names = _named(pair[2])
    numbers = [v for k, v in fields.items() if k in names and type(v) is int]
    return numbers[0] if len(numbers) == 1 else None


@cache
def _named(text: str) -> frozenset[str]:
    """The fields a template names (a deal's notes ask at every deal's end)."""
    return frozenset(name for _, name, _, _ in Formatter().parse(text) if name)


def fill(text: str, **fields: Any) -> tuple[Part, ...]:
    """A template with its fields filled: strings and numbers go into the text, cards
    (``CardRef``) stay parts of their own, and parts already filled (a tuple) are spliced
    in. A field missing raises ``KeyError``."""
    parts: list[Part] = []
    for literal, name, spec, _conv in Formatter().parse(text):
        if literal:
            parts.append(literal)
        if name is None:
            continue
        value = fields[name]
        if value == YOU:  # the person at the keyboard, named in the reader's language
            value = shown_name(value)
        if isinstance(value, CardRef):
            parts.append(value)
        elif isinstance(value, tuple):
            parts.extend(value)
        else:
            parts.append(format(value, spec or ""))
    out: list[Part] = []
    for p in parts:  # neighbouring strings joined
        if out and isinstance(p, str) and isinstance(out[-1], str):
            out[-1] += p
        else:
            out.append(p)
    return tuple(out)


def say(kind: str, form: str, **fields: Any) -> str:
    """A sentence of the table as plain text, every field (cards too) given as text."""
    text = template(kind, form, count_of(kind, form, fields))
    return "".join(str(p) for p in fill(text, **fields))


def joined(items: Sequence[Part]) -> tuple[Part, ...]:
    """Items (names, cards) joined in a list by the table's ``List`` templates: "A", "A and
    B", "A, B and C"."""
    items = list(items)
    if len(items) <= 1:
        return tuple(items)
    if len(items) == 2:
        return fill(template("List", "two"), first=items[0], last=items[1])
    rest = fill(template("List", "end"), first=items[-2], last=items[-1])
    for item in reversed(items[:-2]):
        rest = fill(template("List", "start"), first=item, rest=rest)
    return rest


def and_list(names: Sequence[str]) -> str:
    """Names joined in a list: ``Ana``, ``Ana and Rui``, ``Ana, Rui and Eva``."""
    return "".join(str(p) for p in joined(names))
