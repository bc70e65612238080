"""The arena: duplicate deals, the numbers it reports, and its command line."""

from __future__ import annotations

import json
import math
import shlex
import sys
from functools import partial
from pathlib import Path

import pytest
from bots_support import small_hard

from bisca_tui.arena import EXIT_REPLACED, main, run_arena
from bisca_tui.bots.base import Bot
from bisca_tui.cli import main as cli_main


def test_duplicate_deals_cancel_luck_between_identical_bots() -> None:
    # medium is deterministic: playing both chairs of every deal, it wins exactly half
    r = run_arena("bisca-3", "medium", "medium", deals=6, seed=3)
    assert r.deals == 6 and r.games == 12
    assert r.pair_scores == [0.5] * 6
    assert r.points[0] == r.points[1]
    assert r.ci95 == (0.5, 0.5)
    assert r.pair_margins == [0.0] * 6  # the same cards, the same points either way


def test_arena_reports_a_rate_an_interval_points_and_times() -> None:
    r = run_arena("briscola", "medium", "random", deals=8, seed=1)
    assert 0.0 <= r.ci95[0] <= r.win_rate <= r.ci95[1] <= 1.0
    assert abs(sum(r.points) - 120) < 1e-9
    # each deal's margin is its two games' card points, A less B, averaged
    assert len(r.pair_margins) == 8 and any(m != 0 for m in r.pair_margins)
    assert math.isclose(sum(r.pair_margins) / 8, r.points[0] - r.points[1])
    data = r.to_json()
    assert set(data["ms_per_decision"]) == {"medium", "random"}
    assert data["ms_per_decision"]["medium"]["decisions"] > 0
    assert data["ms_per_decision"]["medium"]["p95"] >= data["ms_per_decision"]["medium"][
        "median"]


def test_arena_team_game_with_two_processes() -> None:
    r = run_arena("bisca-4", "easy", "medium", deals=4, seed=2, jobs=2)
    assert len(r.pair_scores) == 4 and r.games == 8


