"""A table's connection that reached a process of the room other than the table's is passed
on to the owner, who serves it as any other, knowing the client's own address; the PROXY
protocol's line is read only by a room that runs behind a balancer."""

from __future__ import annotations

import asyncio

import pytest
from room.room_support import LONG, open_room

from bisca_tui.net import protocol as P
from bisca_tui.net.client import Client, Refused
from bisca_tui.net.entrance import WRONG_CODE
from bisca_tui.room import cluster as cluster_module
from bisca_tui.room.cluster import Cluster
from bisca_tui.room.relay import ProxyLineError, parse_proxy, proxy_line

from .relay_support import directory_of, table_on


def test_a_proxy_line_names_the_client():
    assert parse_proxy(b"PROXY TCP4 192.0.2.7 10.0.0.1 51234 7342\r\n") == (
        "192.0.2.7:51234", "192.0.2.7")
    assert parse_proxy(b"PROXY TCP6 2001:db8::5 ::1 40000 7342\r\n") == (
        "[2001:db8::5]:40000", "2001:db8::5")
    assert parse_proxy(b"PROXY UNKNOWN\r\n") is None
    for line in (proxy_line("192.0.2.7:51234", "192.0.2.7"),
                 proxy_line("[2001:db8::5]:40000", "2001:db8::5")):
        assert parse_proxy(line) is not None
    assert proxy_line("?", "?") == b"PROXY UNKNOWN\r\n"


@pytest.mark.parametrize("line", [
    b"PROXY TCP4 not-an-address 10.0.0.1 1 2\r\n", b"PROXY TCP4 192.0.2.7 10.0.0.1 1\r\n",
    b"PROXY TCP4 2001:db8::5 ::1 1 2\r\n", b"PROXY TCP4 192.0.2.7 10.0.0.1 99999 2\r\n",
    b"PROXY UDP4 192.0.2.7 10.0.0.1 1 2\r\n", b"PROXY TCP4 192.0.2.7 10.0.0.1 1 2\n",
    b"PROXY " + b"9" * 120 + b"\r\n"])
def test_a_line_that_is_not_a_proxy_line_is_refused(line):
    with pytest.raises(ProxyLineError):
        parse_proxy(line)


async def test_a_table_connection_reaching_another_process_is_served_by_the_owner():
    owner = await open_room(proxied=True)
    front = await open_room(proxied=True)
    try:
        ana, go = await table_on(owner)
        table = owner.room.by_code(go["code"])
        front.room.cluster = Cluster(front.room, directory_of(
            lambda code: f"127.0.0.1:{owner.port}" if code == go["code"] else None))
        client = await Client.connect("127.0.0.1", front.port, go["code"], "Ana",
                                      ticket=go["ticket"])
        assert await client.sit(0) == 0
        assert front.room.cluster.passed == 1 and front.room.tables == {}
        (conn,) = table.host.clients
        assert conn.name == "Ana"
        here = client.writer.get_extra_info("sockname")
        assert conn.peer == f"{here[0]}:{here[1]}"  # the client's own, not the front's
        await client.close()
        await ana.close()
    finally:
        await front.stop()
        await owner.stop()


async def test_a_code_no_process_holds_is_refused_as_a_wrong_code():
    front = await open_room(proxied=True)
    try:
        front.room.cluster = Cluster(front.room, directory_of(lambda code: None))
        with pytest.raises(Refused, match=WRONG_CODE):
            await Client.connect("127.0.0.1", front.port, "ABCD-EFGH", "Eve")
    finally:
        await front.stop()


async def test_a_table_whose_process_died_is_waited_for_until_it_opens_elsewhere(
        monkeypatch):
    """The owner does not answer (it died): the connection waits, and is served once the
    table is found on another process."""
    owner = await open_room(proxied=True)
    front = await open_room(proxied=True)
    try:
        ana, go = await table_on(owner)
        dead = await asyncio.start_server(lambda r, w: w.close(), "127.0.0.1", 0)
        dead_port = dead.sockets[0].getsockname()[1]
        dead.close()
        await dead.wait_closed()
        directory = {go["code"]: f"127.0.0.1:{dead_port}"}
        front.room.cluster = Cluster(front.room, directory_of(directory.get))
        monkeypatch.setattr(cluster_module, "LOOK_AGAIN", 0.01)
        waiting = asyncio.ensure_future(Client.connect(
            "127.0.0.1", front.port, go["code"], "Ana", ticket=go["ticket"]))
        await front.wait_for(lambda: front.room.cluster.unanswered >= 2)
        assert not waiting.done()
        directory[go["code"]] = f"127.0.0.1:{owner.port}"  # the table opened elsewhere
        client = await asyncio.wait_for(waiting, LONG)
        assert await client.sit(0) == 0
        await client.close()
        await ana.close()
    finally:
        await front.stop()
        await owner.stop()


async def test_a_room_not_behind_a_balancer_believes_no_proxy_line():
    run = await open_room()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", run.port)
        writer.write(b"PROXY TCP4 192.0.2.7 10.0.0.1 51234 7342\r\n")
        writer.write(P.encode({"type": P.HELLO, "protocol": P.PROTOCOL, "room": True,
                               "name": "Eve", "guest": True}))
        line = await asyncio.wait_for(reader.readline(), LONG)
        assert P.decode(line)["type"] == P.ERROR
        assert all(p.conn.address != "192.0.2.7" for p in run.room.people)
        writer.close()
    finally:
        await run.stop()


async def test_behind_a_balancer_the_lobby_counts_the_address_the_line_names():
    run = await open_room(proxied=True)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", run.port)
        writer.write(b"PROXY TCP4 192.0.2.7 10.0.0.1 51234 7342\r\n")
        writer.write(P.encode({"type": P.HELLO, "protocol": P.PROTOCOL, "room": True,
                               "name": "Eve", "guest": True}))
        await run.wait_for(lambda: run.room.people)
        assert run.room.people[0].conn.peer == "192.0.2.7:51234"
        writer.close()
    finally:
        await run.stop()


async def test_a_table_another_process_took_is_let_go_and_its_players_dropped():
    """This process was taken for dead (it lost the bus a while) and another opened its
    table: it lets go of its own, dropping the players so that they come back there."""
    run = await open_room(proxied=True)
    try:
        ana, go = await table_on(run)
        client = await Client.connect("127.0.0.1", run.port, go["code"], "Ana",
                                      ticket=go["ticket"])
        bus = directory_of(lambda code: None)
        bus.elsewhere = lambda code: "127.0.0.1:2" if code == go["code"] else None
        cluster = Cluster(run.room, bus)
        cluster.let_go_taken()
        assert go["table"] not in run.room.tables
        await asyncio.wait_for(client.closed.wait(), LONG)
        assert not any(m["type"] == P.ERROR for m in client.messages)  # dropped, no words
        assert ("let go", {"table": go["table"], "to": "127.0.0.1:2"}) in run.events
        await ana.close()
    finally:
        await run.stop()
