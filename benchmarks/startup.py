"""Start-up time of the app against a bare Textual app, and the memory of a whole match.

Usage: ``python benchmarks/startup.py [--cold N] [--warm N] [--level LEVEL] [--no-tracemalloc]``

Start-up is the time from launch to the first interactive screen: the start screen mounted,
its events processed and drawn once. The same is measured for a trivial App showing one
Static, in the same run and the same way, and the medians are compared:

- cold: a fresh interpreter per launch (imports included), timed by this process from
  spawning the child until the child reports the screen ready;
- warm: in one process, modules already imported, from building the app to the screen ready.

Memory: a Bisca de Seis match (six seats, five bots and the first seat played by key presses
choosing the first legal card) is played to its end in the headless app, in a child process;
its peak resident size (``ru_maxrss``) is printed, and in a second child the ``tracemalloc``
peak of the Python heap during the match.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SIZE = (110, 34)
SEED = 1

# ----- start-up ------------------------------------------------------------------------


def bare_app() -> Any:
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("Hello")

    return Bare()


def bisca_app(data: str) -> Any:
    from bisca_tui.tui.app import BiscaApp

    return BiscaApp(bot_delay=0, data_directory=data)


def is_ready(app: Any) -> bool:
    """The first interactive screen is up: the start screen for the card table, the
    default screen for the bare app."""
    if type(app).__name__ == "BiscaApp":
        from bisca_tui.tui.screens.start import StartScreen

        return isinstance(app.screen, StartScreen)
    return app.screen.is_mounted


async def run_until_ready(make: Callable[[], Any],
                          on_ready: Callable[[], None] | None = None) -> float:
    """Seconds from building the app to its first screen mounted, processed and drawn;
    ``on_ready`` is called at that moment, before the app shuts down."""
    t0 = time.perf_counter()
    app = make()
    elapsed = 0.0

    async def pilot_fn(pilot: Any) -> None:
        nonlocal elapsed
        while not is_ready(pilot.app):
            await pilot.pause(0)
        await pilot.pause(0)  # the screen's pending events processed
        drawn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        pilot.app.screen.call_after_refresh(drawn.set_result, None)
        await drawn
        elapsed = time.perf_counter() - t0
        if on_ready is not None:
            on_ready()
        pilot.app.exit()

    await app.run_async(headless=True, size=SIZE, auto_pilot=pilot_fn)
    return elapsed


CHILD_STARTUP = """
import asyncio, sys, tempfile
sys.path.insert(0, {here!r})
import startup
with tempfile.TemporaryDirectory() as data:
    make = (lambda: startup.bisca_app(data)) if sys.argv[1] == "bisca" else startup.bare_app
    asyncio.run(startup.run_until_ready(make, lambda: print("ready", flush=True)))
