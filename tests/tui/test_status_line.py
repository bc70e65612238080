"""The status line under the table, for each phase before the play: what the person is
asked to do on their own turn, and what the others are waiting for on a bot's."""

from __future__ import annotations

from bisca_tui.engine import actions as A
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.widgets.captions import status_text


def line(s: Session, seat: int, mine: bool) -> str:
    return status_text(s, s.view(seat), mine=mine, closed=False, handing_over=False,
                       viewer=0).plain


def session(variant: str, n: int, seed: int) -> Session:
    return Session.new(variant, {}, default_seats(n, "random"), seed=seed)


def test_each_phase_says_what_the_turn_asks_for() -> None:
    s = session("chiamata-monte", 5, 41)  # the person's hand holds no counting card
    assert s.state.phase == "claim" and s.state.current == 0
    assert line(s, 0, True) == "Your choice: b opens the dialog."
    s.state.apply(A.PASS)  # kept: the bidding opens
    while s.state.phase == "claim":
        s.state.apply(A.PASS)
    cur = s.state.current
    assert s.state.phase == "auction"
    assert line(s, cur, True) == "Your bid: b opens the bidding dialog."
    assert line(s, cur, False) == f"{s.name(cur)} to bid…"


def test_the_cut_or_knock_and_the_call_name_their_keys() -> None:
    s = session("bisca-capixaba", 4, 3)
    cur = s.state.current
    assert s.state.phase == "cut_or_knock"
    assert line(s, cur, True) == ("Your choice: c cuts (an indicator is turned), "
                                  "k knocks (hearts are trumps).")
    assert line(s, cur, False) == f"{s.name(cur)} chooses to cut or knock…"
    s = session("sueca-5", 5, 3)
    while s.state.phase == "auction":  # the first bid stands, the rest pass
        legal = s.state.legal_actions()
        s.state.apply(legal[-1] if not s.state.bidding.bids else A.PASS)
    cur = s.state.current
    assert s.state.phase == "call"
    assert line(s, cur, True) == "You won the bidding: b opens the dialog to call a card."
    assert line(s, cur, False) == f"{s.name(cur)} calls a card…"
