"""Make the shared test helpers (``rules_support``) importable from every test folder; share
what the apps of one process parse, and keep the garbage collector's passes short."""

from __future__ import annotations

import gc
import os
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from compiled_once import compile_for_workers, keep_compiled  # noqa: E402

keep_compiled()


def pytest_configure(config):
    compile_for_workers(config)
    if _starts_workers(config) and not config.getoption("testrunuid", None):
        # the run's name, which its workers share what they make under (the golden corpus)
        config.option.testrunuid = uuid.uuid4().hex


def pytest_unconfigure(config):
    if _starts_workers(config) and config.getoption("testrunuid", None):
        left = Path(tempfile.gettempdir()) / f"bisca-tui-corpus-{config.option.testrunuid}"
        for what in (".json", ".lock"):
            left.with_suffix(what).unlink(missing_ok=True)


def pytest_xdist_auto_num_workers(config) -> int:
    """``-n auto``: two workers more than the cores this run may use. Many tests wait a
    while with no CPU of their own (a room process starting, a browser, a server, a lock's
    time running out); more workers than cores keep the cores busy meanwhile. Measured on
    two cores, runs of each taken in turn: 1:52 and 1:53 with three workers, 1:45 twice
    with four (5:05 with two, on a slower machine)."""
    return len(os.sched_getaffinity(0)) + 2


def _starts_workers(config) -> bool:
    return not hasattr(config, "workerinput") and bool(config.getoption("numprocesses", None))


def _share_parsed_css() -> None:
    """Every app a test starts parses the same CSS again (each widget class's, the app's,
    once per theme): about a third of the CPU of starting an app. The rules a piece of CSS
    parses to depend only on its text, where it came from and the theme's variables, and
    Textual keeps them unchanged once parsed (an app already reuses them between its own
    parses); so the tests of one process share them. A piece with errors is parsed (and
    refused) each time, as before."""
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple, list] = {}

    def shared(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        variables = self._variables
        known = getattr(self, "_shared_variables", None)
        if known is None or known[0] is not variables:
            known = self._shared_variables = (variables, tuple(sorted(variables.items())))
        key = (css, read_from, is_default_rules, tie_breaker, scope, known[1])
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = parse_rules(self, css, read_from, is_default_rules,
                                              tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = shared  # type: ignore[method-assign]


_share_parsed_css()


# What one process of the suite keeps alive grows past half a million objects (the modules,
# and Textual's and Rich's caches of strips, styles and regions, bounded but large), and
# Python's collector walked all of it at each of its full passes: about a quarter of the CPU
# of the app tests went on those passes. The young generation is walked less often (an app made
# in a test makes its objects by the ten thousand), and after each test what is still alive
# is set apart from later passes (``gc.freeze``), each test's own garbage collected first:
# a pass then walks only what the running test made. Memory a cache lets go of is still
# freed, by reference counting.
gc.set_threshold(10_000, 10, 10)


def pytest_runtest_logfinish(nodeid, location):
    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True)
def still_cards(monkeypatch):
    """Apps made in tests start without animation, so that what a test reads (or a snapshot
    draws) is where a card comes to rest; the test of moving cards turns it back on."""
    import textual.constants

    monkeypatch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")
