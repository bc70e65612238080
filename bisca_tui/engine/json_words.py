"""The JSON reader's complaints in the reader's language: Python's ``json`` says what is wrong
in English (``JSONDecodeError.msg``); its usual complaints are told here in our own words,
and one we do not know is quoted as it came."""

from __future__ import annotations

import json

from ..lang import N_, _

__all__ = ["json_problem", "json_where"]

_PROBLEMS = {
    "Expecting value": N_("a value was expected"),
    "Expecting ':' delimiter": N_("a colon was expected after the key"),
    "Expecting ',' delimiter": N_("a comma was expected between two items"),
    "Expecting property name enclosed in double quotes":
        N_("a key in double quotes was expected; is there a comma too many?"),
    "Unterminated string starting at": N_("a string that never ends starts here"),
    "Invalid control character at": N_("a control character inside a string"),
    "Invalid \\escape": N_("an unknown escape after a backslash"),
    "Invalid \\uXXXX escape": N_("a \\u escape without four hexadecimal digits"),
    "Extra data": N_("more text after the end of the JSON value"),
    "Unexpected UTF-8 BOM (decode using utf-8-sig)":
        N_("a byte-order mark before the JSON value"),
}


def json_problem(error: json.JSONDecodeError) -> str:
    """What the JSON reader found wrong, in the language in use."""
    said = _PROBLEMS.get(error.msg)
    return _(said) if said is not None else error.msg


def json_where(name: str, error: json.JSONDecodeError) -> str:
    """The place of a JSON error: the file's name, its line and column."""
    # translators: a place in a file: {record} is its name; {line}, {column} numbers
    return _("{record}, line {line}, column {column}").format(
        record=name, line=error.lineno, column=error.colno)
