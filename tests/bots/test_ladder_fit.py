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
