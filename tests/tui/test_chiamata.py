"""Briscola Chiamata at the table: the auction by a list of legal bids, the call, a deal
ended by keys, the partner shown when the called card falls."""

from __future__ import annotations

from auction_support import act, offered, passers
from tui_helpers import (
    Passer,
    log_text,
    make_app,
    open_table,
    play_ahead,
    press,
    quiet,
    until,
)

from bisca_tui.engine import actions as A
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.narrate import describe
from bisca_tui.tui.screens.auction import BidListScreen, CallScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.widgets.side import info_text


def rendered(widget) -> str:
    return str(widget.render())


def test_the_bids_are_the_ranks_as_the_faces_show_them() -> None:
    """The bid list the table opens at the first bid: the ranks as the Italian faces show
    them and in words, the bids of two for points one line (their points in a field)."""
    session = passers("chiamata", 21)
    st = session.state
    assert st.current == 0  # eldest (the dealer's right) bids first: the person here
    bids = offered(session)
    assert isinstance(bids, BidListScreen)
    listed = bids.labels
    assert listed[:3] == ["Pass", "A  Ace", "3  Three"]
    assert "R  King" in listed and "C  Horse" in listed and "F  Jack" in listed
    assert listed[-1] == "2  Two for 61" and len(listed) == 1 + 9 + 1
    assert bids.choices.pick(2, "") == A.BID_RANK + 2  # the third line: the Three
    session.apply(A.BID_RANK + 2)
    act(session, [], lambda st: st.phase == "call")
    call = offered(session)
    assert isinstance(call, CallScreen)
    assert call.ranks == ["3"]  # only Threes may be called: the list holds just that one


def test_a_chiamata_deal_bid_called_and_played_out() -> None:
    """The Three bid from the list (its third line), the call offering only Threes, the
    Three of a suit not held called: what the table logs and shows at the side, from the
    session the table draws. (The keys reach the dialogs in test_hotseat, where down and
    Enter bid the Ace from the list, and test_bid_call_dialogs, where a rank's key, a suit's
    key and Enter call a card.)"""
    session = passers("chiamata", 21)
    st = session.state
    # eldest (the dealer's right) bids first: the person at seat 0 here
    assert st.current == 0
    bids = offered(session)
    assert isinstance(bids, BidListScreen)
    # down twice from Pass: the Three (calling a Three of the chosen suit)
    three = bids.choices.pick(2, "")
    assert three == A.BID_RANK + 2
    told = describe(session, session.match, session.apply(three).events)
    assert st.bidding.bids[0] == (0, A.BID_RANK + 2)  # the Three
    assert "You bid Three" in [str(line) for line in told]
    act(session, [], lambda st: st.phase == "call")
    assert st.bidding.contract.bidder == 0 and st.bidding.contract.bid_label == "Three"
    call = offered(session)
    assert isinstance(call, CallScreen)
    assert call.ranks == ["3"]  # only Threes may be called
    hand = set(st.hands[0])
    suit = next(x for x in range(4) if x * 10 + 2 not in hand)
    assert call.choices.card(0, suit) == suit * 10 + 2
    session.apply(A.call(suit * 10 + 2))  # what the table applies for the card called
    assert st.phase == "play" and st.bidding.contract.called == suit * 10 + 2
    assert st.trump == suit
    info = info_text(session, session.view(0)).plain
    assert "Bidder You · Three" in info and "partner: ?" in info
    # the play on to the end in the engine, as the keys would play it: the last trick of a
    # Chiamata deal by keys, bringing the summary, is played in test_chiamata_forms (col
    # monte), and the play by keys in test_play
    play_ahead(session, lambda st: st.is_over())
    assert sum(st.result.game_points) == 0
    session.finish_deal()  # as the table does at the deal's end
    assert session.match.scores == list(st.result.game_points)


async def test_the_score_sheet_then_everyone_passing_deals_again(private_data) -> None:
    """Two deals played: the score sheet lists each deal and the totals; then everyone
    passes, and the same dealer deals again."""
    import random

    from bisca_tui.tui.screens.summary import ScoreSheetScreen

    session = Session.new("chiamata", {}, default_seats(5, "random"), seed=8)
    session.bots = {seat: Passer() for seat in range(1, 5)}  # type: ignore[misc]
    m = session.match
    rng = random.Random(5)
    for _ in range(2):  # two deals played out before the table opens
        st = m.current
        while not st.is_over():
            st.apply(rng.choice(st.legal_actions()))
        m.finish_deal()
        m.new_deal()
    app = make_app(private_data)
    async with app.run_test(size=(100, 32)) as pilot:
        t = await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        await press(pilot, "escape")  # look at the table
        await until(pilot, lambda: app.screen is t)
        await press(pilot, "t")
        await until(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        sheet = "\n".join(rendered(w) for w in app.screen.query("Static"))
        rows = [line for line in sheet.splitlines() if line.strip()[:1].isdigit()]
        played = [r for r in m.results if not r.redeal]
        assert len(rows) == len(played)
        first = [int(x) for x in rows[0].split()[1:]]
        assert first == m.gains(0, m.results[0])
        total = next(line for line in sheet.splitlines() if line.startswith("Total"))
        assert [int(x) for x in total.split()[1:]] == m.scores
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is t)
        dealer = m.current.dealer
        await press(pilot, "b")  # the bidding again
        await until(pilot, lambda: isinstance(app.screen, BidListScreen))
        await press(pilot, "enter")  # Pass, the first line
        await until(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        await quiet(pilot)
        summary = " ".join(rendered(w) for w in app.screen.query("Static"))
        assert "deals again" in summary
        assert m.results[2].redeal
        assert m.dealer_of(3) == dealer


async def test_a_person_who_deals_and_sits_out_watches_the_deal(private_data) -> None:
    import random

    from tui_helpers import settle

    session = Session.new("chiamata", {}, default_seats(6, "random"), seed=3)
    m = session.match
    st = m.current
    rng = random.Random(1)
    while not st.is_over():
        st.apply(rng.choice(st.legal_actions()))
    m.finish_deal()
    m.new_deal()
    assert m.sitting_out() == 0 and not session.humans()  # the person deals this one
    # the bidding and seven tricks of eight in the engine: the table watches the bots play
    # the last one (who is asked to act when the person sits out is the table's turn loop,
    # the same for every trick)
    st = m.current
    while not st.is_over() and len(st.tricks) < 7:
        st.apply(rng.choice(st.legal_actions()))
    assert len(st.tricks) == 7
    app = make_app(private_data)
    async with app.run_test(size=(100, 32)) as pilot:
        t = await open_table(app, pilot, session)
        assert t.viewer is None
        assert any("You deal and sit out" in line for line in log_text(t))
        await settle(app, pilot)  # the bots play the deal's last trick
        await until(pilot, lambda: isinstance(app.screen, DealSummaryScreen))
        assert session.state.is_over()
