"""Keys pressed as a player presses them: one Enter bids two for the points its line shows,
the bid list stops at its ends, the first Tab in the new game form lands on a field that
shows it has the focus, and the keys list of a game leaves out the keys it never uses."""

from __future__ import annotations

import pytest
from keys_support import assert_keys_listed, keys_listed
from textual.widgets import OptionList
from tui_helpers import Passer, make_app, open_table, press, quick_table, quiet, until

from bisca_tui.engine import actions as A
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.auction import BidListScreen, CallScreen
from bisca_tui.tui.screens.keys import KeysScreen
from bisca_tui.tui.screens.newgame import NewGameScreen


def chiamata_against_passers() -> Session:
    session = Session.new("chiamata", {}, default_seats(5, "random"), seed=21)
    session.bots = {seat: Passer() for seat in range(1, 5)}  # type: ignore[misc]
    return session


async def test_the_bid_list_stops_at_its_ends_and_one_enter_bids_its_line(
        private_data) -> None:
    """At the table's first bid: the keys list of Briscola Chiamata (the table behind the
    bid list), the bid list stopping at its ends, and one Enter bidding two for the points
    its last line shows. One table for the three."""
    session = chiamata_against_passers()
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        await press(pilot, "escape")  # a look at the table, and its keys
        await until(pilot, lambda: app.screen is t)
        await press(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, KeysScreen))
        assert_keys_listed(keys_listed(app), "chiamata", ("Open the bidding",))
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is t)
        await press(pilot, "b")  # the bidding again
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        bids = app.screen
        lst = bids.query_one("#bid-list", OptionList)
        last = lst.option_count - 1
        await press(pilot, "down", "down")  # a line at a time
        assert lst.highlighted == 2
        await press(pilot, "end", "down")  # the last line, and down stays there
        assert lst.highlighted == last, bids.labels[lst.highlighted]
        await press(pilot, "up")
        assert lst.highlighted == last - 1
        await press(pilot, "home", "up")  # the first, and up is not round to the last
        assert lst.highlighted == 0
        await press(pilot, "end")  # the last line: "Two for 61"
        assert "Two for 61" in str(lst.get_option_at_index(lst.highlighted).prompt)
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, CallScreen))
        assert session.state.bidding.bids[0] == (0, A.BID + 61)


async def test_the_first_tab_in_the_new_game_form_lands_on_a_field(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        await press(pilot, "n")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await quiet(pilot)
        assert app.focused is not None and app.focused.id == "variant-list"
        await press(pilot, "tab")
        assert app.focused is not None and app.focused.id == "name-0", app.focused


# Briscola Chiamata's list, with "Open the bidding", is read at the bid test's table above,
# Sueca's at its deal by keys (test_sueca)
@pytest.mark.parametrize(("variant", "has"), [("bisca-6", ("Signal",))])
async def test_the_keys_list_leaves_out_what_the_game_never_uses(private_data, variant,
                                                                 has) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        t = await quick_table(app, pilot, variant, seed=3)
        assert app.screen is t
        await press(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, KeysScreen))
        assert_keys_listed(keys_listed(app), variant, has)
