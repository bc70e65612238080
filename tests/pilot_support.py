"""Waiting for the app in Pilot tests without Pilot's idle sleeps: ``quiet`` (the app has
done everything it was given, its screen drawn), ``press`` (keys, each handled to its end)
and ``until`` (a condition holds). Shared by the app tests (``tui_helpers``) and the
snapshot tests.

An app under test draws its screen when a wait of the test ends (``quiet``, ``Pilot.pause``
and so ``Pilot.press``, the join and room tests' ``until``), not at each change on the
way: Textual draws a frame for every refresh due, and the headless terminal of a test
throws the frame away, so that drawing states nobody waited for, three or four frames for
each one a test waits for, was about a quarter of the CPU of the app tests. What changed is
kept (the screen's regions to draw again) and drawn, all of it, when the wait ends; a
drawing that fails fails the test there. What a test reads of the screen
(``render_strips``, a snapshot) it draws as it reads, as before."""

from __future__ import annotations

import asyncio
import time
import unicodedata
from collections.abc import Callable

from textual import events
from textual.app import App
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.message_pump import MessagePump
from textual.pilot import Pilot
from textual.screen import Screen

_draw_frame = Screen._compositor_refresh
_pilot_pause = Pilot.pause


def _frame_at_rest(screen: Screen) -> None:
    """The frame of the screen in view of a headless app (an app under test) is drawn when
    a wait of the test ends (``draw``): until then what is to be drawn is kept."""
    app = screen.app
    if app.is_headless and screen is app.screen and not app.is_inline:
        screen._dirty_widgets.clear()  # their regions are kept by the compositor
        app._update_mouse_over(screen)
        return
    _draw_frame(screen)


async def _pause_then_draw(pilot: Pilot, delay: float | None = None) -> None:
    await _pilot_pause(pilot, delay)
    draw(pilot.app)


Screen._compositor_refresh = _frame_at_rest  # type: ignore[method-assign]
Pilot.pause = _pause_then_draw  # type: ignore[method-assign]


def draw(app: App) -> bool:
    """Draw what changed on the screen in view since it was last drawn; whether there was
    anything to draw."""
    screen = app.screen
    if not screen._compositor._dirty_regions or app._batch_count or not app.is_running:
        return False
    _draw_frame(screen)
    return True


def _pending(app: App, workers: bool = True) -> str | None:
    """What the app has left to do that a test could be waiting for: "work" (a worker not
    finished: a bot, the coach, the history; unless not ``workers``), "messages" (a message
    queued for the app or any node of any screen, or a callback waiting for its turn),
    "drawing" (the screen in view still to be laid out or drawn; one under it is drawn once
    it is in view again), or None."""
    if workers and any(not w.is_finished for w in app.workers):
        return "work"
    nodes: list[MessagePump] = [app]
    for each in app.screen_stack:
        nodes.extend(each.walk_children(with_self=True))
    screen = app.screen
    if screen._callbacks or any(node.message_queue_size or node._next_callbacks
                                for node in nodes):
        return "messages"
    if (screen._layout_required or screen._scroll_required or screen._repaint_required
            or screen._recompose_required or screen._dirty_widgets):
        return "drawing"
    return None


async def quiet(pilot: Pilot, timeout: float = 30.0, workers: bool = True) -> None:
    """Wait until the app has done everything it was given: every message handled (and
    those that handling posted), every worker ended (not waited for without ``workers``:
    a bot made to think for an hour while the test looks at the table), the screen laid
    out and drawn.

    What ``Pilot.pause()`` is used for, but decided by looking at the app rather than by
    sleeping 20 ms at a time until the process's CPU clock stands still, which costs every
    pause at least one such sleep (and on a loaded machine can end before the app is done).
    The product sets no timers, so an app with none of this work left stays as it is until
    the test acts. Reads Textual's own bookkeeping, as ``Pilot`` does (its version is
    pinned)."""
    app = pilot.app
    deadline = time.monotonic() + timeout
    calm = 0
    while True:
        if not app.is_running or app._exception is not None:
            return
        if time.monotonic() > deadline:
            raise AssertionError("the app never came to rest")
        pending = _pending(app, workers)
        if pending is None:
            # nothing to do three times in a row, a turn of the event loop apart; then the
            # app and the screen in view each handle one more message of ours, which they
            # reach only once done with what they are in the middle of (a screen popped
            # and taken down, a handler awaiting a mount), and the check is made again
            calm += 1
            if calm < 3:
                await asyncio.sleep(0)
                continue
            await asyncio.gather(_handled(app, deadline), _handled(app.screen, deadline))
            if _pending(app, workers) is None and not draw(app):
                return
        calm = 0
        if pending == "work":
            await asyncio.gather(*[w.wait() for w in app.workers if not w.is_finished],
                                 return_exceptions=True)
            continue
        if pending == "drawing" and not app._batch_count:
            # every message handled: lay out and draw now, as Pilot.pause() ends by doing
            app.screen._on_timer_update()
        await asyncio.sleep(0.001)


async def _handled(node: MessagePump, deadline: float) -> None:
    """Until ``node`` has handled the messages it has now and is free to take the next (or
    has stopped, or the deadline passed: the caller says so)."""
    done = asyncio.Event()
    if not node.call_later(done.set):
        return
    waiter = asyncio.ensure_future(done.wait())
    try:
        while not done.is_set() and node.is_running and time.monotonic() < deadline:
            await asyncio.wait([waiter], timeout=0.05)
    finally:
        waiter.cancel()


def key_event(app: App, key: str) -> events.Key:
    """The key event ``Pilot.press`` sends for ``key`` (its character found the same way)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(
            _get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    event = events.Key(key, char)
    event.set_sender(app)
    return event


async def press(pilot: Pilot, *keys: str, workers: bool = True) -> None:
    """``Pilot.press``, each key handled to its end (``quiet``) before the next: posted
    straight to the app's queue, as the terminal's driver would."""
    for key in keys:
        pilot.app.post_message(key_event(pilot.app, key))
        await quiet(pilot, workers=workers)


async def until(pilot: Pilot, condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Let the app run until ``condition()`` holds (a layout or drawing due is done at
    once, as ``Pilot.pause`` does, for a condition about where things are drawn)."""
    app = pilot.app
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the app never got there")
        if app.is_running and not app._batch_count and _pending(app, False) == "drawing":
            app.screen._on_timer_update()
        await asyncio.sleep(0.001)
