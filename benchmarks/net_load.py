"""Load on a host of shared tables: many tables of four places each, over loopback, every
client choosing a random legal action the moment its seat is to act (the instant pace);
with ``--bots K`` bots play K places of each table (in the pool every table shares).

The hosts run in a process of their own (one event loop serving every table, as one
machine hosting many), the clients in this one, so that the host's CPU time and memory are
its own. Every action a client sends is timed until each of the table's four clients has
the view it led to.

    python benchmarks/net_load.py [--tables N] [--deals D] [--variant ID] [--seed S]
                                  [--bots K] [--level LEVEL] [--save DIR]

Prints the actions played, the median and 99th percentile time from an action to every
client's update, whether every action was answered and every table finished (none stalled),
and the host's CPU time and resident memory per table. Exits with status 1 if a table
stalled or an action went unanswered.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import json
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bisca_tui.net.client import Client
from bisca_tui.net.host import Host, NetSettings, serve

CODE = "LOAD{:03d}"  # each table's own (a table's save is named after its code)


# ----- the host process ------------------------------------------------------------------

def rss_kb() -> int:
    """The process's resident memory now, in KiB (Linux), else its peak."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def host_tables(n: int, settings: NetSettings) -> None:
    """Serve ``n`` tables; tell the ports on stdout, then the host's costs once all end."""
    ports: dict[str, int] = {}
    everyone_ready = asyncio.Event()

    def ready(host: Host) -> None:
        ports[host.code] = host.port
        if len(ports) == n:
            everyone_ready.set()

    base_rss, base_cpu = rss_kb(), cpu_seconds()
    tasks = [asyncio.create_task(serve(settings, code=CODE.format(t), ready=ready))
             for t in range(n)]
    await everyone_ready.wait()
    print(json.dumps({"ports": [ports[CODE.format(t)] for t in range(n)]}), flush=True)
    peak = 0

    async def watch_memory() -> None:
        nonlocal peak
        while True:
            peak = max(peak, rss_kb())
            await asyncio.sleep(0.2)

    watcher = asyncio.create_task(watch_memory())
    sessions = await asyncio.gather(*tasks)
    watcher.cancel()
    peak = max(peak, rss_kb())
    print(json.dumps({
        "cpu": cpu_seconds() - base_cpu, "base_rss_kb": base_rss, "peak_rss_kb": peak,
        "finished": sum(1 for s in sessions if s is not None),
        "actions": sum(len(d.history) for s in sessions if s is not None
                       for d in s.match.deals),
    }), flush=True)


# ----- the clients -------------------------------------------------------------------------

class Timing:
    """When each action was sent, and when each of its table's clients had its result."""

    def __init__(self, clients: int = 4) -> None:
        self.clients = clients  # per table: an action is answered once all have its result
        self.sent: dict[tuple[int, int, int], float] = {}  # (table, deal, moves) -> time
        self.heard: dict[tuple[int, int, int], int] = {}
        self.latencies: list[float] = []
        self.over = 0  # the clients told the match is over
        # once every client has sat, what they read is not kept: hundreds of clients in
        # one process keeping every message would time this process's garbage collection
        # (pauses of seconds, once it holds millions of objects), not the host
        self.forget = False

    def chooser(self, table: int, rng: random.Random) -> Any:
        def choose(message: dict[str, Any]) -> str | None:
            legal = message["view"]["legal"]
            if not legal:
                return None
            self.sent[(table, *message["token"])] = time.perf_counter()
            return rng.choice(legal)
        return choose

    def listener(self, table: int) -> Any:
        def heard(client: Client, message: dict[str, Any]) -> None:
            if self.forget:
                client.messages.clear()
            self.over += message["type"] == "over"
            if message["type"] != "view" or not message["events"]:
                return
            # the view that follows an action: its events are what the action did, and its
            # position is one action on from the one the action answered (every action of
            # a game without signals is seen by every seat)
            deal, moves = message["token"]
            key = (table, deal, moves - 1)
            count = self.heard[key] = self.heard.get(key, 0) + 1
            if count == self.clients and key in self.sent:
                self.latencies.append(time.perf_counter() - self.sent[key])
        return heard


