"""The replay viewer's log is told once: a step or a jump forward adds the new lines only, and
whichever way the viewer got to a position (steps, tricks, the end, a step back, a turned
table, other card faces) its log reads as the log of a viewer opened at that position."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from textual.pilot import Pilot
from tui_helpers import press, quiet

from bisca_tui.replay import viewer_app
from bisca_tui.tui.screens.replay import ReplayScreen
from bisca_tui.tui.widgets.log import GameLog

EXAMPLES = Path(__file__).resolve().parents[2] / "bisca_tui" / "examples"
SIZE = (110, 34)


class Watched:
    """The entries written to a viewer's log and the times it was cleared."""

    def __init__(self, log: GameLog) -> None:
        self.log = log
        self.written = 0
        self.cleared = 0
        write, clear = log.write, log.clear

        def counted_write(*args: object, **kw: object) -> GameLog:
            self.written += 1
            return write(*args, **kw)  # type: ignore[arg-type]

        def counted_clear() -> GameLog:
            self.cleared += 1
            return clear()

        log.write = counted_write  # type: ignore[method-assign]
        log.clear = counted_clear  # type: ignore[method-assign]

    def take(self) -> tuple[int, int]:
        """(entries written, clears) since the last take."""
        out = (self.written, self.cleared)
        self.written = self.cleared = 0
        return out


def log_text(r: ReplayScreen) -> list[str]:
    return [strip.text.rstrip() for strip in r.query_one(GameLog).lines]


async def reach(pilot: Pilot, name: str, r: ReplayScreen, deal: int, step: int) -> None:
    """Press a key and wait for the viewer to reach (deal, step)."""
    pilot.app.simulate_key(name)
    deadline = time.monotonic() + 30
    while (r.deal, r.step) != (deal, step):
        assert time.monotonic() < deadline, f"{name} never reached deal {deal} step {step}"
        await asyncio.sleep(0.001)


async def opened_at(pilot: Pilot, r: ReplayScreen) -> list[str]:
    """The log of a viewer opened at the position ``r`` shows, from the same seat."""
    fresh = ReplayScreen(r.record, deal=r.deal, seat=r.seat, step=r.step, walk=r.walk)
    pilot.app.push_screen(fresh)
    await quiet(pilot)
    told = log_text(fresh)
    pilot.app.pop_screen()
    await quiet(pilot)
    return told


async def test_forward_adds_the_new_lines_and_anything_else_tells_the_deal_again(
        private_data) -> None:
    app = viewer_app(str(EXAMPLES / "sueca.json"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = app.screen
        assert isinstance(r, ReplayScreen)
        d = r.walk.steps(0)
        ends = [k for k in range(1, d.last + 1) if d.trick_done(k)]
        watched = Watched(r.query_one(GameLog))
        # a step, two steps, a trick, two tricks, the end: each adds its own lines only
        told = len(r.walk.log(0, 0))
        for name, step in [("right", 1), ("right", 2), ("down", ends[0]), ("down", ends[1]),
                           ("end", d.last)]:
            await reach(pilot, name, r, 0, step)
            now = len(r.walk.log(0, step))
            assert watched.take() == (now - told, 0), (name, step)
            told = now
        assert r.walk.result(0) is not None
        assert log_text(r) == await opened_at(pilot, r)  # the deal's score closes it
        watched.take()
        # a step back: the log tells the deal again up to that step
        await reach(pilot, "left", r, 0, d.last - 1)
        assert watched.take() == (len(r.walk.log(0, d.last - 1)), 1)
        assert log_text(r) == await opened_at(pilot, r)
        # a trick back, then forward again: again only the new lines
        await reach(pilot, "up", r, 0, ends[-2])
        assert watched.take()[1] == 1
        await reach(pilot, "right", r, 0, ends[-2] + 1)
        assert watched.take() == (len(d.lines[ends[-2] + 1]), 0)
        # the table turned to seat 1's view is a new log: it tells the same deal
        before = log_text(r)
        await press(pilot, "v", "v")
        await quiet(pilot)
        assert r.seat == 1 and r.bottom == 1
        assert log_text(r) == before == await opened_at(pilot, r)
        # other card faces: the lines told with them
        watched = Watched(r.query_one(GameLog))
        app.set_card_style("letters")
        await quiet(pilot)
        assert watched.take()[1] == 1
        assert log_text(r) != before
        assert log_text(r) == await opened_at(pilot, r)
        # the next deal starts its log afresh: its heading
        await reach(pilot, "n", r, 1, 0)
        assert watched.take() == (1, 1)
        assert log_text(r) == await opened_at(pilot, r)
