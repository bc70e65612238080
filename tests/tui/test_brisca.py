"""Spanish Brisca at the table, for two, three and four: the exchange announced by key and
shown under the indicator, a whole hand played by keys, ties said plainly."""

from __future__ import annotations

import pytest
from tui_helpers import (
    last_trick_to_play,
    log_text,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    press,
    quiet,
    settle,
)

from bisca_tui.engine import actions as A
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.widgets.table import StockView


def rendered(widget) -> str:
    return str(widget.render())


# seeds where the person, eldest, may exchange at once
SEEDS = {2: 19, 3: 8, 4: 2}


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_hand_of_brisca_by_keys_with_the_exchange_announced(private_data,
                                                                    players: int) -> None:
    session = Session.new("brisca", {}, default_seats(players, "random"), seed=SEEDS[players])
    st = session.state
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        t = await open_table(app, pilot, session)
        await settle(app, pilot)
        assert st.current == 0 and A.EXCHANGE in st.legal_actions()
        indicator = st.indicator
        await press(pilot, "x")
        await settle(app, pilot)
        assert st.exchange.under is not None and st.exchange.under[0] == 0
        laid = st.exchange.under[1]
        assert laid not in st.hands[0] and st.indicator == indicator
        assert "under:" in rendered(t.query_one(StockView))
        assert any("under the indicator" in line for line in log_text(t))
        assert (len(session.variant.signals) > 0) == (players == 4)
        # the rest of the deal as the keys would play it, but in the engine (the table and
        # its keys for the cards are the same for every count, and pressed card by card in
        # test_play); for four, the last trick by keys brings the summary
        if players < 4:
            play_ahead(session, lambda st: st.is_over())
            session.finish_deal()  # as the table does at the deal's end
        else:
            play_ahead(session, last_trick_to_play(session))
            t.refresh_table()
            await play_deal_by_keys(app, pilot)
            assert isinstance(app.screen, DealSummaryScreen)
            await quiet(pilot)
            summary = " ".join(rendered(w) for w in app.screen.query("Static"))
            if len(st.result.winners) > 1:  # (a tie for three: test_a_tied_hand...)
                assert "each" in summary
    r = st.result
    assert sum(st.points) == 120 and r.winners
    # the exchange was completed or the card came back: never lost
    assert st.exchange.under is None
    assert session.match.scores == list(r.game_points)


async def test_a_tied_hand_is_said_plainly(private_data) -> None:
    """Three players, the first and third tied at the top (the points set at the end)."""
    import random

    session = Session.new("brisca", {}, default_seats(3, "random"), seed=1)
    m = session.match
    st = m.current
    rng = random.Random(0)
    while not st.is_over():
        st.apply(rng.choice(st.legal_actions()))
    st.points = [52, 16, 52]
    st.result = st.variant.score(st)
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        await open_table(app, pilot, session)
        await settle(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        await quiet(pilot)
        summary = " ".join(rendered(w) for w in app.screen.query("Static"))
        want = (f"A tie at the top: {session.name(0)} and {session.name(2)} each take the "
                "hand.")
        assert want in summary
