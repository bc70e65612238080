"""The languages of the table: every word the app and the command line show passes through
here, on its way from the English written in the code to the language of the person reading.

The catalogues are gettext's: one ``.po`` file a language under ``locale/<code>/LC_MESSAGES``
(what translators edit), compiled to the ``.mo`` beside it (what is read here); English is
the language of the code and needs none. ``python -m bisca_tui.lang.catalogue`` gathers the
messages, updates the catalogues and compiles them (see its ``--help``).

- ``_(text)`` the text in the current language; ``N_(text)`` marks a text to translate
  where it is written (a constant, a table) and leaves it as it is, to be passed through
  ``_`` where it is shown;
- ``ngettext(one, many, n)`` a count's words by the language's plural rule;
- ``pgettext(context, text)`` and ``npgettext`` the same where a word must be told apart
  by its context (a rank in one pack or another, a sentence of the table by its key);
- ``use(code)`` chooses the language, ``speaking(code)`` for one block, ``current()`` says
  which is in use,
  ``from_environment()`` finds the one the system asks for (``LANGUAGE``, ``LC_ALL``,
  ``LC_MESSAGES``, ``LANG``, in that order, as gettext reads them);
- ``number(n)`` a number as the language writes it (``1,5`` in Portuguese).

The language in use is the program's (``use``), and may be changed for one block of one
context (``speaking``, on ``contextvars``): tables served to several people at once may each
speak their own, and JSON output stays English whatever the table speaks.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "DEFAULT", "DOMAIN", "LANGUAGES", "N_", "_", "current", "from_environment", "language_of",
    "ngettext", "npgettext", "number", "pgettext", "speaking", "use", "when",
]

DOMAIN = "bisca_tui"
DEFAULT = "en"
#: the languages of the table, each named in its own words
LANGUAGES: dict[str, str] = {
    "en": "English",
    "pt": "Português",
    "it": "Italiano",
    "es": "Español",
}


class _English:
    """The language of the code: every message as it is written (what gettext's
    ``NullTranslations`` does, without importing gettext while the table starts)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, one: str, many: str, n: int) -> str:
        return one if n == 1 else many

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, one: str, many: str, n: int) -> str:
        return one if n == 1 else many


@cache
def _catalogue(code: str) -> Any:
    """The compiled catalogue of a language (gettext's translations); the English of the
    code for English or a language whose catalogue is missing."""
    if code == DEFAULT:
        return _English()
    import gettext

    # beside this module, as the package ships it (a plain path: importing
    # importlib.resources would cost the start-up a few milliseconds)
    path = Path(__file__).parent / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as fp:
            return gettext.GNUTranslations(fp)
    except OSError:
        return _English()


_process_code = DEFAULT
_code: ContextVar[str | None] = ContextVar("bisca_tui_language", default=None)


def use(code: str) -> str:
    """Speak ``code`` from now on, in the whole program (threads included); an unknown code
    means English. Returns the code in use."""
    global _process_code
    _process_code = code if code in LANGUAGES else DEFAULT
    return _process_code


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` within this block and this context only (a table served to one
    person among several; output that must stay English whatever the language)."""
    token = _code.set(code if code in LANGUAGES else DEFAULT)
    try:
        yield current()
    finally:
        _code.reset(token)


def current() -> str:
    code = _code.get()
    return _process_code if code is None else code


def _t() -> Any:
    return _catalogue(current())


def _(text: str) -> str:
    return _t().gettext(text)


def N_(text: str) -> str:  # noqa: N802 (gettext's own name for the marker)
    return text


def ngettext(one: str, many: str, n: int) -> str:
    return _t().ngettext(one, many, n)


def pgettext(context: str, text: str) -> str:
    return _t().pgettext(context, text)


def npgettext(context: str, one: str, many: str, n: int) -> str:
    return _t().npgettext(context, one, many, n)


def language_of(locale_name: str) -> str | None:
    """The table's language for a locale name (``pt_PT.UTF-8``, ``es``, ``it_CH``), or None
    when it speaks none of ours; ``C`` and ``POSIX`` are English."""
    name = locale_name.strip()
    if name in ("C", "POSIX") or name.startswith(("C.", "POSIX.")):
        return DEFAULT
    code = name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for, as gettext looks for it: the first of ``LANGUAGE``
    (a list, ``pt:es``), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set; within
    ``LANGUAGE`` the first entry we speak. English when none is ours."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        names = value.split(":") if var == "LANGUAGE" else [value]
        for name in names:
            code = language_of(name) if name else None
            if code is not None:
                return code
        if var != "LANGUAGE":  # the first locale variable that is set decides
            return DEFAULT
    return DEFAULT


def when(stamp: str) -> str:
    """A moment kept as ISO 8601 in UTC (``2026-11-27T05:37:00Z``), as the language in use
    writes a date and time: English keeps the sortable ``2026-11-27 05:37``, the others
    their own short form (``27/11/26, 05:37``). A stamp that cannot be read is shown as
    kept."""
    if current() == DEFAULT:
        return stamp[:16].replace("T", " ")
    from datetime import datetime

    from babel.dates import format_datetime

    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return format_datetime(moment, format="short", locale=current(), tzinfo=moment.tzinfo)


def number(n: float, digits: int = 0) -> str:
    """A number as the language in use writes it (grouping, decimal sign)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return format_decimal(n, format=pattern, locale=current())
