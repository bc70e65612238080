"""The table follows its state: what it shows is set, never drawn by hand, and the areas
that show it are drawn again once, together; which keys apply is worked out once per
position; the footer is built again only when the keys it shows change."""

from __future__ import annotations

from pilot_support import press, quiet
from rich.text import Text
from tui_helpers import first_playable_index, hand_key, make_app, play_key, quick_table

from bisca_tui.tui.screens.table_drawing import AREAS, HAND, STATUS, TableDrawing
from bisca_tui.tui.screens.table_keys import KeysNow
from bisca_tui.tui.widgets.common import FittingFooter

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


async def test_a_notice_set_is_drawn_in_the_status_line_alone(private_data,
                                                              monkeypatch) -> None:
    app = make_app(private_data, bot_delay=3600)  # the bots wait while we look
    async with app.run_test(size=SIZE) as pilot:
        t = await quick_table(app, pilot, "sueca", seed=5)
        drawn = record_draws(monkeypatch)
        t.notice = Text("Look at the stock")
        assert drawn == []  # drawn once the change is made, not as it is made
        await quiet(pilot)
        assert drawn == [frozenset({STATUS})]
        assert "Look at the stock" in status(t)
        t.notice = None
        await quiet(pilot)
        assert "Look at the stock" not in status(t)


async def test_the_cursor_moved_draws_the_hand_and_no_more(private_data, monkeypatch) -> None:
    app = make_app(private_data)
    async with app.run_test(size=SIZE) as pilot:
        t = await quick_table(app, pilot, "sueca", seed=5)
        assert t.my_turn(t.shown_view()[0])
        before = t.selected
        drawn = record_draws(monkeypatch)
        await press(pilot, "right")
        assert t.selected != before
        assert drawn == [frozenset({HAND})]


async def test_a_card_played_is_drawn_once_with_everything_it_changed(
        private_data, monkeypatch) -> None:
    app = make_app(private_data, bot_delay=3600)  # the next seat's bot keeps thinking
    async with app.run_test(size=SIZE) as pilot:
        t = await quick_table(app, pilot, "sueca", seed=5)
        t.notice = Text("a notice the card puts away")
        await quiet(pilot)
        drawn = record_draws(monkeypatch)
        before = t.position
        await press(pilot, hand_key(first_playable_index(t)), workers=False)
        assert t.position != before and t.notice is None
        assert drawn == [AREAS]
        assert "a notice the card puts away" not in status(t)


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


async def test_the_footer_is_built_again_only_when_its_keys_change(private_data,
                                                                  monkeypatch) -> None:
    app = make_app(private_data, bot_delay=3600)
    async with app.run_test(size=SIZE) as pilot:
        t = await quick_table(app, pilot, "sueca", seed=5)
        built = []
        recompose = FittingFooter.recompose

        async def counted(self) -> None:
            built.append(self)
            await recompose(self)

        monkeypatch.setattr(FittingFooter, "recompose", counted)
        keys = t.footer_keys
        t.notice = Text("nothing the footer shows")
        await press(pilot, "right")
        assert t.footer_keys == keys and built == []
        # the card played: the hand holds one card fewer, "1-10 Play" becomes "1-9 Play"
        await press(pilot, hand_key(first_playable_index(t)), workers=False)
        assert t.footer_keys != keys and len(built) == 1
