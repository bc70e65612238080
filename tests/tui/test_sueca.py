"""Sueca at the table: a deal by keys to its end (a card that does not follow suit refused
on the way, the cursor resting only on cards that may be played), the bidding (its points a
field stepped by up and down) and the call of Sueca for five, the running totals of a long
match, the turned trump card and open hands."""

from __future__ import annotations

from auction_support import clear_of_the_hand
from keys_support import assert_keys_listed, keys_listed
from tui_helpers import (
    Passer,
    first_playable_index,
    hand_key,
    last_trick_to_play,
    log_text,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    play_key,
    press,
    quick_table,
    quiet,
    settle,
    until,
)

from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import card_str
from bisca_tui.engine.state import GameState
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.auction import BidScreen, CallScreen
from bisca_tui.tui.screens.auction_base import PointsField
from bisca_tui.tui.screens.keys import KeysScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen, summary_body
from bisca_tui.tui.screens.table import TableScreen
from bisca_tui.tui.widgets.side import PenteView


def rendered(widget) -> str:
    return str(widget.render())


async def test_a_deal_of_sueca_by_keys_follows_suit(private_data) -> None:
    """A card that does not follow suit is refused, the cursor rests only on cards that may
    be played (the arrows step over the others), and the deal ends by keys. On the way, the
    dealer's seat shows the turned trump until it is played."""
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        t = await quick_table(app, pilot, "sueca", seed=21)
        st = t.session.state
        # the dealer shows the turned trump card
        v = t.session.view(0)
        turned = v.indicator_card
        assert turned is not None and v.dealer != 0
        label = card_str(turned)[0]
        dealer_panel = rendered(t.query_one(f"#seat-{v.dealer}"))
        assert "trump" in dealer_panel and label in dealer_panel
        assert "Trumps" in rendered(t.query_one("#info"))
        # its keys list leaves out what Sueca never uses
        await press(pilot, "question_mark")
        await until(pilot, lambda: isinstance(app.screen, KeysScreen))
        assert_keys_listed(keys_listed(app), "sueca", ())
        await press(pilot, "escape")
        await until(pilot, lambda: app.screen is t)
        refused = restricted = 0
        for _ in range(8):  # until both have been seen
            if refused and restricted:
                break
            await settle(app, pilot)
            v = t.session.view(0)
            shown = t.sorted_hand(v)
            legal = {a for a in v.legal if A.is_play(a)}
            playable = {i for i, c in enumerate(shown) if c in t.playable(v)}
            assert t.selected in playable  # at the start of the turn, after the last play
            if not restricted and len(playable) < len(shown):
                restricted += 1
                await walk_the_cursor(app, pilot, t, len(shown), playable)
            if not refused and v.trick and legal != set(shown):
                # a card that does not follow suit is refused with the engine's reason
                bad = next(i for i, c in enumerate(shown) if c not in legal)
                if bad < 10:
                    before = len(st.history)
                    await press(pilot, hand_key(bad))
                    await quiet(pilot)
                    assert len(st.history) == before
                    status = rendered(t.query_one("#status"))
                    assert "cannot play" in status and "suit" in status
                    refused += 1
            await play_key(app, pilot, hand_key(first_playable_index(t)))
        assert refused, "never had to follow suit"
        assert restricted, "no turn with a card that may not be played"
        # played on in code until the dealer has let the turned trump go, the person to
        # play: the dealer's seat no longer shows it
        play_ahead(t.session, lambda st: turned not in st.hands[v.dealer]
                   and st.current == 0)
        t.refresh_table()
        await quiet(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "trump " not in rendered(t.query_one(f"#seat-{v.dealer}"))
        # the rest of the deal in the engine, its last trick by keys: a card refused by the
        # table is the refusal above; what the engine allows at every step is held to the
        # rulings by the Sueca property tests (tests/sueca)
        play_ahead(t.session, last_trick_to_play(t.session))
        t.refresh_table()
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        deal = t.session.match.deals[0]
        assert deal.is_over() and len(deal.tricks) == 10
        # every card of the deal followed suit when its player could
        fresh = GameState(deal.variant, deal.dealer, deal.seed)
        hands = [list(h) for h in fresh.hands]
        suit = deal.variant.suit
        for trick in deal.tricks:
            led = suit[trick.cards[0]]
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                if suit[card] != led:
                    assert all(suit[c] != led for c in hands[seat]), (seat, card)
                hands[seat].remove(card)
        assert sum(deal.result.card_points) == 120


async def walk_the_cursor(app, pilot, t, size: int, playable: set[int]) -> None:
    """Right round the hand, then left: the cursor goes to the next card that may be played
    that way, and so reaches every one of them."""
    seen = set()
    for key in ["right"] * size + ["left"] * size:
        step = 1 if key == "right" else -1
        want = next(i for k in range(1, size + 1)
                    if (i := (t.selected + step * k) % size) in playable)
        app.simulate_key(key)
        await until(pilot, lambda want=want: t.selected == want)
        seen.add(t.selected)
    assert seen == playable  # the arrows reach every card that may be played


async def test_open_hands_show_in_the_seats(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(120, 40)) as pilot:
        t = await quick_table(app, pilot, "sueca-aberta", seed=7)
        v = t.session.view(0)
        for seat in range(1, 4):
            assert len(v.known[seat]) == v.hand_sizes[seat]
            panel = rendered(t.query_one(f"#seat-{seat}"))
            assert "hand" in panel
            # every rank held shows in the panel
            for card in v.known[seat]:
                assert card_str(card)[0] in panel


async def test_bidding_and_calling_in_sueca_for_five(private_data) -> None:
    session = Session.new("sueca-5", {}, default_seats(5, "random"), seed=9)
    session.bots = {seat: Passer() for seat in range(1, 5)}  # type: ignore[misc]
    st = session.state
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        t = await open_table(app, pilot, session)
        await until(pilot, lambda: isinstance(app.screen, BidScreen))
        await until(pilot, lambda: clear_of_the_hand(app, t))  # the hand in sight
        assert "pass" in rendered(t.query_one(f"#seat-{st.dealer}"))
        # too low a bid is refused in the dialog
        await press(pilot, "5", "0", "enter")
        assert isinstance(app.screen, BidScreen)
        assert "61" in rendered(app.screen.query_one("#bid-error"))
        # points alone are a field stepped by up and down
        field = app.screen.query_one("#bid-input", PointsField)
        await press(pilot, "backspace", "backspace", "up")  # empty, it starts at the lowest
        assert field.value == "61"
        await press(pilot, "down")  # and goes no lower
        assert field.value == "61"
        await press(pilot, "pageup", "up")
        assert field.value == "72"
        await press(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, CallScreen))
        assert st.bidding.bids[:2] == ((st.dealer, A.PASS), (0, A.BID + 72))
        assert st.bidding.contract.bidder == 0 and st.bidding.contract.need == 72
        logged = log_text(t)
        assert "You bid 72 points" in logged and any(line.endswith("passes") for line in logged)
        # the call: a rank then a suit, by their letters; a card we do not hold
        hand = set(st.hands[0])
        card = next(s * 10 + r for r in (0, 6, 9) for s in range(4) if s * 10 + r not in hand)
        text = card_str(card)
        await press(pilot, text[0].lower())
        await press(pilot, text[1].lower())
        await quiet(pilot)
        assert text[0] in rendered(app.screen.query_one("#call-choice"))
        await press(pilot, "enter")
        await settle(app, pilot)
        assert app.screen is t
        assert st.phase == "play" and card_str(st.bidding.contract.called) == text
        assert st.trump == card // 10
        info = rendered(t.query_one("#info"))
        assert "Bidder You · 72 points" in info and "partner: ?" in info
        assert "bidder 72 points" in rendered(t.query_one("#seat-0"))
        assert any("You call" in line for line in log_text(t))
        # the session's running scores replace the comb
        scores = rendered(t.query_one(PenteView))
        assert "10 deals" in scores and "┼" not in scores
    # the deal's end: the sides' points, then what each player gets, as its summary says
    # them (the deal played on in the engine, and scored as the table scores it; the
    # summary shown at a deal's end by keys is pressed by the other tests here)
    play_ahead(session, lambda st: st.is_over())
    result = session.finish_deal()
    assert result == st.result
    summary = summary_body(session, result, 0).plain
    assert "Bidder's side (You" in summary
    assert f"{result.card_points[0]:>3} card points" in summary
    assert f"You       {result.game_points[0]:+d}" in summary
    assert session.match.scores == list(result.game_points)


async def test_sueca_de_pontos_shows_totals_not_a_comb(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        # a match under way, sat down at for the last trick of its deal
        session = Session.new("sueca-pontos", {}, default_seats(4, "random"), seed=4)
        match = session.match
        match.scores[:] = [123, 87]
        play_ahead(session, last_trick_to_play(session))
        t = await open_table(app, pilot, session)
        shown = rendered(t.query_one(PenteView))
        assert "500" in shown and "123" in shown and "87" in shown
        assert "┼" not in shown and "●" not in shown
    # the deal's card points go to the running total, as its summary says (the last trick
    # played in the engine, as the keys play it, and the deal scored as the table scores
    # it; the summary shown at a deal's end by keys is pressed by the tests above)
    play_ahead(session, lambda st: st.is_over())
    summary = summary_body(session, session.finish_deal(), 0).plain
    assert "to the total" in summary and "first to 500" in summary
    gained = match.results[0].game_points
    assert match.scores == [123 + gained[0], 87 + gained[1]]
