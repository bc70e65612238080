"""The table's looks at the smallest and at a large terminal: five seats' tricks that stay
apart at 80x24, the hand under the middle of the table at 160x50."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region
from tui_helpers import first_playable_index, make_app, open_table, play_ahead, press, quiet

from bisca_tui.engine.phases import PLAY
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.cardart import LETTERS, SYMBOLS, card_text
from bisca_tui.tui.screens.table import TableScreen
from bisca_tui.tui.widgets.lines import last_trick_line


async def chiamata_after_a_trick(app: BiscaApp, pilot, seed: int = 5) -> TableScreen:
    """Briscola Chiamata for five after the bidding, the call and a trick, back at the
    person's turn: played in the engine (the person passing), then sat down at. The bidding
    dialogs and play by keys have tests of their own."""
    session = Session.new("chiamata", {}, default_seats(5, "random"), seed=seed)
    play_ahead(session, lambda st: st.phase == PLAY and bool(st.tricks)
               and session.is_human(st.current))
    return await open_table(app, pilot, session)


def apart(a: Region, b: Region) -> bool:
    return not a.overlaps(b)


async def test_five_seats_tricks_stay_apart_at_80x24(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await chiamata_after_a_trick(app, pilot)
        s = t.session
        last = s.state.tricks[-1]
        assert len(last.cards) == 5
        await press(pilot, "l")  # the last trick back in the slots
        await quiet(pilot)
        slots = [t.query_one(f"#slot-{seat}").region for seat in range(5)]
        for i, a in enumerate(slots):
            assert a.area > 0
            for b in slots[i + 1:]:
                assert apart(a, b), (a, b)
        # the caption under the trick has the room of the centre of the table: the last
        # trick's line fits it with a space between every two cards, whatever the names
        room = t.query_one("#trick-caption").content_region.width
        assert 20 <= room < 40
        for style in (SYMBOLS, LETTERS):
            cards = [card_text(c, style) for c in last.cards]
            for who in ("You", "Tiago", "Maximiliano Bento"):
                line = last_trick_line(cards, who, 120, room)
                assert line.cell_len <= room
                assert " ".join(c.plain for c in cards) in line.plain, line.plain


def test_a_last_trick_too_long_for_its_room_keeps_the_cards_apart() -> None:
    cards = [Text(f"{r}♠") for r in "A7KJQ6"]
    wide = last_trick_line(cards, "Rui", 11, 80)
    assert wide.plain == "Last trick: A♠ 7♠ K♠ J♠ Q♠ 6♠ → Rui +11  (l)"
    assert last_trick_line(cards, "Rui", 11, 25).plain == "A♠ 7♠ K♠ J♠ Q♠ 6♠ Rui +11"
    narrow = last_trick_line(cards, "Rui", 11, 12)
    assert narrow.plain == "… J♠ Q♠ 6♠" and narrow.cell_len <= 12


async def test_the_hand_sits_under_the_middle_of_the_table_at_160x50(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(160, 50)) as pilot:
        t = await chiamata_after_a_trick(app, pilot)
        await quiet(pilot)
        table = t.query_one("#table").region
        hand = t.query_one("#hand")
        top = t.query_one("#top-seats").region
        middle = table.x + table.width / 2
        # where the cards are drawn on the hand's line through their middle
        drawn = hand.render_line(2).text
        first = hand.region.x + len(drawn) - len(drawn.lstrip())
        last = hand.region.x + len(drawn.rstrip())
        assert "│" in drawn and last - first < table.width - 20  # room on either side
        assert abs((first + last) / 2 - middle) <= 1.5
        # the seats across the top are centred the same way
        seats = [t.query_one(f"#{w.id}").region for w in t.query("#top-seats .seat")]
        left, right = min(r.x for r in seats), max(r.right for r in seats)
        assert top.width == table.width
        assert abs((left + right) / 2 - middle) <= 1.5
        # and a click on a card still plays that card
        v = t.session.view(0)
        index = first_playable_index(t)
        size = t.query_one("#hand").size_
        step = size.width + t.query_one("#hand").gap
        before = len(t.session.state.history)
        x = 1 + hand.left_margin() + index * step + 1  # the padding, then the card
        assert hand.region.x + x >= first
        await pilot.click("#hand", offset=(x, 2))
        await quiet(pilot)
        assert len(t.session.state.history) > before
        assert t.session.state.history[before] == t.sorted_hand(v)[index]
