"""How much work the table screen does per action: a match played headless (``run_test``)
against bots at the instant pace, the person in the first seat playing the first card it may
by its number key, and the screen's methods counted as it goes.

    python benchmarks/screen_work.py [--actions N] [--variant ID] [--seed S]

Counts, by wrapping the screen's classes from here (the product keeps no counters):

- ``check_action``: every question Textual or the screen asks of which key applies;
- ``refresh_table``: the screen asked to draw itself again, where the screen has one;
- ``draw``: a drawing of the table, whole or in part (``draw_table``, or ``TableDrawing.draw``);
- ``hand``, ``status``, ``seats``: the hand, the status line and the seat panels drawn
  (the widgets' own ``show``/``set``), whichever way the screen came to draw them;
- ``bindings``: the screen telling the footer that its keys changed;
- ``footer``: the footer composed again (its keys built anew);
- ``views``: seat views the session built (the screen's, the bots' and the coach's), the
  work behind most of the above.

Prints the totals and the figures per action (an action: a card, bid or any move applied,
by a bot or the person), and the time taken per action. It never judges time.

Measured (per action, 200 actions of Sueca and 151 of Briscola, seed 7), before the screen
followed its state reactively and after:

    counted        Sueca before  after    Briscola before  after
    check_action        20.13    13.51             29.11   20.41   (now look-ups)
    refresh_table        1.32     0                 1.74    0
    draw                 1.32     1.05              1.74    1.23   (now by area)
    hand                 1.32     1.02              1.74    1.02
    seats                5.30     4.08              3.48    2.04
    bindings / footer    0.35 / 0.38 (both)         0.54 / 0.55 (both)
    views               18.00     3.38             25.43    3.97

The check_action calls left are Textual's own, one per key each time the footer is built.

Textual's own work per action (Sueca, 200 actions at 120x40, seed 7), before the seat panels
set their frame's words only when changed and kept the line of their turn's words, and after:
widget lines drawn 111.5 and 98.0, layouts 1.24 and 1.15, frames 1.31 and 1.36.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

COUNTED = ("check_action", "refresh_table", "draw", "hand", "status", "seats", "bindings", "footer",
           "views", "layouts", "frames", "lines")


def wrap(counts: Counter[str], owner: type, name: str, label: str,
         only: Callable[[Any], bool] | None = None) -> None:
    """Count the calls of ``owner.name`` under ``label`` (those of objects ``only`` lets
    through, when given); a method the class does not have is left alone."""
    method = owner.__dict__.get(name)
    if method is None:
        return

    def counted(self: Any, *args: Any, **kw: Any) -> Any:
        if only is None or only(self):
            counts[label] += 1
        return method(self, *args, **kw)

    setattr(owner, name, counted)


def instrument(counts: Counter[str]) -> None:
    from textual.screen import Screen

    from bisca_tui.tui.screens import table as table_module
    from bisca_tui.tui.widgets.common import FittingFooter, Panel
    from bisca_tui.tui.widgets.table import HandView, SeatPanel

    screen = table_module.TableScreen
    wrap(counts, screen, "check_action", "check_action")
    wrap(counts, screen, "refresh_table", "refresh_table")
    wrap(counts, screen, "draw_table", "draw")
    try:  # the screen's drawing as an object of its own, where it is one
        from bisca_tui.tui.screens.table_drawing import TableDrawing
    except ImportError:
        pass
    else:
        wrap(counts, TableDrawing, "draw", "draw")
    wrap(counts, HandView, "show", "hand")
    wrap(counts, SeatPanel, "show", "seats")
    wrap(counts, Panel, "set", "status", only=lambda panel: panel.id == "status")
    wrap(counts, FittingFooter, "recompose", "footer")
    from bisca_tui.table.session import Session

    wrap(counts, Session, "view", "views")
    wrap(counts, Screen, "refresh_bindings", "bindings", only=lambda s: isinstance(s, screen))
    # Textual's own work: the screen laid out again, a frame drawn, and a line of a widget
    # drawn anew (not taken from its cache), where most of a frame's time goes
    from textual._compositor import Compositor
    from textual._styles_cache import StylesCache

    wrap(counts, Screen, "_refresh_layout", "layouts")
    wrap(counts, Compositor, "render_update", "frames")
    wrap(counts, StylesCache, "render_line", "lines")


async def rest(app: Any) -> None:
    """Until the app has nothing left to do: no worker running, no message queued."""
    calm = 0
    while calm < 3:
        busy = any(not w.is_finished for w in app.workers)
        nodes = [app, *app.screen.walk_children(with_self=True)]
        busy = busy or any(n.message_queue_size or n._next_callbacks for n in nodes)
        busy = busy or bool(app.screen._callbacks)
        calm = 0 if busy else calm + 1
        await asyncio.sleep(0 if not busy else 0.001)


def count_actions(counts: Counter[str]) -> None:
    """An action applied: the turn loop's ``act``, for the person's and for a bot's
    (``answer`` applies a bot's through it) alike."""
    from bisca_tui.table.loop import TableLoop

    method = TableLoop.act

    def counted(self: Any, *args: Any, **kw: Any) -> Any:
        step = method(self, *args, **kw)  # an action refused raises: not counted
        counts["actions"] += 1
        return step

    TableLoop.act = counted  # type: ignore[method-assign]


async def play(variant: str, seed: int, actions: int) -> tuple[Counter[str], float]:
    from bisca_tui.engine import actions as A
    from bisca_tui.engine.variant import make_variant
    from bisca_tui.table.session import Session, default_seats
    from bisca_tui.tui.app import BiscaApp
    from bisca_tui.tui.contract import CARD_PHASES
    from bisca_tui.tui.screens.table import TableScreen

    counts: Counter[str] = Counter()
    instrument(counts)
    count_actions(counts)
    with tempfile.TemporaryDirectory() as data:
        app = BiscaApp(data_directory=data, bot_delay=0, default_bot_level="random")
        async with app.run_test(headless=True, size=(120, 40)) as pilot:
            await rest(app)
            n = make_variant(variant).n_people
            session = Session.new(variant, {}, default_seats(n, "random"), seed=seed)
            session.speed = "instant"
            app.seating.start(session)
            await rest(app)
            counts.clear()  # the table set up: from here on, the actions
            started, cpu = time.perf_counter(), time.process_time()
            while counts["actions"] < actions:
                screen = app.screen
                if not isinstance(screen, TableScreen):
                    await pilot.press("enter")  # a summary: on to the next deal
                    await rest(app)
                    continue
                v = session.view(0)
                if v.current != 0 or not v.legal:
                    raise SystemExit(f"the table stopped at {session.state.phase}")
                if v.phase in CARD_PHASES:
                    kind = CARD_PHASES[v.phase]
                    cards = {A.card_of(a) for a in A.of_kind(v.legal, kind)}
                    hand = screen.sorted_hand(v)
                    index = next(k for k, card in enumerate(hand) if card in cards)
                    app.simulate_key("0" if index == 9 else str(index + 1))
                else:  # a bid or a call: its dialog's first choice
                    await pilot.press("enter")
                await rest(app)
            elapsed = time.perf_counter() - started
            counts["cpu_us"] = round(1e6 * (time.process_time() - cpu))
    return counts, elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--variant", default="sueca")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    counts, elapsed = asyncio.run(play(args.variant, args.seed, args.actions))
    played = counts["actions"]
    print(f"{args.variant}, seed {args.seed}: {played} actions in {elapsed:.2f} s "
          f"({1000 * elapsed / max(played, 1):.1f} ms per action, "
          f"{counts['cpu_us'] / 1000 / max(played, 1):.1f} ms of CPU)")
    print(f"{'counted':<14}{'total':>8}{'per action':>12}")
    for label in COUNTED:
        print(f"{label:<14}{counts[label]:>8}{counts[label] / max(played, 1):>12.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
