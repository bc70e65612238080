"""What the snapshot tests share: letting the bots play until a person must act, and a deal
played to its last card and then to its summary."""

from __future__ import annotations

from pilot_support import press, quiet
from textual.pilot import Pilot

from bisca_tui.engine import actions as A
from bisca_tui.table.session import Session
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.screens.table import TableScreen


async def settle(pilot: Pilot) -> None:
    """Let the bots play until a person must act, the deal is over, or a dialog is up: the
    app at rest (``quiet``: a bot's answer is a message that starts the next bot's worker,
    so it rests only once no bot is to play), its screen drawn."""
    app = pilot.app
    await quiet(pilot)
    screen = app.screen
    if isinstance(screen, TableScreen):
        st = screen.session.state
        if not (st.is_over() or screen.session.is_human(st.current)):
            raise AssertionError("the bots never stopped")


def to_the_last_card(session: Session) -> None:
    """Play ``session``'s deal in code until seat 0 has one card left, as the keys would
    play it (the first legal card every time; the bots answer as at the table)."""
    session.start_bots()
    st = session.state
    while not (st.current == 0 and len(st.hands[0]) == 1):
        seat = st.current
        if seat == 0:
            action = next(a for a in session.view(0).legal if A.is_play(a))
        else:
            action = session.bot_for(seat).choose(session.view(seat))
        session.apply(action)


async def to_the_summary(pilot: Pilot, session: Session) -> None:
    """Seat ``session`` (played to its last card: ``to_the_last_card``) in the app, play the
    last card by its key and wait for the deal's summary."""
    app = pilot.app
    await quiet(pilot)
    app.seating.start(session)
    await settle(pilot)
    assert isinstance(app.screen, TableScreen)
    await press(pilot, "1")  # the last card
    await settle(pilot)
    assert isinstance(app.screen, DealSummaryScreen)
