"""The last trick stays readable after it is taken, even when the bots play instantly."""

from __future__ import annotations

from tui_helpers import first_playable_index, make_app, play_key, press, quick_table

from bisca_tui.engine.cards import card_str
from bisca_tui.tui.cardart import LETTERS


def caption(t) -> str:
    return str(t.query_one("#trick-caption").render())


def slot_cards(t) -> set[str]:
    """The cards drawn in the trick slots (letters style: rank and suit letter)."""
    shown = set()
    for seat in range(t.session.variant.n):
        text = str(t.query_one(f"#slot-{seat}").render())
        rows = text.splitlines()
        if len(rows) > 2 and rows[1].strip("│ "):
            shown.add(rows[1].strip("│ ")[0] + rows[2].strip("│ ")[-1])
    return shown


async def test_the_last_trick_stays_readable_and_l_reviews_it(private_data) -> None:
    app = make_app(private_data, card_style=LETTERS)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=4)
        t.session.card_style = LETTERS
        st = t.session.state
        seen_bot_lead = seen_own_lead = False
        while not (seen_bot_lead and seen_own_lead) and len(st.tricks) < 15:
            await play_key(app, pilot, str(first_playable_index(t) + 1))
            last = st.tricks[-1]
            cards = [card_str(c) for c in last.cards]
            if last.winner == 1:
                # the bot took it and led again at once: its new card is on the table,
                # and the trick it took is still spelled out under it
                assert st.trick and st.current == 0
                assert all(c in caption(t) for c in cards)
                assert "Rui" in caption(t) and f"+{last.points}" in caption(t)
                seen_bot_lead = True
            elif not seen_own_lead:
                # we took it: the finished trick stays in its slots until a key
                assert slot_cards(t) == set(cards)
                assert "You take the trick" in caption(t)
                await press(pilot, "space")
                assert slot_cards(t) == set()
                assert all(c in caption(t) for c in cards)
                seen_own_lead = True
        assert seen_bot_lead and seen_own_lead
        # l shows the last trick in the slots at any time, l again puts it away
        last = st.tricks[-1]
        await press(pilot, "l")
        assert t.review and slot_cards(t) == {card_str(c) for c in last.cards}
        assert "Last trick" in caption(t)
        await press(pilot, "l")
        assert not t.review
