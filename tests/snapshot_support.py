"""What the snapshot tests share: letting the bots play until a person must act."""

from __future__ import annotations

import asyncio

from textual.pilot import Pilot

from bisca_tui.tui.screens.table import TableScreen


async def settle(pilot: Pilot, rounds: int = 500) -> None:
    """Let the bots play until a person must act, the deal is over, or a dialog is up."""
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        # a bot's worker that posted its card may be cancelled by the next bot's (one
        # group, exclusive) before it is marked done: that counts as done
        await asyncio.gather(*[w.wait() for w in app.workers], return_exceptions=True)
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, TableScreen):
            return
        st = screen.session.state
        if st.is_over() or screen.session.is_human(st.current):
            return
    raise AssertionError("the bots never stopped")
