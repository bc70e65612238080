"""The project's own promises: the README's commands, CI running them, lint."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", quick)


def test_quick_start_is_two_commands() -> None:
    cmds = readme_commands()
    assert len(cmds) == 2
    assert cmds[0].endswith("bisca-tui")
    assert "pytest" in cmds[1]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert readme_commands()[1] in ci.splitlines()


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed")
    out = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


LONGEST = 400  # lines in a source file of the package
# the files still over it, each at most as long as it is now: they may only shrink, and
# leave this list once they fit (the engine's state waits for the phases to take its parts)
STILL_LONG: dict[str, int] = {}  # none left


def test_no_source_file_grows_past_its_limit() -> None:
    over = {}
    for path in sorted((ROOT / "bisca_tui").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > STILL_LONG.get(name, LONGEST):
            over[name] = lines
    assert not over, f"over {LONGEST} lines (or longer than listed): {over}"
    fits = [name for name in STILL_LONG
            if len((ROOT / name).read_text(encoding="utf-8").splitlines()) <= LONGEST]
    assert not fits, f"now {LONGEST} lines or fewer: take them off STILL_LONG: {fits}"
