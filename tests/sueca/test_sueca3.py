"""Sueca for three: the dummy opposite the dealer, who plays it; seats that move with the deal;
a score per player."""

from __future__ import annotations

import json
import random

import pytest

from bisca_tui.engine import GameState, IllegalAction, Layout, Match, make_variant, parse_card
from bisca_tui.engine.errors import OptionError
from bisca_tui.engine.records import (
    RecordError,
    RecordIllegalAction,
    parse_record,
    record_of_match,
    replay_record,
)

NAMES = ["Ana", "Bruno", "Carla"]


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def play_random(state: GameState, rng: random.Random) -> None:
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))


# Dealer at seat 0 (its last card, KC, sets trumps); the dummy sits at seat 2.
HANDS = (
    cards("AC 2C 3C 4C 5C 6C 7C JC QC KC"),
    cards("AS 2S 3S 4S 5S 6S 7S JS QS KS"),
    cards("AH 2H 3H 4H 5H 6H 7H JH QH 2D"),
    cards("AD 3D 4D 5D 6D 7D JD QD KD KH"),
)


def laid_out() -> GameState:
    return GameState(make_variant("sueca-3"), dealer=0, layout=Layout(HANDS, 3, None, ()))


def test_three_players_four_hands_of_ten() -> None:
    v = make_variant("sueca-3")
    assert (v.n, v.n_people) == (4, 3)
    s = GameState(v, dealer=1, seed=4)
    assert [len(h) for h in s.hands] == [10] * 4
    assert sorted(c for h in s.hands for c in h) == list(range(40))
    with pytest.raises(OptionError):
        make_variant("sueca-3", players=5)


def test_the_dummy_sits_opposite_the_dealer_and_moves_with_the_deal() -> None:
    m = Match(make_variant("sueca-3"), dealer=0, seed=1)
    dealers, seen_dummy_seats = [], set()
    rng = random.Random(0)
    for i in range(6):
        dealer_seat, people = m.seating(i)
        dummy = people.index(None)
        assert dummy == (dealer_seat + 2) % 4
        assert people.count(None) == 1 and sorted(p for p in people if p is not None) == [0, 1, 2]
        assert people[0] == 0  # the first player keeps the first seat
        dealer = people[dealer_seat]
        dealers.append(dealer)
        seen_dummy_seats.add(dummy)
        # counter-clockwise from the dealer: the next player, the dummy, the last player
        assert people[(dealer_seat + 1) % 4] == (dealer + 1) % 3
        assert people[(dealer_seat + 3) % 4] == (dealer + 2) % 3
        state = m.new_deal()
        assert state.dealer == dealer_seat
        play_random(state, rng)
        m.finish_deal()
        if m.is_over():
            break
    assert dealers[:3] == [0, 1, 2]  # the deal passes to the right among the three
    assert len(seen_dummy_seats) == min(3, len(dealers))


def test_the_dealer_plays_the_dummy() -> None:
    s = laid_out()
    v = s.variant
    assert v.controller(s, 2) == 0
    assert [v.controller(s, seat) for seat in (0, 1, 3)] == [0, 1, 3]


def test_nobody_sees_the_dummy_before_the_first_lead_and_everyone_after() -> None:
    s = laid_out()
    dummy_hand = set(HANDS[2])
    for seat in (0, 1, 3):
        assert not set(s.view(seat).known[2]) & dummy_hand
    s.apply(parse_card("AS"))  # seat 1 leads
    for seat in (0, 1, 3):
        assert set(s.view(seat).known[2]) == dummy_hand
    s.apply(parse_card("2D"))  # the dummy, void in spades
    assert set(s.view(1).known[2]) == dummy_hand - {parse_card("2D")}


def test_the_dummys_view_holds_what_its_player_knows() -> None:
    s = laid_out()
    s.apply(parse_card("AS"))
    view = s.view(2)
    assert view.current == 2 and view.legal
    assert set(view.known[0]) == set(HANDS[0])  # the dealer's own hand
    assert not view.known[1] and not view.known[3]
    # the other players never see the dealer's hand
    assert set(s.view(1).known[0]) == {parse_card("KC")}


def test_the_dummy_must_follow_suit() -> None:
    hands = (HANDS[0], cards("AS 2S 3S 4S 5S 6S 7S JS QS 2D"),
             cards("AH 2H 3H 4H 5H 6H 7H JH QH KS"), HANDS[3])
    s = GameState(make_variant("sueca-3"), dealer=0, layout=Layout(hands, 3, None, ()))
    s.apply(parse_card("AS"))
    assert s.current == 2
    assert s.legal_cards() == [parse_card("KS")]
    with pytest.raises(IllegalAction) as e:
        s.apply(parse_card("AH"))
    assert "follow" in e.value.rule


