"""Sueca and its variations: the deal, follow suit, the trump card, scoring bands, house rules."""

from __future__ import annotations

import random

import pytest

from bisca_tui.engine import GameState, IllegalAction, Layout, Match, make_variant, parse_card
from bisca_tui.engine.cards import SUITS
from bisca_tui.engine.context import DealContext
from bisca_tui.engine.variant import DealScore


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def play_random(state: GameState, seed: int = 0) -> GameState:
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


def scored(vid: str, team_points: tuple[int, int], team_tricks: tuple[int, int],
           options: dict | None = None, ties_before: int = 0,
           match_points: tuple[int, int] = (0, 0), target: int | None = None) -> DealScore:
    """Score a deal whose points and tricks are put in directly (seats 0 and 1 carry them)."""
    v = make_variant(vid, options)
    s = GameState(v, 0, seed=1, context=DealContext(match_points, target, ties_before))
    s.points = [0] * v.n
    s.tricks_won = [0] * v.n
    s.points[0], s.points[1] = team_points
    s.tricks_won[0], s.tricks_won[1] = team_tricks
    return v.score(s)


# A layout where seat 0 (eldest, dealer 3) leads spades and seat 1 holds spades and trumps.
HANDS = (
    cards("AS 2S 3S 4S 5S 6S 7S JS QS KS"),
    cards("AH 2H 3H 4H 5H 6H 7H JH QH 2D"),
    cards("AD 3D 4D 5D 6D 7D JD QD KD KH"),
    cards("AC 2C 3C 4C 5C 6C 7C JC QC KC"),
)


HEARTS_HANDS = (
    HANDS[0], HANDS[1],
    cards("AD 3D 4D 5D 6D 7D JD QD KD KC"),
    cards("AC 2C 3C 4C 5C 6C 7C JC QC KH"),
)


def sueca_layout(trump: str = "C") -> Layout:
    """Dealer 3; its last card sets trumps (KC for clubs, KH for hearts)."""
    return Layout(HEARTS_HANDS if trump == "H" else HANDS, SUITS.index(trump), None, ())


def test_every_card_dealt_ten_each_and_the_dealers_last_card_sets_trumps() -> None:
    v = make_variant("sueca")
    for seed in range(20):
        s = GameState(v, dealer=2, seed=seed)
        assert [len(h) for h in s.hands] == [10, 10, 10, 10]
        assert sorted(c for h in s.hands for c in h) == list(range(40))
        trump_card = s.indicator_card
        assert trump_card == s.hands[2][-1]
        assert v.suit[trump_card] == s.trump
        assert s.current == 3  # eldest, the dealer's right, leads
        for seat in range(4):  # every seat knows the dealer holds the trump card
            assert trump_card in s.view(seat).known[2] or seat == 2


def test_trump_card_stays_known_until_played() -> None:
    v = make_variant("sueca")
    s = GameState(v, dealer=3, layout=sueca_layout("C"))
    kc = parse_card("KC")
    assert kc in s.view(0).known[3]
    s.apply(parse_card("AS"))
    s.apply(parse_card("2D"))  # seat 1 has no spade: a free discard
    s.apply(parse_card("KH"))
    s.apply(parse_card("KC"))  # the dealer trumps with the turned card
    assert kc not in s.view(0).known[3]
    assert s.tricks[-1].winner == 3


def test_must_follow_suit_and_the_refusal_names_the_rule() -> None:
    v = make_variant("sueca")
    # seat 1 holds no spade; seat 2 holds exactly one
    hands = (cards("AS 2S 3S 4S 5S 6S 7S JS QS 2D"), cards("AH 2H 3H 4H 5H 6H 7H JH QH KH"),
             cards("AD 3D 4D 5D 6D 7D JD QD KD KS"), HANDS[3])
    s = GameState(v, dealer=3, layout=Layout(hands, 3, None, ()))
    s.apply(parse_card("AS"))
    assert set(s.legal_cards()) == set(hands[1])  # void in spades: anything
    s.apply(parse_card("2H"))
    assert s.legal_cards() == [parse_card("KS")]  # holds one spade: must play it
    with pytest.raises(IllegalAction) as err:
        s.apply(parse_card("AD"))
    # the suit by its word, as the table shows it, never by its letter
    assert err.value.rule == "you must follow suit (spades were led) when you can"


def test_a_void_player_may_discard_instead_of_trumping() -> None:
    s = GameState(make_variant("sueca"), dealer=3, layout=sueca_layout("H"))
    s.apply(parse_card("AS"))
    assert parse_card("2D") in s.legal_cards()  # seat 1 void in spades, holds hearts (trumps)
    assert parse_card("AH") in s.legal_cards()


