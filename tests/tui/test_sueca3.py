"""Sueca for three at the table: the dummy opposite the dealer, shown after the first lead,
played by the person when they deal; a score per player."""

from __future__ import annotations

from tui_helpers import (
    first_playable_index,
    hand_key,
    last_trick_to_play,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    play_key,
    press,
    settle,
)

from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.screens.table import SeatPanel, TableScreen
from bisca_tui.tui.widgets.side import PenteView


def rendered(widget) -> str:
    return str(widget.render())


async def test_a_person_deals_and_plays_the_dummy_by_keys(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        # deal 1 sat down at for its last trick (the bot dealer's dummy needs no keys)
        session = Session.new("sueca-3", {}, default_seats(3, "random"), seed=3)
        play_ahead(session, last_trick_to_play(session))
        t = await open_table(app, pilot, session)
        s = t.session
        assert [p.name for p in s.people][0] == "You" and len(s.people) == 3
        # deal 1: a bot deals and plays the dummy; the person keeps the bottom seat
        assert t.bottom == 0 and s.state.dealer != 0
        dummy = (s.state.dealer + 2) % 4
        assert s.name(dummy) == "Dummy"
        assert "dummy" in rendered(t.query_one(f"#seat-{dummy}", SeatPanel))
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        summary = " ".join(rendered(w) for w in app.screen.query("Static"))
        assert "Dealer's side" in summary and "Dummy" in summary
        await press(pilot, "enter")
        await settle(app, pilot)
        t = app.screen
        assert isinstance(t, TableScreen)
        # deal 2: the person deals; the dummy sits opposite, at the top
        st = s.state
        assert st.dealer == 0 and t.bottom == 0
        dummy = 2
        played_for_dummy = 0

        async def one_card() -> int:
            """The card of the seat to play, by keys; 1 when it was the dummy's."""
            if st.current != dummy:
                assert st.current == 0 and t.viewer == 0
                await play_key(app, pilot, hand_key(first_playable_index(t)))
                return 0
            assert t.viewer == dummy
            status = rendered(t.query_one("#status"))
            assert "dummy" in status.lower()
            # the hand drawn is the dummy's, and the others see it face up by now
            v = s.view(dummy)
            assert set(t.sorted_hand(v)) == set(st.hands[dummy])
            assert set(s.view(1).known[dummy]) == set(st.hands[dummy])
            before = len(st.hands[dummy])
            await play_key(app, pilot, hand_key(first_playable_index(t)))
            assert len(st.hands[dummy]) == before - 1
            return 1

        # the first two tricks by keys, the person's hand and the dummy's in turn
        while len(st.tricks) < 2:
            played_for_dummy += await one_card()
        assert played_for_dummy == 2
        # on to the last trick in the engine (that the table asks the person for every card
        # of the dummy is held without a screen: tests/table/test_front.py), stopping where
        # the table shows: the hand of the seat it last turned to
        shown = t.viewer
        play_ahead(s, lambda st: st.phase == "play" and st.current == shown
                   and len(st.hands[shown]) == 1)
        t.refresh_table()
        while isinstance(app.screen, TableScreen) and not st.is_over():
            played_for_dummy += await one_card()
        assert played_for_dummy == 3  # and the dummy's last card
        assert st.is_over()
        await settle(app, pilot)
        # a score per player: three totals, the person's first
        totals = rendered(t.query_one(PenteView))
        for spec in s.people:
            assert spec.name in totals
