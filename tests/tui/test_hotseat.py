"""Two people at one keyboard: every hand hidden until the next one takes the seat."""

from __future__ import annotations

from tui_helpers import make_app, press, quiet, settle, table

from bisca_tui.engine import actions as A
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.handover import HandOverScreen
from bisca_tui.tui.screens.table import TableScreen


def rendered(widget) -> str:
    return "\n".join(line.text for line in widget.render_lines(widget.region.reset_offset))


async def test_hand_over_between_two_people(private_data) -> None:
    app = make_app(private_data)
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(BOT, "Rui", "random"),
             SeatSpec(HUMAN, "Bea"), SeatSpec(BOT, "Tiago", "random")]
    session = Session.new("bisca-4", {}, seats, seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        app.seating.start(session)
        await settle(app, pilot)
        # Ana leads the first deal: she is asked for first, with no hand on show
        assert isinstance(app.screen, HandOverScreen)
        assert "Pass to Ana" in str(app.screen.query_one("#handover-text").render())
        t = table(app)
        assert t.viewer is None
        await press(pilot, "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen) and t.viewer == 0
        assert t.query_one("#hand").cards == t.sorted_hand(session.view(0))
        ana_card = next(a for a in session.view(0).legal if A.is_play(a))
        await press(pilot, str(t.sorted_hand(session.view(0)).index(ana_card) + 1))
        await settle(app, pilot)
        # Rui (bot) played; now Bea's turn: the table hides every hand first
        assert isinstance(app.screen, HandOverScreen)
        assert "Pass to Bea" in str(app.screen.query_one("#handover-text").render())
        assert t.viewer is None
        assert session.state.current == 2
        await press(pilot, "enter")
        await settle(app, pilot)
        t = table(app)
        assert t.viewer == 2 and t.bottom == 2
        hand = t.query_one("#hand")
        assert hand.cards == t.sorted_hand(session.view(2))
        assert set(hand.cards).isdisjoint(session.state.hands[0])
        # Bea's seat is now at the bottom and Ana's across the table
        assert t.query_one("#seat-2").region.y > t.query_one("#seat-0").region.y


async def test_hand_over_before_each_persons_bid_in_chiamata(private_data) -> None:
    """The auction hides hands too: each person is handed the table before bidding, and
    the bid dialog shows only that person's hand behind it."""
    from bisca_tui.tui.screens.auction import BidListScreen

    app = make_app(private_data)
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(HUMAN, "Bea"), SeatSpec(BOT, "Rui", "random"),
             SeatSpec(BOT, "Tiago", "random"), SeatSpec(BOT, "Eva", "random")]
    session = Session.new("chiamata", {}, seats, seed=5)
    async with app.run_test(size=(100, 32)) as pilot:
        await quiet(pilot)
        app.seating.start(session)
        await settle(app, pilot)
        assert session.state.current == 0  # eldest, Ana, speaks first
        assert isinstance(app.screen, HandOverScreen)
        assert "Pass to Ana" in str(app.screen.query_one("#handover-text").render())
        t = table(app)
        assert t.viewer is None
        await press(pilot, "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, BidListScreen) and t.viewer == 0
        await press(pilot, "down", "enter")  # Ana bids Ace
        await settle(app, pilot)
        assert session.state.bidding.bids[0] == (0, A.BID_RANK)
        # Bea is next: the table is handed over before her bid
        assert isinstance(app.screen, HandOverScreen)
        assert "Pass to Bea" in str(app.screen.query_one("#handover-text").render())
        assert t.viewer is None
        await press(pilot, "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, BidListScreen) and t.viewer == 1
        assert t.query_one("#hand").cards == t.sorted_hand(session.view(1))
