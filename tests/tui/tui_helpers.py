"""Helpers for driving the app with Pilot: instant bots, waiting for the bots (the waits
themselves, ``quiet``, ``press`` and ``until``, are in ``pilot_support``, which the snapshot
tests share)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from pilot_support import press, quiet, until
from rich.text import Text
from textual.pilot import Pilot

from bisca_tui.engine import actions as A
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import make_variant
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.app import BiscaApp
from bisca_tui.tui.screens.table import TableScreen
from bisca_tui.tui.widgets.board import sorted_hand


def make_app(data, **kw) -> BiscaApp:
    kw.setdefault("bot_delay", 0)
    kw.setdefault("default_bot_level", "random")
    return BiscaApp(data_directory=data, **kw)


def table(app: BiscaApp) -> TableScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError(f"no table among {app.screen_stack}")


async def settle(app: BiscaApp, pilot: Pilot, timeout: float = 30.0,
                 idle: bool = True) -> None:
    """Let the bots play until a person must act or a dialog is up, and the screen is
    drawn (regions are right only then).

    Waits on the bots' workers and the app's message queues (``quiet``): a bot's answer is
    a message that starts the next bot's worker, so the app rests only once no bot is to
    play. ``idle`` is kept for the callers that once chose to skip the wait for the
    drawing at the end, which ``quiet`` does not make them wait for any longer.
    """
    await quiet(pilot, timeout)
    screen = app.screen
    if isinstance(screen, TableScreen):
        st = screen.session.state
        if not (st.is_over() or screen.session.is_human(st.current)):
            raise AssertionError("the bots never stopped")


async def start_game(app: BiscaApp, pilot: Pilot, seed: int | None = None) -> TableScreen:
    """Enter on the start screen, optionally a seed, Enter on the form."""
    await quiet(pilot)
    await press(pilot, "enter")
    if seed is not None:
        app.screen.query_one("#seed").value = str(seed)
    await press(pilot, "enter")
    await settle(app, pilot)
    return table(app)


async def open_table(app: BiscaApp, pilot: Pilot, session: Session) -> TableScreen:
    """Sit down at a match made in code (quicker than the form, which has its own tests)."""
    await quiet(pilot)
    app.seating.start(session)
    await settle(app, pilot)
    return table(app)


async def quick_table(app: BiscaApp, pilot: Pilot, variant: str, seed: int,
                      level: str = "random") -> TableScreen:
    """A table against bots of one level, the person in the first seat."""
    n = make_variant(variant).n_people
    session = Session.new(variant, {}, default_seats(n, level), seed=seed)
    return await open_table(app, pilot, session)


def log_text(screen: TableScreen) -> list[str]:
    return [line.plain if isinstance(line, Text) else line for line in screen.log_lines]


def first_playable_index(screen: TableScreen) -> int:
    v = screen.session.view(screen.viewer)
    legal = [a for a in v.legal if A.is_play(a)]
    return screen.sorted_hand(v).index(legal[0])


async def play_key(app: BiscaApp, pilot: Pilot, key: str) -> None:
    """Press a key that plays a card, and let the bots answer.

    ``Pilot.press`` waits for the whole process to idle twice per key, which with bots
    answering in threads costs a quarter of a second; this waits for the card instead.
    """
    t = table(app)
    st = t.session.state
    before = len(st.history)
    app.simulate_key(key)
    await until(pilot, lambda: len(st.history) > before or app.screen is not t)
    await settle(app, pilot, idle=False)


async def play_deal_by_keys(app: BiscaApp, pilot: Pilot, use_arrows: bool = False) -> int:
    """Play the person's cards by keys until the deal summary shows; returns cards played."""
    await settle(app, pilot)
    for played in range(200):
        t = app.screen
        if not isinstance(t, TableScreen):
            # the summary was just pushed: let it mount and fill in before anyone reads it
            await quiet(pilot)
            return played
        index = first_playable_index(t)
        if use_arrows or index >= 10:  # the keys 1-9 and 0 reach the first ten cards
            # the cursor steps over cards that may not be played: right until it is there
            while t.selected != index:
                selected = t.selected
                app.simulate_key("right")
                await until(pilot, lambda t=t, selected=selected: t.selected != selected)
            if not t.armed:  # Enter just as the table came into view only arms it
                app.simulate_key("enter")
                await until(pilot, lambda t=t: t.armed)
            await play_key(app, pilot, "enter")
        else:
            await play_key(app, pilot, hand_key(index))
    raise AssertionError("the deal never ended")


def hand_key(index: int) -> str:
    """The key that plays the card at ``index`` of the hand drawn: 1-9, then 0."""
    assert 0 <= index < 10
    return "0" if index == 9 else str(index + 1)


class Passer:
    """A bot that passes every bid (and agrees to every redeal) and plays its first legal
    card: the person at seat 0 wins any auction it bids in."""

    def choose(self, view) -> int:
        return A.PASS if A.PASS in view.legal else view.legal[0]


async def workers_done(app: BiscaApp) -> None:
    """Wait for every worker running (a bot, the coach) to end; a worker cancelled (a
    bot's answer overtaken, a hint for a position gone) counts as ended."""
    await asyncio.gather(*[w.wait() for w in app.workers], return_exceptions=True)


def play_ahead(session: Session, done: Callable[[GameState], bool], limit: int = 1000) -> None:
    """Play the match on in the engine, without the table, until ``done(state)``: the bots
    choose as at the table, the person passes and plays the first card of the hand as drawn
    that may be played, as ``play_deal_by_keys`` does, so that the deal goes as it would by
    keys. For a test about where a deal gets to (its end, a position after the bidding)
    rather than about the keys that take it there, which other tests press; each step by
    keys costs a redraw."""
    session.start_bots()
    for _ in range(limit):
        st = session.state
        if done(st):
            return
        if st.is_over():  # thrown in, or over: the next deal, as the table would go on
            session.finish_deal()
            session.next_deal()
            continue
        seat = st.current
        legal = st.legal_actions()
        if session.is_human(seat):
            hand = sorted_hand(session.variant, session.view(seat))
            plays = [c for c in hand if c in legal]
            action = A.PASS if A.PASS in legal else (plays or legal)[0]
        else:
            action = session.bot_for(seat).choose(session.view(seat))
        session.apply(action)
    raise AssertionError("the match never got there")


def last_trick_to_play(session: Session) -> Callable[[GameState], bool]:
    """For ``play_ahead``: the person to play with one card left (the deal's last trick)."""
    return lambda st: (st.phase == "play" and session.is_human(st.current)
                       and len(st.hands[st.current]) == 1)
