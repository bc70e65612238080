"""From the lobby to a table and back, by keys: a table opened in the dialog (one person,
bots in the other places) goes to its places, then the table; leaving it comes back to the
lobby. A guest is refused a rated table in the room's own words, and may watch it."""

from __future__ import annotations

from bisca_tui.join.lobby import LobbyScreen
from bisca_tui.join.room_open import OpenTableDialog
from bisca_tui.join.table import RemoteTableScreen
from bisca_tui.net.client import Client

from .room_app_support import SIZE, room_app, shown, tables_shown, until
from .room_support import identity, open_room


async def test_a_table_opened_in_the_dialog_is_played_and_left_for_the_lobby(tmp_path):
    run = await open_room()
    try:
        app = room_app(run, tmp_path, "Ana", identity())
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.room.entered, "in the room")
            await pilot.press("o")
            await until(pilot, lambda: isinstance(app.screen, OpenTableDialog), "the dialog")
            for _ in range(7):  # from Open back past the house rules to the people
                await pilot.press("shift+tab")
            await pilot.press("enter", "down", "down", "down", "enter")
            dialog = app.screen
            assert dialog.asked().people == 1 and dialog.asked().variant == "sueca"
            await pilot.click("#open-go")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the places")
            await until(pilot, lambda: app.seats, "the places listed")
            assert [s["kind"] for s in app.seats] == ["open", "bot", "bot", "bot"]
            await pilot.press("1")
            await until(pilot, lambda: isinstance(app.screen, RemoteTableScreen), "the table")
            table = run.room.tables[1]
            assert table.opener == "Ana" and not table.rated and table.started
            await pilot.press("escape")
            await until(pilot, lambda: app.screen.id == "leave-table", "asked")
            await pilot.press("l")
            await until(pilot, lambda: app.screen is app.room_screen, "back in the room")
            assert app.link is None and app.table is None
            await until(pilot, lambda: any("Ana" in x and "Sueca" in x
                                           for x in tables_shown(app)), "the table listed")
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "quit")
    finally:
        await run.stop()


async def test_a_guest_is_refused_a_rated_table_in_the_rooms_words_and_may_watch(tmp_path):
    run = await open_room()
    try:
        rui = await run.enter("Rui")
        rui.open("bisca-3", rated=True, people=2)
        seated = await run.sit(rui, await rui.go(), seat=0, play=False)
        app = room_app(run, tmp_path, "Eva")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.room.entered and app.room.tables, "a table")
            assert app.room.guest and "(a guest" in shown(app, "#room-title")
            await pilot.press("s")
            await until(pilot, lambda: "a rated table is for players with a key: a guest "
                        "may watch it" in shown(app, "#room-status"), "the room's words")
            assert app.screen is app.room_screen
            await pilot.press("w")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.seats,
                        "the places, to watch")
            assert app.watching and app.place is None
            assert app.screen.active_bindings["q"].binding.description == "Back to the room"
            await pilot.press("q")
            await until(pilot, lambda: app.screen is app.room_screen, "back in the room")
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, "quit")
        await seated.close()
        await rui.close()
    finally:
        await run.stop()


async def test_a_private_table_with_a_house_rule_shows_its_code_for_join_host_code(tmp_path):
    run = await open_room()
    try:
        app = room_app(run, tmp_path, "Ana", identity())
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await until(pilot, lambda: app.room.entered, "in the room")
            await pilot.press("o")
            await until(pilot, lambda: isinstance(app.screen, OpenTableDialog), "the dialog")
            await pilot.press("p")
            assert app.screen.asked().private and not app.screen.asked().rated
            for _ in range(5):  # from Open back to Sueca's first house rule: the match
                await pilot.press("shift+tab")
            await pilot.press("enter", "down", "down", "enter")
            assert app.screen.asked().options == {"match": 10}  # the others as by default
            await pilot.click("#open-go")
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.seats,
                        "the places")
            code = run.room.tables[1].code
            words = f"others join it with bisca-tui join 127.0.0.1:{run.port} {code}"
            assert any(words in str(n.message) for n in app._notifications)
            assert run.room.tables[1].private and not app.room.tables  # not listed
            assert run.room.tables[1].host.variant.options["match"] == 10
            friend = await Client.connect("127.0.0.1", run.port, code, "Rosa")
            assert await friend.sit(1) == 1
            await friend.close()
    finally:
        await run.stop()
