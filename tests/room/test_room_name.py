"""A browser's visitor types the name they come into the room under (``serve --join ROOM``
starts ``join ROOM --guest --ask-name``): nothing is sent before it, and a name that belongs
to a player of the room, or that someone in the room goes by, is asked for again with the
room's words."""

from __future__ import annotations

from bisca_tui.join.chat import NameDialog
from bisca_tui.join.room_app import RoomApp

from .room_app_support import SIZE, until
from .room_support import open_room


async def test_a_guest_types_a_name_and_is_asked_again_for_one_somebody_has(tmp_path):
    run = await open_room()
    try:
        owner = await run.enter("Ana")
        app = RoomApp("127.0.0.1", run.port, None, None, data_directory=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, NameDialog), "the name asked")
            assert not run.room.people[1:]  # nothing came in before the name
            await pilot.press("a", "n", "a", "enter")
            await until(pilot, lambda: isinstance(app.screen, NameDialog) and app.screen.note,
                        "the name asked again")
            assert "belongs to a player" in app.screen.note
            await pilot.press("B", "i", "a", "enter")
            await until(pilot, lambda: app.room.entered, "in the room")
            assert app.room.you == "Bia" and run.room.find("Bia").guest
        await owner.close()
    finally:
        await run.stop()
