"""Watching a room's table from the lobby, by keys: ``w`` on a listed table goes to its places
as a watcher, the table opens when its match starts, and once the match is over the player is
back in the lobby."""

from __future__ import annotations

from bisca_tui.join.lobby import LobbyScreen
from bisca_tui.join.room_app import RoomMatchEnd
from bisca_tui.net import room_protocol as R
from bisca_tui.tui.screens.summary import DealSummaryScreen

from .room_app_support import SIZE, room_app, until
from .room_support import LONG, identity, open_room


async def test_a_match_watched_to_its_end_comes_back_to_the_lobby(tmp_path):
    run = await open_room()
    try:
        rui, rosa = await run.enter("Rui"), await run.enter("Rosa")
        rui.open("brisca", people=2, options={"match": 2})  # a short match: two hands
        go = await rui.go()
        players = [await run.sit(rui, go, seat=0, seed=1)]
        app = room_app(run, tmp_path, "Ana", identity())
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.room.tables, "the table listed")
            await pilot.press("w")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.seats,
                        "its places, to watch")
            await rosa.expect(R.TABLES, LONG, where=lambda m: any(  # the lobby sees Ana watch
                t["table"] == go["table"] and t["watchers"] == 1 for t in m["tables"]))
            rosa.enter_table(go["table"])
            players.append(await run.sit(rosa, await rosa.go(), seat=1, seed=2))

            def at_the_end() -> bool:
                if isinstance(app.screen, DealSummaryScreen):
                    app.screen.action_close()  # as Enter does, at each deal's end
                return isinstance(app.screen, RoomMatchEnd)

            await until(pilot, at_the_end, "the match's end")
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is app.room_screen, "back in the lobby")
            assert app.link is None and app.place is None and not app.watching
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "quit")
        for client in (*players, rui, rosa):
            await client.close()
    finally:
        await run.stop()
