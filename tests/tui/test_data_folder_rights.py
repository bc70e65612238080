"""A data folder the player may not read, or may not write: the app says so in one line,
plays on without saving, never calls a sound file damaged nor moves it, and exits with a
failure status when a match could not be saved.

Permissions stop nobody running as root, so the app runs in a child process as an
unprivileged user (``nobody``) when the tests run as root; the test is skipped, saying why,
when no such user or no Python it may run is at hand."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from tui_helpers import press, quiet

HERE = Path(__file__).resolve().parent
LIMIT = 120  # seconds for a child


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Unprivileged:
    """Runs this file's scenarios as a user whom permissions stop."""

    def __init__(self) -> None:
        self.python = sys.executable
        self.ids: tuple[int, int] | None = None
        path = [str(HERE)] + [p for p in sys.path if p and Path(p).is_dir()]
        self.env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
        self.env.pop("BISCA_TUI_DATA", None)
        if os.geteuid() != 0:
            return
        try:
            import pwd

            nobody = pwd.getpwnam("nobody")
        except (ImportError, KeyError):
            pytest.skip("running as root, and there is no user 'nobody' to run the app as")
        self.ids = (nobody.pw_uid, nobody.pw_gid)
        self.env["HOME"] = tempfile.gettempdir()
        minor = f"python{sys.version_info.major}.{sys.version_info.minor}"
        for python in (sys.executable, f"/usr/bin/{minor}", f"/usr/local/bin/{minor}"):
            try:
                ran = self.run(["-c", "import bisca_tui, textual"], python).returncode == 0
            except OSError:  # not there, or not the user's to run
                ran = False
            if ran:
                self.python = python
                return
        pytest.skip("running as root, and no Python with bisca-tui that the user 'nobody' "
                    "may run")

    def _drop(self) -> None:
        assert self.ids is not None
        os.setgid(self.ids[1])
        os.setgroups([])
        os.setuid(self.ids[0])

    def run(self, args: list[str], python: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([python or self.python, *args], capture_output=True, text=True,
                              timeout=LIMIT, env=self.env, cwd=tempfile.gettempdir(),
                              preexec_fn=self._drop if self.ids else None)

    def give(self, folder: Path) -> None:
        """Make ``folder`` and what is in it the unprivileged user's."""
        if self.ids is None:
            return
        for p in [folder, *folder.rglob("*")]:
            os.chown(p, *self.ids)

    def scenario(self, name: str, data: Path) -> dict:
        child = self.run([str(Path(__file__).resolve()), name, str(data)])
        assert child.returncode == 0, child.stderr[-3000:]
        return json.loads(child.stdout.strip().splitlines()[-1])


@pytest.fixture
def folder() -> Iterator[Path]:
    """A data folder the unprivileged user can reach (pytest's own is the runner's only)."""
    top = Path(tempfile.mkdtemp(prefix="bisca-rights-"))
    os.chmod(top, 0o755)
    try:
        yield top / "data"
    finally:
        for p in [top, *top.rglob("*")]:
            if p.is_dir():
                os.chmod(p, 0o755)
        shutil.rmtree(top, ignore_errors=True)


def a_sound_folder(data: Path) -> None:
    """A history holding one match, and a match in progress."""
    from bisca_tui.history.sample import demo_entries
    from bisca_tui.history.store import Store
    from bisca_tui.table.save import write_save
    from bisca_tui.table.session import Session, default_seats

    store, problem = Store.open(data)
    assert store is not None and problem is None
    store.write_many(demo_entries(1))
    store.close()
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=5)
    write_save(data, session.recording.save_text(), session.recording.table_text())


# ----- what runs in the child --------------------------------------------------------------


