"""The end of a match: the winner and the final comb, then back to the start screen."""

from __future__ import annotations

from textual.widgets import Button
from tui_helpers import make_app, play_deal_by_keys, press, quiet, settle

from bisca_tui.table.save import SAVE_NAME
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.start import StartScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen, MatchEndScreen


async def test_the_deciding_deal_ends_the_match(private_data) -> None:
    seats = [SeatSpec(HUMAN, "You"), SeatSpec(BOT, "Rui", "random")]
    session = Session.new("bisca-3", {}, seats, seed=31)
    session.match.scores = [3, 3]  # one game more decides it
    st = session.state
    while len(st.tricks) < 17:  # go quickly to the deal's last tricks
        st.apply(st.legal_actions()[0])
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        app.seating.start(session)
        await settle(app, pilot)
        assert (private_data / SAVE_NAME).exists()
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        result = session.match.results[-1]
        assert result.winner is not None  # this seed's deal is not a tie
        await press(pilot, "enter")
        await quiet(pilot)
        assert isinstance(app.screen, MatchEndScreen)
        text = str(app.screen.query_one("#match-end").query("Static").last().render())
        winner = session.name(result.winner)
        assert f"{winner} {'win' if winner == 'You' else 'wins'} the match" in text
        assert text.count("●") == 7  # four dots for the winner, three for the other
        assert not (private_data / SAVE_NAME).exists()  # nothing left to continue
        await press(pilot, "enter")
        await quiet(pilot)
        assert isinstance(app.screen, StartScreen)
        assert not app.screen.query_one("#continue", Button).display
