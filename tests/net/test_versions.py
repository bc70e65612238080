"""A host speaks each version of the protocol it serves to the clients that asked for it: a
version 1 client is sent the bytes it was sent before version 2 came, a version 2 client the
same messages without ``after`` (the events are all they say of an action), both at one
table; a hello of a version the host does not serve is refused."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random

import pytest
from net_support import CODE, LONG, hello_line, open_table, raw_hello

from bisca_tui.net import protocol as P
from bisca_tui.net.client import Client, Refused, random_legal
from bisca_tui.net.host import NetSettings

# the digests of every line a watcher and a player (its place's key left out) were sent over
# two deals, taken from the host as it was before version 2: a version 1 client's bytes
PINNED = {
    ("sueca", "{}"): (("851b796641053d87", 88), ("2847cad5908c6365", 88)),
    ("bisca-4", '{"signals": true, "intercept": 0.5}'): (("48c02671fb9b6631", 88),
                                                          ("93d749bd1ba7df4d", 106)),
    ("chiamata-monte", "{}"): (("6e3833c6d063ddfb", 108), ("2930f4eb57fd8f98", 108)),
}


def as_before(line: bytes) -> bytes | None:
    """A line as a host before version 2 wrote it: None for a ``shuffle`` message (a type a
    later host added, which a client that does not know it ignores), and ``over`` without
    the ``record`` and ``kinds`` a later host adds at its end (fields a client ignores)."""
    message = json.loads(line)
    if message["type"] == P.SHUFFLE:
        return None
    if message["type"] == P.OVER and "record" in message:
        del message["record"], message["kinds"]
        return P.encode(message)
    return line


def digest(client: Client) -> tuple[str, int]:
    """The digest of every line a client was sent, as ``as_before`` has it: every other
    byte as it was."""
    lines = [x for x in map(as_before, client.raw) if x is not None]
    data = b"".join(lines)
    if client.key is not None:
        data = data.replace(client.key.encode(), b"KEY")
    return hashlib.sha256(data).hexdigest()[:16], len(lines)


@pytest.mark.parametrize(("game", "options"), list(PINNED))
async def test_a_version_1_client_is_sent_the_bytes_it_was_sent_before_version_2(
        game, options):
    table = await open_table(NetSettings(game, json.loads(options), seed=3, deals=2,
                                         start_with=1, level="random", open=(0,)))
    port = table.host.port
    watcher = await Client.connect("127.0.0.1", port, CODE, "W", keep_raw=True, protocol=1)
    player = await Client.connect("127.0.0.1", port, CODE, "P", keep_raw=True, protocol=1,
                                  chooser=random_legal(random.Random(5)))
    await player.sit(0)  # the match starts: one person, three bots
    await table.end()
    for client in (watcher, player):
        await asyncio.wait_for(client.closed.wait(), LONG)
    assert (digest(watcher), digest(player)) == PINNED[(game, options)]


def views(client: Client) -> list[dict]:
    return [m for m in client.messages if m["type"] == P.VIEW]


async def test_clients_of_both_versions_at_one_table_each_get_their_own():
    table = await open_table(NetSettings("sueca", seed=8, deals=1))
    port = table.host.port
    watchers = [await Client.connect("127.0.0.1", port, CODE, f"W{v}", keep_raw=True,
                                     protocol=v) for v in (1, 2)]
    players = [await table.join(f"P{k}", seat=k, play=True, seed=k, protocol=1 + k % 2)
               for k in range(4)]
    await table.end()
    for client in watchers + players:
        await asyncio.wait_for(client.closed.wait(), LONG)
    for client in watchers + players:
        welcomes = [m for m in client.messages if m["type"] == P.WELCOME]
        assert welcomes and {m["protocol"] for m in welcomes} == {client.protocol}
        told = views(client)
        assert len(told) > 20  # a whole deal
        if client.protocol == 1:
            assert all("after" in m for m in told)
            assert any(m["after"] is not None for m in told)
        else:
            assert client.protocol == 2 and not any("after" in m for m in told)
    # the watchers were sent the same views, version 1's with ``after`` besides (between
    # the players and the scores, as before version 2), and nothing else apart
    old, new = ([line for line in w.raw if line.startswith(b'{"type":"view"')]
                for w in watchers)
    assert len(old) == len(new) > 20
    for one, two in zip(old, new, strict=True):
        after = json.dumps(json.loads(one)["after"], ensure_ascii=False,
                           separators=(",", ":")).encode()
        assert one == two.replace(b',"scores":', b',"after":' + after + b',"scores":', 1)


@pytest.mark.parametrize("version", [3, 0, 99])
async def test_a_hello_of_a_version_the_host_does_not_serve_is_refused(version):
    table = await open_table(NetSettings("sueca", seed=4, deals=1))
    answers = await raw_hello(table.host.port, hello_line(protocol=version))
    assert [m["type"] for m in answers] == ["error"]
    assert answers[0]["message"] == "this host speaks protocol 1 or 2"
    with pytest.raises(Refused, match="protocol 1 or 2"):
        await Client.connect("127.0.0.1", table.host.port, CODE, "Ana", protocol=version)
    assert not table.host.clients
    # the host goes on: players of both versions come in and play the deal out
    for k in range(4):
        await table.join(f"P{k}", play=True, seed=k, protocol=1 + k % 2)
    session = await table.end()
    assert session is not None and len(session.match.results) == 1
