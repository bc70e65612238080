"""Chiamata's regional forms at the table: a points auction with a call of any card, the
reopen-or-redeal round of Subito al Due, the dark first trick and the monte. What each form
offers and where its deal goes is checked on the dialogs the table builds and the match
played on in code; the keys are pressed at a table opened where only the form differs (the
call in the midst of the dark trick, the monte's call and discards, a hand shown)."""

from __future__ import annotations

from auction_support import act, offered, passers
from tui_helpers import (
    last_trick_to_play,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    press,
    until,
)

from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import ITALIAN_PACK, RANKS
from bisca_tui.tui.screens.auction import BidListScreen, BidScreen, CallScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen


def to_the_end(session) -> None:
    """The deal played on in code to its end."""
    play_ahead(session, lambda st: st.is_over())


def test_points_only_bids_points_and_calls_any_card() -> None:
    session = passers("chiamata-punti", 3)
    st = session.state
    act(session, [], lambda st: st.current == 0)
    assert isinstance(offered(session), BidScreen)  # a number of points, no ranks
    act(session, [A.BID + 61], lambda st: st.phase == "call")
    assert st.bidding.contract.bidder == 0 and st.bidding.contract.need == 61
    call = offered(session)
    assert isinstance(call, CallScreen) and len(call.ranks) == 10  # any card may be called
    hand = set(st.hands[0])
    card = next(c for c in range(40) if c not in hand)
    assert card in call.cards
    session.apply(A.call(card))
    assert st.phase == "play"
    to_the_end(session)
    assert sum(st.result.game_points) == 0


def test_subito_everyone_passing_offers_a_redeal_or_the_bidding_reopened() -> None:
    session = passers("chiamata-subito-al-due", 6)
    st = session.state
    act(session, [], lambda st: st.current == 0)
    assert isinstance(offered(session), BidScreen)
    act(session, [A.PASS], lambda st: st.current == 0 and len(st.bidding.bids) == 5)  # all pass
    round_ = offered(session)
    assert isinstance(round_, BidListScreen)
    assert round_.labels == ["Agree to a redeal", "Reopen the bidding at the lowest bid"]
    reopen = round_.choices.pick(1, "")  # the second line
    act(session, [reopen], lambda st: st.phase == "call")  # the bots pass again
    assert A.REOPEN in [a for _, a in st.bidding.bids]
    assert st.bidding.contract.bidder == 0 and st.bidding.contract.need == 61
    call = offered(session)
    assert isinstance(call, CallScreen) and call.ranks == ["2"]  # only a two may be called


def dark_trick_at_the_call():
    """Chiamata al buio: the person bid 61 and led the dark first trick, which waits for
    the call."""
    session = passers("chiamata-buio", 9)
    st = session.state
    act(session, [A.BID + 61], lambda st: st.phase == "play" and st.current == 0)
    assert session.view(0).trump is None
    assert all(c % 10 != 1 for c in st.legal_cards())  # no two to the dark trick
    first = st.legal_cards()[0]
    act(session, [first], lambda st: st.phase == "call")
    assert len(st.trick) == 5 and not st.tricks  # the trick waits for the call
    return session


def test_the_dark_first_trick_waits_for_the_call() -> None:
    session = dark_trick_at_the_call()
    st = session.state
    assert isinstance(offered(session), CallScreen)
    session.apply(A.call(11))  # the two of coppe (cups)
    assert len(st.tricks) == 1
    assert st.trump == 1 and st.bidding.contract.called == 11
    to_the_end(session)
    assert st.is_over() and sum(st.points) == 120


async def test_the_call_in_the_midst_of_the_dark_trick_by_keys(private_data) -> None:
    session = dark_trick_at_the_call()
    st = session.state
    app = make_app(private_data)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, CallScreen))
        await press(pilot, "2", "c", "enter")  # the two of coppe (cups)
        await until(pilot, lambda: len(st.tricks) == 1)
        assert st.trump == 1 and st.bidding.contract.called == 11


async def test_col_monte_by_keys_the_call_the_discards_and_the_play(private_data) -> None:
    session = passers("chiamata-monte", 12)
    st = session.state
    assert st.phase == "auction"  # a hand with counting cards: no redeal to ask for
    act(session, [A.BID + 61], lambda st: st.phase == "call")  # the monte still aside
    app = make_app(private_data)
    async with app.run_test(size=(100, 32)) as pilot:
        t = await open_table(app, pilot, session)
        assert t.session.view(0).monte == 5 and "monte: 5" in str(
            t.query_one("#stock").render())
        await until(pilot, lambda: isinstance(app.screen, CallScreen))
        hand = set(st.hands[0])
        card = next(c for c in range(40) if c not in hand)  # a partner, not alone
        await press(pilot, ITALIAN_PACK.rank_key(RANKS[card % 10]),
                    ITALIAN_PACK.suit_key(card // 10), "enter")
        await until(pilot, lambda: st.phase == "discard")
        assert len(st.hands[0]) == 12 and st.aside.monte == ()
        for k in range(5):  # the first card of the hand, five times
            await press(pilot, "1")
            await until(pilot, lambda k=k: len(st.aside.discards) == k + 1)
        # not holding the called card, the bidder plays on without a word
        await until(pilot, lambda: st.phase == "play" and st.current == 0)
        assert st.bidding.called_holder != 0 and len(st.hands[0]) == 7
        play_ahead(session, last_trick_to_play(session))  # the play, to its last trick
        t.refresh_table()
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        assert sum(st.points) == 120 and sum(st.result.game_points) == 0
        assert session.match.scores == list(st.result.game_points)  # the table scored it


def test_col_monte_a_hand_without_counting_cards_may_be_kept_or_shown() -> None:
    session = passers("chiamata-monte", 41)  # the person's hand holds no counting card
    st = session.state
    assert st.phase == "claim" and st.current == 0
    choice = offered(session)
    assert isinstance(choice, BidListScreen)
    assert choice.title_text == "Before the bidding"
    assert choice.labels == ["Keep the hand", "Show the hand: the same dealer deals again"]


async def test_col_monte_a_hand_shown_by_keys_is_dealt_again(private_data) -> None:
    session = passers("chiamata-monte", 41)
    dealer = session.state.dealer
    app = make_app(private_data)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        await press(pilot, "down", "enter")  # show it
        await until(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        assert session.match.results[0].redeal
        assert session.match.dealer_of(1) == dealer
