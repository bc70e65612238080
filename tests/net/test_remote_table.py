"""A hosted table as a front reads it (``RemoteTable``): the seats this client plays, their
views and events exactly as the host's own table gives them, an action sent once per
position, no undo, and hints as the host allows them. A client plays a whole match at a
real host through nothing but this interface."""

from __future__ import annotations

import asyncio
import random

from net_support import CODE, LONG, open_table

from bisca_tui.engine.spectator import SPECTATOR
from bisca_tui.engine.variant import make_variant
from bisca_tui.net import link as L
from bisca_tui.net.host import NetSettings
from bisca_tui.net.remote import JoinedMatch
from bisca_tui.net.remote_table import NotSent, RemoteTable
from bisca_tui.table.front import Table


class FrontPlayer:
    """A client that reads and plays through a ``RemoteTable`` only."""

    def __init__(self, port: int, name: str, seed: int) -> None:
        self.rng = random.Random(seed)
        self.table: RemoteTable | None = None
        self.sends: list[dict] = []
        self.checked = 0
        self.host_table = None  # the host's own session, to compare with
        self.seen = asyncio.Event()
        self.link = L.Link("127.0.0.1", port, CODE, name, self.on_message, lambda _s: None,
                           back_off=(0.01,))

    def send(self, message: dict) -> bool:
        self.sends.append(message)
        return self.link.send(message)

    def on_message(self, m: dict) -> None:
        if m["type"] == "welcome" and self.table is None:
            game = m["game"]
            v = make_variant(game["variant"], game["options"], game["players"])
            self.table = RemoteTable(JoinedMatch(v, m["seat"]), self.send)
        t = self.table
        if t is None:
            return
        s = t.session
        if m["type"] in ("welcome", "lobby"):
            s.me = m.get("seat", s.me) if m["type"] == "welcome" else s.me
            s.take_seats(m["seats"])
        elif m["type"] == "view":
            s.take_view(m)
            t.answered()
            host = self.host_table
            if host is not None and m["seat"] is not None and m["token"] == [
                    host.deal_number, host.moves]:  # the host has not moved on meanwhile
                seat = m["seat"]
                assert t.seats() == (seat,)
                assert t.view(seat) == host.view(seat)
                assert t.events(seat) == host.view(seat).events
                assert t.events(seat, 2) == host.view(seat).events[2:]
                self.checked += 1
            for seat in t.seats():
                legal = t.view(seat).legal
                if legal:
                    action = self.rng.choice(legal)
                    before = len(self.sends)
                    t.submit(seat, action)
                    t.submit(seat, action)  # twice for one position: sent once
                    assert len(self.sends) == before + 1
        elif m["type"] == "over":
            s.take_over(m)
        self.seen.set()


async def test_a_client_plays_a_match_through_the_table_interface_alone() -> None:
    table = await open_table(NetSettings("briscola", seed=4, deals=2, hold=LONG))
    me = FrontPlayer(table.host.port, "Ana", seed=3)
    task = asyncio.create_task(me.link.run())
    await asyncio.wait_for(me.link.connected.wait(), LONG)
    me.link.send({"type": "sit", "seat": 1})
    while me.table is None or me.table.session.me != 1:
        me.seen.clear()
        await asyncio.wait_for(me.seen.wait(), LONG)
    t = me.table
    assert isinstance(t, Table)
    assert t.seats() == () and not t.may_undo() and t.undo() == []
    assert t.hints is False  # until the host says otherwise
    other = await table.join("P0", play=True, seed=1)
    me.host_table = table.host.session
    session = await table.end()
    await asyncio.wait_for(task, LONG)
    await other.close(bye=False)
    assert me.checked >= 10
    assert t.session.over and t.session.match.scores == session.match.scores
    # the watcher's place: what a seat holding no card sees, from this client's own place
    assert t.view(SPECTATOR).seat == 1


async def test_an_action_with_no_connection_is_not_sent_and_may_be_sent_again() -> None:
    v = make_variant("briscola")
    s = JoinedMatch(v, 0)
    t = RemoteTable(s, lambda _m: False)
    try:
        t.submit(0, 1)
    except NotSent:
        pass
    else:
        raise AssertionError("an action with no connection must say it was not sent")
    assert t.sent is None
