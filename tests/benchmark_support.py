"""A script of ``benchmarks/`` loaded as a module, for the tests that run one or reuse its
parts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` loaded as a module (and kept under its name in
    ``sys.modules``, where a dataclass of it looks its module up)."""
    path = Path(__file__).parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
