"""What the host refuses: an action for another seat, out of turn, for a position that is
gone or not an action at all (refused, the table goes on); garbage, a line too long, a
flood of messages (the client is cut off, a bot plays its place); a wrong invite code."""

from __future__ import annotations

import asyncio
import random

import pytest
from net_support import CODE, LONG, open_table, played_by, refused, views_until

from bisca_tui.net.client import Client, Refused, random_legal
from bisca_tui.net.host import NetSettings
from bisca_tui.net.protocol import MAX_LINE


async def rule_for(client: Client) -> str:
    message = await client.expect("refused", LONG)
    assert message is not None
    return message["rule"]


async def cut_off(client: Client) -> str:
    """The error the host sent before it hung up on ``client``."""
    error = await client.expect("error", LONG)
    await asyncio.wait_for(client.closed.wait(), LONG)
    assert error is not None
    return error["message"]


async def test_refused_actions_and_cut_off_clients_and_the_table_goes_on() -> None:
    table = await open_table(NetSettings("sueca", seed=4, deals=1, hold=0.2))
    clients = [await table.join(f"P{k}") for k in range(4)]
    first = [await views_until(x, lambda m: m["current"] is not None) for x in clients]
    token, to_act = first[0]["token"], first[0]["current"]
    a = next(c for c in clients if c.seat == to_act)
    b, c, d = (next(x for x in clients if x.seat == (to_act + k) % 4) for k in (1, 2, 3))
    view_a = a.views[a.seat]["view"]
    view_b = b.views[b.seat]["view"]

    b.act(view_b["hand"][0], token)  # out of turn
    assert "turn" in await rule_for(b)
    a.act(view_a["legal"][0], token, seat=b.seat)  # for another seat
    assert await rule_for(a) == f"seat {b.seat} is not yours to play"
    a.act(view_a["legal"][0], [token[0], token[1] - 1])  # a position that is gone
    assert await rule_for(a) == "that answers a position that is gone"
    a.act("ZZ", token)  # not an action
    assert "unknown action" in await rule_for(a)
    a.send(b'{"type":"dance"}\n')
    assert "unknown message type" in await rule_for(a)
    illegal = next(card for card in view_a["hand"] if card not in view_a["legal"]) \
        if set(view_a["hand"]) - set(view_a["legal"]) else None
    if illegal is not None:
        a.act(illegal, token)
        assert await rule_for(a)
    watcher = await table.join("Watcher", sit=False)
    watcher.act(view_a["legal"][0], token)
    assert await rule_for(watcher) == "you hold no place at this table"

    # the table goes on: the seat to act plays, everyone hears of it
    a.act(view_a["legal"][0], token)
    for x in (a, b, c, d, watcher):
        told = await views_until(x, lambda m: bool(played_by(m)))
        assert played_by(told) == [to_act] and "after" not in told
    a.chooser = random_legal(random.Random(1))

    c.send(b"this is not json\n")
    assert await cut_off(c) == "a line is not JSON"
    d.send(b"{" + b" " * MAX_LINE + b"}\n")
    assert "longer than" in await cut_off(d)
    for _ in range(100):
        b.chat("hello")
    assert "messages a second" in await cut_off(b)

    # bots take the three places held for the dropped players, and the deal is played out
    session = await table.end()
    assert session is not None and len(session.match.results) == 1
    assert [p.kind for p in session.people].count("bot") == 3
    assert await a.expect("over", LONG) is not None
    assert len(refused(a)) >= 4


async def test_a_wrong_invite_code_or_protocol_is_refused() -> None:
    table = await open_table(NetSettings("sueca", seed=4, deals=1))
    with pytest.raises(Refused, match="wrong invite code"):
        await table.join("Mallory", code="WRONG1")
    with pytest.raises(Refused, match="wrong invite code"):
        await table.join("Mallory", code=CODE[:-1])
    reader, writer = await asyncio.open_connection("127.0.0.1", table.host.port)
    writer.write(b'{"type":"hello","protocol":99,"code":"%s","name":"Old"}\n' % CODE.encode())
    line = await asyncio.wait_for(reader.readline(), LONG)
    assert b"protocol 1 or 2" in line and await asyncio.wait_for(reader.read(), LONG) == b""
    writer.close()
    # nobody got in: the places are all still open, and a right code still works
    assert table.host.places.owners == [None] * 4 and not table.host.clients
    players = [await table.join(f"P{k}", play=True, seed=k) for k in range(4)]
    await table.end()
    assert all(p.last("over") is not None for p in players)


async def test_names_and_chat_lose_their_control_characters() -> None:
    table = await open_table(NetSettings("sueca", seed=4, deals=1))
    ana = await table.join("Ana\x1b[31m\u202e" + "x" * 100, sit=False)
    assert ana.messages[0]["you"] == "Ana [31m " + "x" * 15
    ana.chat("hi\x1b]0;pwned\x07 there\r\n" + "y" * 500)
    said = await ana.expect("chat", LONG)
    assert said is not None and "\x1b" not in said["text"] and "\x07" not in said["text"]
    assert said["text"].startswith("hi ]0;pwned there") and len(said["text"]) == 200
    with pytest.raises(Refused, match="already at the table"):
        await table.join(ana.messages[0]["you"], sit=False)
    for k in range(4):
        await table.join(f"P{k}", play=True, seed=k)
    await table.end()


async def test_a_table_hears_a_burst_of_chat_then_one_line_at_a_time() -> None:
    table = await open_table(NetSettings("sueca", seed=4, deals=1))
    ana = await table.join("Ana", sit=False)
    for k in range(6):
        ana.chat(f"line {k}")
    refusal = await ana.expect("refused", LONG)
    assert "too fast" in refusal["rule"]
    heard = [m["text"] for m in ana.messages if m["type"] == "chat"]
    assert heard == [f"line {k}" for k in range(5)]  # the burst, and not the sixth
    table.host.finish()
    await table.end()
