"""Ratings per game, rated after each match: sides of any size, fixed bot levels, a leaver
ranked last, and the leaderboard, kept in SQLite."""

from __future__ import annotations

import pytest

from bisca_tui.ratings.rater import LADDER, bot_rating, rate
from bisca_tui.ratings.rating import MU, SIGMA, Rating
from bisca_tui.ratings.store import SqliteRatings


@pytest.fixture
def store():
    s = SqliteRatings(":memory:")
    yield s
    s.close()


def test_a_win_moves_the_winner_up_and_the_loser_down_by_as_much(store) -> None:
    after = rate(store, "bisca-3", [["ana"], ["rui"]], [1, 2])
    assert after["ana"].mu > MU > after["rui"].mu
    assert after["ana"].mu - MU == pytest.approx(MU - after["rui"].mu)
    assert after["ana"].sigma < SIGMA and after["ana"].matches == 1
    assert store.get("bisca-3", "ana") == after["ana"]
    assert store.get("sueca", "ana") is None  # a rating per game


def test_a_tie_between_equals_moves_no_skill(store) -> None:
    after = rate(store, "sueca", [["a", "b"], ["c", "d"]], [1, 1])
    assert {round(r.mu, 9) for r in after.values()} == {MU}
    assert all(r.sigma < SIGMA for r in after.values())


@pytest.mark.parametrize("sizes", [(1, 1), (2, 2), (2, 3), (1, 4), (1, 1, 1)])
def test_sides_of_any_size_each_winner_up_each_loser_down(store, sizes) -> None:
    sides = [[f"p{k}{i}" for i in range(n)] for k, n in enumerate(sizes)]
    ranks = list(range(1, len(sides) + 1))
    after = rate(store, "chiamata", sides, ranks)
    assert all(after[p].mu > MU for p in sides[0])
    assert all(after[p].mu < MU for p in sides[-1])
    assert set(after) == {p for side in sides for p in side}


def test_a_bots_level_keeps_its_rating_and_a_stronger_one_is_worth_more(store) -> None:
    hard, weak = bot_rating("bisca", "hard"), bot_rating("bisca", "random")
    beat_hard = rate(store, "bisca-3", [["ana"], ["bot"]], [1, 2], fixed={"bot": hard})
    assert "bot" not in beat_hard and store.get("bisca-3", "bot") is None
    beat_weak = rate(store, "bisca-3", [["rui"], ["bot"]], [1, 2], fixed={"bot": weak})
    assert beat_hard["ana"].mu > beat_weak["rui"].mu > MU


def test_the_bots_levels_stand_as_the_ladder_puts_them() -> None:
    for family, elo in LADDER.items():
        levels = sorted(elo, key=elo.get)
        mus = [bot_rating(family, lv).mu for lv in levels]
        assert mus == sorted(mus) and len(set(mus)) == len(mus), family
        assert bot_rating(family, "medium") == Rating(MU, 1.0)


def test_leaving_a_rated_match_counts_as_losing_it(store) -> None:
    # the leaver's side was ahead (rank 1) when they left: it ranks last of all
    after = rate(store, "bisca-4", [["a", "b"], ["c", "d"]], [1, 2], left=["b"])
    assert after["a"].mu < MU and after["b"].mu < MU
    assert after["c"].mu > MU and after["d"].mu > MU
    # three sides: the leaver's below the two that stayed, whose order holds
    after = rate(store, "brisca-3", [["x"], ["y"], ["z"]], [2, 3, 1], left=["z"])
    assert after["x"].mu > after["y"].mu > after["z"].mu


def test_the_leaderboard_ranks_by_the_skill_shown_and_keeps_it_in_the_file(tmp_path) -> None:
    path = tmp_path / "ratings.sqlite"
    store = SqliteRatings(path)
    for _ in range(8):
        rate(store, "sueca", [["best"], ["mid"]], [1, 2])
        rate(store, "sueca", [["mid"], ["low"]], [1, 2])
    rate(store, "sueca", [["lucky"], ["low"]], [1, 2])  # one win, much doubt left
    store.close()
    again = SqliteRatings(path)
    board = again.board("sueca")
    assert [p for p, _ in board][:2] == ["best", "mid"]
    assert [p for p, _ in board].index("lucky") > 1  # above "low", not above proven players
    assert [r.shown for _, r in board] == sorted((r.shown for _, r in board), reverse=True)
    assert [p for p, _ in again.board("sueca", limit=2)] == ["best", "mid"]
    assert again.board("bisca-3") == []
    again.close()


@pytest.mark.parametrize(("sides", "ranks"), [([["a"]], [1]), ([["a"], []], [1, 2]),
                                              ([["a"], ["b"]], [1])])
def test_a_match_that_cannot_be_rated_is_refused(store, sides, ranks) -> None:
    with pytest.raises(ValueError):
        rate(store, "bisca-3", sides, ranks)
    assert store.board("bisca-3") == []
