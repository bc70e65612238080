"""Do the ratings find out who is stronger? Bots of known strength (the ladder's Elo of each
level, per family) play simulated rated matches, each won with the odds their Elo gives, and
start unrated; after the matches the leaderboard should order them as the ladder does.

Prints, per family, the leaderboard (the skill shown, mu and sigma), whether its order is
the ladder's, the gaps of skill found against those the fixed bot ratings assume, and the
time per match rated (with the SQLite store in memory).

    python benchmarks/ratings.py [--matches 2000] [--seed 1] [--teams]
"""

from __future__ import annotations

import argparse
import random
import time

from bisca_tui.ratings.rater import LADDER, bot_rating, rate
from bisca_tui.ratings.store import SqliteRatings


def win_chance(elo_a: float, elo_b: float) -> float:
    return 1 / (1 + 10 ** ((elo_b - elo_a) / 400))


def run(family: str, matches: int, seed: int, teams: bool) -> tuple[bool, float]:
    elo = LADDER[family]
    levels = sorted(elo, key=elo.get, reverse=True)  # the ladder's order, best first
    store = SqliteRatings(":memory:")
    rng = random.Random(seed)
    game = f"{family}-sim"
    spent = 0.0
    for _ in range(matches):
        if teams:  # two against two: a side's strength is its players' mean
            four = rng.sample(levels * 2, 4)
            sides = [four[:2], four[2:]]
            names = [[f"{lv}#{k}" for k, lv in enumerate(s)] for s in sides]
            a, b = (sum(elo[lv] for lv in s) / 2 for s in sides)
        else:
            one, two = rng.sample(levels, 2)
            sides, names = [[one], [two]], [[one], [two]]
            a, b = elo[one], elo[two]
        ranks = [1, 2] if rng.random() < win_chance(a, b) else [2, 1]
        if teams:  # the same level twice at a table is two players of that level
            names = [[n.split("#")[0] + ("" if k == 0 else "'") for k, n in enumerate(s)]
                     for s in names]
        start = time.perf_counter()
        rate(store, game, names, ranks)
        spent += time.perf_counter() - start
    board = store.board(game, 20)
    print(f"{family}{' (two against two)' if teams else ''}: {matches} matches")
    for player, r in board:
        print(f"  {player:8} shown {r.shown:6.2f}   mu {r.mu:6.2f}   sigma {r.sigma:5.2f}   "
              f"matches {r.matches}")
    order = [p.rstrip("'") for p, _ in board]
    if teams:  # each level's best-placed player
        order = list(dict.fromkeys(order))
    same = order == levels
    print(f"  order as the ladder's ({' > '.join(levels)}): {'yes' if same else 'NO'}")
    found = {p: r.mu for p, r in board if not p.endswith("'")}
    if not teams:
        for hi, lo in zip(levels, levels[1:], strict=False):
            want = bot_rating(family, hi).mu - bot_rating(family, lo).mu
            print(f"  {hi} - {lo}: mu gap found {found[hi] - found[lo]:5.2f}, "
                  f"the fixed ratings' {want:5.2f}")
    per = spent / matches * 1000
    print(f"  {per:.3f} ms per match rated")
    store.close()
    return same, per


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--teams", action="store_true", help="two against two")
    args = p.parse_args()
    results = [run(family, args.matches, args.seed, args.teams) for family in LADDER]
    print(f"families ordered as the ladder: {sum(s for s, _ in results)} of {len(results)}")


if __name__ == "__main__":
    main()
