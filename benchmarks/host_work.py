"""The work a host of a shared table does for each action, counted: the views the engine
builds (each seat's, and the spectators'), the view bodies written, the parts of them written
(runs of a view's fields: the table's, alike for every view of a position, and each view's
own) and the lines put together, per audience (a seat, or the watchers together), while whole
deals are played through a real host over loopback by clients choosing random legal
actions, with watchers.

A counting probe wraps the engine's view builder (``engine.view.make_view``), the host's
spectator view (``net.views.Views.watcher``: a view it returns for the first time was built,
whatever it was built with), the view's body (``protocol.ViewWriter.body``) and its parts
(``ViewWriter._write``), a view message's line (``Views.line``: the message put together
from parts written once for all the messages of the position and the view's body; an
"encoding" of a view message is one such line), the encoder of the host's other messages
(``protocol.encode``) and ``Connection.send``, for the time of the run; nothing is counted in
the host's own code. Each count is kept by the table's position (deal, actions) when it was
made, so the most done for one audience at one position shows beside the mean.

    python benchmarks/host_work.py [--seeds N] [--deals D]

Prints, per table: the actions played, and per action the views built, view bodies made,
parts of them written, lines encoded and lines sent, for each seat, for the watchers and in
all (the table's parts under ``table``); then the most of each made for one audience at one
position.

A table's clients may speak different versions of the protocol (``Setup.protocols``): a view
is built and its body written once for both, and its line put together once for each
version; a line of an older version than the newest is counted for the audience and its
version (``(seat, 1)``, ``(WATCHERS, 1)``) and shown in the column ``older``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import threading
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bisca_tui.engine import codec
from bisca_tui.engine import view as engine_view
from bisca_tui.net import conn as conn_module
from bisca_tui.net import protocol as P
from bisca_tui.net import views as views_module
from bisca_tui.net.client import Client, random_legal
from bisca_tui.net.host import Host, NetSettings, serve
from bisca_tui.net.views import WATCHING

LONG = 120.0  # seconds: far longer than a deal takes here
WATCHERS = "watchers"  # the audience of a message for a client holding no seat
SHARED = "table"  # the audience of a part of the views written once for all of them
CLIENT = "client"  # a message a client sends: no work of the host's
TO_HOST = (P.HELLO, P.SIT, P.ACT, P.BYE)
KINDS = ("views", "bodies", "parts", "encoded", "sent")
ONCE = ("views", "bodies", "encoded")  # each made at most once per audience and position


@dataclass(frozen=True)
class Setup:
    """A table to play: its game, the people at its places (the others are bots), and the
    clients watching."""

    name: str
    variant: str
    options: dict[str, Any] = field(default_factory=dict)
    players: int | None = None
    people: int | None = None  # None: every place
    watchers: int = 2
    # the versions of the protocol the clients speak, in turn (the watchers first)
    protocols: tuple[int, ...] = (P.PROTOCOL,)

    def protocol(self, k: int) -> int:
        """The version the ``k``-th client speaks."""
        return self.protocols[k % len(self.protocols)]


TABLES = (
    Setup("Sueca, 4 players and 2 watchers", "sueca"),
    Setup("Sueca, 2 players, 2 bots and 2 watchers", "sueca", people=2),
    Setup("Sueca for three (a dummy), 3 players, 2 watchers", "sueca-3"),
    Setup("Bisca de Seis (signals), 6 players, 3 watchers", "bisca-6", {"intercept": 0.25},
          watchers=3),
    Setup("Briscola Chiamata, 5 players, 2 watchers", "chiamata", players=5),
    Setup("Briscola for two, 2 players, 1 watcher", "briscola", watchers=1),
    Setup("Sueca, 4 players and 4 watchers, of versions 1 and 2", "sueca", watchers=4,
          protocols=(1, 2)),
)


class Probe:
    """The counts of the host's work, by the table's position and audience. Only work done
    on the event loop's thread is counted (a bot thinking in its thread builds views of its
    own, which are no message's)."""

    def __init__(self) -> None:
        self.host: Host | None = None
        self.counts: dict[tuple[int, int], Counter[tuple[str, Any]]] = defaultdict(Counter)
        self._thread = threading.get_ident()
        self._spectating = 0  # inside the spectator's view: its seat view is a part of it
        self._spectator_views: dict[int, Any] = {}  # id -> view (held, so ids stay theirs)
        self._key = WATCHING  # the audience of the body being written
        self._undo: list[Callable[[], None]] = []

    def position(self) -> tuple[int, int]:
        host = self.host
        s = host.session if host is not None else None
        return (0, -1) if s is None else (s.deal_number, len(s.state.history))

    def count(self, kind: str, audience: Any) -> None:
        if audience != CLIENT and threading.get_ident() == self._thread:
            self.counts[self.position()][(kind, audience)] += 1

    def _patch(self, owner: Any, name: str, make: Callable[[Any], Any]) -> None:
        old = getattr(owner, name)
        setattr(owner, name, make(old))
        self._undo.append(lambda: setattr(owner, name, old))

    def __enter__(self) -> Probe:
        probe = self

        def seat_view(old: Any) -> Any:
            def make_view(state: Any, seat: int) -> Any:
                if not probe._spectating:
                    probe.count("views", seat)
                return old(state, seat)
            return make_view

        def spectator_view(old: Any) -> Any:
            def watcher(views: Any) -> Any:
                probe._spectating += 1  # a seat view made for it is a part of it
                try:
                    view = old(views)
                finally:
                    probe._spectating -= 1
                if id(view) not in probe._spectator_views:  # built, not the one kept
                    probe.count("views", WATCHERS)
                    probe._spectator_views[id(view)] = view
                return view
            return watcher

        def body(old: Any) -> Any:
            def write_body(writer: Any, view: Any, key: int, *a: Any) -> Any:
                probe.count("bodies", WATCHERS if key == WATCHING else key)
                probe._key = key
                return old(writer, view, key, *a)
            return write_body

        def part(old: Any) -> Any:
            def write(writer: Any, i: int, values: Any) -> Any:
                table = codec.NET_RUNS[i].table
                key = probe._key
                probe.count("parts", SHARED if table else WATCHERS if key == WATCHING else key)
                return old(writer, i, values)
            return write

        def line(old: Any) -> Any:
            def put_together(views: Any, position: Any, seat: int | None, view: Any,
                             start: int, protocol: int) -> Any:
                who = WATCHERS if seat is None else seat
                probe.count("encoded", (who, 1) if protocol == 1 else who)
                return old(views, position, seat, view, start, protocol)
            return put_together

        def encoder(old: Any) -> Any:
            def encode(message: dict[str, Any]) -> bytes:
                probe.count("encoded", audience(message))
                return old(message)
            return encode

        def sender(old: Any) -> Any:
            def send(conn: Any, message: Any) -> bool:
                if not conn.closed:
                    text = json.loads(message) if isinstance(message, bytes) else message
                    probe.count("sent", audience(text))
                return old(conn, message)
            return send

        self._patch(engine_view, "make_view", seat_view)
        self._patch(views_module.Views, "watcher", spectator_view)
        self._patch(P.ViewWriter, "body", body)
        self._patch(P.ViewWriter, "_write", part)
        self._patch(views_module.Views, "line", line)
        self._patch(P, "encode", encoder)
        self._patch(conn_module, "encode", encoder)
        self._patch(conn_module.Connection, "send", sender)
        return self

    def __exit__(self, *exc: object) -> None:
        while self._undo:
            self._undo.pop()()

    def most(self) -> dict[str, int]:
        """The most of each kind of work done for one audience at one position (the lines
        sent are not among them: an audience may be several clients)."""
        out: dict[str, int] = dict.fromkeys(ONCE, 0)
        for counter in self.counts.values():
            for (kind, who), n in counter.items():
                if for_views(who) and kind in ONCE:
                    out[kind] = max(out[kind], n)
        return out

    def totals(self) -> Counter[tuple[str, Any]]:
        total: Counter[tuple[str, Any]] = Counter()
        for counter in self.counts.values():
            total.update(counter)
        return total


