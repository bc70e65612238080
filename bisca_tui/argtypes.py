"""The argparse types the commands share (the command line, the arena, the history's
commands): each turns a word of the command line into a value or refuses it in one line."""

from __future__ import annotations

import argparse
import ast
import ipaddress
import os
from typing import Any

from .engine.errors import OptionError
from .engine.variant import variant_class
from .lang import _


def variant_id(text: str) -> str:
    """An argparse type: the id of a registered game."""
    try:
        variant_class(text)
    except OptionError as e:
        raise argparse.ArgumentTypeError(
            _("{problem}; bisca-tui variants describes them").format(problem=e)) from None
    return text


def whole_number(text: str, least: int, wording: str) -> int:
    """``text`` as a whole number of at least ``least`` (``wording`` says the bound, in the
    language in use: ``must be {wording}, not 0``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text}").format(text=repr(text))) from None
    if value < least:
        raise argparse.ArgumentTypeError(
            # translators: {bound} is "at least 1", "0 or more"... (translated on its own)
            _("must be {bound}, not {value}").format(bound=wording, value=value))
    return value


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    # translators: a bound of a number on the command line: "must be at least 1, not 0"
    return whole_number(text, 1, _("at least 1"))


def seat_number(text: str) -> int:
    """An argparse type: a whole number of 0 or more."""
    # translators: a bound of a number on the command line: "must be 0 or more, not -1"
    return whole_number(text, 0, _("0 or more"))


def data_folder(text: str) -> str:
    """An argparse type: the data folder; a path that exists must be a folder (one that does
    not is made when something is saved)."""
    if os.path.exists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError(
            _("{path} is a file, not a folder").format(path=repr(text)))
    return text


def house_rule(text: str) -> tuple[str, Any]:
    """An argparse type: a house rule, ``NAME=VALUE`` (the value read as a Python literal
    when it is one: ``true`` stays a word, ``True`` and ``3`` do not)."""
    key, sep, raw = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(
            _("a house rule is NAME=VALUE, not {text}").format(text=repr(text)))
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        value = raw
    return key.strip(), value


def builtin_levels() -> list[str]:
    """The bot levels a command may name: every built-in one (the arena's frozen ones too),
    no outside program."""
    from .bots.base import bot_levels

    return [lv for lv in bot_levels(arena=True) if not lv.startswith("cmd:")]


def is_loopback(host: str) -> bool:
    """Whether an address to listen on is this machine only (127.0.0.0/8, ::1, localhost)."""
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listen_port(text: str) -> int:
    """An argparse type: a port to listen on, 0 (any free one) to 65535."""
    # translators: a bound of a number on the command line: "must be 0 or more, not -1"
    value = whole_number(text, 0, _("0 or more"))
    if value > 65535:
        raise argparse.ArgumentTypeError(
            _("a port is from 0 to 65535, not {value}").format(value=value))
    return value


def hold_seconds(text: str) -> float:
    """An argparse type: a number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a number of seconds: {text}").format(text=repr(text))) from None
    if not 0 <= value < 1e9:
        raise argparse.ArgumentTypeError(
            _("must be 0 seconds or more, not {text}").format(text=text))
    return value
