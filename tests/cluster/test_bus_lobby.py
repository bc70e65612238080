"""One room over several processes through Redis: the lobby of each lists the people and the
tables of all, a line said in one is heard in all, a name in use in one is refused in
another (the same key coming in elsewhere letting the older connection go), a message for
someone reaches them wherever they are, a table of another process is entered from this one's
lobby, table numbers are the room's, and the operator's word holds in every process."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as aioredis
from room.room_support import identity

from bisca_tui.net import protocol as P
from bisca_tui.net import room_protocol as R
from bisca_tui.net.client import Client, Refused
from bisca_tui.room.console import Console
from bisca_tui.room.store import SqliteRoom, folded

from .bus_support import bus_of, got, listed_names, process, until, until_said


@pytest.fixture
def store():
    shared = SqliteRoom(":memory:")  # the room's database, one for all its processes
    yield shared
    shared.close()


async def test_each_lobby_lists_everyones_people_and_tables_and_hears_everyones_chat(bus, store):
    a, b = await process(bus, store), await process(bus, store)
    try:
        ana = await a.enter("Ana")
        rui = await b.enter("Rui", guest=True)
        await until(lambda: got(rui, R.PEOPLE, lambda m: listed_names(m) == {"Ana", "Rui"}),
                    "Ana in Rui's lobby")
        await until(lambda: got(ana, R.PEOPLE, lambda m: listed_names(m) == {"Ana", "Rui"}),
                    "Rui in Ana's lobby")
        ana.open("bisca-3", people=2)
        go = await ana.go()
        assert go["table"] in a.room.tables and go["table"] not in b.room.tables
        await until(lambda: got(rui, R.TABLES, lambda m: [t["table"] for t in m["tables"]]
                                == [go["table"]]), "Ana's table in Rui's lobby")
        listed = rui.last(R.TABLES)["tables"][0]
        assert listed["variant"] == "bisca-3" and listed["opener"] == "Ana"
        assert bus_of(b).where(go["code"]) == bus_of(a).address
        ana.open("sueca", private=True)
        secret = await ana.go()
        await until(lambda: bus_of(b).where(secret["code"]) == bus_of(a).address,
                    "the private table found by its code")
        assert all(t["table"] != secret["table"] for t in b.room.board.tables()["tables"])
        assert bus_of(b).where("NOSUCH") is None
        rui.open("bisca-3", people=2)
        own = await rui.go()
        assert len({go["table"], secret["table"], own["table"]}) == 3  # the room's numbers
        rui.chat("olá a todos")
        said = await ana.expect(P.CHAT)
        assert (said["from"], said["text"]) == ("Rui", "olá a todos")
        ana.chat("bom dia")
        await until(lambda: got(rui, P.CHAT, lambda m: (m["from"], m["text"]) == (
            "Ana", "bom dia")), "Ana's line heard in Rui's process")
    finally:
        await b.stop()
        await a.stop()


async def test_a_name_in_use_in_one_process_is_refused_in_another_but_its_key_moves(
        bus, store):
    a, b = await process(bus, store), await process(bus, store)
    try:
        await a.enter("Bia", guest=True)
        await until(lambda: bus_of(b).name_used("Bia"), "Bia known to the other process")
        with pytest.raises(Refused, match=R.USED_NAME):
            await b.enter("BIA", guest=True)  # (a lookalike)
        with pytest.raises(Refused, match=R.USED_NAME):
            await b.enter("Bia", identity())  # (a newcomer's first name)
        key = identity()
        ana = await a.enter("Ana", key)
        await until(lambda: bus_of(b).name_used("Ana"), "Ana known to the other process")
        again = await b.enter("Ana", key)  # the same key, from elsewhere
        assert again.you == "Ana"
        closed = await ana.expect(P.ERROR)
        assert "came into the room from elsewhere" in closed["message"]
        await until(lambda: a.room.find("Ana") is None, "the older connection let go")
        await until(lambda: not bus_of(b).name_used("Ana"), "Ana gone from the other lobby")
        assert b.room.find("Ana") is not None
    finally:
        await b.stop()
        await a.stop()


async def test_a_message_for_someone_reaches_them_and_a_table_elsewhere_lets_them_in(
        bus, store):
    a, b = await process(bus, store), await process(bus, store)
    try:
        ana = await a.enter("Ana")
        rui = await b.enter("Rui")
        await until(lambda: bus_of(b).mirror.home_of("Ana") is not None, "Ana's process")
        rated = {"type": R.RATED, "variant": "sueca", "table": 9, "before": 25.0,
                 "after": 26.5, "left": False}
        assert b.room.send_to("Ana", rated)
        assert (await ana.expect(R.RATED)) == rated
        assert not b.room.send_to("Nobody", rated)
        ana.open("bisca-3", people=2)
        go = await ana.go()
        await until(lambda: bus_of(b).mirror.listing(go["table"]) is not None,
                    "Ana's table listed in Rui's process")
        rui.enter_table(go["table"])
        seat = await rui.go()
        assert (seat["table"], seat["code"]) == (go["table"], go["code"])
        assert a.room.tables[go["table"]].holder(seat["ticket"]) == "Rui"
        rui.enter_table(go["table"] + 100)
        with pytest.raises(Refused, match="no such table"):
            await rui.go()
    finally:
        await b.stop()
        await a.stop()


async def test_the_operators_mute_and_kick_hold_in_every_process(bus, store):
    a, b = await process(bus, store), await process(bus, store)
    try:
        ana = await a.enter("Ana")
        rui = await b.enter("Rui")
        await until(lambda: bus_of(a).name_used("Rui"), "Rui known to Ana's process")
        console = Console(a.room)
        rui.open("bisca-3", people=2)
        go = await rui.go()
        await until(lambda: bus_of(a).mirror.listing(go["table"]), "Rui's table listed")
        assert f"{go['table']}: Bisca de Três [-, -] (in another process)" in console.run(
            "tables")
        assert "Rui" in console.run("who") and "Ana" in console.run("who")
        console.run("mute Rui")
        await until(lambda: "Rui" in b.room.muted, "Rui muted in his process")
        rui.chat("ninguém me ouve")
        assert (await rui.expect(P.REFUSED))["rule"] == "the operator has muted you"
        assert "was sent out" in console.run("kick Rui")
        closed = await rui.expect(P.ERROR)
        assert "operator sent you out" in closed["message"]
        await until(lambda: b.room.find("Rui") is None, "Rui out of his process")
        await until(lambda: not got(ana, R.PEOPLE, lambda m: "Rui" in listed_names(m))
                    or "Rui" not in listed_names(ana.last(R.PEOPLE)), "Rui out of the lists")
        c = await process(bus, store)  # a process that starts later knows who is muted
        try:
            assert "Rui" in c.room.muted
        finally:
            await c.stop()
    finally:
        await b.stop()
        await a.stop()


async def test_someone_at_another_processs_table_is_listed_there_and_told_again_once_back(
        bus, store):
    a, b = await process(bus, store), await process(bus, store)
    try:
        ana = await a.enter("Ana")
        rui = await b.enter("Rui")
        ana.open("bisca-3", people=2)
        go = await ana.go()
        await until(lambda: bus_of(b).mirror.listing(go["table"]) is not None,
                    "Ana's table listed in Rui's process")
        rui.enter_table(go["table"], watch=True)
        ticket = await rui.go()
        # (the table's own process, as the room's balancer would forward the connection)
        watching = await Client.connect("127.0.0.1", a.port, ticket["code"], "Rui",
                                        ticket=ticket["ticket"])

        def rui_at() -> int | None:
            return next(p["table"] for p in b.room.board.people()["people"]
                        if p["name"] == "Rui")

        await until(lambda: rui_at() == go["table"], "Rui listed at the table")
        assert b.room.board.at("Rui") == go["table"]
        told = len(rui.messages)
        await watching.close()
        await until(lambda: any(m["type"] == R.PEOPLE and any(
            p["name"] == "Rui" and p["table"] is None for p in m["people"])
            for m in rui.messages[told:]), "Rui told the lists again once back")
        assert rui_at() is None
    finally:
        await b.stop()
        await a.stop()


async def let_go(url: str, name: str) -> bool:
    client = aioredis.Redis.from_url(url, decode_responses=True)
    try:
        names = [await client.hgetall(k) async for k in client.scan_iter("bisca:room:names:*")]
    finally:
        await client.aclose()
    return all(folded(name) not in held for held in names)


async def test_two_guests_coming_in_at_once_by_two_processes_cannot_share_a_name(bus, store):
    a, b = await process(bus, store), await process(bus, store)
    try:
        for k in range(3):
            name = f"Zé{k}"
            came = await asyncio.gather(a.enter(name, guest=True),
                                        b.enter(name.upper(), guest=True),
                                        return_exceptions=True)
            refused = [c for c in came if isinstance(c, Refused)]
            assert len(refused) == 1 and R.USED_NAME in str(refused[0])
            inside = next(c for c in came if not isinstance(c, BaseException))
            await inside.close()
            await until(lambda n=name: a.room.looking_like(n) is None
                        and b.room.looking_like(n) is None, "the guest gone")
            await until_said(lambda n=name: let_go(bus, n), "the name let go")
            again = await b.enter(name, guest=True)  # (a name let go is free again)
            await again.close()
    finally:
        await b.stop()
        await a.stop()
