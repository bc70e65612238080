"""How much CPU the new game form costs: opening it, and moving the highlight in its list of
games by one.

    python benchmarks/form_speed.py [--opens N] [--size WxH] [--profile]

Headless (``run_test``), the bots instant. Opening: ``n`` on the start screen until the form
is up and the app is quiet, then Esc back to the start screen (not counted), N times. Moving:
on the form, Down through every game in the list, each press waited on until the app has
done everything it was given (``quiet``, as the tests wait), and each move's process CPU
time is printed, then the median and the total; then Up held back to the first game (the
presses sent without waiting, as a key repeats) and Down through the list again, every
game's rows made by then. ``--profile`` prints cProfile's heaviest functions over the moves
(CPU time). It never judges time.

Measured at 80x24 on two cores shared with other work (load 6 to 8, so the figures vary by
a fifth from run to run), CPU seconds, before the form kept its rows and after:

    opening the form, median (min)          0.70 (0.57)     0.60 to 0.74 (0.54)
    a move in the list, first pass, median  0.50            0.15   (rows made: 0.3 to 0.6)
    a move again, every row made, median    0.57            0.10 to 0.13
    Up held through the 20 games            4.94            0.12 to 0.25
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the tests' waits: the app quiet, not a sleep
WAIT = 600.0  # seconds: the keys held are all handled at last, however loaded the machine


async def down_the_list(pilot: Any, form: Any, profiler: cProfile.Profile | None) -> list[float]:
    """Down from the first game to the last, each move timed to the app at rest."""
    from pilot_support import press, quiet, until

    times = []
    for _ in range(len(form.variants) - 1):
        before = form.variant_id
        t = time.process_time()
        if profiler:
            profiler.enable()
        await press(pilot, "down")
        await until(pilot, lambda before=before: form.variant_id != before)
        await quiet(pilot)
        if profiler:
            profiler.disable()
        times.append(time.process_time() - t)
        print(f"  to {form.variant_id:<24} {times[-1]:.3f} s")
    return times


async def measure(opens: int, size: tuple[int, int], profile: bool) -> None:
    from pilot_support import press, quiet, until

    from bisca_tui.tui.app import BiscaApp
    from bisca_tui.tui.screens.newgame import NewGameScreen
    from bisca_tui.tui.screens.start import StartScreen

    with tempfile.TemporaryDirectory() as data:
        app = BiscaApp(bot_delay=0, data_directory=data, default_bot_level="random")
        async with app.run_test(size=size) as pilot:
            await quiet(pilot)
            opened = []
            for _ in range(opens):
                t = time.process_time()
                await press(pilot, "n")
                await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
                await quiet(pilot)
                opened.append(time.process_time() - t)
                await press(pilot, "escape")
                await until(pilot, lambda: isinstance(app.screen, StartScreen))
                await quiet(pilot)
            await press(pilot, "n")
            await until(pilot, lambda: isinstance(app.screen, NewGameScreen))
            await quiet(pilot)
            form = app.screen
            assert isinstance(form, NewGameScreen)
            count = len(form.variants)
            profiler = cProfile.Profile(time.process_time) if profile else None
            print("Down through the games, the first time:")
            moves = await down_the_list(pilot, form, profiler)
            # back up the list, holding the key: the form keeps up with where it stops
            t = time.process_time()
            for _ in range(count - 1):
                app.simulate_key("up")
                await asyncio.sleep(0)
            await until(pilot, lambda: form.variant_id == form.variants[0].id,
                        timeout=WAIT)
            await quiet(pilot, WAIT)
            held = time.process_time() - t
            print("Down through the games again:")
            again = await down_the_list(pilot, form, profiler)
    print(f"opening the form: median {statistics.median(opened):.3f} s of CPU "
          f"(min {min(opened):.3f}, max {max(opened):.3f}, {opens} openings)")
    for what, times in (("a move in the list", moves), ("the same again", again)):
        print(f"{what}: median {statistics.median(times):.3f} s of CPU "
              f"(min {min(times):.3f}, max {max(times):.3f}), {sum(times):.2f} s "
              f"for {len(times)}")
    print(f"Up held through the list ({count - 1} presses, no waiting): {held:.2f} s of CPU")
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=5)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    asyncio.run(measure(args.opens, (w, h), args.profile))


if __name__ == "__main__":
    main()
