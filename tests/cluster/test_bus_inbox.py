"""What comes to a process from the room's others is checked: a line that is not a message is
said in the log in a line and nothing else happens; fields of the wrong kind are left out;
names are text, their terminal codes and line breaks taken out."""

from __future__ import annotations

import json

import redis.asyncio as aioredis

from bisca_tui.net import protocol as P
from bisca_tui.net import room_protocol as R
from bisca_tui.room.store import SqliteRoom

from .bus_support import bus_of, got, process, until


async def test_what_another_process_sends_is_checked_and_kept_as_text(bus):
    store = SqliteRoom(":memory:")
    a = await process(bus, store, ttl=60.0)  # (no beat meanwhile: the stranger stays)
    client = aioredis.Redis.from_url(bus, decode_responses=True)
    try:
        ana = await a.enter("Ana")
        channel = "bisca:room:all"
        for line in ("not json", json.dumps([1, 2]), json.dumps({"kind": "chat"}),
                     json.dumps({"from": "x", "kind": "people", "seq": "one"}),
                     json.dumps({"from": "x", "kind": "send", "name": "Ana", "message": 5}),
                     json.dumps({"from": "x", "kind": "enter", "name": "Ana",
                                 "table": "1"}),
                     json.dumps({"from": "x", "kind": "tables", "seq": 1, "codes": "AB",
                                 "listed": [{"table": "2"}, 7], "more": -4})):
            await client.publish(channel, line)
        await client.publish(channel, json.dumps({
            "from": "x", "kind": "people", "seq": 2, "seated": {"Eve\x1b[2J": "3"},
            "people": [{"name": "Eve\x1b[31m\nred", "guest": True, "table": "3"},
                       {"name": 7}, "Bob"]}))
        await client.publish(channel, json.dumps({"from": "x", "kind": "chat",
                                                  "name": "Eve", "text": "oi\x1b[2J\n!"}))
        said = await ana.expect(P.CHAT)
        assert said["text"] == "oi [2J !" and "\x1b" not in said["text"]
        mirror = bus_of(a).mirror
        assert mirror.lobbies["x"].people == [{"name": "Eve [31m red", "guest": True,
                                               "table": None}]
        assert mirror.lobbies["x"].seated == {}
        assert mirror.tables() == [] and mirror.more_tables() == 0
        assert not mirror.holding("AB")
        await until(lambda: got(ana, R.PEOPLE, lambda m: any(
            p["name"] == "Eve [31m red" for p in m["people"])), "the stranger listed as text")
        problems = [f["message"] for k, f in a.events if k == "problem"]
        assert len(problems) == 1 and "JSONDecodeError" in problems[0]
        assert not got(ana, R.GO, lambda m: True) and not got(ana, P.REFUSED, lambda m: True)
        await bus_of(a)._beat(client)  # the next beat: "x" has no key, it is no process
        assert "x" not in mirror.lobbies
    finally:
        await client.aclose()
        await a.stop()
        store.close()
