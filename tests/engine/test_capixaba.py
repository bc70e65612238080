"""Bisca Capixaba: cut or knock, the buried Ace or 7, the exchange of the 2 of trumps,
partners' shown hands, deal scoring, every heley case, and the match to 4."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from bisca_support import (
    all_cards_in_play,
    card,
    cards,
    deal,
    first_card_policy,
    layout_for,
    play,
    run,
    score_with,
)

from bisca_tui.engine import GameState, IllegalAction, LayoutError, Match, card_str, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import HEARTS, R_7, R_ACE, rank_of, suit_of
from bisca_tui.engine.context import CutOrKnock

VID = "bisca-capixaba"


def fresh(seed: int, dealer: int = 0, options: dict | None = None) -> GameState:
    return GameState(make_variant(VID, options), dealer, seed=seed)


# ----- cut or knock ----------------------------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_eldest_chooses_cut_or_knock_before_the_deal(dealer: int) -> None:
    state = fresh(5, dealer)
    assert state.phase == "cut_or_knock"
    assert state.current == (dealer + 1) % 4
    assert sorted(state.legal_actions()) == [A.CUT, A.KNOCK]
    assert all(not h for h in state.hands)
    assert state.view(state.current).trump is None
    with pytest.raises(IllegalAction) as err:
        state.apply(state.deck[0])
    assert "cut or knock" in err.value.rule
    with pytest.raises(IllegalAction):
        state.apply(A.EXCHANGE)


def test_knock_makes_hearts_trumps_without_indicator() -> None:
    for seed in range(5):
        v = make_variant(VID)
        deck = v.pack()
        random.Random(seed).shuffle(deck)
        state = fresh(seed)
        state.apply(A.KNOCK)
        assert state.cut_or_knock == CutOrKnock("knock")
        assert state.trump == HEARTS
        assert state.indicator is None and state.indicator_card is None
        assert state.stock_count == len(state.stock) == 28
        for i in range(4):
            assert state.hands[(1 + i) % 4] == deck[3 * i:3 * i + 3]
        assert list(reversed(state.stock)) == deck[12:]
        assert state.current == 1 and state.phase == "play"
        view = state.view(2)
        assert view.trump == HEARTS and view.indicator is None
        assert view.cut_or_knock == CutOrKnock("knock")


def test_cut_turns_the_indicator_before_the_deal() -> None:
    checked = 0
    for seed in range(30):
        v = make_variant(VID)
        deck = v.pack()
        random.Random(seed).shuffle(deck)
        if rank_of(deck[0]) in (R_ACE, R_7):
            continue
        state = fresh(seed)
        state.apply(A.CUT)
        assert state.cut_or_knock is not None and state.cut_or_knock.choice == "cut"
        assert state.indicator == state.indicator_card == deck[0]
        assert state.trump == suit_of(deck[0])
        for i in range(4):
            assert state.hands[(1 + i) % 4] == deck[1 + 3 * i:4 + 3 * i]
        assert list(reversed(state.stock)) == deck[13:]
        assert state.stock_count == 28
        checked += 1
    assert checked >= 10


def test_an_ace_or_seven_is_buried_and_another_turned() -> None:
    burials = Counter()
    places = set()
    for seed in range(200):
        v = make_variant(VID)
        deck = v.pack()
        random.Random(seed).shuffle(deck)
        state = fresh(seed)
        state.apply(A.CUT)
        ind = state.indicator
        assert ind is not None and rank_of(ind) not in (R_ACE, R_7)
        everything = all_cards_in_play(state)
        assert sorted(everything) == sorted(v.pack())
        assert state.cut_or_knock is not None
        n_buried = state.cut_or_knock.buried
        leading = 0
        while rank_of(deck[leading]) in (R_ACE, R_7):
            leading += 1
        assert ind == deck[leading]  # the first card that may stand is turned
        assert n_buried >= leading
        if leading:
            burials[leading] += 1
            first = deck[0]
            where = next((f"hand{s}" for s in range(4) if first in state.hands[s]), None)
            if where is None:
                where = f"stock{state.stock.index(first) // 7}"
            places.add(where)
    assert burials[1] >= 5 and burials[2] >= 1  # seeds where one, and two, were buried
    assert len(places) >= 3  # the buried card goes to a random place


def test_capixaba_layouts_refuse_an_ace_or_seven_indicator() -> None:
    v = make_variant(VID)
    with pytest.raises(LayoutError):
        GameState(v, 0, layout=layout_for(v, ["2C 3C 4C", "5C 6C JC", "QC KC 2D", "3D 4D 5D"],
                                          indicator="7S"))
    with pytest.raises(LayoutError):
        GameState(v, 0, layout=layout_for(v, ["2C 3C 4C", "5C 6C JC", "QC KC 2D", "3D 4D 5D"],
                                          trump="S"))


# ----- the exchange of the 2 of trumps ----------------------------------------------------

EXCH = ["3C 4C 5C", "6C JC QC", "KC 2D 3D", "2S 4D 5D"]  # seat 3 holds the 2 of trumps


def test_exchange_by_the_holder_on_its_turn_in_the_first_trick() -> None:
    state = deal(VID, EXCH, indicator="KS")
    assert state.current == 1
    assert A.EXCHANGE not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(A.EXCHANGE)
    assert "2 of trumps" in err.value.rule
    play(state, "6C KC")
    assert state.current == 3
    assert A.EXCHANGE in state.legal_actions()
    state.apply_str("exchange")
    assert state.current == 3  # still to play to the first trick
    assert card("KS") in state.hands[3] and card("2S") not in state.hands[3]
    assert state.indicator == card("2S")
    assert state.indicator_card == card("KS")
    assert state.trump == suit_of(card("KS"))
    assert state.exchanged == (3, card("2S"), card("KS"))
    # everybody saw the King taken up; nobody believes seat 3 still holds the 2
    for viewer in (0, 1, 2):
        assert card("KS") in state.view(viewer).known[3]
        assert card("2S") not in state.view(viewer).known[3]
        assert state.view(viewer).indicator == card("2S")
    # only once
    assert A.EXCHANGE not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(A.EXCHANGE)
    assert "already" in err.value.rule
    play(state, "KS 3C")
    assert len(state.tricks) == 1


def test_eldest_holder_exchanges_before_leading() -> None:
    hands = ["3C 4C 5C", "2S JC QC", "KC 2D 3D", "6C 4D 5D"]
    state = deal(VID, hands, indicator="QS")
    assert A.EXCHANGE in state.legal_actions()
    state.apply(A.EXCHANGE)
    assert state.current == 1 and not state.trick
    assert card("QS") in state.hands[1]


def test_no_exchange_after_the_first_trick() -> None:
    state = deal(VID, EXCH, indicator="KS")
    play(state, "6C KC 4D 3C")  # seat 3 plays without exchanging
    assert card("2S") in state.hands[3]
    while state.current != 3:
        state.apply(state.legal_cards()[0])
    assert A.EXCHANGE not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(A.EXCHANGE)
    assert "first trick" in err.value.rule


def test_no_exchange_after_a_knock() -> None:
    hands = ["3C 4C 5C", "2H JC QC", "KC 2D 3D", "6C 4D 5D"]
    state = deal(VID, hands, trump="H")
    assert state.current == 1 and card("2H") in state.hands[1]
    assert A.EXCHANGE not in state.legal_actions()
    with pytest.raises(IllegalAction) as err:
        state.apply(A.EXCHANGE)
    assert "knock" in err.value.rule


def test_exchanged_two_is_drawn_last_and_made_public() -> None:
    state = deal(VID, EXCH, indicator="KS")
    play(state, "6C KC exchange 4D")
    run(state, first_card_policy(), until=lambda s: s.stock_count == 0)
    holder = (state.tricks[-1].winner + 3) % 4  # the last to draw takes the face-up card
    assert card("2S") in state.hands[holder]
    for viewer in range(4):
        if viewer != holder:
            assert card("2S") in state.view(viewer).known[holder]


# ----- partners show their hands -----------------------------------------------------------

@pytest.mark.parametrize("choice", [A.CUT, A.KNOCK])
def test_partners_see_hands_at_start_and_after_last_draw_opponents_never(choice: int) -> None:
    for seed in range(8):
        state = fresh(seed, dealer=seed % 4)
        state.apply(choice)
        public: set[int] = set()
        if state.indicator is not None:
            public.add(state.indicator)
        for s in range(4):
            partner = (s + 2) % 4
            assert state.view(s).known[partner] == tuple(sorted(state.hands[partner]))
        shown_again = False
        while not state.is_over():
            was = state.stock_count
            state.apply(state.legal_cards()[0])
            for s in range(4):
                for opp in ((s + 1) % 4, (s + 3) % 4):
                    assert set(state.view(s).known[opp]) <= public
                    assert set(state.known[s][opp]) <= set(state.hands[opp])
            if was > 0 and state.stock_count == 0:
                shown_again = True
                for s in range(4):
                    partner = (s + 2) % 4
                    assert state.view(s).known[partner] == tuple(sorted(state.hands[partner]))
        assert shown_again


def test_partner_knowledge_does_not_include_new_draws_between_showings() -> None:
    state = fresh(3)
    state.apply(A.KNOCK)
    run(state, first_card_policy(), until=lambda s: len(s.tricks) == 1)
    for s in range(4):
        partner = (s + 2) % 4
        known = set(state.view(s).known[partner])
        assert known < set(state.hands[partner])  # the drawn card is unknown
        assert len(known) == 2


# ----- deal scoring ------------------------------------------------------------------------

@pytest.mark.parametrize("pts,plain,hearts", [
    ((60, 60), (0, 0), (0, 0)),
    ((61, 59), (1, 0), (2, 0)),
    ((89, 31), (1, 0), (2, 0)),   # the losers took 31: no capote
    ((90, 30), (2, 0), (3, 0)),   # the losers took 30: capote
    ((119, 1), (2, 0), (3, 0)),
    ((120, 0), (4, 0), (4, 0)),
    ((31, 89), (0, 1), (0, 2)),
    ((30, 90), (0, 2), (0, 3)),
    ((0, 120), (0, 4), (0, 4)),
])
def test_deal_scoring(pts: tuple[int, int], plain: tuple[int, int],
                      hearts: tuple[int, int]) -> None:
    r = score_with(VID, pts, (5, 5), trump="S")
    assert r.game_points == plain
    rh = score_with(VID, pts, (5, 5), trump="H")
    assert rh.game_points == hearts
    if pts[0] == pts[1]:
        assert r.winner is None
    else:
        assert r.winner == (0 if pts[0] > pts[1] else 1)


def test_deal_score_adds_heley_points() -> None:
    r = score_with(VID, (61, 59), (5, 5), trump="S", deal_game_points=(0, 2))
    assert r.game_points == (1, 2)
    tie = score_with(VID, (60, 60), (5, 5), trump="S", deal_game_points=(0, 2))
    assert tie.game_points == (0, 2)
    assert tie.winner is None  # 60-60 has no winner, heleys or not


def sixty_all_with_heleys() -> Match:
    """A match whose first deal, played at random, ends 60-60 after a heley scored."""
    v = make_variant(VID)
    for seed in range(300):
        m = Match(v, 3, seed=seed)
        state = m.new_deal()
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
        r = state.result
        if r.card_points == (60, 60) and any(r.game_points) and not r.ended_early:
            m.finish_deal()
            return m
    raise AssertionError("no 60-60 deal with a heley among the seeds tried")


def test_sixty_all_has_no_winner_even_when_heleys_scored_in_it() -> None:
    m = sixty_all_with_heleys()
    r = m.results[0]
    assert r.winner is None and "60-60: no game" in r.notes
    assert sum(r.game_points) > 0 and m.scores == list(r.game_points)  # the heleys count


# ----- heley -------------------------------------------------------------------------------

def heley_deal(trick: str, hearts: bool, options: dict | None = None,
               match_points: tuple[int, int] | None = None,
               target: int | None = None) -> GameState:
    """Seat 1 (eldest, dealer 0) leads ``trick``; ``T`` in it stands for the trump suit."""
    t = "H" if hearts else "S"
    words = trick.replace("T", t).split()
    used = set(cards(" ".join(words)))
    indicator = None if hearts else "5S"
    if indicator:
        used.add(card(indicator))
    v = make_variant(VID)
    fillers = [c for c in v.pack() if c not in used and suit_of(c) != "SHDC".index(t)]
    hands = [" ".join([words[(k - 1) % 4]] + [card_str(c) for c in fillers[2 * k:2 * k + 2]])
             for k in range(4)]
    return deal(VID, hands, indicator=indicator, trump=t, options=options,
                match_points=match_points, target=target)


def play_first_trick(state: GameState, trick: str, hearts: bool) -> None:
    words = trick.replace("T", "H" if hearts else "S").split()
    play(state, " ".join(words[:3]))
    assert state.score_events == []  # nothing scores before the trick is complete
    assert state.deal_game_points == [0, 0]
    play(state, words[3])


# (trick led by seat 1 then seats 2, 3, 0; teams: seats 0+2 = team 0, seats 1+3 = team 1)
HELEY_CASES = [
    # case 1: the Ace straight on the 7 by the next player
    ("7T AT 3C 4C", 0, 1, 2, "straight"),
    ("3C 7T AT 4C", 1, 1, 2, "straight"),
    ("3C 4C 7T AT", 0, 1, 2, "straight"),
    # case 2: the 7 after the Ace by an opponent of the Ace's player
    ("AT 7T 3C 4C", 1, 2, 4, "after the Ace"),
    ("AT 3C 4C 7T", 1, 2, 4, "after the Ace"),
    ("3C AT 7T 4C", 0, 2, 4, "after the Ace"),
    # case 3: partners play both; their opponents score
    ("AT 3C 7T 4C", 0, 2, 3, "parceiros"),
    ("7T 3C AT 4C", 0, 2, 3, "parceiros"),
    ("3C 7T 4C AT", 1, 2, 3, "parceiros"),
    ("3C AT 4C 7T", 1, 2, 3, "parceiros"),
    # case 4: rodar o 7, the 7 led and not beaten
    ("7T 3C 4C 5C", 1, 1, 2, "rodar"),
    ("7T KT JT QT", 1, 1, 2, "rodar"),
    # case 5: heley de roda, the 7 led and the fourth player's Ace
    ("7T 3C 4C AT", 0, 2, 3, "roda"),
]


@pytest.mark.parametrize("hearts", [False, True])
@pytest.mark.parametrize("trick,team,plain,with_hearts,word", HELEY_CASES)
def test_heley_cases(trick: str, team: int, plain: int, with_hearts: int, word: str,
                     hearts: bool) -> None:
    state = heley_deal(trick, hearts)
    assert (state.trump == HEARTS) is hearts
    play_first_trick(state, trick, hearts)
    value = with_hearts if hearts else plain
    assert len(state.score_events) == 1
    ev = state.score_events[0]
    assert (ev.trick, ev.team, ev.points) == (0, team, value)
    assert word in ev.reason
    expected = [0, 0]
    expected[team] = value
    assert state.deal_game_points == expected
    assert not state.is_over()  # no target given: play goes on
    view = state.view(2)
    assert view.score_events == (ev,) and view.deal_game_points == tuple(expected)


@pytest.mark.parametrize("hearts", [False, True])
@pytest.mark.parametrize("trick", ["AT 3C 4C 5C", "3C 7T 4C 5C", "3C 4C 5C 7T", "KT QT JT 6T"])
def test_no_heley(trick: str, hearts: bool) -> None:
    state = heley_deal(trick, hearts)
    play_first_trick(state, trick, hearts)
    assert state.score_events == [] and state.deal_game_points == [0, 0]


@pytest.mark.parametrize("hearts,literal,value", [
    (False, False, 1), (True, False, 2), (False, True, 2), (True, True, 1)])
def test_rodar_literal_house_rule(hearts: bool, literal: bool, value: int) -> None:
    assert make_variant(VID).options["rodar_literal"] is False
    trick = "7T 3C 4C 5C"
    state = heley_deal(trick, hearts, options={"rodar_literal": literal})
    play_first_trick(state, trick, hearts)
    assert [(e.team, e.points) for e in state.score_events] == [(1, value)]


def test_rodar_after_the_ace_fell_in_an_earlier_trick() -> None:
    hands = ["3C 4C 5C", "AS 7S 6C", "JC QC KC", "2D 3D 4D"]
    state = deal(VID, hands, indicator="5S")
    play(state, "AS JC 2D 3C")
    assert state.score_events == []
    assert state.tricks[0].winner == 1
    play(state, "7S")
    while len(state.tricks) < 2:
        state.apply(state.legal_cards()[0])
    assert [(e.trick, e.team, e.points) for e in state.score_events] == [(1, 1, 1)]
    assert "rodar" in state.score_events[0].reason


def test_heley_de_parceiros_scores_nothing_in_the_last_trick() -> None:
    for hearts in (False, True):
        t = "H" if hearts else "S"
        hands = ["3C 4C 5C", f"A{t} 6C JC", "QC KC 2D", f"7{t} 3D 4D"]
        state = deal(VID, hands, indicator=None if hearts else "5S", trump=t)
        keep = cards(f"A{t} 7{t}")
        run(state, first_card_policy(keep), until=lambda s: len(s.tricks) == 9)
        assert state.hands[1] == cards(f"A{t}") and state.hands[3] == cards(f"7{t}")
        assert state.score_events == []
        run(state, first_card_policy(keep))
        last = state.tricks[-1]
        assert set(cards(f"A{t} 7{t}")) <= set(last.cards)
        assert state.score_events == []
        assert state.result is not None
        assert state.deal_game_points == [0, 0]


def test_heley_ends_the_deal_when_it_reaches_the_target() -> None:
    trick = "7T AT 3C 4C"  # case 1: team 0 scores 1
    state = heley_deal(trick, False, match_points=(3, 0), target=4)
    play_first_trick(state, trick, False)
    assert state.is_over() and state.current is None
    r = state.result
    assert r is not None and r.ended_early and r.winner == 0
    assert r.game_points == (1, 0)
    assert all(len(h) == 2 for h in state.hands)  # no drawing, no more play
    with pytest.raises(IllegalAction) as err:
        state.apply(state.hands[1][0])
    assert "over" in err.value.rule
    # one short of the target: play goes on
    state2 = heley_deal(trick, False, match_points=(2, 3), target=4)
    play_first_trick(state2, trick, False)
    assert not state2.is_over() and all(len(h) == 3 for h in state2.hands)


def test_heley_wins_the_match_mid_deal() -> None:
    v = make_variant(VID)
    m = Match(v, dealer=0, seed=9)
    assert m.target == 4
    trick = "AT 7T 3C 4C"  # case 2 with hearts: 4 game points to team 1
    lay = heley_deal(trick, True).layout_given
    st = m.new_deal(layout=lay)
    st.apply(A.KNOCK)
    play_first_trick(st, trick, True)
    assert st.is_over()
    r = m.finish_deal()
    assert r.ended_early and r.game_points == (0, 4)
    assert m.is_over() and m.winner == 1 and m.scores == [0, 4]
    with pytest.raises(ValueError):
        m.new_deal()


def test_match_heley_short_of_target_then_deal_scoring_adds() -> None:
    v = make_variant(VID)
    m = Match(v, dealer=0, seed=9)
    trick = "7T AT 3C 4C"  # case 1, spades: team 0 scores 1
    st = m.new_deal(layout=heley_deal(trick, False).layout_given)
    st.apply(A.CUT)
    play_first_trick(st, trick, False)
    assert not st.is_over()
    run(st, first_card_policy())
    r = m.finish_deal()
    assert not r.ended_early
    pts = r.card_points
    deal_only = [0, 0]
    if pts[0] != pts[1]:
        w = 0 if pts[0] > pts[1] else 1
        p = pts[w]
        deal_only[w] = 4 if p == 120 else 2 if p >= 90 else 1
    assert list(r.game_points) == [deal_only[0] + 1, deal_only[1]]
    assert m.scores == list(r.game_points)


def test_match_to_four_with_random_choices() -> None:
    for seed in range(4):
        v = make_variant(VID)
        m = Match(v, dealer=seed % 4, seed=seed)
        rng = random.Random(seed)
        deals = 0
        while not m.is_over():
            st = m.new_deal()
            assert st.dealer == m.dealer_of(deals)
            while not st.is_over():
                st.apply(rng.choice(st.legal_actions()))
            m.finish_deal()
            deals += 1
            assert deals < 60
        assert m.winner is not None
        assert m.scores[m.winner] >= 4 and m.scores[1 - m.winner] < 4
        assert m.pente().lines == 4
