"""How far one action travels: from one player's submit at a joined table to the other
player's client holding the new view, through a real host over loopback.

Two players join a host of Briscola for two (every place a player's, so no bot plays) the way
the join command does: each through a ``Link``, its messages kept in the client's match as
the host sent them (``net.remote``'s ``take_view``), its actions sent as the joined table
sends them (``RemoteTable.submit`` where there is one; before it, the table screen's own
lines, reproduced here). The player whose turn it is plays a random legal card; the probe
follows the action until the other player's match has taken the view it brought.

For each action, ``sys.setprofile`` records every function of the package (``bisca_tui``)
called in the process (host and both clients run on one event loop) from the submit to the
moment the other client's ``take_view`` returns; the acting player's own client reads
nothing meanwhile (its connection's reading paused, its views kept for after). Printed:

- the named stages of that path, in the order the action met them, each with the first
  function of the package that did it, and how many stages there were;
- the distinct functions of the package called and the calls made, per action (the fewest,
  the median and the most), and with ``--list`` every distinct function in the order it was
  first called;
- the wall time from submit to view in hand, per action, measured in a second pass without
  the profiler (the median and the 90th percentile).

    python benchmarks/hops.py [--actions N] [--seed S] [--list]

It runs against whatever ``bisca_tui`` Python imports: to count an older commit, check it out
in a worktree of its own and put that first on ``PYTHONPATH``. The first line printed names
the package's folder and commit.

Measured with 200 actions and seeds 1 to 3, on two busy cores (medians per action): at
c0f08a3, the last commit before the one table interface (the client a ``RemoteSession``),
25 stages, 138.5 distinct functions, 510 calls, 0.73 to 1.04 ms; with the interface, 27
stages (its two ``submit``s, the client's ``RemoteTable`` and the host's ``LocalTable``),
145 to 146 distinct functions, 454 calls, 0.49 to 0.60 ms. The action that first resolves a
trick fills the trick-ranking table once (some 13,000 calls, both before and after).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from types import CodeType
from typing import Any

import bisca_tui
from bisca_tui.engine.actions import action_str
from bisca_tui.engine.variant import make_variant
from bisca_tui.net import protocol as P
from bisca_tui.net.host import NetSettings, serve
from bisca_tui.net.link import Link

try:  # the joined match as the client keeps it, and its table (after the Table interface)
    from bisca_tui.net.remote import JoinedMatch as Mirror
    from bisca_tui.net.remote_table import RemoteTable
except ImportError:  # before it: a Session faked from what the host sent
    from bisca_tui.net.remote import RemoteSession as Mirror  # type: ignore[no-redef]
    RemoteTable = None  # type: ignore[assignment,misc]

PACKAGE = str(Path(bisca_tui.__file__).resolve().parent)
LONG = 60.0  # seconds: far longer than one action takes here
CODE = "HOPS2345"

# The stages an action meets, in order: a name, and the functions (module:qualified name, as
# a regular expression) of which the first called after the stage before marks it. A stage a
# version does not have is shown as not met.
STAGES: tuple[tuple[str, str], ...] = (
    ("client: the action submitted", r"net\.remote_table:RemoteTable\.submit$"),
    ("client: the action named", r"engine\.actions:action_str$"),
    ("client: sent through the link", r"net\.link:Link\.send$"),
    ("client: written", r"net\.client:Client\.send$"),
    ("client: line encoded", r"net\.protocol:encode$"),
    ("host: the connection's task wakes", r"net\.conn:Handlers\.__call__$"),
    ("host: entrance reads on", r"net\.entrance:Entrance\.handle$|net\.\w+:\w+\.handle$"),
    ("host: line read", r"net\.conn:Connection\.read$"),
    ("host: line decoded", r"net\.protocol:decode$"),
    ("host: message routed", r"net\.\w+:\w+\.on_message$"),
    ("host: action checked", r"net\.\w+:\w+\.act$"),
    ("host: table submit", r"table\.front:\w+\.submit$"),
    ("host: turn loop", r"table\.loop:TableLoop\.\w+$"),
    ("engine: action applied", r"engine\.state:GameState\.apply$"),
    ("host: messages sent out", r"net\.\w+:\w+\.broadcast$"),
    ("engine: views built", r"engine\.view:make_view$"),
    ("host: view turned into JSON",
     r"net\.protocol:view_json$|engine\.codec:view_to_json$|net\.protocol:ViewWriter\.body$"),
    ("host: line encoded", r"net\.protocol:encode$|net\.views:Views\.line$"),
    ("host: queued to the connection", r"net\.conn:Connection\.send$"),
    ("host: written", r"net\.conn:Connection\._write_batch$"),
    ("other client: line read", r"net\.client:Client\._read_all$"),
    ("other client: line decoded", r"net\.protocol:decode$"),
    ("other client: message handled", r"net\.client:Client\._react$"),
    ("other client: link hands it on", r"net\.link:Link\._got$"),
    ("other client: view taken", r"net\.remote:\w+\.take_view$"),
    ("other client: events decoded", r"net\.mirror:events_from_json$"),
    ("other client: view decoded", r"net\.mirror:view_from_json$"),
)


def commit_of(folder: str) -> str:
    try:
        return subprocess.run(["git", "-C", folder, "log", "-1", "--format=%h %s"],
                              capture_output=True, text=True, check=True).stdout.strip()[:90]
    except (OSError, subprocess.CalledProcessError):
        return "?"


@functools.cache
def name_of(code: CodeType) -> str:
    """``module:qualified name`` of a function of the package (``net.host:Host.act``)."""
    module = Path(code.co_filename).resolve().relative_to(PACKAGE).with_suffix("")
    qualname = getattr(code, "co_qualname", code.co_name)
    return ".".join(module.parts) + ":" + qualname


class Trace:
    """The package's functions called while it is on, in order."""

    def __init__(self) -> None:
        self.calls: list[CodeType] = []
        self.on = False

    def start(self) -> None:
        self.calls = []
        self.on = True
        sys.setprofile(self._profile)

    def stop(self) -> None:
        sys.setprofile(None)
        self.on = False

    def _profile(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(PACKAGE):
            self.calls.append(frame.f_code)


class Player:
    """One player's client, as the join command keeps it: a link, and the match as the host
    sent it. While ``holding``, its views wait (an action's own player's, during a probe)."""

    def __init__(self, name: str, variant: Any, port: int, probe: Probe) -> None:
        self.name = name
        self.variant = variant
        self.probe = probe
        self.match: Any = None
        self.holding = False
        self.held: list[dict[str, Any]] = []
        self.link = Link("127.0.0.1", port, CODE, name, self.heard, lambda status: None)
        self.table: Any = None  # the joined table's front (RemoteTable), once welcomed
        self.changed = asyncio.Event()

    def heard(self, m: dict[str, Any]) -> None:
        kind = m.get("type")
        if kind == P.WELCOME:
            if self.match is None:
                self.match = Mirror(self.variant, m.get("seat"))
                if RemoteTable is not None:
                    self.table = RemoteTable(self.match, self.link.send)
            self.match.me = m.get("seat")
            self.match.take_seats(m.get("seats") or [])
        elif kind == P.LOBBY and self.match is not None:
            self.match.take_seats(m.get("seats") or [])
        elif kind == P.VIEW and self.match is not None:
            if self.holding:
                self.held.append(m)
            else:
                self.take(m)
        self.changed.set()

    def take(self, m: dict[str, Any]) -> None:
        """A view taken as the joined table takes it (its screen's redraw left out)."""
        self.match.take_view(m)
        self.probe.taken(self)
        if self.table is not None:
            self.table.answered()  # the host moved on: a new action may be sent

    def release(self) -> None:
        self.holding = False
        for m in self.held:
            self.take(m)
        self.held.clear()

    def seat(self) -> int | None:
        m = self.match
        return None if m is None or not m.match.deals else m.own_seat()

    def legal(self) -> tuple[int, ...]:
        seat = self.seat()
        return () if seat is None else tuple(self.match.view(seat).legal)

    def submit(self, seat: int, action: int) -> None:
        """The action sent as the joined table sends it (the seat is the one the table
        shows the player's turn at, known before)."""
        if self.table is not None:
            self.table.submit(seat, action)
            return
        m = self.match
        message = {"type": "act", "action": action_str(action, m.variant.signal_names),
                   "token": list(m.token), "seat": seat}
        self.link.send(message)


class Probe:
    """One action followed from its submit to the other player's view."""

    def __init__(self) -> None:
        self.trace = Trace()
        self.target: Player | None = None
        self.before: tuple[int, int] = (0, 0)
        self.arrived: asyncio.Future[float] | None = None

    def taken(self, player: Player) -> None:
        if player is self.target and self.arrived is not None and \
                tuple(player.match.token) != self.before and not self.arrived.done():
            if self.trace.on:
                self.trace.stop()
            self.arrived.set_result(time.perf_counter())

    async def follow(self, actor: Player, other: Player, action: int,
                     traced: bool) -> tuple[float, list[CodeType]]:
        self.target, self.before = other, tuple(other.match.token)
        self.arrived = asyncio.get_running_loop().create_future()
        actor.holding = True  # the acting player's own client waits: not on the path
        reading = actor.link.client.writer.transport
        reading.pause_reading()
        seat = actor.seat()
        assert seat is not None
        if traced:
            self.trace.start()
        start = time.perf_counter()
        actor.submit(seat, action)
        end = await asyncio.wait_for(self.arrived, LONG)
        self.trace.stop()
        reading.resume_reading()
        actor.release()
        while tuple(actor.match.token) != tuple(other.match.token):  # its own view, after
            actor.changed.clear()
            await asyncio.wait_for(actor.changed.wait(), LONG)
        self.target = self.arrived = None
        return end - start, list(self.trace.calls) if traced else []


async def play(actions: int, seed: int, traced: bool) -> list[tuple[float, list[CodeType]]]:
    """Seat two players at a host and follow ``actions`` actions (fewer if the match ends)."""
    settings = NetSettings("briscola", seed=seed, level="random")
    variant = make_variant(settings.variant, settings.options, settings.players)
    listening: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    host = asyncio.create_task(serve(settings, code=CODE, ready=listening.set_result))
    port = (await asyncio.wait_for(listening, LONG)).port
    probe = Probe()
    players = [Player(name, variant, port, probe) for name in ("Ana", "Bia")]
    for p in players:
        asyncio.create_task(p.link.run())
        await asyncio.wait_for(p.link.connected.wait(), LONG)
        p.link.send({"type": P.SIT})
    rng = random.Random(seed)
    followed: list[tuple[float, list[CodeType]]] = []
    while len(followed) < actions and not host.done():
        actor = next((p for p in players if p.legal()), None)
        if actor is None:  # the deal is being dealt, or the views are on their way
            for p in players:
                p.changed.clear()
            await asyncio.wait([asyncio.ensure_future(p.changed.wait()) for p in players],
                               timeout=LONG, return_when=asyncio.FIRST_COMPLETED)
            continue
        other = players[1 - players.index(actor)]
        followed.append(await probe.follow(actor, other, rng.choice(actor.legal()), traced))
    for p in players:
        p.link.bye()
    host.cancel()
    await asyncio.gather(host, return_exceptions=True)
    return followed


def stages(calls: list[CodeType]) -> list[tuple[str, str | None]]:
    """Each stage, and the function that marked it (None: not met on this path)."""
    names = [name_of(c) for c in calls]
    found: list[tuple[str, str | None]] = []
    at = 0
    for label, pattern in STAGES:
        rx = re.compile(pattern)
        k = next((i for i in range(at, len(names)) if rx.search(names[i])), None)
        found.append((label, None if k is None else names[k]))
        if k is not None:
            at = k + 1
    return found


def spread(values: list[float]) -> str:
    return (f"fewest {min(values):g}, median {statistics.median(values):g}, "
            f"most {max(values):g}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=30, help="actions followed (default 30)")
    parser.add_argument("--seed", type=int, default=7, help="the deals' seed (default 7)")
    parser.add_argument("--list", action="store_true",
                        help="list the functions of the first action, in the order called")
    args = parser.parse_args()
    print(f"bisca_tui from {PACKAGE}: {commit_of(PACKAGE)}")
    print(f"client side: {Mirror.__name__}"
          + (", RemoteTable" if RemoteTable is not None else ", the table screen's own send"))
    traced = asyncio.run(play(args.actions, args.seed, traced=True))
    timed = asyncio.run(play(args.actions, args.seed, traced=False))

    first = traced[0][1]
    met = stages(first)
    print(f"\nThe stages of one action (the first), {len(traced)} followed:")
    n = 0
    for label, where in met:
        if where is not None:
            n += 1
        print(f"  {n if where else '-':>2}  {label:<34} {where or 'not met'}")
    counts = [len([s for s in stages(calls) if s[1] is not None]) for _, calls in traced]
    print(f"stages met: {n} (per action: {spread(counts)})")
    distinct = [len(set(calls)) for _, calls in traced]
    made = [len(calls) for _, calls in traced]
    print(f"distinct functions of the package per action: {spread(distinct)}")
    print(f"calls of the package's functions per action: {spread(made)}")
    most = max(traced, key=lambda t: len(t[1]))[1]
    top, times = Counter(name_of(c) for c in most).most_common(1)[0]
    print(f"  (the action with the most calls made {times} of them in {top})")
    walls = sorted(t * 1000 for t, _ in timed)
    p90 = walls[min(len(walls) - 1, int(0.9 * len(walls)))]
    print(f"wall time, submit to view in hand (no profiler, {len(walls)} actions): "
          f"median {statistics.median(walls):.2f} ms, 90th percentile {p90:.2f} ms")
    if args.list:
        print("\nThe functions of the first action, in the order first called:")
        seen: dict[CodeType, int] = {}
        for code in first:
            seen[code] = seen.get(code, 0) + 1
        for k, (code, times) in enumerate(seen.items(), 1):
            print(f"  {k:>3}  {name_of(code)}  x{times}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
