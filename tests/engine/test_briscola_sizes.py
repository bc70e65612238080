"""Classic Briscola for three and four: the pack, the deal, and who takes the game."""

from __future__ import annotations

import random

import pytest
from bisca_support import card, cards, layout_for

from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.variant import DealScore


def played_out(players: int, seed: int) -> GameState:
    """A real deal of Briscola played to the end at random."""
    v = make_variant("briscola", players=players)
    s = GameState(v, dealer=seed % players, seed=seed)
    rng = random.Random(seed)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
    return s


def scored(players: int, points: list[int]) -> DealScore:
    """The score of a finished deal had the seats taken ``points``."""
    s = played_out(players, 1)
    s.points = list(points)
    return s.variant.score(s)


# ----- the pack and the deal --------------------------------------------------------------


def test_three_players_play_without_the_two_of_coins() -> None:
    pack = make_variant("briscola", players=3).pack()
    assert len(pack) == 39 and len(set(pack)) == 39
    assert set(range(40)) - set(pack) == {card("2D")}
    for players in (2, 4):
        assert sorted(make_variant("briscola", players=players).pack()) == list(range(40))


def test_a_dealt_three_player_game_never_holds_the_two_of_coins() -> None:
    for seed in range(5):
        s = GameState(make_variant("briscola", players=3), dealer=0, seed=seed)
        everything = [x for h in s.hands for x in h] + list(s.stock) + [s.indicator]
        assert len(everything) == 39 and card("2D") not in everything


@pytest.mark.parametrize("players,stock,tricks", [(2, 34, 20), (3, 30, 13), (4, 28, 10)])
def test_three_cards_each_the_rest_to_draw_and_every_card_played(players: int, stock: int,
                                                                  tricks: int) -> None:
    v = make_variant("briscola", players=players)
    s = GameState(v, dealer=players - 1, seed=7)
    assert [len(h) for h in s.hands] == [3] * players
    assert s.indicator is not None and s.trump == v.suit[s.indicator]
    assert s.stock_count == stock  # the face-up indicator is drawn last, so it counts
    assert s.current == 0  # the dealer's right-hand neighbour leads
    rng = random.Random(7)
    while not s.is_over():
        if not s.trick and s.stock_count:  # back to three each after every trick's draws
            assert all(len(h) == 3 for h in s.hands)
        s.apply(rng.choice(s.legal_actions()))
    assert len(s.tricks) == tricks and sum(s.points) == 120
    assert sorted(x for t in s.tricks for x in t.cards) == sorted(v.pack())


# ----- three players: the highest score -----------------------------------------------------


def test_three_players_the_highest_score_takes_the_game() -> None:
    r = scored(3, [30, 52, 38])
    assert r.winner == 1 and r.winners == (1,) and r.game_points == (0, 1, 0)
    r = scored(3, [41, 40, 39])  # no need for 61: the most points are enough
    assert r.winner == 0 and r.game_points == (1, 0, 0)


def test_three_players_two_tied_at_the_top_both_take_the_game() -> None:
    r = scored(3, [45, 30, 45])
    assert r.winner is None and r.winners == (0, 2) and r.game_points == (1, 0, 1)
    r = scored(3, [40, 40, 40])
    assert r.winners == (0, 1, 2) and r.game_points == (1, 1, 1)
    # a tie lower down changes nothing
    r = scored(3, [60, 30, 30])
    assert r.winners == (0,) and r.game_points == (1, 0, 0)


def test_three_players_a_real_deal_goes_to_the_top_score() -> None:
    for seed in range(4):
        s = played_out(3, seed)
        top = max(s.points)
        assert s.result is not None
        assert s.result.winners == tuple(p for p in range(3) if s.points[p] == top)
        assert s.result.card_points == tuple(s.points)


# ----- four players: partners add up ------------------------------------------------------


def test_four_players_partners_sit_opposite() -> None:
    v = make_variant("briscola", players=4)
    assert v.team_of == (0, 1, 0, 1) and v.n_teams == 2


def test_four_players_partners_add_up_and_61_takes_the_game() -> None:
    # seat 1 has the most points alone, but seats 0 and 2 together have 61
    r = scored(4, [20, 40, 41, 19])
    assert r.card_points == (61, 59) and r.winner == 0 and r.game_points == (1, 0)
    r = scored(4, [10, 35, 20, 55])
    assert r.card_points == (30, 90) and r.winner == 1 and r.game_points == (0, 1)


def test_four_players_sixty_each_is_no_game() -> None:
    r = scored(4, [25, 30, 35, 30])
    assert r.card_points == (60, 60)
    assert r.winner is None and r.game_points == (0, 0)


def test_four_players_a_real_deal_counts_each_side_together() -> None:
    for seed in range(4):
        s = played_out(4, seed)
        r = s.result
        assert r is not None
        sides = (s.points[0] + s.points[2], s.points[1] + s.points[3])
        assert r.card_points == sides
        assert r.tricks == (s.tricks_won[0] + s.tricks_won[2], s.tricks_won[1] + s.tricks_won[3])
        if sides[0] == sides[1]:
            assert r.winner is None and r.game_points == (0, 0)
        else:
            assert r.winner == (0 if sides[0] > sides[1] else 1)


def test_four_players_a_trick_counts_for_the_winners_side() -> None:
    v = make_variant("briscola", players=4)
    lay = layout_for(v, ["4S 5H 6H", "AS 5D 6D", "3S 4C 5C", "2S 6C 7C"], indicator="7H")
    s = GameState(v, dealer=3, layout=lay)
    for x in cards("4S AS 3S 2S"):
        s.apply(x)
    assert s.tricks[-1].winner == 1 and s.points == [0, 21, 0, 0]
    assert v.team_points(s)[0] == [0, 21]