def _deal_scoring(points_by_side: tuple[int, int], tricks_by_side: tuple[int, int],
                  dealer_index: int = 0) -> tuple[Match, list[int]]:
    """A match whose deal ``dealer_index`` ends with the given card points per deal side."""
    m = Match(make_variant("sueca-3"), dealer=0, seed=3)
    rng = random.Random(1)
    for _ in range(dealer_index):
        play_random(m.new_deal(), rng)
        m.finish_deal()
    before = list(m.scores)
    s = m.new_deal()
    play_random(s, rng)
    s.points = [0] * 4
    s.tricks_won = [0] * 4
    dealer_side = s.side_of[s.dealer]
    s.points[s.dealer], s.points[(s.dealer + 1) % 4] = points_by_side
    s.tricks_won[s.dealer], s.tricks_won[(s.dealer + 1) % 4] = tricks_by_side
    assert s.side_of[(s.dealer + 1) % 4] != dealer_side
    s.result = s.variant.score(s)
    m.finish_deal()
    return m, [after - b for after, b in zip(m.scores, before, strict=True)]


def _dealer_and_defenders(m: Match) -> tuple[int, list[int]]:
    dealer_seat, people = m.seating(len(m.deals) - 1)
    dealer = people[dealer_seat]
    assert dealer is not None
    return dealer, [p for p in (0, 1, 2) if p != dealer]


@pytest.mark.parametrize(("pts", "games"), [((61, 59), 1), ((90, 30), 1), ((91, 29), 2),
                                            ((119, 1), 2), ((120, 0), 4)])
@pytest.mark.parametrize("dealer_index", [0, 1, 2])
def test_the_dealers_side_wins_games_for_the_dealer_alone(pts: tuple[int, int], games: int,
                                                          dealer_index: int) -> None:
    m, gained = _deal_scoring(pts, (5, 5), dealer_index)
    dealer, others = _dealer_and_defenders(m)
    assert gained[dealer] == games
    assert all(gained[p] == 0 for p in others)


@pytest.mark.parametrize(("pts", "games"), [((59, 61), 1), ((29, 91), 2), ((0, 120), 4)])
def test_the_defenders_win_games_each(pts: tuple[int, int], games: int) -> None:
    m, gained = _deal_scoring(pts, (3, 7), 1)
    dealer, others = _dealer_and_defenders(m)
    assert gained[dealer] == 0
    assert [gained[p] for p in others] == [games, games]


def test_sixty_all_scores_nothing() -> None:
    _, gained = _deal_scoring((60, 60), (5, 5), 2)
    assert gained == [0, 0, 0]


def test_the_first_player_alone_at_the_target_wins_and_a_shared_lead_plays_on() -> None:
    m = Match(make_variant("sueca-3"), dealer=0, seed=9)
    rng = random.Random(9)
    while not m.is_over():
        play_random(m.new_deal(), rng)
        m.finish_deal()
        if not m.is_over() and max(m.scores) >= m.target:
            assert m.scores.count(max(m.scores)) > 1  # two tied at the top play on
    assert m.winner is not None
    assert m.scores[m.winner] >= m.target
    assert m.scores.count(max(m.scores)) == 1
    assert len(m.scores) == 3


def test_records_name_the_three_players_and_replay() -> None:
    m = Match(make_variant("sueca-3"), dealer=2, seed=21)
    rng = random.Random(21)
    while not m.is_over():
        play_random(m.new_deal(), rng)
        m.finish_deal()
    record = record_of_match(m, NAMES)
    data = json.loads(record.dumps())
    assert data["players"] == NAMES and data["dealer"] == 2
    back = replay_record(parse_record(record.dumps(), "t"))
    assert back.scores == m.scores and back.winner == m.winner
    with pytest.raises(ValueError):
        record_of_match(m, NAMES + ["Duarte"])
    data["players"] = NAMES + ["Duarte"]
    with pytest.raises(RecordError):
        parse_record(json.dumps(data), "four.json")


def test_an_illegal_dummy_card_in_a_record_names_the_dealer() -> None:
    for seed in range(50):  # a deal where the dummy holds a card it may not play
        m = Match(make_variant("sueca-3"), dealer=0, seed=seed)
        state = m.new_deal()
        data = json.loads(record_of_match(m, NAMES).dumps())
        leader = state.current
        lead = state.legal_cards()[0]
        state.apply(lead)
        dummy = (state.dealer + 2) % 4
        assert state.current == dummy  # the dummy plays second: the dealer's right leads
        refused = [c for c in state.hands[dummy] if c not in state.legal_cards()]
        if refused:
            break
    data["deals"][0]["actions"] = [card_text(lead), card_text(refused[0])]
    with pytest.raises(RecordIllegalAction) as e:
        replay_record(parse_record(json.dumps(data), "bad.json"))
    # the dealer of the first deal decides for the dummy
    assert "(Ana, playing the dummy)" in str(e.value)
    assert leader != dummy


def card_text(card: int) -> str:
    from bisca_tui.engine.cards import card_str

    return card_str(card)
