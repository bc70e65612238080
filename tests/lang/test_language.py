"""Choosing the language: the system's locale variables, the program's choice, one block's
choice, and the words of a pack in each language."""

from __future__ import annotations

import threading

import pytest

from bisca_tui import lang


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use("en")


@pytest.mark.parametrize(("environ", "code"), [
    ({}, "en"),
    ({"LANG": "pt_PT.UTF-8"}, "pt"),
    ({"LANG": "it_IT.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"}, "es"),
    ({"LANG": "es_ES", "LC_ALL": "C"}, "en"),  # LC_ALL decides over LANG, and C is English
    ({"LANGUAGE": "fr:it", "LANG": "pt_BR.UTF-8"}, "it"),  # the first of the list we speak
    ({"LANGUAGE": "fr:de", "LANG": "es_ES.UTF-8"}, "es"),  # none of the list: on to LANG
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "pt_BR.UTF-8@euro"}, "pt"),
])
def test_the_language_follows_the_locale_variables_in_gettext_order(environ, code):
    assert lang.from_environment(environ) == code


def test_an_unknown_language_is_english():
    assert lang.use("xx") == "en"
    assert lang.current() == "en"


def test_the_programs_language_holds_in_other_threads_and_a_block_may_speak_another():
    lang.use("pt")
    seen = []
    t = threading.Thread(target=lambda: seen.append(lang.current()))
    t.start()
    t.join()
    assert seen == ["pt"]
    with lang.speaking("en"):
        assert lang.current() == "en"
    assert lang.current() == "pt"


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "1,234.5"), ("pt", "1.234,5"), ("it", "1.234,5"), ("es", "1.234,5"),
])
def test_numbers_are_written_as_each_language_writes_them(code, expected):
    lang.use(code)
    assert lang.number(1234.5, 1) == expected


@pytest.mark.parametrize(("code", "expected"), [
    ("en", "2026-11-27 05:37"), ("pt", "27/11/2026 05:37"), ("it", "27/11/26, 05:37"),
    ("es", "27/11/26, 5:37"),
])
def test_a_moment_is_written_as_each_language_writes_it(code, expected):
    lang.use(code)
    assert lang.when("2026-11-27T05:37:00Z") == expected
    assert lang.when("not a moment") == "not a moment"  # shown as kept
