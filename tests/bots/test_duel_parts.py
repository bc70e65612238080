"""A resumed duel reads back only parts of its own run, and says where a file is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bots_support import benchmark

duel = benchmark("duel")


def part(first: int, deals: int) -> str:
    return json.dumps({"first": first, "deals": deals, "scores": [1.0] * deals,
                       "times": [], "payments": False})


def test_parts_of_the_same_run_are_read_back(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    out.write_text(part(0, 25) + "\n\n" + part(25, 25) + "\n" + part(50, 10) + "\n")
    parts = duel.read_parts(out, 25, 60)
    assert sorted(parts) == [0, 25, 50]
    assert parts[50]["deals"] == 10
    assert duel.read_parts(tmp_path / "none.jsonl", 25, 60) == {}


def test_another_part_size_is_refused_with_file_and_line(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    out.write_text(part(0, 25) + "\n" + part(25, 25) + "\n")
    with pytest.raises(SystemExit, match=r"d\.jsonl:1: a part of 25 deals from deal 0"):
        duel.read_parts(out, 50, 2000)


def test_a_broken_line_is_reported_not_skipped(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    out.write_text(part(0, 25) + "\n" + '{"first": 25}' + "\n")
    with pytest.raises(SystemExit, match=r"d\.jsonl:2: not a part of a duel"):
        duel.read_parts(out, 25, 2000)
    out.write_text("not json\n")
    with pytest.raises(SystemExit, match=r"d\.jsonl:1: not a part of a duel"):
        duel.read_parts(out, 25, 2000)
