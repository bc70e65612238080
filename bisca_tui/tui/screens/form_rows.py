"""The rows of the new game form: a label and its field side by side, and the labels of each
part of the form in one column, as wide as the longest and a space as far as the fields
keep room for their words. A long translation ("Duración de la partida") is then neither
wrapped nor run into its field ("Lugar 4 (à esquerda)Bot: médio")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from textual.containers import HorizontalGroup, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

LABEL_WIDTH = 20  # the least width of the labels of the form's rows
FIELD_ROOM = 18  # the least room left to a row's field ("Bot: aleatório ▼")


def row(label: str, widget: Any) -> HorizontalGroup:
    return labelled(label, widget)[0]


def labelled(label: str, widget: Any) -> tuple[HorizontalGroup, Static]:
    """A row and its label (to be said again: in another language, or for another seat)."""
    text = Static(label, classes="label")
    return HorizontalGroup(text, widget, classes="row"), text


def fit_labels(form: VerticalScroll, parts: Iterable[Widget]) -> None:
    """The labels of the rows in each of ``parts`` (the form's boxes, or the form itself for
    its own rows) shown in a column of their own width; a field's own margin (a choice's) may be
    the space after the longest. Nothing is done before the form is laid out."""
    room = form.scrollable_content_region.width
    if not room:
        return
    for part in parts:
        labels = [r.query_one(".label", Static) for r in part.children
                  if r.has_class("row") and r.display]  # a hidden row gets its turn when shown
        longest = max((cell_len(str(label.content)) + 1 for label in labels), default=0)
        width = max(LABEL_WIDTH, min(longest, room - FIELD_ROOM))
        for label in labels:
            now = label.styles.width  # the stylesheet's, until set here
            if now is None or now.cells != width:  # a width set again lays out again
                label.styles.width = width
