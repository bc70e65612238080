"""The card room's lobby on screen, driven by its keys against a room on loopback: coming in
with a key, the tables listed as another player opens one, the people, the leaderboard with
the bots' levels, and the chat shown as text, never markup."""

from __future__ import annotations

from textual.widgets import RichLog

from .room_app_support import SIZE, room_app, shown, tables_shown, until
from .room_support import identity, open_room


async def test_coming_in_with_a_key_lists_tables_people_board_and_chat(tmp_path):
    run = await open_room()
    try:
        app = room_app(run, tmp_path, "Ana", identity())
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.room.entered, "in the room")
            assert app.room.you == "Ana" and not app.room.guest
            rui = await run.enter("[b]Rui[/b]")
            rui.open("sueca", rated=True, people=2, options={"match": 10, "tie": "void"})
            seated = await run.sit(rui, await rui.go(), seat=0, play=False)
            await until(pilot, lambda: app.room.tables, "a table listed")
            await until(pilot, lambda: "[b]Rui[/b]" in tables_shown(app)[0], "the opener")
            line = tables_shown(app)[0]
            assert "Sueca (match: 10) — rated, 1 place free" in line  # the defaults unsaid
            assert "[b]Rui[/b] · open · bot · bot" in line
            await until(pilot, lambda: "[b]Rui[/b]" in shown(app, "#room-people"), "Rui")
            await until(pilot, lambda: app.room.board, "the leaderboard")
            board = shown(app, "#room-board")
            assert "bots (hard)" in board and "bots (easy)" in board
            rui.chat("[red]hello[/red] there")
            log = app.room_screen.query_one("#room-chat", RichLog)
            await until(pilot, lambda: any("[red]hello[/red] there" in s.text
                                           for s in log.lines), "the chat, as text")
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "quit")
        await seated.close()
        await rui.close()
    finally:
        await run.stop()
