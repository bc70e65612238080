"""A rated match opened from the lobby, sat at and left: a bot plays the place once the
room's hold is over, and at the match's end the lobby says how the player's rating moved
(before and after, and that leaving counts as the last place), in the lobby and in a notice,
and the leaderboard shown is asked for again."""

from __future__ import annotations

from bisca_tui.join.lobby import LobbyScreen
from bisca_tui.join.table import RemoteTableScreen

from .room_app_support import SIZE, room_app, shown, until
from .room_support import identity, open_room


async def test_a_rated_match_left_is_rated_as_the_last_place_and_said_in_the_lobby(tmp_path):
    run = await open_room(hold=0.05)
    try:
        app = room_app(run, tmp_path, "Ana", identity())
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await until(pilot, lambda: app.room.entered, "in the room")
            for _ in app.room.games:  # g until the leaderboard is Bisca de Três's
                if app.chosen_game == "bisca-3":
                    break
                await pilot.press("g")
            await until(pilot, lambda: app.room.board_game == "bisca-3", "its leaderboard")
            assert not any(r.name == "Ana" for r in app.room.board)
            assert app.room_link.open("bisca-3", 2, 1, "easy", rated=True, private=False)
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.seats,
                        "the places")
            await pilot.press("1")
            await until(pilot, lambda: isinstance(app.screen, RemoteTableScreen), "the table")
            await pilot.press("escape")
            await until(pilot, lambda: app.screen.id == "leave-table", "asked")
            await pilot.press("l")
            await until(pilot, lambda: app.screen is app.room_screen, "back in the room")
            await until(pilot, lambda: app.room.rated, "the rating moved")
            rated = app.room.rated[0]
            assert rated.before is None and rated.variant == "bisca-3" and rated.left
            words = (f"Your rating at Bisca de Três: — → {rated.after:.1f}. You left before "
                     "the end: that counts as last place.")
            assert words in shown(app, "#room-status").replace("\n", " ")
            assert any(words in str(n.message) for n in app._notifications)
            await until(pilot, lambda: any(r.name == "Ana" for r in app.room.board),
                        "the leaderboard asked again, Ana in it")
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "quit")
    finally:
        await run.stop()
