"""The engine, the bots and the coach never import the user interface (textual, rich), and
the package keeps its layers: no import runs up, no circle (the contracts in pyproject.toml)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path


def test_engine_bots_and_coach_do_not_import_textual() -> None:
    code = (
        "import sys\n"
        "import bisca_tui.engine, bisca_tui.engine.records, bisca_tui.bots\n"
        "import bisca_tui.coach, bisca_tui.coach.report, bisca_tui.coach.reasons\n"
        "from bisca_tui.engine import all_variants\n"
        "all_variants()\n"
        "import bisca_tui.bots.base\n"
        "bisca_tui.bots.base.bot_levels()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')"
        " or m.startswith('bisca_tui.tui'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "", f"engine/bots/coach pulled in: {out.stdout.strip()}"


def test_import_contract_catches_a_textual_import() -> None:
    """The same probe reports textual when something does import it."""
    code = (
        "import sys, textual\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual')\n"
        "print(len(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert int(out.stdout.strip()) > 0


# ----- the layers, as import-linter's contracts in pyproject.toml ----------------------------

ROOT = Path(__file__).resolve().parent.parent
LINT = ("import sys\n"
        "from importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))\n")


def lint_imports(project: Path) -> subprocess.CompletedProcess[str]:
    """lint-imports run on ``project`` (its pyproject.toml's contracts, its bisca_tui)."""
    env = {**os.environ, "PYTHONPATH": str(project)}
    return subprocess.run([sys.executable, "-c", LINT], cwd=project, env=env,
                          capture_output=True, text=True)


def test_the_layers_contracts_are_kept() -> None:
    out = lint_imports(ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "7 kept, 0 broken" in out.stdout, out.stdout


def test_the_contracts_catch_an_import_that_runs_up(tmp_path: Path) -> None:
    """A copy of the package where the history reaches up into the command line: lint-imports
    refuses it and names the import, even one hidden inside a function."""
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    shutil.copytree(ROOT / "bisca_tui", tmp_path / "bisca_tui",
                    ignore=shutil.ignore_patterns("__pycache__", "*.json", "*.md"))
    entry = tmp_path / "bisca_tui" / "history" / "entry.py"
    entry.write_text(entry.read_text(encoding="utf-8")
                     + "\n\ndef _up() -> None:\n    from ..cli import main  # noqa: F401\n",
                     encoding="utf-8")
    out = lint_imports(tmp_path)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "bisca_tui.history.entry -> bisca_tui.cli" in out.stdout, out.stdout
    # the table, and the network table and the card room above it, reach the cli through it
    assert "2 kept, 5 broken" in out.stdout, out.stdout
