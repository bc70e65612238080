"""A quick match from the lobby, by keys: ``n`` asks for one of the chosen game, the lobby
shows who waits and counts down to the bots, ``n`` again stops waiting; once the wait is over
the room's table opens on its places, bots in the places nobody took. A rating moved by a
rated match is said in the lobby."""

from __future__ import annotations

from bisca_tui.join.lobby import LobbyScreen
from bisca_tui.join.room_state import Rated, RoomState, Waiting
from bisca_tui.join.room_words import rated_line, waiting_line
from bisca_tui.net import room_protocol as R
from bisca_tui.room.caps import RoomCaps

from .room_app_support import SIZE, room_app, shown, until
from .room_support import identity, open_room


async def test_a_quick_match_counts_down_to_the_bots_and_opens_its_table(tmp_path):
    run = await open_room(RoomCaps(fill_after=3.0))
    try:
        app = room_app(run, tmp_path, "Ana", identity())
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.room.entered, "in the room")
            assert app.chosen_game == "sueca" and "play Sueca now" in shown(app, "#room-quick")
            await pilot.press("n")
            await until(pilot, lambda: "1 person waiting" in shown(app, "#room-quick"),
                        "waiting")
            assert "bots take the free places in" in shown(app, "#room-quick")
            await pilot.press("n")
            await until(pilot, lambda: app.room.waiting is None, "no longer waiting")
            assert "play Sueca now" in shown(app, "#room-quick")
            await pilot.press("n")
            counts = set()

            def counted() -> bool:
                line = shown(app, "#room-quick")
                counts.update(k for k in (1, 2, 3) if f" in {k} s" in line)
                return isinstance(app.screen, LobbyScreen)

            await until(pilot, counted, "the quick match's table")
            assert len(counts) >= 2  # the countdown went down on screen
            await until(pilot, lambda: app.seats, "its places")
            assert sum(s["kind"] == "bot" for s in app.seats) == 3
            assert run.room.tables[1].quick and run.room.tables[1].rated
            await pilot.press("q")
            await until(pilot, lambda: app.screen is app.room_screen, "back in the room")
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "quit")
    finally:
        await run.stop()


def test_the_waiting_line_counts_down_and_a_rating_moved_is_said():
    state = RoomState()
    state.take({"type": R.ROOM, "you": "Ana", "games": [
        {"variant": "sueca", "name": "Sueca"}], "levels": ["medium"]}, 0.0)
    state.take({"type": R.WAITING, "variant": "sueca", "people": 2, "bots_in": 20.0}, 100.0)
    assert state.waiting == Waiting("sueca", 2, 20.0, 100.0)
    assert "2 people waiting" in waiting_line(state, state.waiting, 105.5)
    assert "in 15 s" in waiting_line(state, state.waiting, 105.5)
    assert "now." in waiting_line(state, state.waiting, 130.0)
    state.take({"type": R.RATED, "variant": "sueca", "table": 3, "before": 25.0,
                "after": 27.25, "left": False}, 0.0)
    assert state.rated == [Rated("sueca", 3, 25.0, 27.25, False)]
    assert rated_line(state, state.rated[0]) == "Your rating at Sueca: 25.0 → 27.2."


def test_what_the_room_sends_is_checked_and_kept_as_text():
    """A room is another machine: fields of the wrong type are left out or read as nothing,
    and names and lines lose what does not print (an escape sequence's ESC, a line break)."""
    state = RoomState()
    state.take({"type": R.ROOM, "you": "Ana\x1b[31m", "games": ["x", {"variant": 3}],
                "levels": [1, "easy"], "chat": [{"from": "Rui\n", "text": "oi\x1b[2J"}, 7]},
               0.0)
    assert (state.you, state.games, state.levels) == ("Ana [31m", [], ["easy"])
    assert state.chat == [{"from": "Rui", "text": "oi [2J"}]
    state.take({"type": R.TABLES, "tables": [
        {"table": "1"}, 5, {"table": 2, "seats": [{"name": ["x"], "kind": "king"}, "y"],
                            "options": {"match": [1]}, "free": True, "rated": "yes"}]}, 0.0)
    (table,) = state.tables
    assert table.number == 2 and table.options == {} and table.free == 0
    assert not table.rated and [(s.name, s.kind) for s in table.seats] == [("", "open")]
    state.take({"type": R.WAITING, "variant": "sueca", "bots_in": float("nan")}, 0.0)
    assert state.waiting is not None and state.waiting.bots_in == 0.0
    state.take({"type": R.RATED, "after": "high"}, 0.0)
    state.take({"type": R.PEOPLE, "people": [{"name": "Eva", "table": True}, None]}, 0.0)
    assert state.rated == [] and [(p.name, p.table) for p in state.people] == [("Eva", None)]
