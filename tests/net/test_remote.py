"""A client's mirror of the match (``JoinedMatch``) kept by its connection (``Link``):
what it reads of each deal is what the host's session says its seat may see, deal after
deal; a dropped connection comes back by itself with the place, the hand and the deal."""

from __future__ import annotations

import asyncio
import random

from net_support import CODE, LONG, open_table

from bisca_tui.engine.variant import make_variant
from bisca_tui.engine.words import YOU
from bisca_tui.net import link as L
from bisca_tui.net.client import random_legal
from bisca_tui.net.host import NetSettings
from bisca_tui.net.remote import JoinedMatch


class Player:
    """A Link and the session it keeps, choosing at random on its turns."""

    def __init__(self, port: int, name: str, code: str = CODE, seed: int = 0) -> None:
        self.session: JoinedMatch | None = None
        self.statuses: list[L.Status] = []
        self.choose = random_legal(random.Random(seed))
        self.seen = asyncio.Event()
        self.checks = 0
        self.host_session = None
        self.link = L.Link("127.0.0.1", port, code, name, self.on_message, self.statuses.append,
                           back_off=(0.01, 0.05, 0.1))

    def on_message(self, m: dict) -> None:
        if m["type"] == "welcome":
            game = m["game"]
            if self.session is None:
                v = make_variant(game["variant"], game["options"], game["players"])
                self.session = JoinedMatch(v, m["seat"])
            self.session.me = m["seat"]
            self.session.take_seats(m["seats"])
        elif m["type"] == "lobby" and self.session is not None:
            self.session.take_seats(m["seats"])
        elif m["type"] == "view":
            s = self.session
            s.take_view(m)
            host = self.host_session
            if host is not None and m["seat"] is not None and m["token"] == [
                    host.deal_number, host.moves]:  # the host has not moved on meanwhile
                assert s.view(m["seat"]) == host.view(m["seat"])
                self.checks += 1
            if m["view"]["legal"] and m["seat"] is not None:
                self.link.send({"type": "act", "action": self.choose(m), "token": m["token"],
                                "seat": m["seat"]})
        elif m["type"] == "over":
            self.session.take_over(m)
        self.seen.set()


async def test_a_mirrored_session_follows_a_match_and_comes_back_after_a_drop() -> None:
    table = await open_table(NetSettings("sueca", seed=5, deals=2, hold=LONG))
    me = Player(table.host.port, "Ana", seed=9)
    task = asyncio.create_task(me.link.run())
    await asyncio.wait_for(me.link.connected.wait(), LONG)
    me.link.send({"type": "sit", "seat": 1})
    while me.session is None or me.session.me != 1:
        me.seen.clear()
        await asyncio.wait_for(me.seen.wait(), LONG)
    others = [await table.join(f"P{k}", play=True, seed=k) for k in (0, 2)]
    me.host_session = None  # the session exists only once the host starts: read below
    others.append(await table.join("P3", play=True, seed=3))
    me.host_session = table.host.session
    # a drop mid-deal: the host hangs up on Ana; the link comes back with the place
    while me.checks < 5:
        me.seen.clear()
        await asyncio.wait_for(me.seen.wait(), LONG)
    table.host.places.conns[1].abort()
    session = await table.end()
    await asyncio.wait_for(task, LONG)
    kinds = [s.kind for s in me.statuses]
    assert kinds[:2] == [L.CONNECTING, L.CONNECTED]
    assert L.DROPPED in kinds and L.BACK in kinds and kinds[-1] == L.CLOSED
    s = me.session
    assert s is not None and s.over and s.match.scores == session.match.scores
    assert len(s.match.results) == 2 and s.match.results == session.match.results
    assert s.people[1].name == YOU and [p.name for p in s.people] == [
        "P0", YOU, "P2", "P3"]
    assert s.humans() == [1] and s.is_human(1) and not s.is_human(0)


async def test_a_wrong_code_is_refused_in_the_hosts_words() -> None:
    table = await open_table(NetSettings("briscola"))
    me = Player(table.host.port, "Ana", code="NOPE12")
    await asyncio.wait_for(me.link.run(), LONG)
    assert [s.kind for s in me.statuses] == [L.CONNECTING, L.REFUSED]
    assert me.statuses[-1].detail == "wrong invite code"
    table.task.cancel()


async def test_the_place_s_key_takes_it_back_over_a_connection_that_lingers() -> None:
    table = await open_table(NetSettings("briscola", seed=2, hold=LONG))
    me = Player(table.host.port, "Ana")
    me.link.on_status = lambda status: (me.statuses.append(status), me.seen.set())
    task = asyncio.create_task(me.link.run())
    await asyncio.wait_for(me.link.connected.wait(), LONG)
    me.link.send({"type": "sit", "seat": 0})
    while me.session is None or me.session.me != 0:
        me.seen.clear()
        await asyncio.wait_for(me.seen.wait(), LONG)
    assert me.link.key is not None  # given with the place
    old = table.host.places.conns[0]
    # the client thinks its connection dropped; the host still holds it as alive: without
    # the key the name would be refused as already at the table
    me.link.client.closed.set()
    while L.BACK not in [s.kind for s in me.statuses]:
        me.seen.clear()
        await asyncio.wait_for(me.seen.wait(), LONG)
    assert table.host.places.conns[0] is not None and table.host.places.conns[0] is not old
    assert me.session.me == 0
    table.host.finish()
    await table.end()
    await asyncio.wait_for(task, LONG)
