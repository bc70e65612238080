"""Statistics from the history: counts, win rates with their intervals, card points,
capotes and sweeps as the engine scores them, runs, filters, and the charts' series."""

from __future__ import annotations

import pytest

from bisca_tui.engine.variant import DealScore, make_variant
from bisca_tui.history.entry import (
    DealEntry,
    DealLine,
    MatchEntry,
    PlayerEntry,
    marks,
)
from bisca_tui.history.stats import Filters, compute, percent, period_filters, wilson
from bisca_tui.history.store import Store


def made(uid: str, day: str, result: str | None, deals: list[tuple[int, bool, bool, bool]],
         me: str = "Ana", opponents: str = "bot:medium", variant: str = "bisca-3") -> MatchEntry:
    """A two-player match of ``me`` against a bot: each deal (my card points, won, capote,
    sweep)."""
    other = {"won": "lost", "lost": "won"}.get(result or "", result)
    players = [PlayerEntry(0, me, "human", "", 0, opponents, 0, result),
               PlayerEntry(1, "Rui", "bot", "medium", 1, "human", 0, other)]
    entries = []
    for k, (pts, won, capote, sweep) in enumerate(deals):
        entries.append(DealEntry(k, False, (pts, 120 - pts), (1, 0), (), (
            DealLine(0, 0, 0, pts, 5, int(won), won, capote, sweep),
            DealLine(1, 1, 1, 120 - pts, 5, int(not won), not won, False, False))))
    return MatchEntry(uid, f"{day}T10:00:00Z", f"{day}T11:00:00Z" if result else None,
                      variant, {}, 1, "{}", players, entries)


@pytest.fixture
def store(tmp_path):
    s, problem = Store.open(tmp_path)
    assert problem is None and s is not None
    yield s
    s.close()


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson(5, 10) or (0, 0)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 0) is None
    low, high = wilson(10, 10) or (0, 0)
    assert high == pytest.approx(1.0) and low == pytest.approx(0.7225, abs=1e-4)


def test_counts_rates_points_marks_and_runs(store) -> None:
    store.write(made("a", "2026-01-01", "won", [(70, True, False, False), (95, True, True, False)]))
    store.write(made("b", "2026-01-02", "won", [(120, True, False, True)]))
    store.write(made("c", "2026-01-03", "lost", [(30, False, False, False)]))
    store.write(made("d", "2026-01-04", "won", [(61, True, False, False)]))
    store.write(made("e", "2026-01-05", None, [(50, False, False, False)]))  # goes on
    s = compute(store)
    assert s.player == "Ana" and s.players == ("Ana",)
    t = s.total
    assert (t.matches.won, t.matches.played) == (3, 4)  # the unfinished match has no result
    assert (t.deals.won, t.deals.played) == (4, 6)
    assert t.average_points == pytest.approx((70 + 95 + 120 + 30 + 61 + 50) / 6)
    assert (t.capotes, t.sweeps) == (1, 1)
    assert (t.longest_wins, t.longest_losses) == (2, 1)
    assert percent(t.matches).startswith("75% (")
    assert [p for _, p in s.rate_over_time] == [1.0, 1.0, pytest.approx(2 / 3), 0.75]
    assert s.points_per_deal == (70.0, 95.0, 120.0, 30.0, 61.0, 50.0)


def test_lines_per_game_and_per_opponent_and_filters(store) -> None:
    store.write(made("a", "2026-01-01", "won", [(70, True, False, False)]))
    store.write(made("b", "2026-02-01", "lost", [(40, False, False, False)],
                     opponents="bot:hard"))
    store.write(made("c", "2026-03-01", "won", [(80, True, False, False)], variant="briscola"))
    store.write(made("d", "2026-03-02", "won", [(80, True, False, False)], me="Bea",
                     opponents="human"))
    s = compute(store)
    assert [ln.label for ln in s.by_game] == ["Bisca de Três", "Briscola"]
    assert [ln.matches.played for ln in s.by_game] == [2, 1]
    assert [(ln.label, ln.matches.won) for ln in s.by_opponent] == [
        ("Hard bots", 0), ("Medium bots", 2)]
    assert compute(store, Filters(variant="briscola")).total.matches.played == 1
    assert compute(store, Filters(opponents="bot:hard")).total.matches.won == 0
    feb = compute(store, Filters(since="2026-02-01", until="2026-02-28"))
    assert feb.total.matches.played == 1 and feb.total.deals.won == 0
    bea = compute(store, Filters(player="Bea"))
    assert bea.player == "Bea" and bea.total.matches.won == 1
    assert bea.by_opponent[0].label == "People"
    assert set(s.players) == {"Ana", "Bea"}


def test_a_period_counts_back_from_today() -> None:
    from datetime import date

    f = period_filters(Filters(), "week", date(2026, 3, 10))
    assert (f.since, f.until) == ("2026-03-04", "2026-03-10")
    assert period_filters(f, "all").since is None


def test_an_empty_history_has_no_player(store) -> None:
    s = compute(store)
    assert s.player is None and s.empty


@pytest.mark.parametrize("variant, pts, tricks, notes, won, want", [
    ("bisca-3", (120, 0), (20, 0), ("all 120 points: 4 games",), True, (False, True)),
    ("bisca-3", (95, 25), (14, 6), ("95 points (91 or more): 2 games",), True, (True, False)),
    ("bisca-3", (70, 50), (11, 9), ("70 points (61 or more): 1 game",), True, (False, False)),
    ("bisca-capixaba", (90, 30), (7, 3),
     ("capote: the losers took 30 (under 31): 2 games",), True, (True, False)),
    ("sueca", (91, 29), (8, 2), ("91 points (more than 90): 2 games",), True, (True, False)),
    ("sueca", (60, 60), (5, 5), ("60-60: a tie, no game",), False, (False, False)),
])
def test_capotes_and_sweeps_follow_the_engines_scores(variant, pts, tricks, notes, won,
                                                      want) -> None:
    v = make_variant(variant)
    score = DealScore(pts, tricks, (1, 0), notes, 0 if won else None)
    assert marks(v, score, 0, won) == want


def test_the_history_package_does_not_import_the_interface() -> None:
    import subprocess
    import sys

    code = ("import sys\n"
            "import bisca_tui.history.store, bisca_tui.history.stats\n"
            "import bisca_tui.history.listing, bisca_tui.history.commands\n"
            "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] == 'textual')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""
