"""Whole deals played through the keyboard, bots instant."""

from __future__ import annotations

from tui_helpers import make_app, play_deal_by_keys, settle, start_game, table

from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.screens.table import TableScreen


async def test_a_deal_of_bisca_de_tres_by_number_keys(private_data) -> None:
    app = make_app(private_data, variant="bisca-3")
    async with app.run_test(size=(100, 30)) as pilot:
        t = await start_game(app, pilot, seed=11)
        assert t.session.variant.id == "bisca-3"
        played = await play_deal_by_keys(app, pilot)
        assert played == 20  # 40 cards, two players
        assert isinstance(app.screen, DealSummaryScreen)
        state = t.session.match.deals[0]
        assert state.is_over() and len(state.tricks) == 20
        assert t.session.match.scores == list(state.result.game_points)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen)
        assert len(t.session.match.deals) == 2  # the next deal is on the table


async def test_a_deal_of_bisca_de_quatro_by_arrows_and_enter(private_data) -> None:
    app = make_app(private_data, variant="bisca-4")
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start_game(app, pilot, seed=5)
        assert t.session.variant.n == 4
        played = await play_deal_by_keys(app, pilot, use_arrows=True)
        assert played == 10
        assert isinstance(app.screen, DealSummaryScreen)
        result = t.session.match.deals[0].result
        assert sum(result.card_points) == 120


async def test_the_same_seed_deals_the_same_cards(private_data) -> None:
    hands = []
    for i in range(2):
        app = make_app(private_data / str(i), variant="bisca-3")
        async with app.run_test(size=(100, 30)) as pilot:
            t = await start_game(app, pilot, seed=777)
            hands.append(t.session.view(0).hand)
            await pilot.press("q")
    assert hands[0] == hands[1]


async def test_a_click_plays_the_card(private_data) -> None:
    app = make_app(private_data, variant="bisca-3")
    async with app.run_test(size=(100, 30)) as pilot:
        t = await start_game(app, pilot, seed=3)
        hand = t.sorted_hand(t.session.view(0))
        before = len(t.session.state.history)
        # the second card of the hand: cards are 5 cells wide with one cell between
        await pilot.click("#hand", offset=(1 + 6 + 2, 2))
        await pilot.pause()
        st = t.session.state
        assert len(st.history) > before
        assert st.history[before] == hand[1]
        assert table(app) is t
