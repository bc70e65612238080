"""A card the rules forbid is refused, and the engine's reason is shown."""

from __future__ import annotations

import random

from tui_helpers import make_app, settle, table

from bisca_tui.engine import actions as A
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session


def forced_trump_position() -> Session:
    """Bisca de Nove after the stock: the bot led a trump, we hold trumps and other cards."""
    for seed in range(200):
        seats = [SeatSpec(HUMAN, "You"), SeatSpec(BOT, "Rui", "random")]
        session = Session.new("bisca-9", {}, seats, seed=seed)
        st = session.state
        rng = random.Random(seed)
        while not st.is_over():
            if st.current == 0 and st.trick and st.stock_count == 0:
                legal = set(st.legal_cards())
                if legal != set(st.hands[0]):
                    return session
            st.apply(rng.choice(st.legal_actions()))
    raise AssertionError("no position found")


async def test_an_unplayable_card_is_refused_with_the_rule(private_data) -> None:
    session = forced_trump_position()
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.start_session(session)
        await settle(app, pilot)
        t = table(app)
        view = session.view(0)
        shown = t.sorted_hand(view)
        legal = {a for a in view.legal if A.is_play(a)}
        bad = next(i for i, c in enumerate(shown) if c not in legal)
        before = len(session.state.history)
        await pilot.press(str(bad + 1))
        await pilot.pause()
        assert len(session.state.history) == before  # nothing was played
        status = str(t.query_one("#status").render())
        assert "cannot play" in status and "trump" in status
        try:
            session.state.clone().apply(shown[bad])
        except Exception as e:
            assert e.rule in status.replace("\n", " ")
        good = next(i for i, c in enumerate(shown) if c in legal)
        await pilot.press(str(good + 1))
        await pilot.pause()
        assert len(session.state.history) > before
