"""Helpers for driving the app with Pilot: instant bots, waiting for the bots."""

from __future__ import annotations

from textual.pilot import Pilot

from bisca_tui.engine import actions as A
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.table import TableScreen


def make_app(data, **kw) -> BiscaApp:
    kw.setdefault("bot_delay", 0)
    kw.setdefault("default_bot_level", "random")
    return BiscaApp(data_directory=data, **kw)


def table(app: BiscaApp) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table among {app.screen_stack}")


async def settle(app: BiscaApp, pilot: Pilot, rounds: int = 400) -> None:
    """Let the bots play until a person must act or a dialog is up."""
    for _ in range(rounds):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, TableScreen):
            return
        st = screen.session.state
        if st.is_over() or screen.session.is_human(st.current):
            return
    raise AssertionError("the bots never stopped")


async def start_game(app: BiscaApp, pilot: Pilot, seed: int | None = None) -> TableScreen:
    """Enter on the start screen, optionally a seed, Enter on the form."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    if seed is not None:
        app.screen.query_one("#seed").value = str(seed)
    await pilot.press("enter")
    await settle(app, pilot)
    return table(app)


def first_playable_index(screen: TableScreen) -> int:
    v = screen.session.view(screen.viewer)
    legal = [a for a in v.legal if A.is_play(a)]
    return screen.sorted_hand(v).index(legal[0])


async def play_deal_by_keys(app: BiscaApp, pilot: Pilot, use_arrows: bool = False) -> int:
    """Play the person's cards by keys until the deal summary shows; returns cards played."""
    for played in range(200):
        await settle(app, pilot)
        t = app.screen
        if not isinstance(t, TableScreen):
            return played
        index = first_playable_index(t)
        if use_arrows:
            steps = (index - t.selected) % len(t.session.view(t.viewer).hand)
            for _ in range(steps):
                await pilot.press("right")
            await pilot.press("enter")
        else:
            await pilot.press(str(index + 1))
    raise AssertionError("the deal never ended")
