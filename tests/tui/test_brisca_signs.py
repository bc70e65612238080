"""Spanish Brisca for four at the table: the signs panel shows a partner's sign as its
gesture and meaning, and the person sends a sign by keys."""

from __future__ import annotations

from tui_helpers import (
    first_playable_index,
    hand_key,
    make_app,
    open_table,
    play_key,
    press,
    quiet,
    settle,
)

from bisca_tui.engine import actions as A
from bisca_tui.engine.variant import HOLDING
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.signal import SignalScreen
from bisca_tui.tui.screens.table import TableScreen


def flat(widget) -> str:
    """A panel's text with its folds and indents undone."""
    return " ".join(str(widget.render()).split())


def session_with_a_partner_sign() -> Session:
    """A deal whose partner (seat 2, a medium bot: it tells each holding it has) holds
    something a sign tells of; signs are never caught, so only partners see them."""
    for seed in range(1, 100):
        session = Session.new("brisca", {"intercept": 0.0}, default_seats(4, "medium"),
                              seed=seed)
        st = session.state
        v = session.variant
        if any(sg.kind == HOLDING and sg.holds(st.hands[2], st.trump) for sg in v.signals):
            return session
    raise AssertionError("no deal found")


async def test_a_partners_sign_shows_in_the_panel_and_the_person_sends_one(
        private_data) -> None:
    session = session_with_a_partner_sign()
    st = session.state
    v = session.variant
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        t = await open_table(app, pilot, session)
        await settle(app, pilot)
        assert st.current == 0  # the person is eldest
        assert "none yet" in flat(t.query_one("#signals"))
        offered = [a for a in session.view(0).legal if A.is_signal(a)]
        # send the first sign offered, as a player would: s, then Enter in the dialog
        await press(pilot, "s")
        await quiet(pilot)
        assert isinstance(app.screen, SignalScreen)
        await press(pilot, "enter")
        await quiet(pilot)
        assert isinstance(app.screen, TableScreen)
        mine = v.signals[offered[0] - A.SIGNAL]
        assert [sg.name for sg in session.view(0).signals] == [mine.name]
        assert [sg.name for sg in session.view(2).signals] == [mine.name]  # the partner
        assert not session.view(1).signals and not session.view(3).signals
        assert st.current == 0  # it cost no turn
        await settle(app, pilot)
        panel = flat(t.query_one("#signals"))
        assert f"you: {mine.gesture} = {mine.meaning}" in panel
        # play a card by key; the bots play on round to the person again
        await play_key(app, pilot, hand_key(first_playable_index(t)))
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen)
        theirs = [sg for sg in session.view(0).signals if sg.sender == 2]
        assert theirs, "the partner sent no sign"
        sg = theirs[-1]
        signal = next(x for x in v.signals if x.name == sg.name)
        assert signal.kind == HOLDING and sg.gesture == signal.gesture
        panel = flat(t.query_one("#signals"))
        assert f"{session.name(2)}: {signal.gesture} = {signal.meaning}" in panel
        # the opponents never saw it
        assert all(x.sender != 2 for x in session.view(1).signals + session.view(3).signals)
