"""``bisca-tui replay``: text and JSON output, and one clean line for every bad record."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bisca_tui.engine.records import load_record, replay_record
from bisca_tui.replay import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "bisca_tui" / "examples"
VARIANTS = ("bisca-3", "bisca-9", "bisca-4", "bisca-6", "bisca-capixaba")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, data: dict | str, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=2),
                    encoding="utf-8")
    return str(path)


def example(name: str = "bisca-3") -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def assert_one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith("bisca-tui replay: ")
    assert "Traceback" not in err
    return err.strip()


# ----- good records --------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_text_and_json_tell_the_same_match(capsys, variant_id: str) -> None:
    path = str(EXAMPLES / f"{variant_id}.json")
    code, text, err = run(capsys, path)
    assert code == 0 and err == ""
    code, out, err = run(capsys, path, "--json")
    assert code == 0 and err == ""
    rep = json.loads(out)
    match = replay_record(load_record(path))

    # the JSON agrees with the engine
    assert rep["variant"] == variant_id
    assert rep["match"]["games"] == match.scores
    assert rep["match"]["winner"] == match.winner and rep["match"]["over"]
    assert len(rep["deals"]) == len(match.deals)
    for d, state in zip(rep["deals"], match.deals, strict=True):
        assert [(t["leader"], [p["seat"] for p in t["plays"]], t["winner"], t["points"])
                for t in d["tricks"]] == [
            (t.leader, list(t.seats), t.winner, t.points) for t in state.tricks]
        assert d["card_points"] == list(state.result.card_points)
        assert d["game_points"] == list(state.result.game_points)

    # the text tells the same numbers, deal by deal
    sides = [s["name"] for s in rep["sides"]]
    blocks = text.split("\nDeal ")[1:]
    assert len(blocks) == len(rep["deals"])
    for block, d in zip(blocks, rep["deals"], strict=True):
        trick_lines = re.findall(r"^  Trick +(\d+), led by (\d+):(.*)-> won by seat (\d+) "
                                 r"\(.*\), (\d+) points$", block, re.M)
        assert [(int(n), int(lead), int(w), int(p)) for n, lead, _, w, p in trick_lines] == [
            (t["number"], t["leader"], t["winner"], t["points"]) for t in d["tricks"]]
        for (_, _, plays, _, _), t in zip(trick_lines, d["tricks"], strict=True):
            shown = re.findall(r"(\d): (?:\[\w+\] )*(\w+)", plays)
            assert shown == [(str(p["seat"]), p["card"]) for p in t["plays"]]
        cp = ", ".join(f"{sides[s]} {p}" for s, p in enumerate(d["card_points"]))
        assert f"Card points: {cp}" in block
        standing = ", ".join(f"{sides[s]} {g}" for s, g in enumerate(d["match_after"]))
        assert f"Match: {standing} (first to {rep['target']})" in block
        for note in d["notes"]:
            assert note in block
    winner = sides[rep["match"]["winner"]]
    assert f"Match over, won by {winner}" in text


def test_capixaba_text_shows_cut_knock_exchange_and_heley(capsys) -> None:
    code, text, _ = run(capsys, str(EXAMPLES / "bisca-capixaba.json"))
    assert code == 0
    assert re.search(r"Seat \d \([A-Z]\w+\) cuts: indicator \w\w, \w+ are trumps", text)
    assert re.search(r"Seat \d \([A-Z]\w+\) knocks", text)
    assert "knocks: hearts are trumps, no indicator" in text
    assert re.search(r"exchanges 2. for the indicator", text)
    assert "heley" in text and "game points" in text


def test_signals_are_marked_in_the_trick_and_explained(capsys) -> None:
    code, out, _ = run(capsys, str(EXAMPLES / "bisca-6.json"), "--json")
    rep = json.loads(out)
    sent = [(t, s) for d in rep["deals"] for t in d["tricks"] for s in t["signals"]]
    assert sent
    trick, sig = sent[0]
    team = rep["players"][sig["seat"]]["team"]
    assert all(rep["players"][s]["team"] == team for s in sig["seen_by"])
    assert all(rep["players"][s]["team"] != team for s in sig["caught_by"])
    play = next(p for p in trick["plays"] if p["seat"] == sig["seat"])
    assert sig["signal"] in play["signals"]
    code, text, _ = run(capsys, str(EXAMPLES / "bisca-6.json"))
    assert f"[{sig['signal']}]" in text and f"signal from seat {sig['seat']}" in text


def test_an_unfinished_last_deal_is_told_as_far_as_it_goes(capsys, tmp_path: Path) -> None:
    data = example("bisca-4")
    data["deals"] = data["deals"][:2]
    data["deals"][1]["actions"] = data["deals"][1]["actions"][:6]
    path = write(tmp_path, data)
    code, text, _ = run(capsys, path)
    assert code == 0
    assert "The record stops here, the deal unfinished (6 actions" in text
    assert "Match not over" in text
    code, out, _ = run(capsys, path, "--json")
    d = json.loads(out)["deals"][1]
    assert not d["finished"] and d["match_after"] is None
    assert [t["complete"] for t in d["tricks"]] == [True, False]
    assert len(d["tricks"][1]["plays"]) == 2 and d["to_act"] is not None


# ----- bad records: exit 2 and one line --------------------------------------------------


def test_missing_file(capsys, tmp_path: Path) -> None:
    err = assert_one_line_error(*run(capsys, str(tmp_path / "nope.json")))
    assert err.endswith("nope.json: no such file")


def test_bad_json(capsys, tmp_path: Path) -> None:
    path = write(tmp_path, '{\n  "format": "bisca-tui-record",\n  "version": 1,\n}\n')
    err = assert_one_line_error(*run(capsys, path))
    assert "line 4, column 1: not valid JSON" in err


def test_unknown_variant(capsys, tmp_path: Path) -> None:
    data = example()
    data["variant"] = "bisca-5"
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert "unknown variant 'bisca-5'" in err


def test_duplicate_card(capsys, tmp_path: Path) -> None:
    data = example()
    data["deals"][0]["layout"]["stock"][0] = "AS"
    err = assert_one_line_error(*run(capsys, write(tmp_path, data), "--json"))
    assert "deal 1, layout: card AS appears twice in the layout" in err


def test_wrong_hand_size(capsys, tmp_path: Path) -> None:
    data = example()
    lay = data["deals"][0]["layout"]
    lay["stock"].append(lay["hands"][1].pop())
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert "seat 1 holds 2 cards" in err


def test_unknown_action(capsys, tmp_path: Path) -> None:
    data = example()
    data["deals"][0]["actions"][4] = "jump"
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert "deal 1, action 5: unknown action 'jump'" in err


def test_illegal_action(capsys, tmp_path: Path) -> None:
    data = example()
    data["deals"][0]["actions"][0] = "AS"  # Bruno leads, but AS is in Ana's hand
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert err.endswith("deal 1, action 1: seat 1 (Bruno) tried AS, which breaks the rule: "
                        "AS is not in seat 1's hand")


def test_illegal_action_in_a_later_deal_by_rule(capsys, tmp_path: Path) -> None:
    data = example("bisca-capixaba")
    seeded = next(i for i, d in enumerate(data["deals"]) if i > 0 and "layout" not in d)
    acts = data["deals"][seeded]["actions"]
    acts.insert(1, "knock" if acts[0] == "cut" else "cut")
    err = assert_one_line_error(*run(capsys, write(tmp_path, data)))
    assert f"deal {seeded + 1}, action 2: seat " in err
    assert "the cut or knock has already been chosen" in err


def test_usage_errors_return_2_without_raising(capsys) -> None:
    code, out, err = run(capsys)
    assert code == 2 and "FILE" in err and out == ""
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "--json" in out


def test_python_m_bisca_tui_replay_runs_from_the_console() -> None:
    path = EXAMPLES / "bisca-capixaba.json"
    proc = subprocess.run([sys.executable, "-m", "bisca_tui", "replay", str(path), "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    rep = json.loads(proc.stdout)
    assert rep["variant"] == "bisca-capixaba" and rep["match"]["over"]
    assert rep["match"]["games"] == replay_record(load_record(path)).scores

