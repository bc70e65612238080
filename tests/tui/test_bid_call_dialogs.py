"""The bid and call dialogs: the hand stays in sight while bidding and calling, points are
a field stepped by up and down or typed, F1 opens the rules over a dialog, and the call
dialog opens on a card that may be called and takes the pack's own keys."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.widgets import OptionList, Static
from tui_helpers import Passer, make_app, open_table, press, quiet, until

from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import RANKS, make_card
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.auction import BidListScreen, BidScreen, CallScreen
from bisca_tui.tui.screens.auction_base import PointsField
from bisca_tui.tui.screens.rules import RulesScreen


def passers(variant: str, seed: int) -> Session:
    session = Session.new(variant, {}, default_seats(5, "random"), seed=seed)
    session.bots = {seat: Passer() for seat in range(1, 5)}  # type: ignore[misc]
    return session


def clear_of_the_hand(app, t) -> bool:
    """Whether the dialog's box and the table's hand share no cell."""
    box = app.screen.query_one(".dialog").region
    hand = t.query_one("#hand-area").region
    return bool(box.height and hand.height) and not box.overlaps(hand)


def choice_line(screen) -> str:
    return str(screen.query_one("#call-choice", Static).render())


async def test_a_large_terminal_keeps_the_hand_in_sight_of_both_dialogs(private_data) -> None:
    """At 160x50 only where the dialogs stand differs from 80x24: the keys of the dialogs,
    the rules over them and the bid made are the same, and the test below presses them."""
    session = passers("chiamata", 21)
    st = session.state
    app = make_app(private_data)
    async with app.run_test(size=(160, 50)) as pilot:
        t = await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        await until(pilot, lambda: clear_of_the_hand(app, t))
        await press(pilot, "6", "2", "enter")
        await until(pilot, lambda: isinstance(app.screen, CallScreen))
        assert st.bidding.bids[0] == (0, A.BID + 62)
        await until(pilot, lambda: clear_of_the_hand(app, t))


async def test_bidding_and_calling_with_the_hand_in_sight(private_data) -> None:
    session = passers("chiamata", 21)
    st = session.state
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        await until(pilot, lambda: clear_of_the_hand(app, t))
        bids = app.screen
        # F1 opens the rules over the dialog, Escape comes back to it
        await press(pilot, "f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is bids)
        # the bids of two for points: a digit goes to the field, up and down step it
        field = bids.query_one("#bid-points", PointsField)
        lst = bids.query_one("#bid-list", OptionList)
        await press(pilot, "7", "0")
        assert field.value == "70" and field.has_focus
        await press(pilot, "up", "up", "down")
        assert field.value == "71"
        assert bids.labels[lst.highlighted] == "2  Two for 61"  # labels kept as composed
        assert "Two for 71" in str(lst.get_option_at_index(lst.highlighted).prompt)
        await press(pilot, "backspace", "backspace", "5", "enter")  # 5 is no bid
        assert app.screen is bids and "from 61 to 120" in str(
            bids.query_one("#bid-points-note", Static).render())
        await press(pilot, "backspace", "down")  # stepping from nothing starts at the lowest
        assert field.value == "61"
        await press(pilot, "up", "enter")
        await until(pilot, lambda: isinstance(app.screen, CallScreen))
        assert st.bidding.bids[0] == (0, A.BID + 62)
        call = app.screen
        await until(pilot, lambda: clear_of_the_hand(app, t))
        # it opens on a card that may be called: no error to begin with
        assert call.chosen() in call.cards and "cannot" not in choice_line(call)
        await press(pilot, "f1")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is call)
        # the two of coppe (cups): c is the Italian pack's key for cups, shown beside it
        suits = call.query_one("#call-suits", OptionList)
        assert "[c] ∪ cups (coppe)" in str(suits.get_option_at_index(1).prompt)
        await press(pilot, "2", "c", "enter")
        await until(pilot, lambda: st.phase == "play")
        assert st.bidding.contract.called == make_card(RANKS.index("2"), 1) and st.trump == 1


async def test_points_alone_are_a_field_stepped_by_up_and_down(private_data) -> None:
    session = passers("sueca-5", 9)
    st = session.state
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, BidScreen))
        await until(pilot, lambda: clear_of_the_hand(app, t))
        field = app.screen.query_one("#bid-input", PointsField)
        await press(pilot, "up")  # an empty field starts at the lowest bid
        assert field.value == "61"
        await press(pilot, "down")  # and goes no lower
        assert field.value == "61"
        await press(pilot, "pageup", "up")
        assert field.value == "72"
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, CallScreen))
        assert (0, A.BID + 72) in st.bidding.bids


class CallApp(App[None]):
    """The call dialog alone, for a given set of cards that may be called."""

    def __init__(self, cards: list[int], hand: tuple[int, ...], style: str) -> None:
        super().__init__()
        self.dialog = CallScreen(cards, hand, "A3KQJ76542", 61, style)
        self.called: list[int | None] = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, callback=self.called.append)


async def test_the_call_opens_on_a_card_that_may_be_called() -> None:
    # after a bid of two, holding the 2 of cups: the twos, and the lowest cup not held
    # (the 4); the 4 of swords, where the lists would first stand, may not be called
    four_of_cups, hand = make_card(3, 1), (make_card(1, 1), make_card(2, 1))
    cards = [make_card(1, x) for x in range(4)] + [four_of_cups]
    app = CallApp(cards, hand, "italian")
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        dialog = app.dialog
        assert dialog.ranks == ["4", "2"] and make_card(3, 0) not in dialog.cards
        assert dialog.chosen() == four_of_cups
        assert "cannot" not in choice_line(dialog) and "Jack" not in choice_line(dialog)
        await press(pilot, "enter", "enter")  # the rank, then the suit: called
        await quiet(pilot)
        assert app.called == [four_of_cups]


@pytest.mark.parametrize("style,keys,card", [
    # Italian: c is the Horse (cavallo) on the ranks, the cups (coppe) on the suits
    ("italian", ("c", "c"), make_card(8, 1)),
    ("italian", ("r", "b"), make_card(9, 3)),  # the King (re) of batons (bastoni)
    ("spanish", ("r", "o"), make_card(9, 2)),  # the King (rey, a 12) of coins (oros)
    ("french", ("q", "h"), make_card(8, 1)),  # the Queen of hearts
])
async def test_the_call_takes_the_keys_of_the_pack_drawn(style, keys, card) -> None:
    app = CallApp(list(range(40)), (), style)
    async with app.run_test(size=(100, 32)) as pilot:
        await quiet(pilot)
        await press(pilot, *keys)
        await quiet(pilot)
        assert app.dialog.chosen() == card
        assert app.dialog.pack.short(card) in choice_line(app.dialog)
        await press(pilot, "enter")
        await quiet(pilot)
        assert app.called == [card]


def test_every_phase_a_person_acts_in_is_offered_by_the_table() -> None:
    """Each phase of every game is met by the table: a dialog of its own (registered by
    phase), the cards of the hand, or the game's keys for its special actions."""
    from bisca_tui.engine import phases as P
    from bisca_tui.engine.variant import all_variants
    from bisca_tui.tui.contract import CARD_PHASES
    from bisca_tui.tui.screens.auction import DIALOGS

    assert set(DIALOGS) == set(P.BIDDING)
    for cls in all_variants():
        keys = {k.action for k in cls.special_keys}
        for phase in (p.name for p in cls.phases):
            if phase in (P.DEAL, P.OVER) or phase in DIALOGS or phase in CARD_PHASES:
                continue
            assert phase == P.CUT_OR_KNOCK and {A.CUT, A.KNOCK} <= keys, (cls.id, phase)
