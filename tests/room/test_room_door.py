"""The room as a hostile visitor finds it: a listed table is reached only with a ticket from
the lobby, and under the holder's own room name; a key must sign the room's fresh challenge;
a name, once a key's, is nobody else's (nor one that looks like it); guests keep off rated
tables; one address may open only so many connections; wrong codes count as wrong tries."""

from __future__ import annotations

import asyncio

import pytest

from bisca_tui.net import protocol as P
from bisca_tui.net.client import Client, Refused
from bisca_tui.net.identity import Identity
from bisca_tui.net.room_client import RoomClient
from bisca_tui.room.caps import RoomCaps
from bisca_tui.room.door import NO_TICKET, NOT_PROVED, TOO_MANY

from .room_support import LONG, identity, open_room


async def test_a_listed_table_wants_the_lobbys_ticket_and_seats_its_holder_by_room_name():
    run = await open_room()
    try:
        ana = await run.enter("Ana")
        ana.open("bisca-3", people=2)
        go = await ana.go()
        with pytest.raises(Refused, match="reached from its lobby"):
            await Client.connect("127.0.0.1", run.port, go["code"], "Mallory")
        with pytest.raises(Refused, match="reached from its lobby"):
            await Client.connect("127.0.0.1", run.port, go["code"], "Ana", ticket="forged")
        assert NO_TICKET.startswith("the tables of the room")
        # the ticket's holder comes in as Ana, whatever name the hello gives
        table = await Client.connect("127.0.0.1", run.port, go["code"], "Someone Else",
                                     ticket=go["ticket"])
        welcome = table.last(P.WELCOME)
        assert welcome["you"] == "Ana"
        await table.close()
    finally:
        await run.stop()


async def test_a_wrong_code_is_refused_and_counted_as_a_wrong_try():
    run = await open_room()
    try:
        with pytest.raises(Refused, match="wrong invite code"):
            await Client.connect("127.0.0.1", run.port, "NOSUCHCODE", "Eve")
        assert run.room.guard._record("127.0.0.1") is not None
    finally:
        await run.stop()


async def said_to(port: int, hello: dict) -> dict:
    """What the room answers a raw hello (its first message)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(P.encode(hello))
    line = await asyncio.wait_for(reader.readline(), LONG)
    writer.close()
    return P.decode(line)


async def test_a_signature_by_another_key_proves_nothing():
    run = await open_room()
    try:
        ana, mallory = identity(), identity()

        class Impostor(Identity):  # brings Ana's public key, signs with its own
            @property
            def public(self) -> str:
                return ana.public

        with pytest.raises(Refused, match=NOT_PROVED):
            await RoomClient.enter("127.0.0.1", run.port, "Ana", Impostor(mallory.key))
        bad = await said_to(run.port, {"type": "hello", "protocol": 2, "room": True,
                                       "name": "Eve", "key": "zz" * 32})
        assert bad["type"] == P.ERROR and "64 hex digits" in bad["message"]
        assert run.room.store.owner("Ana") is None  # nobody took the name
    finally:
        await run.stop()


async def test_a_name_is_its_keys_alone_even_in_another_case_or_lookalike_letters():
    run = await open_room()
    try:
        key = identity()
        first = await run.enter("Ana", key)
        await first.close()
        for name in ("Ana", "ANA", "\u0410na"):  # the last with a Cyrillic A
            with pytest.raises(Refused, match="belongs to another player|goes by"):
                await run.enter(name)
        again = await run.enter("Another Name", key)  # the key keeps its first name
        assert again.you == "Ana"
        with pytest.raises(Refused, match="belongs to a player"):
            await run.enter("ana", guest=True)
    finally:
        await run.stop()


async def test_a_guest_watches_a_rated_table_but_neither_opens_nor_sits_at_one():
    run = await open_room()
    try:
        ana = await run.enter("Ana")
        guest = await run.enter("Visitor", guest=True)
        guest.open("bisca-3", rated=True)
        with pytest.raises(Refused, match="not rated"):
            await guest.go()
        ana.open("bisca-3", rated=True, people=2)
        go = await ana.go()
        guest.enter_table(go["table"])
        with pytest.raises(Refused, match="a guest may watch it"):
            await guest.go()
        guest.enter_table(go["table"], watch=True)
        watching = await guest.go()
        assert watching["watch"] is True
        guest.quick("bisca-3")
        with pytest.raises(Refused, match="quick matches are rated"):
            await guest.go()
    finally:
        await run.stop()


async def test_one_address_opens_only_so_many_connections():
    run = await open_room(RoomCaps(per_address=3))
    try:
        kept = [await run.enter(f"P{k}", guest=True) for k in range(3)]
        with pytest.raises(Refused, match=TOO_MANY):
            await run.enter("P3", guest=True)
        await kept[0].close()
        await run.wait_for(lambda: len(run.room.people) == 2)
        assert (await run.enter("P3", guest=True)).you == "P3"  # one went: one may come
    finally:
        await run.stop()


async def test_chat_is_text_said_to_the_lobby_at_a_pace_and_never_by_the_muted():
    run = await open_room(RoomCaps(chat_burst=3, chat_rate=0.001))
    try:
        ana = await run.enter("Ana")
        rui = await run.enter("Rui")
        ana.chat("[bold red]hi[/] \x1b[31mthere\x07")
        heard = await rui.expect(P.CHAT, LONG, where=lambda m: m.get("from") == "Ana")
        assert "\x1b" not in heard["text"] and "\x07" not in heard["text"]
        assert heard["text"].startswith("[bold red]hi[/]")  # as typed: the screen escapes it
        ana.chat("two")
        ana.chat("three")
        ana.chat("four")
        refused = await ana.expect(P.REFUSED, LONG)
        assert "too fast" in refused["rule"]
        run.room.mute("Rui")
        rui.chat("let me talk")
        refused = await rui.expect(P.REFUSED, LONG)
        assert "muted" in refused["rule"]
    finally:
        await run.stop()


async def test_a_player_opens_only_so_many_tables_and_the_room_holds_only_so_many():
    run = await open_room(RoomCaps(tables_per_player=2, tables=3))
    try:
        ana = await run.enter("Ana")
        for _ in range(2):
            ana.open("bisca-3", people=2)
            await ana.go()
        ana.open("bisca-3", people=2)
        with pytest.raises(Refused, match="2 tables open already"):
            await ana.go()
        rui = await run.enter("Rui")
        rui.open("briscola", people=2)
        await rui.go()
        rui.open("briscola", people=2)
        with pytest.raises(Refused, match="as many tables as it can hold"):
            await rui.go()
        for bad in ({"variant": "poker"}, {"variant": "sueca", "people": 9},
                    {"variant": "sueca", "level": "cmd:rm -rf /"},
                    {"variant": "sueca", "options": {"no_such_rule": 1}}):
            rui.send({"type": "open", **bad})
            assert (await rui.expect(P.REFUSED, LONG))["rule"]
        assert len(run.room.tables) == 3
    finally:
        await run.stop()
