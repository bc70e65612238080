"""The arena: duplicate deals, the numbers it reports, and its command line."""

from __future__ import annotations

import json

from bisca_tui.arena import main, run_arena
from bisca_tui.cli import main as cli_main


def test_duplicate_deals_cancel_luck_between_identical_bots() -> None:
    # medium is deterministic: playing both chairs of every deal, it wins exactly half
    r = run_arena("bisca-3", "medium", "medium", deals=6, seed=3)
    assert r.deals == 6 and r.games == 12
    assert r.pair_scores == [0.5] * 6
    assert r.points[0] == r.points[1]
    assert r.ci95 == (0.5, 0.5)


def test_arena_reports_a_rate_an_interval_points_and_times() -> None:
    r = run_arena("briscola", "medium", "random", deals=8, seed=1)
    assert 0.0 <= r.ci95[0] <= r.win_rate <= r.ci95[1] <= 1.0
    assert abs(sum(r.points) - 120) < 1e-9
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
