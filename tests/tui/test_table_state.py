"""The table follows its state: what it shows is set, never drawn by hand, and the areas
that show it are drawn again once, together; which keys apply is worked out once per
position; the footer is built again only when the keys it shows change, a seat's panel only when
what it shows changes."""

from __future__ import annotations

from pilot_support import press, quiet
from rich.text import Text
from tui_helpers import first_playable_index, hand_key, make_app, play_key, quick_table

from bisca_tui.tui.screens.table_drawing import AREAS, HAND, STATUS, TableDrawing
from bisca_tui.tui.screens.table_keys import KeysNow
from bisca_tui.tui.widgets.common import FittingFooter
from bisca_tui.tui.widgets.table import SeatPanel

SIZE = (120, 40)


def record_draws(monkeypatch) -> list[frozenset[str]]:
    """The areas of every drawing of the table from now on."""
    drawn: list[frozenset[str]] = []
    draw = TableDrawing.draw

    def recorded(self, areas=AREAS) -> bool:
        drawn.append(frozenset(areas))
        return draw(self, areas)

    monkeypatch.setattr(TableDrawing, "draw", recorded)
    return drawn


def status(t) -> str:
    return str(t.query_one("#status").render())


async def test_what_is_drawn_again_and_when_the_footer_is_built(private_data,
                                                                monkeypatch) -> None:
    """At one table, the person to play: a notice set is drawn in the status line alone;
    the cursor moved draws the hand and no more; neither builds the footer again; a card
    played is drawn once with everything it changed, and the footer built again once, its
    keys changed; the seat panels keep their heights as the turn moves."""
    app = make_app(private_data, bot_delay=3600)  # the bots wait while we look
    async with app.run_test(size=SIZE) as pilot:
        t = await quick_table(app, pilot, "sueca", seed=5)
        drawn = record_draws(monkeypatch)
        built = []
        recompose = FittingFooter.recompose

        async def counted(self) -> None:
            built.append(self)
            await recompose(self)

        monkeypatch.setattr(FittingFooter, "recompose", counted)
        keys = t.footer_keys
        # a notice set
        t.notice = Text("Look at the stock")
        assert drawn == []  # drawn once the change is made, not as it is made
        await quiet(pilot)
        assert drawn == [frozenset({STATUS})]
        assert "Look at the stock" in status(t)
        t.notice = None
        await quiet(pilot)
        assert "Look at the stock" not in status(t)
        # the cursor moved
        assert t.my_turn(t.shown_view()[0])
        before = t.selected
        drawn.clear()
        await press(pilot, "right")
        assert t.selected != before
        assert drawn == [frozenset({HAND})]
        assert t.footer_keys == keys and built == []  # nothing the footer shows
        # a card played
        t.notice = Text("a notice the card puts away")
        await quiet(pilot)
        drawn.clear()
        before = t.position
        assert str(t.query_one("#seat-0").border_title).startswith("▶")
        heights = [t.query_one(f"#seat-{seat}").size.height for seat in range(1, 4)]
        redrawn = seat_redraws(monkeypatch)
        await press(pilot, hand_key(first_playable_index(t)), workers=False)
        assert t.position != before and t.notice is None
        assert drawn == [AREAS]
        assert "a notice the card puts away" not in status(t)
        # the hand holds one card fewer, "1-10 Play" becomes "1-9 Play"
        assert t.footer_keys != keys and len(built) == 1
        # the turn's mark went to the next seat's frame; the seats whose words stayed the
        # same (the third and fourth: their cards, their frames) were not drawn again
        assert [str(t.query_one(f"#seat-{seat}").border_title).startswith("▶")
                for seat in range(4)] == [False, True, False, False]
        assert redrawn == {0, 1}
        # the seat to play now says so on the line its panel kept for it: no panel grew,
        # so the table round them did not move
        assert "to play" in str(t.query_one("#seat-1").render())
        assert [t.query_one(f"#seat-{seat}").size.height for seat in range(1, 4)] == heights


def seat_redraws(monkeypatch) -> set[int]:
    """The seats whose panel is drawn again from now on."""
    seats: set[int] = set()
    refresh = SeatPanel.refresh

    def recorded(self, *args, **kw):
        seats.add(self.seat)
        return refresh(self, *args, **kw)

    monkeypatch.setattr(SeatPanel, "refresh", recorded)
    return seats


async def test_the_keys_are_worked_out_once_per_position(private_data, monkeypatch) -> None:
    worked_out = []
    at = KeysNow.at.__func__

    def counted(cls, screen) -> KeysNow:
        worked_out.append((screen.flow.position(), screen.viewer, screen.waiting_handover,
                           screen.show_finished, screen.review))
        return at(cls, screen)

    monkeypatch.setattr(KeysNow, "at", classmethod(counted))
    app = make_app(private_data)
    async with app.run_test(size=SIZE) as pilot:
        t = await quick_table(app, pilot, "sueca", seed=5)
        worked_out.clear()
        bindings = [b for bs in t._bindings.key_to_bindings.values() for b in bs]
        for _ in range(3):
            for binding in bindings:
                action, _, _args = binding.action.partition("(")
                t.check_action(action, (0, 10) if action == "play" else ())
        assert len(worked_out) <= 1  # the position shown, worked out once (or already)
        await play_key(app, pilot, hand_key(first_playable_index(t)))
        # the card, each bot's card after it: once for each position shown, no more
        assert len(worked_out) == len(set(worked_out))
