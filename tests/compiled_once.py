"""The suite's modules compiled once, not once per process.

Each process of the suite (two or more under xdist) imports every test module, and pytest
rewrites each one's asserts and compiles it, then the modules of the program: about
sixteen seconds of CPU per process, two thirds of it rewriting and compiling. Python keeps
what it compiled (pytest its rewritten modules too) unless told not to write bytecode
(``PYTHONDONTWRITEBYTECODE``), as some shells and checkouts are: then the suite keeps it
outside the tree (``sys.pycache_prefix``, a folder of the system's temporary files), so the
tree stays free of ``__pycache__`` and the next run reads what this one compiled. And the
process that hands the tests to the others compiles them all before it starts them, so
that they read one compilation instead of each making its own.

A compiled file holds the size and time of its source and is made again when they change,
by Python and by pytest alike."""

from __future__ import annotations

import compileall
import sys
import tempfile
from pathlib import Path

import pytest
from _pytest.assertion import rewrite

TESTS = Path(__file__).resolve().parent
PROGRAM = TESTS.parent / "bisca_tui"


def keep_compiled() -> None:
    """Where writing bytecode is turned off, write it outside the tree instead."""
    if sys.dont_write_bytecode and not sys.pycache_prefix:
        sys.pycache_prefix = str(Path(tempfile.gettempdir()) / "bisca-tui-bytecode")
        sys.dont_write_bytecode = False


def compile_for_workers(config: pytest.Config) -> None:
    """In the process that starts the others (``-n``), compile the program and the tests
    (their asserts rewritten as pytest's import does) where the others will look first."""
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", None):
        return
    if sys.dont_write_bytecode or config.getoption("assertmode", "rewrite") != "rewrite":
        return
    compileall.compile_dir(PROGRAM, quiet=1)
    try:  # pytest's own steps, as its import takes them; a pytest without them: no matter
        state = config.stash[rewrite.assertstate_key]
        for fn in sorted(TESTS.rglob("*.py")):
            if not rewrite.fnmatch_ex("test_*.py", fn) and fn.name != "conftest.py":
                compileall.compile_file(fn, quiet=1)  # a helper: compiled as imported
                continue
            cache_dir = rewrite.get_cache_dir(fn)
            if not rewrite.try_makedirs(cache_dir):
                return
            pyc = cache_dir / (fn.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(fn, pyc, state.trace) is None:
                source_stat, co = rewrite._rewrite_test(fn, config)
                rewrite._write_pyc(state, co, source_stat, pyc)
    except (AttributeError, TypeError, KeyError):
        return
