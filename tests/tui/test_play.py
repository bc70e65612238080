"""Deals played through the keyboard and the mouse, bots instant: whole deals in the
session, their ends by keys and a click at the table."""

from __future__ import annotations

from tui_helpers import (
    first_playable_index,
    hand_key,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    press,
    quick_table,
    quiet,
    settle,
    table,
    until,
)

from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.screens.table import TableScreen
from bisca_tui.tui.widgets.captions import status_text


def test_a_whole_deal_played_as_the_keys_play_it_ends_scored() -> None:
    """A whole deal of Bisca de Três and of Bisca de Quatro, the person playing the first
    card of the hand as drawn (as the keys below do) and the bots answering: every card
    is played, the deal scores its 120 points and the match keeps its game points; the
    next deal follows. The keys themselves are pressed by the tests after this one, for
    the end of a deal only."""
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=11)
    play_ahead(session, lambda st: st.is_over())
    st = session.state
    assert st.is_over() and len(st.tricks) == 20
    assert sum(0 in t.seats for t in st.tricks) == 20  # 40 cards: 20 by the person
    result = session.finish_deal()
    assert result == st.result
    assert session.match.scores == list(result.game_points)
    assert sum(result.card_points) == 120
    session.next_deal()
    assert len(session.match.deals) == 2 and not session.state.history

    four = Session.new("bisca-4", {}, default_seats(4, "random"), seed=5)
    play_ahead(four, lambda st: st.is_over())
    assert len(four.state.tricks) == 10
    assert sum(four.finish_deal().card_points) == 120


def prompt(session: Session) -> str:
    """The status line for the person at seat 0, to play (as the table writes it)."""
    return status_text(session, session.view(0), mine=True, closed=False,
                       handing_over=False, viewer=0).plain


def test_the_turn_prompt_names_the_keys_of_the_cards_in_hand() -> None:
    """The prompt offers only the number keys that reach a card: 1-3 for three cards, 1-9
    and 0 for ten, fewer as the hand empties."""
    session = Session.new("sueca", {}, default_seats(4, "random"), seed=21)
    seen = set()
    for n in (10, 9, 8, 7):
        play_ahead(session, lambda st, n=n: session.is_human(st.current)
                   and len(st.hands[0]) == n)
        want = "(1-9, 0," if n == 10 else f"(1-{n},"
        assert want in prompt(session), (n, prompt(session))
        seen.add(n)
    assert seen == {10, 9, 8, 7}
    three = Session.new("bisca-3", {}, default_seats(2, "random"), seed=3)
    assert "(1-3," in prompt(three)


async def test_the_status_line_a_click_and_the_end_of_a_deal_by_number_keys(
        private_data) -> None:
    """One table of Bisca de Três: the status line drawn under it (the prompt above, whose
    keys for every size of hand are read there), a click plays the card clicked, and the
    line is drawn again as the hand empties; then the deal's last two tricks by the number
    keys (the rest played in code): the summary shows, and Enter deals the next one. (That
    the new game form's seed deals what a match of that seed deals is checked with the
    form's seeds, test_seed_line.)"""
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=11)
        session = t.session
        assert session.variant.id == "bisca-3" and len(session.view(0).hand) == 3
        status = str(t.query_one("#status").render())
        assert "(1-3," in status and prompt(session) in status

        # a click plays the card: the second of the hand (cards are 5 cells wide with
        # one cell between, the hand centred under the table)
        hand = t.sorted_hand(session.view(0))
        before = len(session.state.history)
        margin = t.query_one("#hand").left_margin()
        assert margin > 0
        await pilot.click("#hand", offset=(1 + margin + 6 + 2, 2))
        await quiet(pilot)
        st = session.state
        assert len(st.history) > before
        assert st.history[before] == hand[1]
        assert table(app) is t

        # most of the deal played in code (the keys that play a card have their own
        # tests), to the stock gone and two cards left: the line is drawn again for them
        play_ahead(session, lambda st: len(st.tricks) >= 18 and session.is_human(st.current))
        assert len(st.hands[0]) == 2
        t.refresh_table()
        await quiet(pilot)
        status = str(t.query_one("#status").render())
        assert "(1-2," in status and "(1-3," not in status and prompt(session) in status

        # the last two tricks by the number keys
        played = await play_deal_by_keys(app, pilot)
        assert played == 2
        assert isinstance(app.screen, DealSummaryScreen)
        state = session.match.deals[0]
        assert state.is_over() and len(state.tricks) == 20
        assert session.match.scores == list(state.result.game_points)
        await press(pilot, "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, TableScreen)
        assert len(session.match.deals) == 2  # the next deal is on the table


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


async def test_the_end_of_a_deal_by_arrows_and_enter_builds_each_view_once(
        private_data, monkeypatch) -> None:
    """Bisca de Quatro, most of the deal in code and its last three tricks by the arrows
    and Enter, to the summary. Meanwhile drawing the table, telling which keys apply,
    playing a card and asking a bot all read the same view of a seat: it is built once
    for each position, not at every ask."""
    import bisca_tui.engine.view as view_module

    make_view = view_module.make_view
    built: list[tuple[int, int, int]] = []

    def counting(state, seat):
        built.append((id(state), len(state.history), seat))
        return make_view(state, seat)

    session = Session.new("bisca-4", {}, default_seats(4, "random"), seed=5)
    st = session.state
    while len(st.tricks) < 7:  # most of the deal in code, the last three by the arrows
        st.apply(st.legal_actions()[0])
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, session)
        monkeypatch.setattr(view_module, "make_view", counting)
        played = await play_deal_by_keys(app, pilot, use_arrows=True)
        monkeypatch.undo()
        assert played == 3  # and the bots' nine cards
        assert isinstance(app.screen, DealSummaryScreen)
        assert t.session.match.deals[0].is_over()
        result = t.session.match.deals[0].result
        assert sum(result.card_points) == 120
    positions = {(state, at) for state, at, _ in built}
    assert len(positions) >= 9  # seen from the bottom, and by the bots
    assert len(built) == len(set(built))  # never twice the same seat's in one position
