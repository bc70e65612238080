"""Records, saved tables and history rows are data: a seat level of ``cmd:COMMAND`` read
from one is shown, never run, by replay, review, history, stats and export."""

from __future__ import annotations

import json
import random
import shlex
import subprocess
import sys
from pathlib import Path

from bisca_tui import cli
from bisca_tui.history.sample import Sitter, entry_of, play
from bisca_tui.history.store import Store
from bisca_tui.table.save import SAVE_NAME, write_save
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session


def marker_command(marker: Path) -> str:
    return shlex.join([sys.executable, "-c", f"open({str(marker)!r}, 'w').close()"])


def test_no_command_reads_a_program_from_a_file_and_runs_it(tmp_path, monkeypatch,
                                                            capsys) -> None:
    marker = tmp_path / "ran"
    level = "cmd:" + marker_command(marker)
    data = tmp_path / "data"
    session = Session.new("bisca-3", {}, [SeatSpec(HUMAN, "Ana"), SeatSpec(BOT, "Rui", level)],
                          seed=5)
    rng = random.Random(1)
    st = session.state
    while not st.is_over():  # a whole deal, so that review has decisions to judge
        session.apply(rng.choice(st.view(st.current).legal))
    write_save(data, session.recording.save_text(), session.recording.table_text())
    saved = data / SAVE_NAME
    table = json.loads((data / "saved-match.table.json").read_text(encoding="utf-8"))
    assert table["seats"][1]["level"] == level

    store, problem = Store.open(data)
    assert store is not None and problem is None
    store.write(entry_of(play("bisca-3", 2, deals=1), [Sitter("Ana", "human", ""),
                                                       Sitter("Rui", "bot", level)],
                        "m1", "2026-01-01T00:00:00Z"))
    store.close()

    started: list[object] = []

    def no_process(*args: object, **kwargs: object) -> None:
        started.append(args)
        raise AssertionError("a program was started")

    monkeypatch.setattr(subprocess, "Popen", no_process)
    out = tmp_path / "exported.json"
    for argv in (["replay", str(saved)], ["replay", str(saved), "--json"],
                 ["review", str(saved), "--deal", "1", "--samples", "2"],
                 ["history", "--data-dir", str(data)], ["history", "--data-dir", str(data),
                                                        "--json"],
                 ["stats", "--data-dir", str(data), "--player", "Ana"],
                 ["export", "1", "--data-dir", str(data), "-o", str(out)]):
        assert cli.main(argv) == 0, argv
    shown = capsys.readouterr().out
    assert "Rui" in shown
    assert started == [] and not marker.exists()
