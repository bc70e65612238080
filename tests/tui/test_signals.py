"""Bisca de Seis: sending a signal to partners and seeing the ones received."""

from __future__ import annotations

from tui_helpers import make_app, press, quiet, settle, table

from bisca_tui.engine import actions as A
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.signal import SignalScreen
from bisca_tui.tui.screens.table import TableScreen


def session_with_a_signal() -> Session:
    for seed in range(100):
        session = Session.new("bisca-6", {}, default_seats(6, "random"), seed=seed)
        st = session.state
        if st.current == 0 and any(A.is_signal(a) for a in st.legal_actions()):
            return session
    raise AssertionError("no deal found")


async def test_send_a_signal_and_see_it_in_the_feed(private_data) -> None:
    session = session_with_a_signal()
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        app.seating.start(session)
        await settle(app, pilot)
        t = table(app)
        legal = [a for a in session.view(0).legal if A.is_signal(a)]
        await press(pilot, "s")
        await quiet(pilot)
        assert isinstance(app.screen, SignalScreen)
        await press(pilot, "enter")  # the first signal offered
        await quiet(pilot)
        assert isinstance(app.screen, TableScreen)
        sent = session.view(0).signals
        assert len(sent) == 1
        sig = session.variant.signals[legal[0] - A.SIGNAL]
        assert sent[0].name == sig.name
        feed = str(t.query_one("#signals").render())
        assert sig.gesture in " ".join(feed.split())  # folded over lines, indented
        # a signal costs no turn: it is still ours to play
        assert session.state.current == 0
        # partners saw it
        assert any(s.name == sig.name for s in session.view(2).signals)
