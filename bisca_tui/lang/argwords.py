"""The command line's own words (argparse's: "usage:", "options", "show this help message
and exit", its refusals) said in the language in use. argparse asks gettext for them at the
moment it writes them; ``speak_argparse`` points those questions at our catalogues, which
hold the words listed here (the ones a person can meet: the ones about a program's own
mistakes in building a parser are left out)."""

from __future__ import annotations

import argparse

from . import _, ngettext

__all__ = ["NOTE", "PLURALS", "WORDS", "speak_argparse"]

NOTE = "argparse's words; keep %s, %r, %(name)s and %(name)r exactly as they are"
WORDS = (
    "usage: ",
    "options",
    "positional arguments",
    "show this help message and exit",
    "show program's version number and exit",
    "argument %(argument_name)s: %(message)s",
    "unrecognized arguments: %s",
    "not allowed with argument %s",
    "ignored explicit argument %r",
    "the following arguments are required: %s",
    "one of the arguments %s is required",
    "expected one argument",
    "expected at most one argument",
    "expected at least one argument",
    "ambiguous option: %(option)s could match %(matches)s",
    "unexpected option string: %s",
    "invalid %(type)s value: %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "%(prog)s: error: %(message)s\n",
    "can't open '%(filename)s': %(error)s",
    "unknown parser %(parser_name)r (choices: %(choices)s)",
)


PLURALS = (("expected %s argument", "expected %s arguments"),)


def speak_argparse() -> None:
    """argparse's words from our catalogues, in the language in use when it writes them."""
    argparse._ = _words  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def _words(text: str | None) -> str | None:
    # argparse also asks for the titles it was given, and for none (an untitled group)
    return _(text) if text else text
