"""The app tests draw the screen when a wait ends, not at every frame (``pilot_support``):
what changed on the way is drawn then, all of it, and a widget that cannot be drawn fails
the test at that wait."""

from __future__ import annotations

import pytest
from pilot_support import draw
from textual.widgets import Static
from tui_helpers import first_playable_index, hand_key, make_app, play_key, quick_table, quiet

from bisca_tui.tui.widgets.board import HandView


async def test_a_widget_that_cannot_be_drawn_fails_the_wait(private_data, monkeypatch) -> None:
    app = make_app(private_data)
    reached = False
    with pytest.raises(RuntimeError, match="cannot be drawn"):
        async with app.run_test(size=(100, 30)) as pilot:
            t = await quick_table(app, pilot, "bisca-4", seed=3)

            def cannot(self, *args, **kwargs):
                raise RuntimeError("cannot be drawn")

            monkeypatch.setattr(HandView, "render_lines", cannot)
            await play_key(app, pilot, hand_key(first_playable_index(t)))  # the hand changes
            reached = True
    assert not reached, "the failure waited past the wait that drew the hand"


async def test_what_changed_between_waits_is_drawn_when_the_wait_ends(private_data) -> None:
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        note = Static("first", id="note")
        await app.screen.mount(note)
        note.update("second")
        app.screen._on_timer_update()  # a frame due, as the screen's timer makes it
        note.update("third")
        app.screen._on_timer_update()
        assert app.screen._compositor._dirty_regions  # kept, not drawn
        await quiet(pilot)
        assert not app.screen._compositor._dirty_regions  # drawn, all of it
        assert not draw(app)  # nothing left to draw
        shown = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "third" in shown and "second" not in shown
