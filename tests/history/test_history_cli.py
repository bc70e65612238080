"""bisca-tui stats, history and export on a history filled with played matches."""

from __future__ import annotations

import json

import pytest
from history_support import bisca_entry
from program_support import RAW, assert_quiet_end, into_closed_pipe, program

from bisca_tui.cli import main
from bisca_tui.engine.records import load_record, replay_record
from bisca_tui.history.sample import Sitter, entry_of, play
from bisca_tui.history.store import Store


@pytest.fixture
def data(tmp_path):
    store, _ = Store.open(tmp_path / "data")
    assert store is not None
    for k in range(6):
        store.write(bisca_entry(k, level="hard" if k % 2 else "easy", day=f"2026-01-0{k + 1}"))
    store.write(bisca_entry(9, me="Bea", day="2026-02-01"))
    store.close()
    return tmp_path / "data"


def test_stats_as_json(data, capsys) -> None:
    assert main(["stats", "--json", "--data-dir", str(data)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["player"] == "Ana" and out["players"] == ["Ana", "Bea"]
    total = out["total"]
    assert total["matches"]["played"] == 6
    low, high = total["matches"]["interval95"]
    assert 0 <= low <= total["matches"]["rate"] <= high <= 1
    assert [g["key"] for g in out["by_game"]] == ["bisca-3"]
    assert {o["key"] for o in out["by_opponent"]} == {"bot:easy", "bot:hard"}
    assert len(out["points_per_deal"]) == total["deals"]["played"]


def test_stats_as_text_with_filters(data, capsys) -> None:
    assert main(["stats", "--data-dir", str(data), "--opponent", "bot:hard",
                 "--until", "2026-01-04"]) == 0
    out = capsys.readouterr().out
    assert "Statistics of Ana (others: Bea; --player NAME)" in out
    assert "Hard bots" in out and "Easy bots" not in out
    assert main(["stats", "--data-dir", str(data), "--player", "Zé"]) == 1
    assert "Nobody named 'Zé'" in capsys.readouterr().err
    assert main(["stats", "--data-dir", str(data), "--since", "yesterday"]) == 2


def test_history_lists_ids_and_export_writes_a_record(data, capsys, tmp_path) -> None:
    assert main(["history", "--json", "--data-dir", str(data), "--player", "Ana"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 6 and rows[0]["started"] > rows[-1]["started"]  # newest first
    match_id = rows[0]["id"]
    assert main(["history", "--data-dir", str(data), "--game", "bisca-3", "--limit", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and "Bisca de Três" in lines[1]
    assert main(["history", "--data-dir", str(data), "--limit", "0"]) == 0  # every one
    assert len(capsys.readouterr().out.splitlines()) == 1 + 7
    target = tmp_path / "match.json"
    assert main(["export", str(match_id), "-o", str(target), "--data-dir", str(data)]) == 0
    record = load_record(target)
    assert record.players == ["Ana", "Bot 1"]
    assert replay_record(record).is_over()
    assert main(["export", "999", "--data-dir", str(data)]) == 1
    assert "no match 999" in capsys.readouterr().err


def test_without_a_history_the_commands_say_so(tmp_path, capsys) -> None:
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert "No game history yet" in capsys.readouterr().err
    assert main(["history", "--json", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip() == "[]"
    assert not (tmp_path / "history.sqlite3").exists()  # nothing made just to look


# ----- names from the history are text; a reader gone away ends quietly -----------------------

# a colour and a window title (OSC ... BEL), and the one-byte CSI of C1 (U+009B)
HOSTILE = ["\x1b[31mAna", "Bea\x1b]0;title\x07\x9b2J"]
SHOWN = ["\\x1b[31mAna", "Bea\\x1b]0;title\\x07\\x9b2J"]
BOT, BOT_SHOWN = "Bot\x9b1", "Bot\\x9b1"


@pytest.fixture(scope="module")
def hostile_data(tmp_path_factory) -> str:
    """A history of two matches by people with terminal codes in their names."""
    folder = tmp_path_factory.mktemp("hostile") / "data"
    store, _ = Store.open(folder)
    assert store is not None
    for k, name in enumerate(HOSTILE):
        people = [Sitter(name, "human", ""), Sitter(BOT, "bot", "easy")]
        store.write(entry_of(play("bisca-3", 1000 + k), people, f"h{k}",
                             f"2026-01-0{k + 1}T10:00:00Z"))
    store.close()
    return str(folder)


def test_history_and_stats_show_names_as_text(hostile_data) -> None:
    done = program("history", "--data-dir", hostile_data)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert RAW.search(out) is None
    assert f"{SHOWN[1]}, {BOT_SHOWN} (easy)" in out and f"{SHOWN[0]}, {BOT_SHOWN}" in out
    done = program("stats", "--data-dir", hostile_data)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    assert RAW.search(out) is None
    assert out.startswith(f"Statistics of {SHOWN[0]} (others: {SHOWN[1]}; --player NAME)")
    done = program("stats", "--data-dir", hostile_data, "--player", "Zé\x1b[2J")
    assert done.returncode == 1
    err = done.stderr.decode("utf-8")
    assert RAW.search(err) is None and f"people: {SHOWN[0]}, {SHOWN[1]}." in err


def test_history_stats_and_export_json_read_back_the_names(hostile_data) -> None:
    for argv in (["history", "--json"], ["stats", "--json"], ["export", "1"]):
        done = program(*argv, "--data-dir", hostile_data)
        assert done.returncode == 0, done.stderr
        out = done.stdout.decode("utf-8")
        assert RAW.search(out) is None, argv
        data = json.loads(out)
        if argv[0] == "history":
            assert [[p["name"] for p in r["players"]] for r in data] == [
                [HOSTILE[1], BOT], [HOSTILE[0], BOT]]
        elif argv[0] == "stats":
            assert data["players"] == HOSTILE
        else:
            assert data["players"] == [HOSTILE[0], BOT]


@pytest.mark.parametrize("argv", [["history"], ["history", "--json"], ["stats"],
                                  ["stats", "--json"], ["export", "1"]], ids=" ".join)
def test_a_reader_gone_away_ends_the_command_quietly(hostile_data, argv) -> None:
    assert_quiet_end(into_closed_pipe(*argv, "--data-dir", hostile_data))
