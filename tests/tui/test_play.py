"""Whole deals played through the keyboard and the mouse, bots instant."""

from __future__ import annotations

from tui_helpers import (
    first_playable_index,
    hand_key,
    make_app,
    open_table,
    play_deal_by_keys,
    play_key,
    press,
    quick_table,
    quiet,
    settle,
    start_game,
    table,
    until,
)

from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.screens.table import TableScreen


async def test_a_deal_of_bisca_de_tres_by_number_keys(private_data) -> None:
    app = make_app(private_data, variant="bisca-3")
    async with app.run_test(size=(80, 24)) as pilot:
        t = await start_game(app, pilot, seed=11)  # Enter, a seed, Enter
        assert t.session.variant.id == "bisca-3"
        # the form's seed deals exactly what a match of that seed deals
        again = Session.new("bisca-3", {}, default_seats(2, "random"), seed=11)
        assert t.session.view(0).hand == again.view(0).hand
        played = await play_deal_by_keys(app, pilot)
        assert played == 20  # 40 cards, two players
        assert isinstance(app.screen, DealSummaryScreen)
        state = t.session.match.deals[0]
        assert state.is_over() and len(state.tricks) == 20
        assert t.session.match.scores == list(state.result.game_points)
        await press(pilot, "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen)
        assert len(t.session.match.deals) == 2  # the next deal is on the table


async def test_a_deal_of_bisca_de_quatro_by_arrows_and_enter(private_data) -> None:
    session = Session.new("bisca-4", {}, default_seats(4, "random"), seed=5)
    st = session.state
    while len(st.tricks) < 5:  # half the deal in code, the other half by the arrows
        st.apply(st.legal_actions()[0])
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, session)
        played = await play_deal_by_keys(app, pilot, use_arrows=True)
        assert played == 5
        assert isinstance(app.screen, DealSummaryScreen)
        result = t.session.match.deals[0].result
        assert sum(result.card_points) == 120


async def test_a_click_plays_the_card(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=3)
        hand = t.sorted_hand(t.session.view(0))
        before = len(t.session.state.history)
        # the second card of the hand: cards are 5 cells wide with one cell between, the
        # hand centred under the table
        margin = t.query_one("#hand").left_margin()
        assert margin > 0
        await pilot.click("#hand", offset=(1 + margin + 6 + 2, 2))
        await quiet(pilot)
        st = t.session.state
        assert len(st.history) > before
        assert st.history[before] == hand[1]
        assert table(app) is t


async def test_the_turn_prompt_names_the_keys_of_the_cards_in_hand(private_data) -> None:
    """The prompt offers only the number keys that reach a card: 1-3 for three cards, 1-9
    and 0 for ten, fewer as the hand empties."""
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        t = await quick_table(app, pilot, "sueca", seed=21)
        seen = set()
        for _ in range(4):
            await settle(app, pilot)
            v = t.session.view(0)
            assert v.current == 0
            n = len(v.hand)
            status = str(t.query_one("#status").render())
            want = "(1-9, 0," if n == 10 else f"(1-{n},"
            assert want in status, (n, status)
            seen.add(n)
            await play_key(app, pilot, hand_key(first_playable_index(t)))
        assert seen == {10, 9, 8, 7}
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=3)
        await settle(app, pilot)
        assert "(1-3," in str(t.query_one("#status").render())


async def test_a_card_played_slides_to_the_trick_unless_told_not_to(private_data,
                                                                   monkeypatch) -> None:
    from textual.geometry import Offset

    from bisca_tui.tui.widgets.table import TrickSlot

    starts: list[tuple[str, Offset]] = []
    slide = TrickSlot.slide_in

    def watched(self, start: Offset, duration: float = 0.2) -> None:
        starts.append((self.id, start))
        slide(self, start, duration)

    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        app.animation_level = "full"
        monkeypatch.setattr(TrickSlot, "slide_in", watched)
        t = await quick_table(app, pilot, "bisca-3", seed=5)
        assert t.drawing.moving()
        index = first_playable_index(t)
        await press(pilot, hand_key(index))
        await until(pilot, lambda: any(who == "slot-0" for who, _ in starts))
        slot = t.query_one("#slot-0", TrickSlot)
        start = next(off for who, off in starts if who == "slot-0")
        assert start.y > 0  # from the hand, below the trick
        await pilot.wait_for_scheduled_animations()
        await until(pilot, lambda: slot.offset == Offset(0, 0))  # come to rest
        # the trick, once put away, goes to its winner
        leaving: list[tuple[str, Offset]] = []
        leave = TrickSlot.leave_towards

        def watched_leave(self, target: Offset, size, style, duration: float = 0.25) -> None:
            leaving.append((self.id, target))
            leave(self, target, size, style, duration)

        monkeypatch.setattr(TrickSlot, "leave_towards", watched_leave)
        st = t.session.state
        await until(pilot, lambda: len(st.tricks) == 1)
        await settle(app, pilot)
        await press(pilot, "space")  # put the trick away
        await until(pilot, lambda: len(leaving) == 2)
        winner = st.tricks[0].winner
        towards_hand = all(off.y > 0 for _, off in leaving)
        assert towards_hand == (winner == t.bottom)
        # off by choice, and with the instant pace
        app.set_motion(False)
        assert not t.drawing.moving()
        app.set_motion(True)
        t.session.speed = "instant"
        assert not t.drawing.moving()


async def test_the_table_builds_each_seats_view_once_per_position(private_data,
                                                                 monkeypatch) -> None:
    """Drawing the table, telling which keys apply, playing a card and asking a bot all
    read the same view of a seat: it is built once for each position, not at every ask."""
    import bisca_tui.engine.view as view_module

    make_view = view_module.make_view
    built: list[tuple[int, int, int]] = []

    def counting(state, seat):
        built.append((id(state), len(state.history), seat))
        return make_view(state, seat)

    session = Session.new("bisca-4", {}, default_seats(4, "random"), seed=5)
    st = session.state
    while len(st.tricks) < 8:  # most of the deal in code, the end by keys
        st.apply(st.legal_actions()[0])
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, session)
        monkeypatch.setattr(view_module, "make_view", counting)
        assert await play_deal_by_keys(app, pilot) == 2  # and the bots' six cards
        monkeypatch.undo()
        assert t.session.match.deals[0].is_over()
    positions = {(state, at) for state, at, _ in built}
    assert len(positions) >= 6  # seen from the bottom, and by the bots
    assert len(built) == len(set(built))  # never twice the same seat's in one position
