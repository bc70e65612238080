"""The bid and call dialogs: the hand stays in sight while bidding and calling, points are
a field stepped by up and down or typed, F1 opens the rules over a dialog, and the call
dialog opens on a card that may be called and takes the pack's own keys. What a dialog
offers, takes and refuses is checked on its plain choices; the keys, on the dialogs."""

from __future__ import annotations

import pytest
from auction_support import clear_of_the_hand, passers
from textual.app import App
from textual.widgets import OptionList, Static
from tui_helpers import make_app, open_table, press, quiet, until

from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import RANKS, make_card
from bisca_tui.tui.coaching import rule_of_thumb
from bisca_tui.tui.screens.auction import BidListScreen, CallScreen
from bisca_tui.tui.screens.auction_base import PointsField
from bisca_tui.tui.screens.bid_choices import BidChoices
from bisca_tui.tui.screens.call_choices import CallChoices
from bisca_tui.tui.screens.points_bid import PointsBid
from bisca_tui.tui.screens.rules import RulesScreen


def choice_line(screen) -> str:
    return str(screen.query_one("#call-choice", Static).render())


async def resized(pilot, width: int, height: int) -> None:
    """The terminal made ``width`` by ``height``, and the app laid out again."""
    await pilot.resize_terminal(width, height)
    await quiet(pilot)
    assert pilot.app.size == (width, height)


async def test_bidding_and_calling_with_the_hand_in_sight(private_data) -> None:
    """At 160x50 and at 80x24, where only where the dialogs stand differs (the terminal
    resized with each dialog up): the dialogs keep clear of the hand; F1 opens the rules
    over them; the points of two are a field; the call opens on a card that may be called
    and takes the pack's keys. First, h in the bidding dialog shows the coach's hint at the
    table, advising a bid in words; the dialog brought back (b), bidding puts it away.
    (Esc putting the dialog aside is pressed by test_keys_one_press and test_chiamata.)"""
    session = passers("chiamata", 21)
    st = session.state
    app = make_app(private_data)
    app.coach_samples = 8  # a fixed number of sampled deals: the hint repeats exactly
    async with app.run_test(size=(160, 50)) as pilot:
        t = await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        # h: the hint for a bid, at the table
        await press(pilot, "h")
        await until(pilot, lambda: t.coach.advice is not None)
        await quiet(pilot)
        assert app.screen is t
        advice = t.coach.advice
        assert advice is not None and advice.action in session.view(0).legal
        assert not A.is_play(advice.action)
        shown = t.coach.panel().text.plain
        assert shown.startswith("Advised: ") and ("bid " in shown or "pass" in shown)
        assert "bid:" not in shown and " ".join(rule_of_thumb().split()) in " ".join(
            shown.split())
        assert "without numbers" not in shown
        await press(pilot, "b")  # the dialog again, to bid (below: acting puts it away)
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        await until(pilot, lambda: clear_of_the_hand(app, t))
        bids = app.screen
        await resized(pilot, 80, 24)
        await until(pilot, lambda: clear_of_the_hand(app, t))
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
        assert t.coach.advice is None  # bidding put the hint away
        call = app.screen
        await until(pilot, lambda: clear_of_the_hand(app, t))
        await resized(pilot, 160, 50)
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


def test_points_typed_are_a_bid_a_pass_or_refused_with_the_reason() -> None:
    points = PointsBid([A.PASS] + [A.BID + n for n in range(61, 121)])
    assert (points.low, points.high) == (61, 120)
    assert points.typed("75") == (A.BID + 75, "")
    assert points.typed(" 0 ") == (A.PASS, "")
    assert points.typed("50") == (None, "A bid is 0 (pass) or from 61 to 120.")
    assert points.typed("x") == (None, "Type a number, or 0 to pass.")
    assert points.of("61") == A.BID + 61 and points.of("5") is None and points.of("") is None


