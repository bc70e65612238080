"""Load on a card room: many tables of four people, each player coming into the room's lobby
(as a guest), one of them opening an unrated table without bots, the others entering it
from the lobby, and all four joining it over connections of their own and sitting, as
``tests/room`` plays; then every seat answers its turns with a random legal action, at
once (``--pace 0``, the instant pace) or ``--pace`` seconds after its turn came, give or
take ``--jitter`` (a person's pace).

The room runs in a process of its own (one event loop serving the lobby and every table),
the clients in ``--procs`` others, so that the room's CPU time and memory are its own. Every
action a client sends is timed until each of the table's four clients has the view it led
to. The players keep their lobby connection while they play (``--lobby stay``, as the
lobby's screen does) or leave the lobby once seated (``--lobby leave``).

    python benchmarks/room_load.py [--tables N] [--pace SECONDS] [--seconds S]
                                   [--stagger S] [--procs P] [--lobby stay|leave] [--window W]
                                   [--gc-freeze] [--gc-threshold N] [--profile FILE]

No table plays before every table is seated: then at the instant pace every table plays
its match to the end (``--seconds`` bounds the wait), each answering its first turn at once;
at a person's pace each table answers its first turn within ``--stagger`` seconds (one
turn's time unless said), and the tables play for ``--seconds`` more. One turn's time puts
the tables out of step within a trick, but they all end their deals within the same few
seconds; a stagger of a deal's length (``--stagger 80`` for Sueca at 2 s a turn) spreads
the ends of the deals as tables that opened at different times do. The latencies counted
are those of the ``--seconds`` after every table began.

Prints the time the set-up took and its CPU in the room; the actions sent, the views that
answered them (four each) and the actions not answered to all four; the median and 99th
percentile time from an action to every client's update, and the 99th percentile of each
``--window`` seconds; the room's CPU time while playing (in all, per action and per table)
and its resident memory (empty, once seated, at the end, peak); the event loop's stalls and
the garbage collector's passes in the room and in each client process; and the bytes of the
lobby's lists the clients received. ``--gc-freeze`` and ``--gc-threshold`` try the room with
its collector tuned (the clients' collector is kept out of the way in any case: they stand
for thousands of machines). Exits with status 1 if an action went unanswered (or, at the
instant pace, a table did not finish).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from net_load import cpu_seconds, rss_kb  # the process's own figures, as measured there

from bisca_tui.net import protocol as P
from bisca_tui.net import room_protocol as R
from bisca_tui.net.client import Client, Refused
from bisca_tui.net.room_client import RoomClient
from bisca_tui.room.caps import RoomCaps
from bisca_tui.room.collector import Collector
from bisca_tui.room.room import Room
from bisca_tui.room.serving import serve_room
from bisca_tui.room.store import SqliteRoom

PLAYERS = 4
BROADCASTS = (b'{"type":"%s"' % R.TABLES.encode(), b'{"type":"%s"' % R.PEOPLE.encode())


def more_files(wanted: int) -> None:
    """Let this process hold ``wanted`` files (connections) at once, as far as allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        top = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, top), hard))


async def stdin_lines() -> asyncio.StreamReader:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return reader


def say(message: dict[str, Any]) -> None:
    print(json.dumps(message), flush=True)


# ----- the room process --------------------------------------------------------------------