def test_italiana_void_player_must_trump_if_able() -> None:
    s = GameState(make_variant("sueca-italiana"), dealer=3, layout=sueca_layout("H"))
    s.apply(parse_card("AS"))
    legal = s.legal_cards()
    assert legal and all(s.variant.suit[c] == s.trump for c in legal)
    with pytest.raises(IllegalAction) as err:
        s.apply(parse_card("2D"))
    assert "trump" in err.value.rule
    s.apply(parse_card("2H"))  # a low trump is enough: no duty to overtrump
    assert s.current == 2
    assert set(s.legal_cards()) == set(HEARTS_HANDS[2])  # void in spades and in trumps
    s.apply(parse_card("KC"))
    assert s.legal_cards() == [parse_card("KH")]  # the dealer's only trump


def test_italiana_void_without_trumps_plays_anything() -> None:
    s = GameState(make_variant("sueca-italiana"), dealer=3, layout=sueca_layout("C"))
    s.apply(parse_card("AS"))
    assert set(s.legal_cards()) == set(HANDS[1])


def test_aberta_shows_every_hand_to_every_seat() -> None:
    s = GameState(make_variant("sueca-aberta"), dealer=3, layout=sueca_layout("C"))
    for viewer in range(4):
        view = s.view(viewer)
        for seat in range(4):
            if seat != viewer:
                assert set(view.known[seat]) == set(HANDS[seat])
    plain = GameState(make_variant("sueca"), dealer=3, layout=sueca_layout("C"))
    assert plain.view(0).known[1] == ()


@pytest.mark.parametrize(("pts", "games"), [
    ((61, 59), 1), ((90, 30), 1), ((91, 29), 2), ((119, 1), 2), ((120, 0), 4),
])
def test_sueca_scoring_bands(pts: tuple[int, int], games: int) -> None:
    r = scored("sueca", pts, (6, 4))
    assert r.winner == 0 and r.game_points == (games, 0)


def test_sueca_60_60_is_no_game() -> None:
    r = scored("sueca", (60, 60), (5, 5))
    assert r.winner is None and r.game_points == (0, 0)


def test_sweep_tricks_wins_the_match_and_points_alone_win_two() -> None:
    every = scored("sueca", (120, 0), (10, 0), {"sweep": "tricks"}, match_points=(1, 3),
                   target=4)
    assert every.game_points == (3, 0)  # the games still needed
    points_only = scored("sueca", (120, 0), (9, 1), {"sweep": "tricks"}, target=4)
    assert points_only.game_points == (2, 0)
    default = scored("sueca", (120, 0), (9, 1))
    assert default.game_points == (4, 0)
    # a deal scored on its own (no match around it) still wins the whole match length
    alone = scored("sueca", (120, 0), (10, 0), {"sweep": "tricks", "match": 10})
    assert alone.game_points == (10, 0)


@pytest.mark.parametrize("carried", [0, 1, 2])
@pytest.mark.parametrize("before", [0, 1, 2, 3])
def test_a_sweep_with_ties_carried_records_exactly_the_games_still_needed(
        carried: int, before: int) -> None:
    # the carried ties are counted in the games a sweep records, never added on top
    r = scored("sueca", (120, 0), (10, 0), {"sweep": "tricks", "tie": "carry"},
               ties_before=carried, match_points=(before, 3), target=4)
    assert r.game_points == (4 - before, 0) and r.winner == 0
    assert before + r.game_points[0] == 4
    # the same for the other side
    r = scored("sueca", (0, 120), (0, 10), {"sweep": "tricks", "tie": "carry"},
               ties_before=carried, match_points=(0, before), target=4)
    assert r.game_points == (0, 4 - before)


@pytest.mark.parametrize("carried", [1, 2])
def test_a_sweep_after_carried_ties_ends_a_match_exactly_at_its_target(carried: int) -> None:
    m = Match(make_variant("sueca", {"tie": "carry", "sweep": "tricks"}), 0, seed=3)
    m.scores = [1, 0]
    for _ in range(carried):
        s = m.new_deal()
        s.points = [30, 30, 30, 30]
        s.phase, s.current = "over", None
        s.result = s.variant.score(s)
        m.finish_deal()
    assert m.ties_in_a_row == carried
    s = m.new_deal()
    s.points, s.tricks_won = [120, 0, 0, 0], [10, 0, 0, 0]
    s.phase, s.current = "over", None
    s.result = s.variant.score(s)
    m.finish_deal()
    assert m.scores == [4, 0] and m.is_over() and m.winner == 0
    assert "carried counted in" in " ".join(s.result.notes)


def test_tie_carry_adds_a_game_per_tie_carried() -> None:
    assert scored("sueca", (70, 50), (5, 5), {"tie": "carry"}, ties_before=2).game_points == (
        3, 0)
    assert scored("sueca", (70, 50), (5, 5), {"tie": "void"}, ties_before=2).game_points == (
        1, 0)


def test_tie_carry_in_a_match_counts_consecutive_ties() -> None:
    m = Match(make_variant("sueca", {"tie": "carry"}), 0, seed=3)
    for _ in range(2):
        s = m.new_deal()
        s.points = [30, 30, 30, 30]  # force a tie without playing: finish by hand
        s.phase, s.current = "over", None
        s.result = s.variant.score(s)
        m.finish_deal()
    assert m.ties_in_a_row == 2
    s = m.new_deal()
    s.points = [40, 20, 30, 30]  # team 0 takes 70: one game, plus the two ties carried
    s.phase, s.current = "over", None
    s.result = s.variant.score(s)
    m.finish_deal()
    assert m.scores == [3, 0]
    assert m.ties_in_a_row == 0