def test_the_points_line_of_the_bid_list_bids_what_its_field_holds() -> None:
    options = [(A.BID_RANK + 0, "A  Ace"), (A.BID + 61, "61"), (A.BID + 62, "62")]
    choices = BidChoices(options, A.PASS, "Pass")
    assert choices.labels == ["Pass", "A  Ace", "2  Two for 61"]
    assert choices.actions[:2] == [A.PASS, A.BID_RANK]
    assert choices.points_line == 2
    assert choices.pick(0, "") == A.PASS and choices.pick(1, "62") == A.BID_RANK
    assert choices.pick(2, "62") == A.BID + 62
    assert choices.pick(2, "5") is None and choices.pick(2, "") is None  # to the field
    assert "from 61 to 62" in choices.points.out_of_span()
    assert not BidChoices([(A.BID_RANK, "A")], A.PASS, "Pass").points  # no points line


def test_the_call_opens_on_a_card_that_may_be_called() -> None:
    # after a bid of two, holding the 2 of cups: the twos, and the lowest cup not held
    # (the 4); the 4 of swords, where the lists would first stand, may not be called
    four_of_cups, hand = make_card(3, 1), (make_card(1, 1), make_card(2, 1))
    cards = [make_card(1, x) for x in range(4)] + [four_of_cups]
    choices = CallChoices(cards, hand, "A3KQJ76542", "italian")
    assert choices.ranks == ["4", "2"] and make_card(3, 0) not in choices.cards
    assert choices.first == four_of_cups
    assert choices.card(0, 1) == four_of_cups and choices.card(0, 0) is None
    assert choices.card(None, 1) is None


# Italian: c is the Horse (cavallo) on the ranks, the cups (coppe) on the suits
CALLS = [
    ("italian", ("c", "c"), make_card(8, 1)),
    ("italian", ("r", "b"), make_card(9, 3)),  # the King (re) of batons (bastoni)
    ("spanish", ("r", "o"), make_card(9, 2)),  # the King (rey, a 12) of coins (oros)
    ("french", ("q", "h"), make_card(8, 1)),  # the Queen of hearts
]


@pytest.mark.parametrize("style,keys,card", CALLS)
def test_the_call_takes_the_keys_of_the_pack_drawn(style, keys, card) -> None:
    """A rank's key picks the rank (and moves to the suits), where the suits take a key
    that names a suit as well."""
    choices = CallChoices(list(range(40)), (), "A3KQJ76542", style)
    rank_key, suit_key = keys
    what, rank = choices.key(rank_key, on_suits=False) or ("", -1)
    assert what == "rank"
    assert choices.key(suit_key.upper(), on_suits=True) == ("suit", (card % 40) // 10)
    assert choices.card(rank, (card % 40) // 10) == card
    assert choices.key("%", on_suits=True) is None


class CallApp(App[None]):
    """The call dialog alone, opened for each given set of cards that may be called."""

    def __init__(self) -> None:
        super().__init__()
        self.called: list[int | None] = []

    def call(self, cards: list[int], hand: tuple[int, ...], style: str) -> CallScreen:
        dialog = CallScreen(cards, hand, "A3KQJ76542", 61, style)
        self.push_screen(dialog, callback=self.called.append)
        return dialog


async def test_the_call_dialog_by_its_keys() -> None:
    """It opens on a card that may be called, and takes the keys of the pack drawn (one
    app, the dialog opened for each case in turn; every pack's keys are read on the
    choices above)."""
    four_of_cups, hand = make_card(3, 1), (make_card(1, 1), make_card(2, 1))
    cards = [make_card(1, x) for x in range(4)] + [four_of_cups]
    app = CallApp()
    async with app.run_test(size=(100, 32)) as pilot:
        dialog = app.call(cards, hand, "italian")
        await quiet(pilot)
        assert app.screen is dialog and dialog.chosen() == four_of_cups
        assert "cannot" not in choice_line(dialog) and "Jack" not in choice_line(dialog)
        await press(pilot, "enter", "enter")  # the rank, then the suit: called
        assert app.called == [four_of_cups]
        for style, keys, card in (CALLS[0], CALLS[3]):  # c, on either list; a French face
            dialog = app.call(list(range(40)), (), style)
            await quiet(pilot)
            await press(pilot, *keys)
            assert dialog.chosen() == card
            assert dialog.pack.short(card) in choice_line(dialog)
            await press(pilot, "enter")
            assert app.called[-1] == card and app.screen is not dialog


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
