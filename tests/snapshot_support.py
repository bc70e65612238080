"""What the snapshot tests share: letting the bots play until a person must act."""

from __future__ import annotations

from pilot_support import quiet
from textual.pilot import Pilot

from bisca_tui.tui.screens.table import TableScreen


async def settle(pilot: Pilot) -> None:
    """Let the bots play until a person must act, the deal is over, or a dialog is up: the
    app at rest (``quiet``: a bot's answer is a message that starts the next bot's worker,
    so it rests only once no bot is to play), its screen drawn."""
    app = pilot.app
    await quiet(pilot)
    screen = app.screen
    if isinstance(screen, TableScreen):
        st = screen.session.state
        if not (st.is_over() or screen.session.is_human(st.current)):
            raise AssertionError("the bots never stopped")
