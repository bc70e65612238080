"""How fast the statistics open over a big game history.

Usage: ``python benchmarks/stats_speed.py [--matches N] [--runs N] [--cpu] [--keep DIR]``

Fills a fresh history with N matches (default 10,000): a few hundred matches really played
by random bots (Bisca de Três, Briscola, Sueca, Briscola Chiamata), each written many times
over under new ids, days spread over three years, two people and bots of three levels, so
that the rows look as the table writes them. Then it measures, as medians of ``--runs``:

- open: opening the database (the schema check and SQLite's quick check);
- compute: the statistics of the person who played most (every figure and both charts);
- figures: the statistics screen in the headless app, from asking for it to its table of
  figures filled (the database already open, as it is once the app has started);
- charts: the same, to both charts drawn (they follow the figures by a frame);
- filter: the screen refilled, charts included, after choosing one game.

The target is the screen open in 300 ms or less with 10,000 matches.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bisca_tui.history.entry import MatchEntry  # noqa: E402
from bisca_tui.history.sample import Sitter, entry_of, play  # noqa: E402
from bisca_tui.history.store import Store  # noqa: E402

CPU = False  # --cpu: time the process's CPU, not the wall clock (on a busy machine)
GAMES = [("bisca-3", None), ("briscola", None), ("sueca", None), ("chiamata", None)]
BASE = 240  # matches really played; the rest are copies under new ids and days


def base_entries() -> list[MatchEntry]:
    out = []
    for k in range(BASE):
        variant, players = GAMES[k % len(GAMES)]
        match = play(variant, 7000 + k, players)
        n = match.variant.n_people
        people = [Sitter("Ana", "human", "")] + [
            Sitter(f"Bot {s}", "bot", ("easy", "medium", "hard")[k % 3]) for s in range(1, n)]
        if k % 7 == 3:
            people[1] = Sitter("Bea", "human", "")
        out.append(entry_of(match, people, f"base{k}", "2024-01-01T00:00:00Z"))
    return out


def fill(directory: Path, n: int) -> float:
    rng = random.Random(1)
    t0 = time.perf_counter()
    bases = base_entries()
    store, problem = Store.open(directory)
    assert store is not None and problem is None
    start = time.mktime((2023, 1, 1, 12, 0, 0, 0, 0, 0))
    span = 3 * 365 * 86400
    batch: list[MatchEntry] = []
    stamps = sorted(start + rng.random() * span for _ in range(n))
    for k, stamp in enumerate(stamps):
        base = bases[rng.randrange(len(bases))]
        day = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))
        players = base.players
        if rng.random() < 0.3:  # another level of bots on the same deals
            level = rng.choice(("easy", "medium", "hard"))
            players = [replace(p, level=level) if p.kind == "bot" else p for p in players]
            players = [replace(p, opponents=f"bot:{level}")
                       if p.kind == "human" and p.opponents.startswith("bot:") else p
                       for p in players]
        batch.append(replace(base, uid=f"bench{k}", started=day, ended=day,
                             players=list(players)))
        if len(batch) == 1000:
            store.write_many(batch)
            batch = []
    if batch:
        store.write_many(batch)
    store.close()
    return time.perf_counter() - t0


def time_open_and_compute(directory: Path, runs: int) -> tuple[list[float], list[float]]:
    from bisca_tui.history.stats import compute

    opens, computes = [], []
    clock = time.process_time if CPU else time.perf_counter
    for _ in range(runs):
        t0 = clock()
        store, problem = Store.open(directory)
        t1 = clock()
        assert store is not None and problem is None
        stats = compute(store)
        t2 = clock()
        assert stats.total.matches.played > 0
        store.close()
        opens.append(t1 - t0)
        computes.append(t2 - t1)
    return opens, computes


async def time_screen(directory: Path) -> tuple[float, float, float]:
    from textual.widgets import DataTable, Select

    from bisca_tui.tui.app import BiscaApp
    from bisca_tui.tui.screens.stats import StatsScreen

    app = BiscaApp(bot_delay=0, data_directory=directory)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()  # the history opened at start-up
        await pilot.pause()
        clock = time.process_time if CPU else time.perf_counter
        t0 = clock()
        app.push_screen(StatsScreen())
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        figures = None
        while screen.charted is None or screen.charted is not screen.stats:
            await asyncio.sleep(0.001)  # the app runs meanwhile
            if figures is None and screen.is_mounted and \
                    screen.query_one("#stats-table", DataTable).row_count > 0:
                figures = clock() - t0
        charts = clock() - t0
        await pilot.pause()
        t3 = clock()
        screen.query_one("#stats-game", Select).value = "sueca"
        while screen.charted is not screen.stats or screen.filters.variant != "sueca":
            await asyncio.sleep(0.001)
        t4 = clock()
        return figures or charts, charts, t4 - t3


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=10_000)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--cpu", action="store_true",
                   help="count this process's CPU time rather than the wall clock: the cost "
                   "of the screen itself, steady on a machine busy with other work")
    p.add_argument("--keep", metavar="DIR", help="fill DIR and keep it (default: a temporary "
                   "folder, removed)")
    args = p.parse_args()
    global CPU
    CPU = args.cpu
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(args.keep) if args.keep else Path(tmp)
        took = fill(directory, args.matches)
        size = (directory / "history.sqlite3").stat().st_size
        print(f"times by the {'CPU' if CPU else 'wall'} clock")
        print(f"filled {args.matches} matches in {took:.1f} s; database {size / 1e6:.1f} MB")
        opens, computes = time_open_and_compute(directory, args.runs)
        print(f"open:    median {1000 * statistics.median(opens):6.1f} ms "
              f"(min {1000 * min(opens):.1f}, max {1000 * max(opens):.1f})")
        print(f"compute: median {1000 * statistics.median(computes):6.1f} ms "
              f"(min {1000 * min(computes):.1f}, max {1000 * max(computes):.1f})")
        figures, charts, filters = [], [], []
        for _ in range(args.runs):
            f, c, r = asyncio.run(time_screen(directory))
            figures.append(f)
            charts.append(c)
            filters.append(r)
        for name, xs in (("figures", figures), ("charts", charts), ("filter", filters)):
            print(f"{name + ':':<8} median {1000 * statistics.median(xs):6.1f} ms "
                  f"(min {1000 * min(xs):.1f}, max {1000 * max(xs):.1f})")
        print("target: the screen open (figures and charts) in 300 ms or less")
        print(f"load average while measuring: {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores")


if __name__ == "__main__":
    main()
