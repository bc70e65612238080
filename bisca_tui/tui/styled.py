"""A sentence of the one table of the game's sentences (``engine.narrate.MESSAGES``) as
rich text: its words in the styles the screen gives them, its fields filled, a field that is
rich text itself (a card drawn, an action named) spliced in with its own styles."""

from __future__ import annotations

from collections.abc import Sequence
from string import Formatter
from typing import Any

from rich.text import Text

from ..engine.narrate import CardRef, Part, template
from .cardart import card_text


def styled(kind: str, form: str, style: str | Sequence[str] = "", **fields: Any) -> Text:
    """The table's sentence ``kind`` in ``form``, its fields filled (a ``Text`` spliced in
    with its own styles) and its words in ``style``: one style, or one for each stretch of
    words between fields in turn (the last one for the rest); a number or a word filled in
    takes the style of the words before it."""
    return spliced(template(kind, form), style, **fields)


def spliced(text: str, style: str | Sequence[str] = "", **fields: Any) -> Text:
    """A sentence's template (``{card}`` fields, already in the language in use) as
    ``styled`` makes one: a field that is rich text keeps its own styles."""
    styles = (style,) if isinstance(style, str) else tuple(style)
    t = Text()
    run, run_style, k = "", styles[0], 0

    def flush() -> None:
        if run:
            t.append(run, style=run_style)

    for literal, name, spec, _conv in Formatter().parse(text):
        if literal:
            here = styles[min(k, len(styles) - 1)]
            k += 1
            if here != run_style:
                flush()
                run, run_style = "", here
            run += literal
        if name is None:
            continue
        value = fields[name]
        if isinstance(value, Text):
            flush()
            run = ""
            t.append_text(value)
        else:
            run += format(value, spec or "")
    flush()
    return t


def drawn(parts: Sequence[Part], card_style: str, style: str = "") -> Text:
    """Parts of a sentence (words, and cards the table draws in ``card_style``) as rich
    text, its words in ``style``."""
    text = Text(style=style)
    for part in parts:
        if isinstance(part, CardRef):
            text.append_text(card_text(part.card, card_style))
        else:
            text.append(part)
    return text