def test_match_option_sets_the_target() -> None:
    assert make_variant("sueca").match_target() == 4
    assert make_variant("sueca", {"match": 10}).match_target() == 10
    assert make_variant("sueca", {"match": 5}).match_target() == 5


def test_pontos_adds_card_points_to_500() -> None:
    v = make_variant("sueca-pontos")
    m = Match(v, 0, seed=9)
    totals = [0, 0]
    while not m.is_over():
        s = play_random(m.new_deal(), len(m.deals))
        m.finish_deal()
        totals[0] += s.result.card_points[0]
        totals[1] += s.result.card_points[1]
    assert m.scores == totals
    assert max(totals) >= 500
    assert m.winner == totals.index(max(totals))


@pytest.mark.parametrize(("pts", "games"), [
    ((65, 65), 0), ((66, 64), 1), ((97, 33), 1), ((98, 32), 2), ((130, 0), 4),
])
def test_brasileira_thresholds_scale_to_130(pts: tuple[int, int], games: int) -> None:
    r = scored("sueca-brasileira", pts, (6, 4))
    assert r.game_points[0] == games


def test_brasileira_last_trick_bonus_is_counted() -> None:
    for bonus in (10, 20):
        v = make_variant("sueca-brasileira", {"last_trick_bonus": bonus})
        s = play_random(GameState(v, 0, seed=4))
        assert sum(s.result.card_points) == 120 + bonus
        last = s.tricks[-1]
        team = v.team_of[last.winner]
        took = sum(t.points for t in s.tricks if v.team_of[t.winner] == team)
        assert s.result.card_points[team] == took + bonus


def test_double_pack_eight_and_six_players() -> None:
    eight = GameState(make_variant("sueca-dupla", players=8), 0, seed=2)
    assert [len(h) for h in eight.hands] == [10] * 8
    six = GameState(make_variant("sueca-dupla", players=6), 0, seed=2)
    assert [len(h) for h in six.hands] == [13] * 6
    dealt = {c for h in six.hands for c in h}
    assert parse_card("2S") not in dealt and parse_card("2S'") not in dealt
    assert len(dealt) == 78
    assert six.variant.team_of == (0, 1, 0, 1, 0, 1)


def test_double_pack_first_of_two_identical_cards_wins() -> None:
    v = make_variant("sueca-dupla", players=6)
    s = GameState(v, 5, seed=11)
    # give seat 0 the first ace of spades and seat 1 its twin, then play them
    a1, a2 = parse_card("AS"), parse_card("AS'")
    holder = {c: i for i, h in enumerate(s.hands) for c in h}
    for card, seat in ((a1, 0), (a2, 1)):
        other = holder[card]
        if other != seat:
            swap = next(c for c in s.hands[seat] if c not in (a1, a2))
            s.hands[other][s.hands[other].index(card)] = swap
            s.hands[seat][s.hands[seat].index(swap)] = card
            holder[swap], holder[card] = other, seat
    s.trump = 1 if v.suit[a1] != 1 else 2
    s.apply(a1)
    s.apply(a2)
    while s.trick:
        seat = s.current
        plain = [c for c in s.legal_cards() if v.suit[c] != s.trump and c not in (a1, a2)]
        s.apply(plain[0] if plain else s.legal_cards()[0])
    t = s.tricks[0]
    assert all(v.suit[c] != s.trump for c in t.cards)
    assert t.winner == 0


@pytest.mark.parametrize(("pts", "games"), [
    ((121, 119), 1), ((180, 60), 1), ((181, 59), 2), ((240, 0), 4),
])
def test_double_pack_thresholds_scale_to_240(pts: tuple[int, int], games: int) -> None:
    v = make_variant("sueca-dupla", players=8)
    s = GameState(v, 0, seed=1)
    s.points = [0] * 8
    s.tricks_won = [0] * 8
    s.points[0], s.points[1] = pts
    s.tricks_won[0], s.tricks_won[1] = 6, 4
    assert v.score(s).game_points[0] == games


@pytest.mark.parametrize("vid", ["sueca", "sueca-italiana", "sueca-aberta", "sueca-pontos",
                                 "sueca-brasileira", "sueca-dupla"])
def test_random_deals_replay_and_keep_every_card(vid: str) -> None:
    v = make_variant(vid)
    for seed in range(15):
        s = play_random(GameState(v, seed % v.n, seed=seed), seed)
        assert sum(s.result.card_points) == v.total_points()
        again = GameState.replay(v, s.history, seed % v.n, seed=seed)
        assert again.signature() == s.signature()


def test_layout_trump_must_match_the_dealers_last_card() -> None:
    with pytest.raises(ValueError):
        GameState(make_variant("sueca"), dealer=3, layout=sueca_layout("S"))
