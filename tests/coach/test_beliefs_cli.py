"""``bisca-tui review --beliefs``: a block per decision with the unseen cards' chances and
their true places, within 80 columns; one JSON object with --json; the review's clean
refusals."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bisca_tui.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "bisca_tui" / "examples"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def saved_with_levels(tmp_path: Path, game: str, levels: list[str]) -> Path:
    """An example record saved beside a table file naming each seat's level."""
    path = tmp_path / f"{game}.json"
    shutil.copy(EXAMPLES / f"{game}.json", path)
    players = json.loads(path.read_text(encoding="utf-8"))["players"]
    seats = [{"kind": "human", "name": p} if lv == "person" else
             {"kind": "bot", "name": p, "level": lv} for p, lv in zip(players, levels,
                                                                      strict=True)]
    (tmp_path / f"{game}.table.json").write_text(json.dumps({"seats": seats}),
                                                 encoding="utf-8")
    return path


def test_each_decision_shows_the_chances_and_the_true_place(capsys) -> None:
    code, out, err = run(capsys, "review", str(EXAMPLES / "briscola.json"), "--beliefs",
                         "--deal", "1", "--samples", "6")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Deal 1, trick 1: Ana (person) played K♠; 6 sampled deals"
    assert lines[1] == "  The chances are what could be known from this seat."
    assert lines[2].split() == ["Bruno", "stock"]
    assert any(ln.startswith("Deal 1, trick 1: Bruno (person) played") for ln in lines)
    assert lines[-1] == "* where the card really was"
    rows = [ln for ln in lines if ln.startswith("  ") and ln.rstrip().endswith(("%", "*", "-"))
            and not ln.startswith("   ")]
    assert rows and all(ln.count("*") == 1 for ln in rows)  # one true place a card
    assert max(len(ln) for ln in lines) <= 80


def test_a_hard_seat_names_the_searchs_card_and_a_medium_one_says_it_does_not_reason(
        capsys, tmp_path) -> None:
    path = saved_with_levels(tmp_path, "briscola", ["medium", "hard"])
    code, out, _ = run(capsys, "review", str(path), "--beliefs", "--deal", "1", "--seat",
                       "1", "--samples", "6")
    assert code == 0
    heads = [ln for ln in out.splitlines() if ln.startswith("Deal 1,")]
    assert heads and all("Bruno (hard) played" in h and "search" in h for h in heads)
    assert "As the hard level's search sampled the hidden cards" in out
    code, out, _ = run(capsys, "review", str(path), "--beliefs", "--deal", "1", "--seat",
                       "0", "--samples", "6")
    assert "Ana (medium) played" in out
    assert "This player does not reason about hidden cards" in out and "search" not in out
    assert max(len(ln) for ln in out.splitlines()) <= 80  # the longer note is wrapped


def test_the_beliefs_speak_the_language_asked_for(capsys) -> None:
    code, out, _ = run(capsys, "--lang", "pt", "review", str(EXAMPLES / "briscola.json"),
                       "--beliefs", "--deal", "1", "--samples", "3")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Mão 1, vaza 1: Ana (pessoa) jogou K♠; 3 distribuições " \
        "simuladas"
    assert lines[2].split() == ["Bruno", "monte"]
    assert lines[-1] == "* onde a carta estava de facto"


def test_eighty_columns_even_with_seven_places(capsys) -> None:
    code, out, _ = run(capsys, "review", str(EXAMPLES / "chiamata-monte-7p.json"),
                       "--beliefs", "--deal", "1", "--samples", "4")
    assert code == 0 and "aside" in out.splitlines()[2]
    assert max(len(ln) for ln in out.splitlines()) <= 80


def test_json_is_one_object_with_every_decision(capsys) -> None:
    code, out, _ = run(capsys, "review", str(EXAMPLES / "sueca.json"), "--beliefs", "--json",
                       "--deal", "1", "--samples", "5", "--seat", "2")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "bisca-tui-beliefs" and data["variant"] == "sueca"
    assert data["decisions"] and {d["seat"] for d in data["decisions"]} == {2}
    for d in data["decisions"]:
        assert d["places"] == [0, 1, 3] and d["who"] == "person" and d["best"] is None
        assert d["deal"] == 1 and d["action"] >= 1 and d["samples"] == 5
        for c in d["cards"]:
            assert sum(c["chance"]) == pytest.approx(1.0, abs=1e-3)
            assert 0 <= c["truth"] < 3


def test_a_bad_record_or_seat_is_refused_as_the_review_refuses_it(capsys, tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    code, out, err = run(capsys, "review", str(path), "--beliefs")
    assert code == 2 and out == ""
    assert err.startswith("bisca-tui review: ") and "not valid JSON" in err
    assert err.count("\n") == 1
    broken = json.loads((EXAMPLES / "briscola.json").read_text(encoding="utf-8"))
    actions = broken["deals"][0]["actions"]
    actions[2] = actions[0]  # the card the first seat led, played again by the second
    path.write_text(json.dumps(broken), encoding="utf-8")
    code, out, err = run(capsys, "review", str(path), "--beliefs", "--deal", "1")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("bisca-tui review: ") and "deal 1, action 3" in err
    code, _, err = run(capsys, "review", str(EXAMPLES / "briscola.json"), "--beliefs",
                       "--seat", "2")
    assert code == 2 and "there is no seat 2" in err
    code, _, err = run(capsys, "review", str(EXAMPLES / "briscola.json"), "--beliefs",
                       "--deal", "99")
    assert code == 2 and "there is no deal 99" in err