def audience(message: dict[str, Any]) -> Any:
    """Who a message is for: a view's seat (the watchers for a seatless view), with its
    version when older than the newest (version 1's views carry ``after``); the type of the
    host's others (the lobby, a chat line, a welcome, a refusal, the end); ``CLIENT`` for a
    client's own (not the host's work: the clients here share its process)."""
    if message.get("type") in TO_HOST:
        return CLIENT
    if message.get("type") != P.VIEW:
        return message.get("type")
    seat = message.get("seat")
    who = WATCHERS if seat is None else seat
    return (who, 1) if "after" in message else who


def for_views(who: Any) -> bool:
    """Whether a count's audience is a view's (a seat or the watchers, of any version)."""
    return isinstance(who, (int, tuple)) or who == WATCHERS


@dataclass
class Played:
    """One table's deals: the actions taken, and the probe's counts."""

    setup: Setup
    actions: int = 0
    clients: int = 0
    probes: list[Probe] = field(default_factory=list)


async def play(setup: Setup, seed: int, deals: int, probe: Probe) -> tuple[int, int]:
    """Play ``deals`` deals of ``setup`` through a real host; the actions and clients."""
    people = setup.people
    opened = None if people is None else tuple(range(people))
    settings = NetSettings(setup.variant, dict(setup.options), setup.players, seed=seed,
                           deals=deals, open=opened, level="random")
    ready: asyncio.Future[Host] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve(settings, ready=ready.set_result))
    host = await asyncio.wait_for(ready, LONG)
    probe.host = host
    clients: list[Client] = []
    for w in range(setup.watchers):
        clients.append(await Client.connect("127.0.0.1", host.port, host.code, f"W{w}",
                                            protocol=setup.protocol(len(clients))))
    for p in host.places.open:
        client = await Client.connect("127.0.0.1", host.port, host.code, f"P{p}",
                                      chooser=random_legal(random.Random(seed * 31 + p)),
                                      protocol=setup.protocol(len(clients)))
        await client.sit(p)
        clients.append(client)
    session = await asyncio.wait_for(task, LONG)
    for client in clients:
        await asyncio.wait_for(client.closed.wait(), LONG)
    assert session is not None
    actions = sum(len(d.history) for d in session.match.deals)
    return actions, len(clients)


