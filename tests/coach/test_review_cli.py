"""``bisca-tui review``: a table, reasons and a chart in text, one JSON object with
--json, and one clean line for a bad record or a bad seat or deal."""

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


def test_a_deal_is_reviewed_as_a_table_with_reasons_and_a_chart(capsys) -> None:
    code, out, err = run(capsys, "review", str(EXAMPLES / "briscola.json"), "--deal", "1",
                         "--samples", "20")
    assert code == 0 and err == ""
    assert out.startswith("Deal 1 of Briscola, seat 0 (Ana): 20 sampled deals per decision")
    assert "trick  played  best   expected" in out
    assert "expected card points lost" in out
    assert "Expected card points of your side over the deal" in out
    lines = out.splitlines()
    chart = [ln for ln in lines if ln.strip().startswith(("start", "result"))]
    assert len(chart) == 2 and all("|" in ln or "┃" in ln for ln in chart)


def test_every_deal_by_default_and_one_json_object_with_json(capsys) -> None:
    code, out, _ = run(capsys, "review", str(EXAMPLES / "chiamata.json"), "--json",
                       "--samples", "5", "--seat", "1")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "bisca-tui-review" and data["variant"] == "chiamata"
    assert len(data["deals"]) >= 2 and {d["seat"] for d in data["deals"]} == {1}
    first = data["deals"][0]
    assert first["decisions"] and first["curve"][-1]["label"] == "result"
    for d in first["decisions"]:
        assert d["loss"] >= 0 and d["mark"] in ("", "mistake", "blunder")
        assert d["best"] in {o["card"] for o in d["options"]}
    assert any(o["played"].startswith(("bid:", "pass")) for o in first["others"])


def test_the_same_samples_and_seed_give_the_same_review(capsys) -> None:
    argv = ("review", str(EXAMPLES / "sueca.json"), "--deal", "1", "--samples", "8",
            "--seed", "3")
    assert run(capsys, *argv)[1] == run(capsys, *argv)[1]


@pytest.mark.parametrize(("content", "says"), [
    ("{not json", "line 1, column 2: not valid JSON"),
    ('{"format": "bisca-tui-record", "version": 1, "variant": "nope", "players": ["a"], '
     '"deals": [{"seed": 1}]}', "variant"),
])
def test_a_bad_record_is_one_line_and_status_2(capsys, tmp_path: Path, content: str,
                                               says: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "review", str(path))
    assert code == 2 and out == ""
    assert err.startswith("bisca-tui review: ") and says in err and err.count("\n") == 1


def test_a_missing_file_a_seat_or_deal_out_of_range_are_refused(capsys, tmp_path) -> None:
    code, _, err = run(capsys, "review", str(tmp_path / "none.json"))
    assert code == 2 and "no such file" in err
    code, _, err = run(capsys, "review", str(EXAMPLES / "briscola.json"), "--seat", "2")
    assert code == 2 and "there is no seat 2" in err
    code, _, err = run(capsys, "review", str(EXAMPLES / "briscola.json"), "--deal", "99")
    assert code == 2 and "there is no deal 99" in err
    code, _, err = run(capsys, "review", str(EXAMPLES / "briscola.json"), "--seat", "x")
    assert code == 2 and "not a whole number" in err


def test_a_saved_match_is_reviewed_for_the_person_who_played_it(capsys, tmp_path) -> None:
    path = tmp_path / "saved-match.json"
    shutil.copy(EXAMPLES / "sueca.json", path)
    record = json.loads(path.read_text(encoding="utf-8"))
    seats = [{"kind": "bot", "name": n, "level": "hard"} for n in record["players"]]
    seats[3] = {"kind": "human", "name": record["players"][3]}
    (tmp_path / "saved-match.table.json").write_text(json.dumps({"seats": seats}),
                                                     encoding="utf-8")
    code, out, _ = run(capsys, "review", str(path), "--deal", "1", "--samples", "4")
    assert code == 0 and out.startswith(f"Deal 1 of Sueca, seat 3 ({record['players'][3]})")


def test_names_from_the_file_are_shown_as_text(capsys, tmp_path) -> None:
    data = json.loads((EXAMPLES / "briscola.json").read_text(encoding="utf-8"))
    data["players"][0] = "Ana\x1b[31m"
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "review", str(path), "--deal", "1", "--samples", "4")
    assert code == 0 and "\x1b" not in out


def test_the_help_states_the_reviews_own_default_samples(capsys) -> None:
    from bisca_tui.coach.review import REVIEW_SAMPLES, REVIEW_SEED
    from bisca_tui.review_command import REVIEW_SAMPLES_TEXT, REVIEW_SEED_DEFAULT

    assert str(REVIEW_SAMPLES) == REVIEW_SAMPLES_TEXT
    assert REVIEW_SEED == REVIEW_SEED_DEFAULT  # the app's review and the command's agree
    code, out, _ = run(capsys, "review", "--help")
    assert code == 0 and f"(default: {REVIEW_SAMPLES}," in " ".join(out.split())
