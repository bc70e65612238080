"""The ladder's Elo fit recovers the ratings that made the scores."""

from __future__ import annotations

import math
import random

from bots_support import benchmark

ladder = benchmark("ladder")


def test_fit_recovers_known_ratings() -> None:
    truth = {"a": 0.0, "b": 150.0, "c": 400.0}
    rng = random.Random(3)
    pairs = {}
    for x, y in (("a", "b"), ("a", "c"), ("b", "c")):
        p = 1 / (1 + 10 ** ((truth[y] - truth[x]) / 400))
        pairs[(x, y)] = [1.0 if rng.random() < p else 0.0 for _ in range(20000)]
    fit = ladder.fit_elo(pairs, ["a", "b", "c"])
    assert fit["a"] == 0.0
    for k in ("b", "c"):
        assert math.isclose(fit[k], truth[k], abs_tol=25), (k, fit)


def test_even_scores_give_equal_ratings_and_the_order_follows_the_scores() -> None:
    pairs = {("a", "b"): [0.5] * 10, ("b", "c"): [1.0, 0.0] * 5, ("a", "c"): [0.5] * 10}
    fit = ladder.fit_elo(pairs, ["a", "b", "c"])
    assert all(abs(v) < 1 for v in fit.values())
    pairs = {("a", "b"): [0.0] * 7 + [1.0] * 3, ("b", "c"): [0.0] * 7 + [1.0] * 3}
    fit = ladder.fit_elo(pairs, ["a", "b", "c"])
    assert fit["a"] < fit["b"] < fit["c"]


def test_an_update_plays_one_family_again_and_keeps_the_others(tmp_path, monkeypatch) -> None:
    out = tmp_path / "ladder.md"
    out.write_text(
        "Elo ratings per family.\n\n| level | sueca | chiamata |\n|---|---|---|\n"
        "| random | 0 (0 to 0) | 0 (0 to 0) |\n"
        "| hard | 230 (191 to 272) | 902 (861 to 951) |\n")
    played = []

    class Result:
        payments = False
        pair_scores = [0.0] * 15 + [1.0] * 5  # the first level's: hard wins 3 deals in 4

        def outcome_line(self) -> str:
            return "won 75%"

    def arena(fam, a, b, **kw):
        played.append((fam, a, b))
        return Result()

    monkeypatch.setattr(ladder, "run_arena", arena)
    monkeypatch.setattr("sys.argv", [
        "ladder.py", "--families", "chiamata", "--levels", "random,hard", "--deals", "20",
        "--bootstrap", "20", "--update", "--out", str(out), "--svg", str(tmp_path / "l.svg")])
    ladder.main()
    assert played == [("chiamata", "random", "hard")]
    table = ladder.read_table(out.read_text())
    assert list(table) == ["sueca", "chiamata"]
    assert table["sueca"]["hard"] == (230.0, 191.0, 272.0)
    # three wins in four (a half point added each side: 15.5 of 21) is about +180
    assert table["chiamata"]["random"][0] == 0.0
    assert 150 < table["chiamata"]["hard"][0] < 210
    assert "This run played chiamata" in out.read_text()
