"""The join command's app driven by Pilot against a host in the same event loop: waits are
for a condition, with a generous deadline, never for a fixed time."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from net_support import CODE, LONG, Table
from pilot_support import draw
from textual.pilot import Pilot

from bisca_tui.join.app import JoinApp
from bisca_tui.join.table import RemoteTableScreen
from bisca_tui.tui.contract import CARD_PHASES
from bisca_tui.tui.screens.summary import DealSummaryScreen

SIZE = (80, 24)


def join_app(table: Table, data: Path, name: str = "Ana", code: str = CODE,
             port: int | None = None) -> JoinApp:
    """The app of ``bisca-tui join`` for ``table``, trying again at once after a drop."""
    return JoinApp("127.0.0.1", table.host.port if port is None else port, code, name,
                   data_directory=data, back_off=(0.01, 0.05, 0.1))


async def until(pilot: Pilot, condition: Callable[[], object],
                what: str | Callable[[], str] = "", timeout: float = LONG) -> None:
    """Let the app run until ``condition`` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what() if callable(what) else what}")
        # the app's messages and the host's turn go on meanwhile; the screen is drawn once
        # the condition holds (a Pilot pause would draw it at every look)
        await asyncio.sleep(0.001)
    draw(pilot.app)


def remote_table(app: JoinApp) -> RemoteTableScreen:
    assert app.table is not None, "no table yet"
    return app.table


def my_turn(app: JoinApp) -> bool:
    """The table is up, waiting for this player's card (nothing sent yet)."""
    t = app.table
    if t is None or app.screen is not t or t.sent is not None:
        return False
    v, private = t.shown_view()
    return private and t.my_turn(v) and v.phase in CARD_PHASES


async def sit(app: JoinApp, pilot: Pilot, place: int) -> None:
    """Take a place by its number key."""
    await until(pilot, lambda: app.seats, "the places")
    await pilot.press(str(place + 1))
    await until(pilot, lambda: app.place == place, "the place taken")


async def play_a_card(app: JoinApp, pilot: Pilot) -> int:
    """This player's turn: the number key of the first card that may be played (as the
    hand is drawn); returns the card."""
    t = remote_table(app)
    v, _private = t.shown_view()
    hand = t.sorted_hand(v)
    index = t.playable_at(hand, t.playable(v), 0, 1)
    before = t.session.token
    app.simulate_key("0" if index == 9 else str(index + 1))  # as Pilot.press, but
    # without waiting for the whole process to idle; the table may be round to this
    # player again before the wait looks
    await until(pilot, lambda: t.sent is not None or t.session.token != before,
                lambda: f"the card sent ({index}, {hand}, {t.notice})")
    return hand[index]


async def play_to_the_deals_end(app: JoinApp, pilot: Pilot) -> int:
    """Play this player's cards by their keys until the deal's summary is up; returns how
    many were played."""
    played = 0
    while True:
        await until(pilot, lambda: my_turn(app) or isinstance(app.screen, DealSummaryScreen),
                    "a turn, or the deal's end")
        if isinstance(app.screen, DealSummaryScreen):
            return played
        await play_a_card(app, pilot)
        played += 1