class Pauses:
    """The event loop held up: the garbage collector's passes (the CPU time they took, by
    generation: the time waited for a core besides is not theirs) and the loop's stalls (a
    timer late by more than ``STALL`` seconds, whatever held it)."""

    STALL = 0.05

    def __init__(self) -> None:
        self.gc: list[list[float]] = [[], [], []]
        self.stalls: list[float] = []
        self._began = 0.0
        gc.callbacks.append(self.collected)

    def collected(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = time.process_time()
        else:
            self.gc[info["generation"]].append(time.process_time() - self._began)

    async def watch(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(0.01)
            late = time.perf_counter() - before - 0.01
            if late > self.STALL:
                self.stalls.append(late)

    def clear(self) -> None:
        self.gc = [[], [], []]
        self.stalls = []

    def report(self) -> dict[str, Any]:
        return {"gc": [[len(g), sum(g), max(g, default=0.0)] for g in self.gc],
                "stalls": [len(self.stalls), max(self.stalls, default=0.0)]}


async def run_room(tables: int, freeze: bool, threshold: int, python_gc: bool,
                   database: str = "", bus: str = "", profile: str | None = None,
                   stall_file: str | None = None) -> None:
    """Serve a room on loopback (with ``database`` and ``bus``: one process of a room of
    several); say its port, then answer the driver's ``mark`` (costs from here) and
    ``report`` (the costs since the mark) until stdin ends. With ``profile``, the room is
    profiled from the mark to the report (the play, not the setting up)."""
    more_files(12 * tables + 1000)
    if threshold:
        gc.set_threshold(threshold, *gc.get_threshold()[1:])
    caps = RoomCaps(per_address=1_000_000, tables_per_player=4, tables=tables + 100,
                    people=PLAYERS * tables + 100, watchers=4, hello_timeout=120.0)
    store: Any = SqliteRoom(":memory:")
    if database:
        from bisca_tui.room.pg_store import PostgresRoom

        store = PostgresRoom(database)
    shared = None
    if bus:
        from bisca_tui.room.redis_bus import RedisBus

        shared = RedisBus(bus)
    room = Room(store, caps, hold=3600.0, bus=shared, proxied=bool(bus))
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    collector = None if python_gc else Collector()  # as bisca-tui room runs, unless asked
    serving = asyncio.create_task(serve_room(room, ready=ready.set_result,
                                             collector=collector))
    base_rss, base_cpu = rss_kb(), cpu_seconds()
    say({"port": await ready})
    peak = [base_rss]

    async def watch_memory() -> None:
        while True:
            peak[0] = max(peak[0], rss_kb())
            await asyncio.sleep(0.5)

    watcher = asyncio.create_task(watch_memory())
    pauses = Pauses()
    stalls = asyncio.create_task(pauses.watch())
    mark = {"cpu": base_cpu, "rss": base_rss}
    profiler = cProfile.Profile() if profile else None
    stacks = None
    where = stall_file or profile
    if where:
        from stall_stacks import StallStacks

        stacks = StallStacks()
        stacks.start()
    commands = await stdin_lines()
    while line := (await commands.readline()).strip():
        if line == b"mark":
            if freeze:  # what is there once every table is seated is never collected
                gc.collect()
                gc.freeze()
            mark = {"cpu": cpu_seconds(), "rss": rss_kb()}
            pauses.clear()
            if stacks is not None:
                stacks.clear()
            if profiler is not None:
                profiler.enable()
            say({"cpu": mark["cpu"] - base_cpu})
        elif line == b"report":
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(f"{profile}.{os.getpid()}")
            if stacks is not None:
                Path(f"{where}.{os.getpid()}.stalls").write_text(stacks.report() + "\n")
            peak[0] = max(peak[0], rss_kb())
            say({"cpu_setup": mark["cpu"] - base_cpu, "cpu": cpu_seconds() - mark["cpu"],
                 "base_rss_kb": base_rss, "mark_rss_kb": mark["rss"], "rss_kb": rss_kb(),
                 "peak_rss_kb": peak[0],
                 "tables": len(room.tables), "people": len(room.people),
                 "passed": room.cluster.passed if room.cluster else 0,
                 "given": room.cluster.given if room.cluster else 0, **pauses.report()})
    watcher.cancel()
    stalls.cancel()
    serving.cancel()


# ----- the clients --------------------------------------------------------------------------

class Lobby(RoomClient):
    """A player's lobby connection that counts the room's broadcasts (the tables and who is
    where) without reading them: thousands of clients in a few processes decoding every
    listing would time the clients, not the room."""

    lines = 0
    size = 0

    async def _read_all(self) -> None:
        try:
            while line := await self.reader.readline():
                Lobby.lines += 1
                Lobby.size += len(line)
                if not line.startswith(BROADCASTS):
                    self.messages.append(message := P.decode(line))
                    self._arrived.set()
                    self._react(message)
        except (ConnectionError, asyncio.LimitOverrunError, ValueError):
            pass
        finally:
            self.closed.set()
            self._arrived.set()


class Players:
    """The clients of one process: their tables, when each action was sent and when each
    of its table's clients had its result."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.loop = asyncio.get_running_loop()
        self.sent: dict[tuple[int, int, int], float] = {}  # (table, deal, moves) -> time
        self.heard: dict[tuple[int, int, int], int] = {}
        self.latencies: list[tuple[float, float]] = []  # (seconds into play, latency)
        self.began = 0.0
        self.playing = False  # the first turns wait until every table is seated
        self.acting = True
        self.waiting: list[tuple[Client, int, random.Random, dict[str, Any]]] = []
        self.over = 0
        self.views = 0
        self.lobbies: list[Lobby] = []
        self.turns: set[tuple[int, ...]] = set()
        self.settled: set[Client] = set()
        self.ready = 0

    def turn(self, client: Client, table: int, rng: random.Random, message: dict[str, Any],
             delay: float) -> None:
        """Answer a seat's turn with a random legal action, ``delay`` seconds from now."""
        key = (table, *message["token"], message["seat"])
        if key in self.turns:  # once for each turn (a view sent again asks nothing new)
            return
        self.turns.add(key)
        action = rng.choice(message["view"]["legal"])

        def act() -> None:
            if self.acting and not client.closed.is_set():
                self.sent[(table, *message["token"])] = time.perf_counter()
                client.act(action, message["token"], message["seat"])

        if delay <= 0:
            act()
        else:
            self.loop.call_later(delay, act)

    def pace(self, rng: random.Random) -> float:
        """The time a person takes: ``pace`` seconds, give or take ``jitter``."""
        if self.args.pace <= 0:
            return 0.0
        return max(0.0, self.args.pace + rng.uniform(-self.args.jitter, self.args.jitter))

    def play(self) -> None:
        """Every table is seated: the first turns are answered, at the instant pace at once,
        at a person's within the stagger (the tables out of step, as people are)."""
        self.playing = True
        self.began = time.perf_counter()
        for client, table, rng, message in self.waiting:
            self.turn(client, table, rng, message, rng.uniform(0, stagger(self.args)))
        self.waiting.clear()

    def listener(self, table: int, rng: random.Random) -> Any:
        def heard(client: Client, message: dict[str, Any]) -> None:
            if client in self.settled:  # what a seated client read is not kept (net_load)
                client.messages.clear()
                client._cursor = 0
            self.over += message["type"] == "over"
            if message["type"] != "view":
                return
            if message["view"]["legal"] and self.acting:
                if self.playing:
                    self.turn(client, table, rng, message, self.pace(rng))
                else:
                    self.waiting.append((client, table, rng, message))
            if not message["events"]:
                return
            self.views += 1
            deal, moves = message["token"]
            key = (table, deal, moves - 1)  # the view after the action answered at moves-1
            count = self.heard[key] = self.heard.get(key, 0) + 1
            if count == PLAYERS and key in self.sent:
                now = time.perf_counter()
                self.latencies.append((now - self.began, now - self.sent[key]))
        return heard

    async def set_up(self, table: int) -> None:
        """Four players come into the lobby; the first opens a table, the others enter it;
        all four join it and sit."""
        args = self.args
        names = [f"T{table}P{k}" for k in range(PLAYERS)]
        lobbies = [await Lobby.enter("127.0.0.1", args.port, n, None, timeout=300.0)
                   for n in names]
        lobbies[0].open("sueca", rated=False, people=PLAYERS, bots=False)
        go = await lobbies[0].go(300.0)
        gos = [go]
        for lobby in lobbies[1:]:
            gos.append(await self.enter(lobby, go["table"]))
        seats = []
        for k, (lobby, ticket) in enumerate(zip(lobbies, gos, strict=True)):
            rng = random.Random(args.seed * 100_003 + table * PLAYERS + k)
            client = await lobby.table(ticket, timeout=300.0,
                                       on_message=self.listener(table, rng))
            seats.append(client)
        for client in seats:  # one by one: the last to sit starts the match
            await client.sit(timeout=300.0)
            self.settled.add(client)
        if args.lobby == "leave":
            for lobby in lobbies:
                await lobby.close()
        else:
            self.lobbies.extend(lobbies)

    async def enter(self, lobby: Lobby, table: int) -> dict[str, Any]:
        """A ticket to ``table`` from ``lobby``; in a room of several processes, a table just
        opened in another is not yet known to this one's lobby: asked again a moment later,
        as a person who does not see it listed yet would."""
        for _attempt in range(200):
            lobby.enter_table(table)
            try:
                return await lobby.go(300.0)
            except Refused as e:
                if "no such table" not in str(e):
                    raise
            await asyncio.sleep(0.05)
        raise TimeoutError(f"table {table} never reached the lobby")

    async def set_up_all(self, first: int, count: int) -> None:
        queue = list(range(first, first + count))

        async def worker() -> None:
            while queue:
                await self.set_up(queue.pop(0))
                self.ready += 1
                if self.ready % 100 == 0:  # a long set-up shows it goes on
                    print(f"  ({self.ready} of {count} tables seated)", file=sys.stderr)

        await asyncio.gather(*(worker() for _ in range(self.args.at_once)))

    def answers(self) -> int:
        """The views received that answered an action sent (four each, when none is lost)."""
        return sum(min(self.heard.get(k, 0), PLAYERS) for k in self.sent)

    def unanswered(self) -> int:
        return sum(self.heard.get(k, 0) < PLAYERS for k in self.sent)

    async def drain(self, timeout: float) -> None:
        """Stop acting and wait (at most ``timeout``) until every action sent is answered."""
        self.acting = False
        end = time.monotonic() + timeout
        while self.unanswered() and time.monotonic() < end:
            await asyncio.sleep(0.05)


async def run_clients(args: argparse.Namespace) -> None:
    more_files(3 * PLAYERS * args.count + 1000)
    players = Players(args)
    commands = await stdin_lines()
    started = time.perf_counter()
    await players.set_up_all(args.first, args.count)
    say({"seated": time.perf_counter() - started, "lobby_bytes": Lobby.size})
    await commands.readline()  # go
    # the clients stand for thousands of machines: their collector's passes (a tenth of a
    # second each, with thousands of connections) are kept out of the room's times
    gc.collect()
    gc.freeze()
    gc.disable()
    pauses = Pauses()
    stalls = asyncio.create_task(pauses.watch())
    players.play()
    if args.pace <= 0:
        everyone = PLAYERS * args.count
        end = time.monotonic() + args.seconds
        while players.over < everyone and time.monotonic() < end:
            await asyncio.sleep(0.05)
    else:
        await commands.readline()  # stop
    await players.drain(10.0)
    stalls.cancel()
    say({"sent": len(players.sent), "unanswered": players.unanswered(),
         "views": players.views, "answers": players.answers(), "over": players.over // PLAYERS,
         "latencies": players.latencies, "cpu": cpu_seconds(), "rss_kb": rss_kb(),
         "lobby_lines": Lobby.lines, "lobby_bytes": Lobby.size, **pauses.report()})
    await commands.readline()  # bye, once the room has told its costs
    sys.stdout.flush()
    os._exit(0)  # thousands of connections need no goodbye


# ----- the driver ---------------------------------------------------------------------------

def stagger(args: argparse.Namespace) -> float:
    """Seconds within which the tables answer their first turn (a person's pace)."""
    if args.pace <= 0:
        return 0.0
    return args.pace if args.stagger is None else args.stagger


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def spawn(*options: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, __file__, *options, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        limit=64 * 1024 * 1024)


async def ask(proc: asyncio.subprocess.Process, command: str | None,
              timeout: float) -> dict[str, Any]:
    assert proc.stdin is not None and proc.stdout is not None
    if command is not None:
        proc.stdin.write(command.encode() + b"\n")
        await proc.stdin.drain()
    return json.loads(await asyncio.wait_for(proc.stdout.readline(), timeout) or b"{}")


def by_process(values: list[float]) -> str:
    return ", ".join(f"{x:.1f}" for x in values)


def windows(timed: list[tuple[float, float]], width: float) -> str:
    """The 99th percentile of the latencies of each stretch of ``width`` seconds."""
    slices: dict[int, list[float]] = {}
    for at, latency in timed:
        slices.setdefault(int(at // width), []).append(latency)
    return " ".join(f"{percentile(slices[k], 0.99) * 1000:.0f}" for k in sorted(slices))


def pauses_line(said: dict[str, Any]) -> str:
    gcs = ", ".join(f"{n} in {total:.2f} s (longest {top * 1000:.0f} ms)"
                    for n, total, top in said["gc"])
    return (f"event loop stalls over {Pauses.STALL * 1000:.0f} ms while playing "
            f"{said['stalls'][0]} (longest {said['stalls'][1] * 1000:.0f} ms); garbage "
            f"collector passes by generation (CPU time) {gcs}")


def latency_line(title: str, seconds: list[float]) -> str:
    if not seconds:
        return f"  {title}: no action answered"
    ms = [x * 1000 for x in seconds]
    return (f"  {title}: {len(ms)} actions, median {statistics.median(ms):.1f} ms, "
            f"p99 {percentile(ms, 0.99):.1f} ms, max {max(ms):.1f} ms")


def tree_cpu(pid: int) -> float:
    """The CPU seconds of process ``pid`` and its children now (Linux), by /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


class Servers:
    """What a room of several processes runs on, for this run: PostgreSQL and Redis (started
    here unless given), and HAProxy in front of the room's processes."""

    def __init__(self, args: argparse.Namespace) -> None:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from cluster import servers

        self.servers = servers
        self.started: list[Any] = []
        self.database, self.bus = args.database, args.bus
        self.pg_pid = self.redis_pid = 0
        if not self.database:
            pg = servers.start_postgres()
            self.started.append(pg)
            self.database, self.pg_pid = servers.new_database(pg), pg.proc.pid
        if not self.bus:
            redis = servers.start_redis()
            self.started.append(redis)
            self.bus, self.redis_pid = redis.url, redis.proc.pid
        self.balancer: Any = None

    def balance(self, ports: list[int]) -> int:
        self.balancer = self.servers.start_haproxy(ports)
        self.started.append(self.balancer)
        return int(self.balancer.port)

    def cpu(self) -> dict[str, float]:
        """The CPU seconds so far of the servers started here."""
        out = {}
        for name, pid in (("PostgreSQL", self.pg_pid), ("Redis", self.redis_pid),
                          ("HAProxy", self.balancer.proc.pid if self.balancer else 0)):
            if pid:
                out[name] = tree_cpu(pid)
        return out

    def stop(self) -> None:
        for server in reversed(self.started):
            server.stop()


async def drive(args: argparse.Namespace) -> int:
    """One run (``--processes`` room processes), or with ``--compare`` the embedded room
    (one process, SQLite) and then the room of several, in the same run."""
    if not args.compare:
        return await drive_one(args, args.processes)
    first = await drive_one(args, 1)
    print()
    return max(first, await drive_one(args, max(2, args.processes)))


async def drive_one(args: argparse.Namespace, processes: int) -> int:
    servers = Servers(args) if processes > 1 else None
    try:
        return await drive_room(args, processes, servers)
    finally:
        if servers is not None:
            servers.stop()


async def drive_room(args: argparse.Namespace, processes: int, servers: Servers | None
                     ) -> int:
    shared = ["--database", servers.database, "--bus", servers.bus] if servers else []
    rooms = [await spawn("--serve", "--tables", str(args.tables), *(
        ["--profile", args.profile] if args.profile else []), *(
        ["--stalls", args.stalls] if args.stalls else []), *(
        ["--gc-freeze"] if args.gc_freeze else []), *(
        ["--python-gc"] if args.python_gc else []), "--gc-threshold", str(args.gc_threshold),
        *shared) for _ in range(processes)]
    ports = [(await ask(room, None, 60))["port"] for room in rooms]
    port = servers.balance(ports) if servers else ports[0]
    procs = args.procs or (1 if args.tables <= 250 else 2)
    shares = [args.tables // procs + (p < args.tables % procs) for p in range(procs)]
    firsts = [sum(shares[:p]) for p in range(procs)]
    common = ["--port", str(port), "--pace", str(args.pace), "--jitter", str(args.jitter),
              "--seconds", str(args.seconds), "--seed", str(args.seed), "--lobby", args.lobby,
              "--at-once", str(args.at_once), "--stagger", str(stagger(args))]
    clients = [await spawn("--play", "--first", str(f), "--count", str(n), *common)
               for f, n in zip(firsts, shares, strict=True) if n]
    started = time.perf_counter()
    seated = [await ask(c, None, args.timeout) for c in clients]
    setup = time.perf_counter() - started
    where = (f"{processes} room processes on PostgreSQL and Redis behind HAProxy"
             if servers else "one room process (the embedded default: SQLite, no bus)")
    print(f"{args.tables} tables of Sueca, four people each (unrated, no bots), "
          f"{'the instant pace' if args.pace <= 0 else f'{args.pace:g} s a turn'}; "
          f"{where}; clients in {len(clients)} process(es); the lobby: {args.lobby}")
    print(f"  set up (lobby, open, enter, join, sit) in {setup:.1f} s "
          f"({by_process([s['seated'] for s in seated])} s by process)")
    for room in rooms:
        await ask(room, "mark", 60)
    server_cpu = servers.cpu() if servers else {}
    played = time.perf_counter()
    for c in clients:
        assert c.stdin is not None
        c.stdin.write(b"go\n")
    if args.pace > 0:
        await asyncio.sleep(stagger(args) + args.seconds)
        for c in clients:
            assert c.stdin is not None
            c.stdin.write(b"stop\n")
    told = [await ask(c, None, args.seconds + args.timeout) for c in clients]
    wall = time.perf_counter() - played
    server_cpu = {k: v - server_cpu[k] for k, v in (servers.cpu() if servers else {}).items()}
    each = [await ask(room, "report", 60) for room in rooms]
    for c in clients:
        assert c.stdin is not None
        c.stdin.write(b"bye\n")
    for room in rooms:
        assert room.stdin is not None
        room.stdin.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(room.wait(), 60)
    sent = sum(t["sent"] for t in told)
    lost = sum(t["unanswered"] for t in told)
    over = sum(t["over"] for t in told)
    answers = sum(t["answers"] for t in told)
    print(f"  actions sent {sent} in {wall:.1f} s ({sent / wall:.0f} a second); views "
          f"answering them received {answers} of {PLAYERS * sent}; actions not answered to "
          f"all four: {lost}; matches over: {over}")
    ramp = stagger(args)
    timed = [(at - ramp, x) for t in told for at, x in t["latencies"] if at >= ramp]
    if ramp > args.pace > 0:
        print(f"  (the tables began over {ramp:g} s; counted: the {args.seconds:g} s after)")
    print(latency_line("action -> all four clients' views", [x for _, x in timed]))
    print(f"  p99 in each {args.window:g} s of play (ms): {windows(timed, args.window)}")
    per = args.tables
    costs = {k: sum(c[k] for c in each) for k in ("cpu_setup", "cpu", "base_rss_kb",
                                                   "mark_rss_kb", "rss_kb", "peak_rss_kb",
                                                   "people", "passed", "given")}
    print(f"  room CPU{' (all processes)' if servers else ''}: setting up "
          f"{costs['cpu_setup']:.1f} s ({costs['cpu_setup'] / per * 1000:.1f} ms per table); "
          f"playing {costs['cpu']:.1f} s = {costs['cpu'] / wall * 100:.0f}% of a core, "
          f"{costs['cpu'] / max(sent, 1) * 1000:.2f} ms per action, "
          f"{costs['cpu'] / wall / per * 1000:.2f} ms a second per table")
    if servers:
        print(f"  by process: {by_process([c['cpu'] for c in each])} s playing; table "
              f"connections passed on to another process: {costs['passed']} "
              f"({costs['given']} given as sockets, the others relayed)")
        for name, cpu in server_cpu.items():
            print(f"  {name} CPU playing: {cpu:.1f} s = {cpu / wall * 100:.0f}% of a core, "
                  f"{cpu / max(sent, 1) * 1000:.3f} ms per action")
    print(f"  room RSS{' (all processes)' if servers else ''}: "
          f"{costs['base_rss_kb'] / 1024:.1f} MiB empty, "
          f"{costs['mark_rss_kb'] / 1024:.1f} MiB once seated "
          f"({(costs['mark_rss_kb'] - costs['base_rss_kb']) / per:.0f} KiB per table), "
          f"{costs['rss_kb'] / 1024:.1f} MiB at the end, peak "
          f"{costs['peak_rss_kb'] / 1024:.1f} MiB; {costs['people']} people in the lobby")
    for k, said in enumerate(each):
        print(f"  room{f' {k + 1}' if servers else ''}: {pauses_line(said)}")
    for k, t in enumerate(told):
        print(f"  clients {k + 1}: {pauses_line(t)}")
    lines = [t["lobby_lines"] for t in told]
    size = [t["lobby_bytes"] for t in told]
    early = [s["lobby_bytes"] for s in seated]
    print(f"  lobby broadcasts received: {sum(lines)} lines, {sum(size) / 2**20:.1f} MiB "
          f"({sum(early) / 2**20:.1f} MiB while setting up); client processes' CPU "
          f"{by_process([t['cpu'] for t in told])} s")
    unfinished = args.pace <= 0 and over < args.tables
    return 1 if lost or unfinished else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--pace", type=float, default=0.0,
                        help="seconds a seat takes to act (0: at once)")
    parser.add_argument("--jitter", type=float, default=0.3,
                        help="give or take this many seconds at a person's pace")
    parser.add_argument("--seconds", type=float, default=120.0,
                        help="seconds of play at a person's pace (the instant pace: at most)")
    parser.add_argument("--stagger", type=float, default=None,
                        help="seconds within which the tables begin at a person's pace "
                             "(default: one turn's time, --pace)")
    parser.add_argument("--window", type=float, default=10.0,
                        help="seconds of play each p99 of the timeline covers")
    parser.add_argument("--procs", type=int, default=0,
                        help="client processes (0: one for up to 250 tables, else two)")
    parser.add_argument("--lobby", choices=("stay", "leave"), default="stay")
    parser.add_argument("--at-once", type=int, default=8,
                        help="tables each client process sets up at once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--profile", metavar="FILE", default=None,
                        help="profile the room while playing (cProfile) and write its "
                             "statistics to FILE.PID (one file for each room process), and "
                             "where its event loop was while held up to FILE.PID.stalls")
    parser.add_argument("--stalls", metavar="FILE", default=None,
                        help="where each room process's event loop was while held up, "
                             "sampled without a profiler, to FILE.PID.stalls")
    parser.add_argument("--python-gc", action="store_true",
                        help="the room with Python's own garbage collector, as it comes, "
                             "rather than the room's (room.collector); --gc-freeze and "
                             "--gc-threshold tune it")
    parser.add_argument("--gc-freeze", action="store_true",
                        help="once every table is seated, the room's objects are frozen out "
                             "of the garbage collector's passes (gc.freeze)")
    parser.add_argument("--gc-threshold", type=int, default=0,
                        help="the room's garbage collector's first threshold (0: Python's)")
    parser.add_argument("--processes", type=int, default=1,
                        help="room processes: more than one share PostgreSQL and Redis "
                             "(started for the run unless --database and --bus say where), "
                             "HAProxy in front of them")
    parser.add_argument("--compare", action="store_true",
                        help="run the embedded room (one process) and then the room of "
                             "--processes (at least two), in the same run")
    parser.add_argument("--database", default="", help="a PostgreSQL database's address")
    parser.add_argument("--bus", default="", help="a Redis server's address")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--play", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(run_room(args.tables, args.gc_freeze, args.gc_threshold, args.python_gc,
                             args.database, args.bus, args.profile, args.stalls))
        return 0
    if args.play:
        asyncio.run(run_clients(args))
        return 0
    return asyncio.run(drive(args))


if __name__ == "__main__":
    sys.exit(main())
