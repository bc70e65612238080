"""Illegal actions are refused with the rule they break, and leave the deal untouched."""

from __future__ import annotations

import pytest
from bisca_support import card, deal, first_card_policy, layout_for, play, run

from bisca_tui.engine import GameState, IllegalAction, make_variant
from bisca_tui.engine import actions as A

HANDS = ["AC 5C 6C", "2C 3C 2S"]


def three() -> GameState:
    return deal("bisca-3", HANDS, indicator="5S", stock_top="KH QH")


def refused(state: GameState, action: int | str) -> IllegalAction:
    before = state.signature()
    with pytest.raises(IllegalAction) as err:
        if isinstance(action, str):
            state.apply_str(action)
        else:
            state.apply(action)
    assert state.signature() == before
    return err.value


def test_not_your_turn() -> None:
    state = three()
    assert state.current == 1
    err = refused(state, card("AC"))  # seat 0's card while seat 1 is to play
    assert err.seat == 1
    assert "AC is not in seat 1's hand" in err.rule
    assert str(err).startswith("seat 1 cannot play AC")


def test_an_action_from_the_seat_to_act_is_played() -> None:
    state = three()
    state.apply(card("2C"), seat=1)
    state.apply_str("AC", seat=0)
    assert [c for t in state.tricks for c in t.cards] == [card("2C"), card("AC")]


def test_an_action_from_a_seat_not_to_act_is_refused_with_the_rule() -> None:
    state = three()
    before = state.signature()
    # seat 0 holds AC, but seat 1 is to play: the card is not played for either seat
    for attempt in (lambda: state.apply(card("AC"), seat=0),
                    lambda: state.apply_str("AC", seat=0)):
        with pytest.raises(IllegalAction) as err:
            attempt()
        assert err.value.seat == 0 and err.value.action == "AC"
        assert err.value.rule == "it is seat 1's turn, not seat 0's"
        assert str(err.value) == "seat 0 cannot play AC: it is seat 1's turn, not seat 0's"
        assert state.signature() == before
    # a card of the seat to act, sent as another seat's: refused too
    with pytest.raises(IllegalAction) as err:
        state.apply(card("2C"), seat=0)
    assert err.value.rule == "it is seat 1's turn, not seat 0's"
    assert state.signature() == before


def test_without_a_seat_the_action_is_the_seat_to_act_s() -> None:
    state = three()
    state.apply(card("2C"))
    assert state.current == 0 and state.trick == [card("2C")]


def test_a_seat_acting_after_the_deal_is_over_is_told_so() -> None:
    state = three()
    run(state, first_card_policy())
    with pytest.raises(IllegalAction) as err:
        state.apply(state.tricks[-1].cards[0], seat=1)
    assert err.value.seat == 1 and err.value.rule == "the deal is over"


def test_card_not_in_hand() -> None:
    state = three()
    err = refused(state, "KH")  # still in the stock
    assert "KH is not in seat 1's hand" in err.rule
    play(state, "2C AC")
    err = refused(state, "2C")  # already played
    assert err.seat == 0 and "not in seat 0's hand" in err.rule


def test_deal_over() -> None:
    state = three()
    run(state, first_card_policy())
    assert state.is_over() and state.current is None
    err = refused(state, state.tricks[-1].cards[0])
    assert err.rule == "the deal is over"
    assert err.seat is None


def test_bad_signals() -> None:
    hands = ["AH 3C 4C", "AS KS 7H", "5C 6C JC", "JS 3D 4D", "KH QH 5D", "6S 5H 6D"]
    state = deal("bisca-6", hands, indicator="3S")
    err = refused(state, "signal:queen_of_trumps")
    assert "must be true" in err.rule and "queen of trumps" in err.rule
    state.apply_str("signal:king_of_trumps")
    err = refused(state, "signal:king_of_trumps")
    assert "already" in err.rule
    err = refused(state, "signal:nonsense")
    assert "unknown signal" in err.rule
    err = refused(state, A.SIGNAL + 50)
    assert "not part of this game" in err.rule
    plain = three()
    err = refused(plain, "signal:ace_of_trumps")
    assert "unknown signal" in err.rule
    err = refused(plain, A.SIGNAL)
    assert "signals are not part of this game" in err.rule


def test_actions_of_other_games() -> None:
    state = three()
    for action in (A.CUT, A.KNOCK, A.EXCHANGE, A.PASS, A.BID + 70, 999, -1):
        err = refused(state, action)
        assert err.rule
    err = refused(state, "cut")
    assert "not part of this game" in err.rule
    err = refused(state, "9Z")
    assert "unknown action" in err.rule


def test_capixaba_choice_made_once() -> None:
    state = GameState(make_variant("bisca-capixaba"), 0, seed=1)
    err = refused(state, A.EXCHANGE)
    assert "cut or knock" in err.rule
    state.apply(A.KNOCK)
    err = refused(state, A.CUT)
    assert "already been chosen" in err.rule


def test_capixaba_layout_decides_the_choice() -> None:
    # a layout with an indicator was cut: knocking it is refused
    v = make_variant("bisca-capixaba")
    lay = layout_for(v, ["2C 3C 4C", "5C 6C JC", "QC KC 2D", "3D 4D 5D"], indicator="KS")
    state = GameState(v, 0, layout=lay)
    err = refused(state, A.KNOCK)
    assert "cut" in err.rule
    state.apply(A.CUT)
    assert state.indicator == card("KS")



@pytest.mark.parametrize("vid", ["sueca", "sueca-italiana"])
def test_a_refusal_to_follow_names_the_led_suit_by_its_word(vid: str) -> None:
    from bisca_tui.engine.cards import SUIT_NAMES, SUITS

    v = make_variant(vid)
    seen: set[str] = set()
    for seed in range(60):
        state = GameState(v, dealer=0, seed=seed)
        lead = state.legal_cards()[0]
        state.apply(lead)
        led = v.suit[lead]
        hand = state.hands[state.current]
        if not any(v.suit[c] == led for c in hand):
            continue
        refusable = [c for c in hand if c not in state.legal_cards()]
        if not refusable:
            continue
        err = refused(state, refusable[0])
        word = SUIT_NAMES[SUITS[led]]
        assert err.rule == f"you must follow suit ({word} were led) when you can"
        seen.add(word)
    assert len(seen) == 4
