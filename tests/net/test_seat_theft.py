"""A place is given back with its key only: a hostile client that knows the code and a
dropped player's name (names are public in the lobby) is refused, as is one whose name
looks like a name at the table; watchers, however many, never fill the room kept for the
places' holders. Each attack is made as a hostile client would, raw JSON over loopback."""

from __future__ import annotations

import pytest
from net_support import LONG, hello_line, open_table, raw_hello, views_until

from bisca_tui.net.client import Refused
from bisca_tui.net.entrance import FULL, HELD
from bisca_tui.net.host import NetSettings


async def test_a_dropped_player_s_name_does_not_take_the_place() -> None:
    table = await open_table(NetSettings("sueca", seed=6, deals=1, hold=LONG))
    players = [await table.join(f"P{k}", seat=k, play=k != 1, seed=k) for k in range(4)]
    p1 = players[1]
    await views_until(p1, lambda m: m["current"] == 1)
    p1.kill()  # the player's network goes: the place is held for them
    await players[0].expect("lobby", LONG, lambda m: not m["seats"][1]["connected"])

    answers = await raw_hello(table.host.port, hello_line("P1"))
    assert [m["type"] for m in answers] == ["error"]
    assert answers[0]["message"] == f"P1 {HELD}"
    for lookalike in ("Ρ1", "Pl", " P1 "):  # a Greek Rho; a small L; spaces are squeezed
        answers = await raw_hello(table.host.port, hello_line(lookalike))
        assert [m["type"] for m in answers] == ["error"], lookalike
    assert table.host.places.conns[1] is None and table.host.places.owners[1] == "P1"
    assert all("key" not in m for m in answers)

    back = await table.join("P1", sit=False, key=p1.key, play=True, seed=1)
    assert (back.seat, back.key) == (1, p1.key)
    view = await views_until(back, lambda m: m["seat"] == 1)
    assert view["view"]["hand"]
    session = await table.end()
    assert session is not None and [p.name for p in session.people] == ["P0", "P1", "P2", "P3"]
    refusals = [f["reason"] for k, f in table.log.events if k == "refused"]
    assert refusals[0] == f"P1 {HELD}" and len(refusals) == 4


async def test_watchers_filling_the_table_never_lock_a_player_out() -> None:
    settings = NetSettings("briscola", seed=3, deals=1, hold=LONG)
    table = await open_table(settings)
    ana = await table.join("Ana", seat=0)
    bia = await table.join("Bia", seat=1)
    await views_until(bia, lambda m: True)
    bia.kill()
    await ana.expect("lobby", LONG, lambda m: not m["seats"][1]["connected"])

    watchers = [await table.join(f"W{k:02d}", sit=False)
                for k in range(settings.max_watchers)]
    answers = await raw_hello(table.host.port, hello_line("Late"))
    assert answers == [{"type": "error", "message": FULL}]
    back = await table.join("Bia", sit=False, key=bia.key)  # the place's holder gets in
    assert back.seat == 1 and not back.closed.is_set()
    assert len(table.host.clients) == 2 + settings.max_watchers
    for w in watchers:
        await w.close()
    table.host.finish()
    await table.end()


async def test_an_open_place_keeps_room_for_whoever_comes_to_take_it() -> None:
    settings = NetSettings("briscola", seed=3, deals=1, max_watchers=2)
    table = await open_table(settings)
    watchers = [await table.join(f"W{k}", sit=False) for k in range(2 + 2)]  # 2 free places
    answers = await raw_hello(table.host.port, hello_line("Late"))
    assert answers == [{"type": "error", "message": FULL}]
    await watchers[0].sit(0)  # one sits: a place less to keep room for, a watcher less
    answers = await raw_hello(table.host.port, hello_line("Late"))
    assert answers == [{"type": "error", "message": FULL}]
    for w in watchers:
        await w.close()
    table.host.finish()
    await table.end()


async def test_names_that_look_like_one_at_the_table_are_refused() -> None:
    table = await open_table(NetSettings("sueca", seed=6, deals=1))
    await table.join("Ana", sit=False)
    await table.join("Vic", sit=False)
    for name, like in (("\u0391na", "Ana"), ("V\u0456c", "Vic"), ("Vi\u0441", "Vic")):
        with pytest.raises(Refused, match=f"looks like {like}, who is already at the table"):
            await table.join(name, sit=False)
    bia = await table.join("Bia", sit=False)  # a name of its own comes in
    assert bia.messages[0]["you"] == "Bia"
    assert sorted(c.name for c in table.host.clients) == ["Ana", "Bia", "Vic"]
    table.host.finish()
    await table.end()


def test_the_join_client_says_each_refusal_in_a_sentence() -> None:
    from bisca_tui.join.words import refusal
    from bisca_tui.net.entrance import BARRED, IN_USE, LOOKS_LIKE

    assert "only its key gives back" in refusal(f"Ana {HELD}", "Ana", "CODE")
    assert "looks too much like" in refusal(f"Αna {LOOKS_LIKE} Ana, who {IN_USE}", "Αna", "C")
    assert "too many wrong invite codes" in refusal(BARRED, "Ana", "CODE")
    assert "Somebody called Ana" in refusal(f"Ana {IN_USE}", "Ana", "CODE")
