"""The auction's dialogs without an app: a match against bots that always pass, played on in
code, and the dialog the table would open for the seat to act (built, not drawn); and, at
the table, whether a dialog keeps clear of the hand."""

from __future__ import annotations

from collections.abc import Callable

from tui_helpers import Passer

from bisca_tui.engine.state import GameState
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.auction import open_auction_dialog


def clear_of_the_hand(app, t) -> bool:
    """Whether the dialog's box and the table's hand share no cell."""
    box = app.screen.query_one(".dialog").region
    hand = t.query_one("#hand-area").region
    return bool(box.height and hand.height) and not box.overlaps(hand)


def passers(variant: str, seed: int, players: int = 5) -> Session:
    """A match of ``variant``, the person at seat 0 and bots that pass at every bid."""
    session = Session.new(variant, {}, default_seats(players, "random"), seed=seed)
    session.bots = {seat: Passer() for seat in range(1, players)}  # type: ignore[misc]
    return session


def act(session: Session, mine: list[int], done: Callable[[GameState], bool]) -> None:
    """Play on in code until ``done(state)``: the bots choose as at the table, the person
    takes the actions of ``mine`` in turn (it must not be asked for more)."""
    session.start_bots()
    mine = list(mine)
    for _ in range(500):
        st = session.state
        if done(st):
            assert not mine, f"not taken: {mine}"
            return
        seat = st.current
        if session.is_human(seat):
            action = mine.pop(0)
        else:
            action = session.bot_for(seat).choose(session.view(seat))
        session.apply(action)
    raise AssertionError("never got there")


class Dialogs:
    """Stands for the app where the table opens a dialog: keeps what is pushed."""

    def __init__(self) -> None:
        self.pushed: list[object] = []

    def push_screen(self, screen: object, callback: object = None) -> None:
        self.pushed.append(screen)


def offered(session: Session):  # -> BidScreen | BidListScreen | CallScreen
    """The dialog the table opens for the seat to act, as it opens it (built, not shown)."""
    dialogs = Dialogs()
    st = session.state
    open_auction_dialog(dialogs, session, session.view(st.current),  # type: ignore[arg-type]
                        lambda action: None)
    assert len(dialogs.pushed) == 1, dialogs.pushed
    return dialogs.pushed[0]