def test_command_line_json(capsys) -> None:
    assert cli_main(["arena", "--variant", "bisca-3", "--bots", "easy,random", "--deals", "3",
                     "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("variant", "deals", "win_rate", "ci95", "points", "ms_per_decision"):
        assert key in data
    assert data["variant"] == "bisca-3" and data["deals"] == 3 and len(data["ci95"]) == 2
    assert set(data["points"]) == {"easy", "random"}


def test_command_line_text_and_errors(capsys) -> None:
    assert main(["--variant", "briscola", "--bots", "medium,easy", "--deals", "2"]) == 0
    out = capsys.readouterr().out
    assert "medium wins" in out and "ms per decision" in out
    assert main(["--variant", "nope", "--bots", "medium,easy", "--deals", "2"]) == 2
    assert "unknown variant" in capsys.readouterr().err


# ----- external bots in the arena: every fallback is owned up to --------------------------------

SIMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "simple_bot.py"

# Plays legal[0] for its first GOOD decisions, then does MISBEHAVE; HELLO is its greeting.
MISBEHAVING = """
import json, sys, time
count = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps(HELLO), flush=True)
    elif msg["type"] == "decide":
        count += 1
        if count > GOOD:
            MISBEHAVE
        print(json.dumps({"type": "action", "action": msg["legal"][0]}), flush=True)
    elif msg["type"] == "quit":
        break
"""
GOOD_HELLO = '{"type": "hello", "protocol": 1, "name": "Tester"}'

# In bisca-3 each of A's two programs (one per seat) makes 20 decisions a deal, so 25 good
# answers take it into the second deal.
FAILURES = {
    "crash": ('raise RuntimeError("broken on purpose")', GOOD_HELLO, 25, 2,
              ["crashed (exit code 1)", "broken on purpose"]),
    "timeout": ("time.sleep(60)", GOOD_HELLO, 25, 2,
                ["did not choose an action within 0.5 s"]),
    "garbage": ('print("I play the seven of hearts", flush=True); continue', GOOD_HELLO, 25, 2,
                ["not JSON", "seven of hearts"]),
    "illegal": ('print(json.dumps({"action": next(f"{r}{s}" for s in "SHDC" for r in '
                '"A234567JQK" if f"{r}{s}" not in msg["legal"])}), flush=True); continue',
                GOOD_HELLO, 25, 2, ["which is not legal now"]),
    "protocol": ("pass", '{"type": "hello", "protocol": 9, "name": "Tester"}', 0, 1,
                 ["speaks protocol 9; the table speaks 1"]),
}


def cmd_spec(path: Path, *args: str) -> str:
    return "cmd:" + shlex.join([sys.executable, str(path), *args])


def misbehaving(tmp_path: Path, kind: str) -> str:
    misbehave, hello, good, _, _ = FAILURES[kind]
    path = tmp_path / f"{kind}_bot.py"
    path.write_text(MISBEHAVING.replace("MISBEHAVE", misbehave).replace("HELLO", hello)
                    .replace("GOOD", str(good)), encoding="utf-8")
    return cmd_spec(path)


def arena_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli_main(["arena", "--variant", "bisca-3", "--time-limit", "0.5", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("kind", list(FAILURES))
def test_a_failing_external_bot_is_reported_not_hidden(tmp_path: Path, capsys,
                                                       kind: str) -> None:
    _, _, _, deal, phrases = FAILURES[kind]
    spec = misbehaving(tmp_path, kind)
    code, out, err = arena_cli(capsys, "--bots", f"{spec},random", "--deals", "2", "--json")
    assert code == EXIT_REPLACED == 3

    # standard error names the fallback, the deal and the reason, for both seats' programs
    lines = [x for x in err.splitlines() if "replaced by the built-in medium bot" in x]
    assert len(lines) == 2, err
    for seat, line in enumerate(lines):
        assert line.startswith(f"bisca-tui arena: {spec}: ")
        assert f"in deal {deal} (seat {seat}) because it " in line
        for phrase in phrases:
            assert phrase in line
    assert "not the program's alone" in err

    data = json.loads(out)
    assert data["replaced"] is True
    mine = data["fallbacks"][spec]
    assert mine["count"] == 2
    assert [(e["deal"], e["seat"], e["kind"], e["replaced_by"]) for e in mine["events"]] == [
        (deal, 0, kind, "medium"), (deal, 1, kind, "medium")]
    for event in mine["events"]:
        for phrase in phrases:
            assert phrase in event["reason"]
    assert mine["decisions"] == 2 * 2 * 20  # two deals, each played twice, 20 decisions each
    # the program answered its GOOD decisions on each seat; the fallback made all the rest
    good = FAILURES[kind][2]
    assert mine["fallback_decisions"] == mine["decisions"] - 2 * good
    # thinking times are the program's own: no decision of the fallback is timed
    assert data["ms_per_decision"][spec]["decisions"] <= 2 * good
    assert data["fallbacks"]["random"] == {"count": 0, "decisions": 80,
                                           "fallback_decisions": 0, "events": []}


def test_the_text_report_marks_the_replaced_bot(tmp_path: Path, capsys) -> None:
    spec = misbehaving(tmp_path, "crash")
    code, out, err = arena_cli(capsys, "--bots", f"random,{spec}", "--deals", "2",
                               "--fallback", "easy")
    assert code == 3
    rows = [x for x in out.splitlines() if x.startswith(f"{spec}: ")]
    assert rows[:2] == [
        f"{spec}: replaced by the built-in easy bot in deal 2 (seat {seat}) because it crashed "
        "(exit code 1): RuntimeError: broken on purpose" for seat in (0, 1)]
    assert rows[2].startswith(f"{spec}: a fallback bot made ")
    assert rows[2].endswith("these results are not the program's alone")
    assert "random wins" in out
    assert "replaced by the built-in easy bot in deal 2" in err


def test_a_program_that_cannot_start_is_reported_from_its_first_deal(capsys) -> None:
    spec = "cmd:no-such-bot-program-xyz"
    code, out, err = arena_cli(capsys, "--bots", f"{spec},random", "--deals", "1", "--json")
    assert code == 3
    events = json.loads(out)["fallbacks"][spec]["events"]
    assert [(e["deal"], e["kind"]) for e in events] == [(1, "start"), (1, "start")]
    assert "because it could not be started" in err


def test_a_well_behaved_program_exits_zero(capsys) -> None:
    spec = cmd_spec(SIMPLE)
    code, out, err = arena_cli(capsys, "--bots", f"{spec},random", "--deals", "1", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["replaced"] is False
    assert data["fallbacks"][spec] == {"count": 0, "decisions": 40, "fallback_decisions": 0,
                                       "events": []}
    assert data["ms_per_decision"][spec]["decisions"] > 0


# Writes every message it receives to a file of its own in the folder it is given.
RECORDER = """
import json, os, sys
out = open(os.path.join(sys.argv[1], f"{os.getpid()}.jsonl"), "w")
for line in sys.stdin:
    out.write(line)
    out.flush()
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "name": "Recorder"}), flush=True)
    elif msg["type"] == "decide":
        print(json.dumps({"action": msg["legal"][0]}), flush=True)
    elif msg["type"] == "quit":
        break
"""


@pytest.mark.parametrize("variant_id", ["bisca-3", "bisca-4"])
def test_deal_end_carries_the_final_view_and_the_result(tmp_path: Path, capsys,
                                                        variant_id: str) -> None:
    script = tmp_path / "recorder.py"
    script.write_text(RECORDER, encoding="utf-8")
    folder = tmp_path / "seen"
    folder.mkdir()
    code = cli_main(["arena", "--variant", variant_id, "--bots",
                     f"{cmd_spec(script, str(folder))},random", "--deals", "2", "--json"])
    assert code == 0, capsys.readouterr().err
    played = 0
    for log in folder.glob("*.jsonl"):
        messages = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        kinds = [m["type"] for m in messages]
        assert kinds[0] == "hello" and kinds[-1] == "quit"
        assert kinds.count("deal") == kinds.count("deal_end") > 0
        deal: dict = {}
        for m in messages:
            if m["type"] == "deal":
                deal = m
            elif m["type"] == "deal_end":
                view, result = m["view"], m["result"]
                assert view is not None and result is not None
                assert view["seat"] == deal["seat"] and view["dealer"] == deal["dealer"]
                assert view["phase"] == "over" and view["hand"] == [] and view["legal"] == []
                assert sum(t["points"] for t in view["tricks"]) == 120
                assert sum(result["card_points"]) == 120
                assert len(result["card_points"]) == len(result["game_points"]) == 2
                team = deal["teams"][deal["seat"]]
                assert view["points"][deal["seat"]] <= result["card_points"][team]
                winner = result["winner"]
                assert winner is None or result["card_points"][winner] >= 61
                played += 1
    # two deals, each played once by each side: A holds one seat per game in bisca-3 and two
    # seats per game in bisca-4, every seat its own program
    assert played == (4 if variant_id == "bisca-3" else 8)


# ----- games paid seat by seat (Briscola Chiamata) -----------------------------------------


class _FirstLegal:
    """The same choice every time: identical bots in every seat play identical games."""

    def __init__(self, seed: int) -> None:
        pass

    def choose(self, view) -> int:
        return view.legal[0]


def test_chiamata_puts_a_in_each_seat_against_b_and_reports_the_mean_score() -> None:
    res = run_arena("chiamata", _FirstLegal, _FirstLegal, deals=6, seed=2)
    assert res.payments and res.games == 6 * 5 and len(res.pair_scores) == 6
    # A's seat against the mean of the other seats, over its five seats
    assert len(res.pair_margins) == 6
    assert math.isclose(sum(res.pair_margins) / 6, res.points[0] - res.points[1],
                        abs_tol=1e-9)
    # one game played five times, A's seat moving round: A's payments sum to the whole
    # table's, which is zero
    assert res.pair_scores == [0.0] * 6
    assert "scores +0.000 per deal" in res.text()
    data = res.to_json()
    assert data["measure"] == "mean score per deal" and data["win_rate"] is None


def test_chiamata_arena_for_six_players_and_a_stronger_bot(capsys) -> None:
    assert main(["--variant", "chiamata", "--players", "6", "--bots", "medium,random",
                 "--deals", "10", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 50 and data["mean_score"] is not None
    lo, hi = data["ci95"]
    assert lo <= data["mean_score"] <= hi


def test_a_run_in_parts_is_the_same_deals_as_one_run(monkeypatch):
    from bisca_tui.arena import play as arena

    dealt = []
    real = arena.GameState

    def spy(v, dealer, seed, target):
        dealt.append((dealer, seed))
        return real(v, dealer=dealer, seed=seed, target=target)

    monkeypatch.setattr(arena, "GameState", spy)
    run_arena("bisca-3", "medium", "random", deals=4, seed=11)
    whole = list(dealt)
    dealt.clear()
    run_arena("bisca-3", "medium", "random", deals=2, seed=11)
    run_arena("bisca-3", "medium", "random", deals=2, seed=11, first=2)
    assert dealt == whole and len(set(whole)) == 4


def test_the_cpu_clock_budgets_the_bots_in_their_own_cpu_time(monkeypatch):
    import time

    from bisca_tui.arena import play as arena

    seen = []
    real = arena._make

    def spy(spec, seed, job):
        bot = real(spec, seed, job)
        seen.append(bot.clock)
        return bot

    monkeypatch.setattr(arena, "_make", spy)
    # the hard bot's search, bounded by its samples rather than its budget: it reads the
    # clock all the same, in a fraction of the time a deal of its full budget takes
    run_arena("bisca-3", partial(small_hard, samples=4), "medium", deals=1, seed=3,
              clock="cpu")
    assert seen and all(c is time.process_time for c in seen)
    seen.clear()
    run_arena("bisca-3", "medium", "random", deals=1, seed=3)
    assert seen and all(c is time.perf_counter for c in seen)


class _FirstCard(Bot):
    """Plays the first legal action: the same play of a deal whoever deals it."""

    level = "first"

    def choose(self, view) -> int:
        return view.legal[0]


def test_each_score_names_its_deal_whatever_the_number_of_processes() -> None:
    # two bots that play each deal the same way in any process: a deal scores the same
    # in one process or in two, so each score must be filed under its own deal
    one = run_arena("briscola", "medium", _FirstCard, deals=8, seed=4, first=3)
    two = run_arena("briscola", "medium", _FirstCard, deals=8, seed=4, first=3, jobs=2)
    assert sorted(one.deal_ids) == sorted(two.deal_ids) == list(range(3, 11))
    assert len(set(one.pair_scores)) > 1  # the deals differ, so a mix-up would show
    assert dict(zip(one.deal_ids, one.pair_scores, strict=True)) == dict(
        zip(two.deal_ids, two.pair_scores, strict=True))