async def play(ports: list[int], seed: int, timing: Timing) -> list[Client]:
    clients = []
    for t, port in enumerate(ports):
        for k in range(timing.clients):
            rng = random.Random(seed * 1000 + t * 4 + k)
            client = await Client.connect("127.0.0.1", port, CODE.format(t), f"T{t}P{k}",
                                          chooser=timing.chooser(t, rng),
                                          on_message=timing.listener(t))
            clients.append(client)
    await asyncio.gather(*(c.sit() for c in clients))
    timing.forget = True
    return clients


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def drive(args: argparse.Namespace) -> int:
    command = [sys.executable, __file__, "--serve", "--tables", str(args.tables),
               "--deals", str(args.deals), "--variant", args.variant, "--seed", str(args.seed),
               "--bots", str(args.bots), "--level", args.level] + (
                   ["--save", args.save] if args.save else []) + (
                   ["--profile", args.profile] if args.profile else [])
    proc = await asyncio.create_subprocess_exec(*command, stdout=subprocess.PIPE)
    assert proc.stdout is not None
    ports = json.loads(await proc.stdout.readline())["ports"]
    timing = Timing(4 - args.bots)
    started = time.perf_counter()
    clients = await play(ports, args.seed, timing)
    with contextlib.suppress(TimeoutError):  # a table stalled: counted below
        await asyncio.wait_for(asyncio.gather(*(c.closed.wait() for c in clients)),
                               args.timeout)
    wall = time.perf_counter() - started
    host = json.loads(await asyncio.wait_for(proc.stdout.readline(), args.timeout) or b"{}")
    await proc.wait()
    stalled = args.tables - timing.over // timing.clients
    unanswered = len(set(timing.sent) - {k for k, n in timing.heard.items()
                                         if n >= timing.clients})
    ms = [x * 1000 for x in timing.latencies]
    bots = f" and {args.bots} {args.level} bot(s)" if args.bots else ""
    print(f"{args.tables} tables of {args.variant}, {timing.clients} clients{bots} each, "
          f"{'the whole match' if args.deals == 0 else f'{args.deals} deal(s)'}")
    print(f"  actions sent by clients: {len(timing.sent)}, answered to all the table's "
          f"clients: {len(ms)}, unanswered: {unanswered}; tables stalled: {stalled}")
    if ms:
        print(f"  action -> every client's update: median {statistics.median(ms):.2f} ms, "
              f"p99 {percentile(ms, 0.99):.2f} ms, max {max(ms):.2f} ms")
    actions = host.get("actions", len(ms))
    print(f"  wall time {wall:.1f} s; {actions} actions (bots' included), "
          f"{actions / wall:.0f} a second")
    if host:
        per = args.tables
        print(f"  host CPU {host['cpu']:.2f} s in all, {host['cpu'] / per * 1000:.1f} ms "
              f"per table, {host['cpu'] / max(actions, 1) * 1000:.2f} ms per action; RSS "
              f"{host['base_rss_kb'] / 1024:.1f} MiB at rest, peak "
              f"{host['peak_rss_kb'] / 1024:.1f} MiB: "
              f"{(host['peak_rss_kb'] - host['base_rss_kb']) / per:.0f} KiB per table")
    return 1 if stalled or unanswered else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--deals", type=int, default=0, help="deals per table (0: the match)")
    parser.add_argument("--variant", default="sueca")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--bots", type=int, default=0, choices=range(4),
                        help="places of each table bots play (0-3)")
    parser.add_argument("--level", default="random", help="the bots' level")
    parser.add_argument("--save", metavar="DIR", default=None,
                        help="save each table after every action in DIR, as bisca-tui host "
                             "does (default: no saves)")
    parser.add_argument("--profile", metavar="FILE", default=None,
                        help="profile the host (cProfile) and write its statistics to FILE")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        people = 4 - args.bots
        settings = NetSettings(args.variant, seed=args.seed, deals=args.deals or None,
                               hold=3600.0, open=tuple(range(people)), level=args.level,
                               save_dir=Path(args.save) if args.save else None)
        if args.profile is None:
            asyncio.run(host_tables(args.tables, settings))
        else:
            cProfile.runctx("asyncio.run(host_tables(args.tables, settings))", globals(),
                            {"args": args, "settings": settings}, args.profile)
        return 0
    return asyncio.run(drive(args))


if __name__ == "__main__":
    sys.exit(main())