async def measure(setup: Setup, seeds: int, deals: int) -> Played:
    played = Played(setup)
    for seed in range(1, seeds + 1):
        with Probe() as probe:
            actions, played.clients = await play(setup, seed, deals, probe)
        played.actions += actions
        played.probes.append(probe)
    return played


def report(played: Played) -> list[str]:
    total: Counter[tuple[str, Any]] = Counter()
    most = dict.fromkeys(ONCE, 0)
    for probe in played.probes:
        total.update(probe.totals())
        for kind, n in probe.most().items():
            most[kind] = max(most[kind], n)
    per = max(played.actions, 1)
    seats = sorted({who for _, who in total if isinstance(who, int)})
    lines = [f"{played.setup.name}: {played.clients} clients, {played.actions} actions"]
    head = "  per action      " + "".join(f"{'seat ' + str(s):>8}" for s in seats)
    lines.append(head + f"{'watchers':>9}{'older':>8}{'table':>8}{'others':>8}{'in all':>8}")
    for kind in KINDS:
        row = [total[(kind, s)] / per for s in seats]
        older = sum(n for (k, who), n in total.items() if k == kind
                    and isinstance(who, tuple)) / per
        others = sum(n for (k, who), n in total.items() if k == kind
                     and isinstance(who, str) and who not in (WATCHERS, SHARED)) / per
        whole = sum(n for (k, _), n in total.items() if k == kind) / per
        lines.append(f"    {kind:14}" + "".join(f"{x:8.2f}" for x in row)
                     + f"{total[(kind, WATCHERS)] / per:9.2f}{older:8.2f}"
                     + f"{total[(kind, SHARED)] / per:8.2f}{others:8.2f}"
                     + f"{whole:8.2f}")
    lines.append("  the most for one audience at one position: " + ", ".join(
        f"{kind} {most[kind]}" for kind in ONCE))
    return lines


async def measure_all(seeds: int, deals: int) -> list[Played]:
    return [await measure(setup, seeds, deals) for setup in TABLES]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=2, help="tables of each setup")
    parser.add_argument("--deals", type=int, default=1, help="deals per table")
    args = parser.parse_args()
    for played in asyncio.run(measure_all(args.seeds, args.deals)):
        print("\n".join(report(played)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
