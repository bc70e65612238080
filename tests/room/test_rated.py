"""Who a rated match's result rates, and how: a partnership game's teams as its sides, with
bots as their level; in the Chiamata games each deal's own sides (the caller, with the
partner when there is one, against the rest), ranked by what each side won; a leaver last."""

from __future__ import annotations

import random

import pytest

from bisca_tui.ratings.rater import bot_rating
from bisca_tui.ratings.store import SqliteRatings
from bisca_tui.room.rated import ranks_of, rate_results, results_of
from bisca_tui.table.front import LocalTable
from bisca_tui.table.loop import MATCH_OVER, PERSON, TableLoop
from bisca_tui.table.session import Session, default_seats


def played(variant: str, n: int, options: dict | None = None, seed: int = 5) -> Session:
    session = Session.new(variant, options or {}, default_seats(n, "random"), seed=seed)
    table = LocalTable(TableLoop(session))
    rng = random.Random(seed)
    while (turn := table.loop.run()).kind == PERSON:
        table.submit(turn.seat, rng.choice(table.view(turn.seat).legal))
    assert turn.kind == MATCH_OVER
    return session


def test_ranks_put_the_highest_first_and_ties_together():
    assert ranks_of([4, 2]) == [1, 2]
    assert ranks_of([1, 3, 3]) == [3, 1, 1]


def test_a_partnership_match_rates_its_teams_with_bots_at_their_level():
    session = played("sueca", 4)
    [result] = results_of(session, ["Ana", None, "Rui", None], "hard")
    assert result.sides == [["Ana", "Rui"], ["bot:hard:1", "bot:hard:3"]]
    assert result.ranks == ranks_of(session.match.scores)
    assert result.fixed == {"bot:hard:1": bot_rating("sueca", "hard"),
                            "bot:hard:3": bot_rating("sueca", "hard")}


def test_a_chiamata_match_rates_each_deal_by_its_own_sides():
    session = played("chiamata", 5, {"deals": 5})
    names = ["Ana", "Rui", "Eva", "Leo", "Mia"]
    results = results_of(session, names, "medium")
    dealt = [r for r in session.match.results if not r.redeal]
    assert len(results) == len(dealt) == 5
    for index, result in enumerate(results):
        assert sorted(sum(result.sides, [])) == sorted(names)
        caller_side = min(result.sides, key=len)
        assert len(caller_side) in (1, 2)  # the caller, with the partner or alone
        gains = session.match.gains(index, session.match.results[index])
        won = [sum(gains[names.index(p)] for p in side) for side in result.sides]
        assert result.ranks == ranks_of(won)


@pytest.mark.parametrize(("variant", "people"), [("sueca-5", 5), ("sueca-3", 3),
                                                ("chiamata", 6)])
def test_every_game_whose_sides_change_rates_deal_by_deal(variant, people):
    session = played(variant, people, seed=2)
    names = [f"P{k}" for k in range(people)]
    results = results_of(session, names, "easy")
    dealt = [i for i, r in enumerate(session.match.results) if not r.redeal]
    assert results and len(results) == len(dealt)
    for index, result in zip(dealt, results, strict=True):
        playing = [p for p in session.match.seating(index)[1] if p is not None]
        assert sorted(sum(result.sides, [])) == sorted(names[p] for p in set(playing))
        assert len(result.sides) >= 2 and 1 in result.ranks


def test_a_leaver_ends_below_the_one_who_stayed_whatever_the_score():
    store = SqliteRatings(":memory:")
    session = played("bisca-3", 2, seed=8)
    results = results_of(session, ["Ana", "Rui"], "medium")
    loser = "Ana" if results[0].ranks[0] > results[0].ranks[1] else "Rui"
    winner = "Rui" if loser == "Ana" else "Ana"
    after = rate_results(store, results, left=[winner])  # the winner on the board left
    assert after[winner].mu < after[loser].mu
