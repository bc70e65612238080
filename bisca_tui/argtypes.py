"""The argparse types the commands share (the command line, the arena, the history's
commands): each turns a word of the command line into a value or refuses it in one line."""

from __future__ import annotations

import argparse
import os

from .engine.errors import OptionError
from .engine.variant import variant_class


def variant_id(text: str) -> str:
    """An argparse type: the id of a registered game."""
    try:
        variant_class(text)
    except OptionError as e:
        raise argparse.ArgumentTypeError(f"{e}; bisca-tui variants describes them") from None
    return text


def whole_number(text: str, least: int, wording: str) -> int:
    """``text`` as a whole number of at least ``least`` (``wording`` says the bound)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be {wording}, not {value}")
    return value


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    return whole_number(text, 1, "at least 1")


def seat_number(text: str) -> int:
    """An argparse type: a whole number of 0 or more."""
    return whole_number(text, 0, "0 or more")


def data_folder(text: str) -> str:
    """An argparse type: the data folder; a path that exists must be a folder (one that does
    not is made when something is saved)."""
    if os.path.exists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text!r} is a file, not a folder")
    return text
