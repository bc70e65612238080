"""A lobby connection lost without the room's word (its process gone, the network down) comes
into the room again by itself; one the room ended with words (the operator sent the player
out) does not."""

from __future__ import annotations

import asyncio

from bisca_tui.join.room_link import RoomLink
from bisca_tui.net import link as L

from .room_support import LONG, identity, open_room


def link_to(run, kinds):
    ident = identity()
    return RoomLink("127.0.0.1", run.port, "Ana", ident, lambda m: None,
                    lambda st: kinds.append(st.kind), back_off=(0.01, 0.01, 0.01))


async def test_a_lobby_dropped_without_words_comes_in_again():
    run = await open_room()
    try:
        kinds: list[str] = []
        link = link_to(run, kinds)
        task = asyncio.ensure_future(link.run())
        await run.wait_for(lambda: run.room.find("Ana") is not None)
        first = run.room.find("Ana")
        first.conn.abort()  # the connection lost: no goodbye, no words
        await run.wait_for(lambda: L.BACK in kinds)
        await run.wait_for(lambda: (p := run.room.find("Ana")) is not None and p is not first)
        assert kinds[:3] == [L.CONNECTING, L.CONNECTED, L.RETRYING]
        link.bye()
        await asyncio.wait_for(task, LONG)
        assert kinds[-1] == L.CLOSED
    finally:
        await run.stop()


async def test_a_player_the_operator_sent_out_is_not_brought_back():
    run = await open_room()
    try:
        kinds: list[str] = []
        link = link_to(run, kinds)
        task = asyncio.ensure_future(link.run())
        await run.wait_for(lambda: run.room.find("Ana") is not None)
        assert run.room.kick("Ana")
        await asyncio.wait_for(task, LONG)
        assert kinds == [L.CONNECTING, L.CONNECTED, L.DROPPED]
        assert run.room.find("Ana") is None
    finally:
        await run.stop()