"""


def cold_once(which: str) -> float:
    """Seconds from spawning a fresh interpreter until it reports the screen ready."""
    code = CHILD_STARTUP.format(here=str(Path(__file__).resolve().parent))
    t0 = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code, which], stdout=subprocess.PIPE,
                             text=True)
    assert child.stdout is not None
    line = child.stdout.readline()
    elapsed = time.perf_counter() - t0
    child.wait()
    if line.strip() != "ready":
        raise RuntimeError(f"the {which} app did not start (exit {child.returncode})")
    return elapsed


def warm(reps: int) -> tuple[float, float]:
    times: dict[str, list[float]] = {"bare": [], "bisca": []}
    with tempfile.TemporaryDirectory() as data:
        makers = {"bare": bare_app, "bisca": lambda: bisca_app(data)}
        for make in makers.values():  # one unmeasured start each: imports, caches
            asyncio.run(run_until_ready(make))
        for _ in range(reps):
            for name, make in makers.items():
                times[name].append(asyncio.run(run_until_ready(make)))
    return statistics.median(times["bare"]), statistics.median(times["bisca"])


def cold(reps: int) -> tuple[float, float]:
    times: dict[str, list[float]] = {"bare": [], "bisca": []}
    cold_once("bare")  # warm the disk cache and the byte-code files
    cold_once("bisca")
    for _ in range(reps):
        for name in ("bare", "bisca"):
            times[name].append(cold_once(name))
    return statistics.median(times["bare"]), statistics.median(times["bisca"])


# ----- memory --------------------------------------------------------------------------


async def play_match(level: str | None, seed: int) -> dict[str, Any]:
    """A whole Bisca de Seis match through the headless app; the first seat presses keys."""
    from bisca_tui.engine import actions as A
    from bisca_tui.tui.app import BiscaApp
    from bisca_tui.tui.screens.newgame import NewGameScreen
    from bisca_tui.tui.screens.start import StartScreen
    from bisca_tui.tui.screens.summary import DealSummaryScreen, MatchEndScreen
    from bisca_tui.tui.screens.table import TableScreen

    with tempfile.TemporaryDirectory() as data:
        app = BiscaApp(bot_delay=0, data_directory=data, variant="bisca-6",
                       default_bot_level=level)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
            app.screen.query_one("#seed").value = str(seed)
            await pilot.press("enter")
            session = None
            for _ in range(20_000):
                await pilot.pause()
                await app.workers.wait_for_complete()
                screen = app.screen
                if isinstance(screen, MatchEndScreen):
                    break
                if isinstance(screen, DealSummaryScreen):
                    await pilot.press("enter")
                    continue
                if not isinstance(screen, TableScreen):
                    continue
                session = screen.session
                st = session.state
                if st.is_over() or not session.is_human(st.current):
                    continue
                v = session.view(0)
                legal = [a for a in v.legal if A.is_play(a)]
                if not legal:  # a choice other than a card: take the first offered
                    continue
                await pilot.press(str(screen.sorted_hand(v).index(legal[0]) + 1))
            else:
                raise RuntimeError("the match never ended")
            assert session is not None and session.match.is_over()
            result = {"deals": len(session.match.deals), "scores": session.match.scores}
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, StartScreen)
    return result


def memory_child(level: str | None, seed: int, trace: bool) -> None:
    import resource
    import tracemalloc

    if trace:
        tracemalloc.start()
    t0 = time.perf_counter()
    result = asyncio.run(play_match(level, seed))
    result["seconds"] = time.perf_counter() - t0
    if trace:
        result["tracemalloc_peak_mb"] = tracemalloc.get_traced_memory()[1] / 2**20
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    result["maxrss_mb"] = rss / 1024 if sys.platform != "darwin" else rss / 2**20
    print(json.dumps(result), flush=True)


def memory(level: str | None, seed: int, trace: bool) -> dict[str, Any]:
    args = [sys.executable, __file__, "--memory-child", "--seed", str(seed)]
    if level:
        args += ["--level", level]
    if trace:
        args.append("--trace")
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


# ----- report --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="App start-up time and match memory.")
    p.add_argument("--cold", type=int, default=15, help="fresh-interpreter launches per app")
    p.add_argument("--warm", type=int, default=40, help="in-process launches per app")
    p.add_argument("--level", help="bot level for the memory match (default: the app's)")
    p.add_argument("--seed", type=int, default=SEED, help="match seed of the memory match")
    p.add_argument("--no-tracemalloc", action="store_true",
                   help="skip the (slower) traced run of the match")
    p.add_argument("--memory-child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.memory_child:
        memory_child(args.level, args.seed, args.trace)
        return 0

    if args.cold:
        bare, bisca = cold(args.cold)
        print(f"cold start, median of {args.cold}: bare {bare * 1000:.0f} ms, "
              f"bisca {bisca * 1000:.0f} ms, ratio {bisca / bare:.2f}")
    if args.warm:
        bare, bisca = warm(args.warm)
        print(f"warm start, median of {args.warm}: bare {bare * 1000:.1f} ms, "
              f"bisca {bisca * 1000:.1f} ms, ratio {bisca / bare:.2f}")
    m = memory(args.level, args.seed, trace=False)
    print(f"bisca-6 match: {m['deals']} deals, scores {m['scores']}, "
          f"{m['seconds']:.1f} s, peak RSS {m['maxrss_mb']:.1f} MB")
    if not args.no_tracemalloc:
        t = memory(args.level, args.seed, trace=True)
        print(f"bisca-6 match traced: {t['deals']} deals, "
              f"tracemalloc peak {t['tracemalloc_peak_mb']:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
