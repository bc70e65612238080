"""``bisca-tui join ROOM`` without a code opens a card room's lobby: with the player's key
from the data folder (made there the first time), or as a guest with ``--guest``; a key
file that could not be read is said in the lobby. With a code, the table's own app opens as
before."""

from __future__ import annotations

from typing import Any

import pytest

from bisca_tui import cli
from bisca_tui.join.app import JoinApp
from bisca_tui.join.room_app import RoomApp
from bisca_tui.net.identity import KEY_NAME

from .room_app_support import SIZE, shown, until
from .room_support import open_room


@pytest.fixture
def opened(monkeypatch) -> list[Any]:
    """The apps the command would open, not run."""
    apps: list[Any] = []

    def run(self: Any) -> int:
        apps.append(self)
        return 0

    monkeypatch.setattr(JoinApp, "run", run)
    return apps


def test_without_a_code_the_room_opens_with_the_key_kept_in_the_data_folder(tmp_path, opened):
    assert cli.main(["join", "192.0.2.7:7400", "--name", "Ana", "--data-dir",
                     str(tmp_path)]) == 0
    app = opened[0]
    assert isinstance(app, RoomApp) and app.address == ("192.0.2.7", 7400)
    assert app.room_link.identity is not None and app.identity_problem == ""
    assert (tmp_path / KEY_NAME).exists()
    public = app.room_link.identity.public
    cli.main(["join", "192.0.2.7:7400", "--name", "Ana", "--data-dir", str(tmp_path)])
    assert opened[1].room_link.identity.public == public  # the same key: the same player


def test_a_guest_brings_no_key_and_a_code_still_joins_a_table(tmp_path, opened):
    cli.main(["join", "192.0.2.7:7400", "--guest", "--name", "Eva", "--data-dir",
              str(tmp_path)])
    assert isinstance(opened[0], RoomApp) and opened[0].room_link.identity is None
    assert not (tmp_path / KEY_NAME).exists()
    cli.main(["join", "192.0.2.7:7400", "K7Q2XP", "--name", "Eva", "--data-dir",
              str(tmp_path)])
    assert type(opened[1]) is JoinApp and opened[1].code == "K7Q2XP"
    assert opened[1].ticket is None


async def test_a_key_file_that_is_no_key_is_said_in_the_lobby(tmp_path, opened):
    (tmp_path / KEY_NAME).write_text("not a key")
    cli.main(["join", "127.0.0.1:1", "--name", "Ana", "--data-dir", str(tmp_path)])
    problem = opened[0].identity_problem
    assert "could not be read" in problem
    run = await open_room()
    try:
        app = RoomApp("127.0.0.1", run.port, "Ana", opened[0].room_link.identity,
                      data_directory=tmp_path, identity_problem=problem)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: app.room.entered, "in the room")
            assert "could not be read" in shown(app, "#room-status")
            await pilot.press("q")
    finally:
        await run.stop()
