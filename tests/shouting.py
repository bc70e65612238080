"""A catalogue that shouts: every message it is asked for comes back in capitals (its named
fields left as they are), so that a test can tell the words that passed through gettext from
those that did not."""

from __future__ import annotations

import gettext
import re

import pytest

from bisca_tui import lang

#: the language the shouting catalogue stands in for
SHOUTED = "pt"
# a field (``{seat}``), a printf field as argparse's words have (``%(prog)s``, ``%s``), text
_FIELD_OR_TEXT = re.compile(r"\{[^{}]*\}|%(?:\(\w+\))?[a-z]|[^{}%]+|%")


def shout(text: str) -> str:
    return _FIELD_OR_TEXT.sub(
        lambda m: m.group(0) if m.group(0)[0] in "{%" else m.group(0).upper(), text)


class Shouting(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return shout(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return shout(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return shout(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return shout(msgid1 if n == 1 else msgid2)


@pytest.fixture
def shouting(monkeypatch):
    """Portuguese is spoken by the shouting catalogue; English stays the code's."""
    real = lang._catalogue
    monkeypatch.setattr(lang, "_catalogue",
                        lambda code: Shouting() if code == SHOUTED else real(code))
    return SHOUTED


@pytest.fixture(autouse=True)
def english_after():
    """The language is the program's: every test leaves it English, as it found it."""
    lang.use("en")
    yield
    lang.use("en")
