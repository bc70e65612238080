"""Chiamata's regional forms at the table, played by keys: a points auction with a call of
any card, the reopen-or-redeal round of Subito al Due, and the dark first trick."""

from __future__ import annotations

from tui_helpers import (
    Passer,
    last_trick_to_play,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    press,
    table,
    until,
)

from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import ITALIAN_PACK, RANKS
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.auction import BidListScreen, BidScreen, CallScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen


def passers(variant: str, seed: int) -> Session:
    session = Session.new(variant, {}, default_seats(5, "random"), seed=seed)
    session.bots = {seat: Passer() for seat in range(1, 5)}  # type: ignore[misc]
    return session


async def bid_61(app, pilot) -> None:
    await until(pilot, lambda: isinstance(app.screen, BidScreen))
    for key in ("6", "1", "enter"):
        await press(pilot, key)


async def test_points_only_by_keys(private_data) -> None:
    session = passers("chiamata-punti", 3)
    st = session.state
    app = make_app(private_data)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_table(app, pilot, session)
        await bid_61(app, pilot)
        await until(pilot, lambda: isinstance(app.screen, CallScreen))
        assert st.bidding.contract.bidder == 0 and st.bidding.contract.need == 61
        assert len(app.screen.ranks) == 10  # any card may be called
        hand = set(st.hands[0])
        card = next(c for c in range(40) if c not in hand)
        await press(pilot, ITALIAN_PACK.rank_key(RANKS[card % 10]),
                          ITALIAN_PACK.suit_key(card // 10), "enter")
        await until(pilot, lambda: st.phase == "play")
        play_ahead(session, last_trick_to_play(session))  # the play, to its last trick
        table(app).refresh_table()
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        assert sum(st.result.game_points) == 0


async def test_subito_reopen_round_by_keys(private_data) -> None:
    session = passers("chiamata-subito-al-due", 6)
    st = session.state
    app = make_app(private_data)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, BidScreen))
        await press(pilot, "0", "enter")  # the person passes; the bots pass too
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        assert app.screen.labels == ["Agree to a redeal", "Reopen the bidding at the lowest bid"]
        await press(pilot, "down", "enter")  # reopen
        await until(pilot, lambda: isinstance(app.screen, CallScreen))
        assert A.REOPEN in [a for _, a in st.bidding.bids]
        assert st.bidding.contract.bidder == 0 and st.bidding.contract.need == 61
        assert app.screen.ranks == ["2"]  # only a two may be called


async def test_dark_first_trick_then_the_call_by_keys(private_data) -> None:
    session = passers("chiamata-buio", 9)
    st = session.state
    app = make_app(private_data)
    async with app.run_test(size=(100, 32)) as pilot:
        t = await open_table(app, pilot, session)
        await bid_61(app, pilot)
        await until(pilot, lambda: st.phase == "play" and st.current == 0)
        assert t.session.view(0).trump is None
        assert all(c % 10 != 1 for c in st.legal_cards())  # no two to the dark trick
        first = t.sorted_hand(session.view(0)).index(st.legal_cards()[0])
        await press(pilot, str(first + 1))
        await until(pilot, lambda: isinstance(app.screen, CallScreen))
        assert len(st.trick) == 5 and not st.tricks  # the trick waits for the call
        await press(pilot, "2", "c", "enter")  # the two of coppe (cups)
        await until(pilot, lambda: len(st.tricks) == 1)
        assert st.trump == 1 and st.bidding.contract.called == 11
        play_ahead(session, last_trick_to_play(session))  # the play, to its last trick
        t.refresh_table()
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)


async def test_col_monte_by_keys_the_call_the_discards_and_the_play(private_data) -> None:
    session = passers("chiamata-monte", 12)
    st = session.state
    app = make_app(private_data)
    async with app.run_test(size=(100, 32)) as pilot:
        t = await open_table(app, pilot, session)
        assert t.session.view(0).monte == 5 and "monte: 5" in str(
            t.query_one("#stock").render())
        if st.phase == "claim":  # a hand without counting cards: keep it
            await until(pilot, lambda: isinstance(app.screen, BidListScreen))
            await press(pilot, "enter")
        await bid_61(app, pilot)
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


async def test_col_monte_a_hand_without_counting_cards_is_shown_for_a_redeal(private_data) -> None:
    session = passers("chiamata-monte", 41)  # the person's hand holds no counting card
    st = session.state
    dealer = st.dealer
    assert st.phase == "claim" and st.current == 0
    app = make_app(private_data)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        assert app.screen.title_text == "Before the bidding"
        assert app.screen.labels == ["Keep the hand", "Show the hand: the same dealer deals again"]
        await press(pilot, "down", "enter")  # show it
        await until(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        assert session.match.results[0].redeal
        assert session.match.dealer_of(1) == dealer
