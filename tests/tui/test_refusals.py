"""A card the rules forbid is refused, and the engine's reason is shown."""

from __future__ import annotations

import random

from tui_helpers import make_app, press, quiet, settle, table, until

from bisca_tui.engine import actions as A
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.table import TableScreen


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
        await quiet(pilot)
        app.seating.start(session)
        await settle(app, pilot)
        t = table(app)
        view = session.view(0)
        shown = t.sorted_hand(view)
        legal = {a for a in view.legal if A.is_play(a)}
        bad = next(i for i, c in enumerate(shown) if c not in legal)
        before = len(session.state.history)
        await press(pilot, str(bad + 1))
        await quiet(pilot)
        assert len(session.state.history) == before  # nothing was played
        status = str(t.query_one("#status").render())
        assert "cannot play" in status and "trump" in status
        try:
            session.state.clone().apply(shown[bad])
        except Exception as e:
            assert e.rule in status.replace("\n", " ")
        good = next(i for i, c in enumerate(shown) if c in legal)
        await press(pilot, str(good + 1))
        await quiet(pilot)
        assert len(session.state.history) > before


async def test_an_action_sent_for_a_seat_not_to_act_is_refused_not_played_for_another(
        private_data) -> None:
    """A stale or misrouted action (a dialog answered after the turn moved on, a message
    from a peer) comes with the seat it is for: the table refuses it with the rule, even
    when the card would be legal for the seat that is to act."""
    seats = [SeatSpec(BOT, "Rui", "random"), SeatSpec(HUMAN, "You")]
    session = Session.new("bisca-3", {}, seats, seed=3)
    st = session.state
    assert st.current == 0  # the bot leads the first trick
    app = make_app(private_data, bot_delay=3600)  # the bot keeps thinking while we look
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        app.seating.start(session)
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        t = table(app)
        card = st.hands[0][0]  # legal for the bot, sent as the person's
        assert card in st.legal_cards()
        assert t.try_act(card, 1) is False
        assert st.history == [] and card in st.hands[0]
        assert t.notice is not None
        assert t.notice.plain == "Not now: it is seat 0's turn, not seat 1's."
        # the seat to act is still to act: its own action is played
        assert t.try_act(card, 0) is True
        assert st.history == [card] and st.current == 1
