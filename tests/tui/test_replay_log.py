"""The replay viewer's log is told once: a step or a jump forward adds the new lines only, and
whichever way the viewer got to a position (steps, tricks, the end, a step back, a turned
table, other card faces) its log reads as the log of a viewer opened at that position.

What to add or tell again is ``ToldLog``'s to say, checked here without a screen; the app test
checks that the viewer's log widget is told just that."""

from __future__ import annotations

from replay_records import example
from textual.pilot import Pilot
from tui_helpers import press, quiet

from bisca_tui.engine.records import load_record
from bisca_tui.replay import viewer_app
from bisca_tui.tui.record_walk import RecordWalk
from bisca_tui.tui.replay_position import ReplayPosition
from bisca_tui.tui.screens.replay import ReplayScreen
from bisca_tui.tui.told_log import ToldLog
from bisca_tui.tui.widgets.log import GameLog

SIZE = (110, 34)


def test_forward_adds_the_new_lines_and_anything_else_tells_the_deal_again() -> None:
    walk = RecordWalk(load_record(example("sueca")))
    p = ReplayPosition(walk)
    told = ToldLog()
    d = walk.steps(0)
    ends = [k for k in range(1, d.last + 1) if d.trick_done(k)]
    log: list[object] = []  # the log as a viewer following ``told`` would show it

    def tell() -> tuple[bool, int]:
        lines = walk.log(p.deal, p.step)
        clear, new = told.update(lines)
        if clear:
            log.clear()
        log.extend(new)
        assert log == lines  # read as the log of a viewer opened there
        return clear, len(new)

    assert tell() == (True, 1)  # a new log: cleared, its heading told
    before = 1
    # a step, two steps, a trick, two tricks, the end: each adds its own lines only
    for move, step in [(lambda: p.step_by(1), 1), (lambda: p.step_by(1), 2),
                       (lambda: p.trick(1), ends[0]), (lambda: p.trick(1), ends[1]),
                       (lambda: p.edge(1), d.last)]:
        move()
        assert p.step == step
        now = len(walk.log(0, step))
        assert tell() == (False, now - before), step
        before = now
    assert walk.result(0) is not None and log[-1] == walk.result(0)  # the score closes it
    p.step_by(-1)  # a step back: the deal told again up to that step
    assert tell() == (True, len(walk.log(0, d.last - 1)))
    p.trick(-1)  # a trick back, then forward again: again only the new lines
    assert p.step == ends[-2]
    assert tell()[0]
    p.step_by(1)
    assert tell() == (False, len(d.lines[ends[-2] + 1]))
    told.renew()  # the table turned: a new log, told the same deal
    same = list(log)
    assert tell() == (True, len(same)) and log == same
    walk.set_card_style("letters")  # other card faces: the lines told with them
    assert tell()[0] and log != same
    p.move_deal(1)  # the next deal starts its log afresh: its heading
    assert tell() == (True, 1)


class Watched:
    """The lines a viewer's log was told since it was last cleared, and the counts of lines
    added and of clears since the last ``take``."""

    def __init__(self, log: GameLog, lines: list[object]) -> None:
        self.lines = list(lines)  # what it told before it was watched
        self.added = self.cleared = 0
        add, clear = log.add, log.clear

        def counted_add(line: object) -> None:
            self.added += 1
            self.lines.append(line)
            add(line)  # type: ignore[arg-type]

        def counted_clear() -> GameLog:
            self.cleared += 1
            self.lines = []
            return clear()

        log.add = counted_add  # type: ignore[method-assign]
        log.clear = counted_clear  # type: ignore[method-assign]

    def take(self) -> tuple[int, int]:
        out = (self.added, self.cleared)
        self.added = self.cleared = 0
        return out


def drawn(r: ReplayScreen) -> list[str]:
    return [strip.text.rstrip() for strip in r.query_one(GameLog).lines]


async def opened_at(pilot: Pilot, r: ReplayScreen) -> list[str]:
    """The log of a viewer opened at the position ``r`` shows, from the same seat."""
    fresh = ReplayScreen(r.record, deal=r.deal, seat=r.seat, step=r.step, walk=r.walk)
    pilot.app.push_screen(fresh)
    await quiet(pilot)
    told = drawn(fresh)
    pilot.app.pop_screen()
    await quiet(pilot)
    return told


async def test_the_viewers_log_is_told_what_the_position_adds(private_data) -> None:
    app = viewer_app(example("sueca"))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        r = app.screen
        assert isinstance(r, ReplayScreen)
        walk = r.walk
        watched = Watched(r.query_one(GameLog), walk.log(0, 0))
        await press(pilot, "right", "down")  # forward: the new lines only
        assert watched.take() == (len(walk.log(0, r.step)) - 1, 0)
        assert watched.lines == walk.log(0, r.step)
        told = len(watched.lines)
        await press(pilot, "end")  # a jump to the end: the new lines, the score last
        assert watched.take() == (len(walk.log(0, r.step)) - told, 0)
        assert watched.lines == walk.log(0, r.step) and walk.result(0) is not None
        await press(pilot, "left")  # a step back: told again up to that step
        assert watched.take() == (len(walk.log(0, r.step)), 1)
        assert watched.lines == walk.log(0, r.step)
        before = drawn(r)
        await press(pilot, "v", "v")  # the table turned to seat 1's view: a new log
        assert r.seat == 1 and r.bottom == 1
        assert drawn(r) == before
        watched = Watched(r.query_one(GameLog), walk.log(0, r.step))
        app.set_card_style("letters")  # other card faces: the lines told with them
        await quiet(pilot)
        assert watched.take()[1] == 1 and watched.lines == walk.log(0, r.step)
        assert drawn(r) != before
        await press(pilot, "n")  # the next deal starts its log afresh: its heading
        assert watched.take() == (1, 1) and watched.lines == walk.log(1, 0)
        await press(pilot, "right")
        assert drawn(r) == await opened_at(pilot, r)
