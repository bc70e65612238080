"""bisca-tui stats, history and export on a history filled with played matches."""

from __future__ import annotations

import json

import pytest
from history_support import bisca_entry

from bisca_tui.cli import main
from bisca_tui.engine.records import load_record, replay_record
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
