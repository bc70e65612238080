"""Card points hidden with p stay hidden everywhere at the table: the trick's caption (the
trick just taken, the last trick's line, the last trick looked at again) and the log."""

from __future__ import annotations

import re

from tui_helpers import first_playable_index, log_text, make_app, play_key, press, quick_table

POINTS = re.compile(r"\+\d")


def caption(t) -> str:
    return str(t.query_one("#trick-caption").render())


async def test_hidden_points_leave_every_caption(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(100, 30)) as pilot:
        t = await quick_table(app, pilot, "bisca-3", seed=4)
        st = t.session.state
        await press(pilot, "p")
        assert t.hide_points
        seen_taken = seen_last_line = False
        while not (seen_taken and seen_last_line) and len(st.tricks) < 15:
            logged = len(t.log_lines)
            await play_key(app, pilot, str(first_playable_index(t) + 1))
            assert st.tricks, "a trick was taken"
            text = caption(t)
            if t.show_finished:  # the trick just taken, in its slots
                assert "take" in text and "the trick" in text
                seen_taken = True
            else:  # a new trick under way: the last one in one line
                assert "Last" in text and t.session.name(st.tricks[-1].winner) in text
                seen_last_line = True
            assert not POINTS.search(text), text
            assert not any(POINTS.search(line) for line in log_text(t)[logged:])
        assert seen_taken and seen_last_line
        await press(pilot, "l")  # the last trick looked at again
        assert t.review and "Last trick" in caption(t)
        assert not POINTS.search(caption(t))
        # shown again: the caption says what the trick brought
        await press(pilot, "p")
        assert not t.hide_points and t.review
        assert f"+{st.tricks[-1].points}" in caption(t)