async def unreadable(data: Path) -> dict:
    """Start, begin a new match, quit without saving."""
    from tui_helpers import make_app, quick_table

    from bisca_tui.tui.screens.confirm import ChoiceDialog

    app = make_app(data)
    seen: dict = {}
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await quiet(pilot)
        await app.workers.wait_for_complete()
        await quiet(pilot)
        seen["notices"] = list(app.notices)
        seen["said"] = [n.message for n in app._notifications]
        seen["save_problem"] = app.saves.problem and app.saves.problem.message()
        t = await quick_table(app, pilot, "bisca-3", seed=3)
        seen["playing"] = not t.session.match.is_over()
        await press(pilot, "ctrl+q")
        seen["dialog"] = isinstance(app.screen, ChoiceDialog)
        await press(pilot, "x")  # quit without saving
        await quiet(pilot)
    seen["status"] = app.return_value
    return seen


async def read_only(data: Path) -> dict:
    """Start, look at the statistics, continue the saved match, quit without saving."""
    from textual.widgets import Static
    from tui_helpers import make_app, settle

    from bisca_tui.tui.screens.confirm import ChoiceDialog
    from bisca_tui.tui.screens.stats import StatsScreen
    from bisca_tui.tui.screens.table import TableScreen

    app = make_app(data)
    seen: dict = {}
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await quiet(pilot)
        await app.workers.wait_for_complete()
        await press(pilot, "s")
        await quiet(pilot)
        if isinstance(app.screen, StatsScreen):
            seen["stats"] = str(app.screen.query_one("#stats-empty", Static).render())
        await press(pilot, "escape")
        await quiet(pilot)
        seen["notices"] = list(app.notices)
        seen["said"] = [n.message for n in app._notifications]
        seen["save_problem"] = app.saves.problem and app.saves.problem.message()
        await press(pilot, "c")  # continue the match in progress
        await settle(app, pilot)
        seen["playing"] = isinstance(app.screen, TableScreen)
        await press(pilot, "ctrl+q")
        seen["dialog"] = isinstance(app.screen, ChoiceDialog)
        await press(pilot, "x")
        await quiet(pilot)
    seen["status"] = app.return_value
    return seen


# ----- the tests ---------------------------------------------------------------------------


def test_an_unreadable_folder_is_said_in_one_line_and_play_goes_on(folder) -> None:
    user = Unprivileged()
    a_sound_folder(folder)
    user.give(folder)
    os.chmod(folder, 0)
    seen = user.scenario("unreadable", folder)
    os.chmod(folder, 0o755)
    folder_lines = [n for n in seen["notices"] if str(folder) in n]
    assert len(folder_lines) == 1 and "cannot be read" in folder_lines[0]
    assert "Permission denied" in folder_lines[0]
    assert seen["said"] == [] and seen["save_problem"] is None  # nothing else to say
    assert seen["playing"] and seen["dialog"]
    assert seen["status"] == 1  # the match was not saved
    # the sound files stay where they were, under their names
    assert sorted(p.name for p in folder.iterdir()) == [
        "history.sqlite3", "saved-match.json", "saved-match.table.json"]


def test_a_read_only_folder_is_not_called_damaged(folder) -> None:
    user = Unprivileged()
    a_sound_folder(folder)
    user.give(folder)
    before = {p.name: digest(p) for p in folder.iterdir()}
    os.chmod(folder, 0o555)
    seen = user.scenario("read_only", folder)
    os.chmod(folder, 0o755)
    folder_lines = [n for n in seen["notices"] if str(folder) in n]
    assert len(folder_lines) == 1 and "cannot be written" in folder_lines[0]
    said = " ".join([*seen["said"], seen.get("stats", "")])
    assert "damaged" not in said and "not a game history" not in said
    assert "set aside" not in said
    assert "cannot be" in seen.get("stats", "")  # the screen says why it is empty
    assert seen["save_problem"] is None
    assert seen["playing"] and seen["dialog"]
    assert seen["status"] == 1
    assert {p.name: digest(p) for p in folder.iterdir()} == before


if __name__ == "__main__":
    name, where = sys.argv[1], Path(sys.argv[2])
    print(json.dumps(asyncio.run({"unreadable": unreadable, "read_only": read_only}[name](
        where))))
