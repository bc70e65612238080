"""The join client keeps its place's key in its data folder, one for each table and name:
started again, it takes the place back with it (a name alone no longer does); a key the host
no longer knows is dropped, and the client comes in without it; the match over, it goes."""

from __future__ import annotations

import stat

import pytest
from join_support import SIZE, join_app, my_turn, sit, until
from net_support import CODE, LONG, hello_line, open_table, raw_hello

from bisca_tui.join.keys import KEYS_NAME, PlaceKeys, table_id
from bisca_tui.net.entrance import HELD
from bisca_tui.net.host import NetSettings


async def test_a_client_started_again_takes_its_place_back_with_the_kept_key(tmp_path) -> None:
    table = await open_table(NetSettings("briscola", seed=7, hold=LONG))
    port = table.host.port
    app = join_app(table, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await sit(app, pilot, 0)
        await table.join("Bea", seat=1, play=True, seed=1)
        await until(pilot, lambda: my_turn(app), "the first turn")
        app.quitting.request()  # the player closes the client: the host holds the place
        await until(pilot, lambda: not app.is_running, "the app's end")
    key = table.host.places.keys[0]
    kept = tmp_path / KEYS_NAME
    assert PlaceKeys(kept).get(table_id("127.0.0.1", port, CODE.lower(), "Ana")) == key
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert PlaceKeys(kept).get(table_id("127.0.0.1", port + 1, CODE, "Ana")) is None
    assert PlaceKeys(kept).get(table_id("127.0.0.1", port, CODE, "Bea")) is None
    await table.log.heard("left", lambda f: f["seat"] == 0)
    answers = await raw_hello(port, hello_line("Ana"))  # the name alone: refused
    assert answers[0]["message"] == f"Ana {HELD}"

    other = join_app(table, tmp_path, name="Cai")  # another player, the same folder
    async with other.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: other.seats and other.you == "Cai", "Cai in")
        assert other.place is None and table.host.places.conns[0] is None  # Ana's place is not hers
    again = join_app(table, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: again.place == 0, "the place back")
        await until(pilot, lambda: my_turn(again), "the turn again")
    assert table.host.places.owners[0] == "Ana"
    table.host.finish()
    await table.end()


async def test_a_key_the_host_does_not_know_is_dropped(tmp_path) -> None:
    table = await open_table(NetSettings("briscola", seed=7, hold=LONG))
    where = table_id("127.0.0.1", table.host.port, CODE, "Ana")
    PlaceKeys.in_folder(tmp_path).put(where, "a key of a match that is over")
    app = join_app(table, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.seats and app.you == "Ana", "in, as a newcomer")
        assert app.place is None and PlaceKeys.in_folder(tmp_path).get(where) is None
        await sit(app, pilot, 1)
        await until(pilot, lambda: PlaceKeys.in_folder(tmp_path).get(where), "the key kept")
        assert PlaceKeys.in_folder(tmp_path).get(where) == table.host.places.keys[1]
        table.host.finish()  # the match is over: the key is let go
        await until(pilot, lambda: PlaceKeys.in_folder(tmp_path).get(where) is None,
                    "the key forgotten")
    await table.end()


@pytest.mark.parametrize("given, path, readable", [
    ([], "DATA", True),  # the data folder's file
    (["--key-file", ""], None, True),  # a browser's visitor: no key kept on a shared machine
    (["--key-file", "K"], "K", True),  # the SSH door's, for a visitor who proved their key
    (["--key-file", "K", "--key-unread"], "K", False),  # kept, never read back
])
def test_where_the_join_command_keeps_the_key(given, path, readable, tmp_path, monkeypatch):
    import bisca_tui.join.app as join_app_module
    from bisca_tui.cli import main

    made: list[dict] = []

    class Fake:
        return_code = 0

        def __init__(self, *args, **kw) -> None:
            made.append(kw)

        def run(self) -> int:
            return 0

    monkeypatch.setattr(join_app_module, "JoinApp", Fake)
    given = [str(tmp_path / w) if w == "K" else w for w in given]
    assert main(["join", "127.0.0.1:7341", CODE, "--name", "Ana", *given]) == 0
    keys = made[0]["keys"]
    if path == "DATA":
        assert keys is None  # the app keeps them in its own data folder
    else:
        assert keys.path == (None if path is None else tmp_path / path)
        assert keys.readable is readable
