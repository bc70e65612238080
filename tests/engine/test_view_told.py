"""A view's per-family values are folded from the events its seat saw: at every position
of the seeded corpus, for every seat, they equal what the state's records say that seat
may know (what views were once copied from), whether the view was made by the engine or
again from its plain fields and events alone."""

from __future__ import annotations

import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from bisca_tui.engine import actions as A
from bisca_tui.engine import events as E
from bisca_tui.engine import make_variant
from bisca_tui.engine.phase_data import SeenSignal
from bisca_tui.engine.records import parse_record, replay_record
from bisca_tui.engine.state import GameState
from bisca_tui.engine.view import FromEvents, SeatView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "golden"))
from corpus import texts  # noqa: E402

PLAIN_PLAY = (E.CardPlayed, E.TrickWon)
FIELDS = ("cut_or_knock", "bids", "contract", "exchanges", "under_indicator", "signals",
          "score_events", "deal_game_points", "discards", "known", "monte")


def from_state(state: GameState, seat: int) -> dict[str, Any]:
    """What ``seat`` may know of the deal's records, read straight from the state."""
    v = state.variant
    side = state.side_of
    c = state.bidding.contract
    signals = tuple(
        SeenSignal(ev.sender, sig.name, sig.meaning, sig.gesture, ev.trick,
                   side[ev.sender] != side[seat])
        for ev in state.signs.log if ev.sender == seat or seat in ev.receivers
        for sig in (v.signals[ev.signal],))
    return {
        "cut_or_knock": state.cut_or_knock,
        "bids": state.bidding.bids,
        "contract": v.contract_for(state, seat),
        "exchanges": state.exchange.steps,
        "under_indicator": state.exchange.under,
        "signals": signals,
        "score_events": tuple(state.score_events),
        "deal_game_points": tuple(state.deal_game_points),
        "discards": tuple(state.aside.discards) if c is not None and c.bidder == seat else (),
        "known": tuple(tuple(sorted(state.known[seat][s])) if s != seat else ()
                       for s in range(state.n)),
        "monte": len(state.aside.monte),
    }


def bare(view: SeatView) -> SeatView:
    """The view made again from its plain fields and events alone: no rules given, nothing
    read from the events yet."""
    plain = {f.name: getattr(view, f.name) for f in fields(view)
             if not isinstance(SeatView.__dict__.get(f.name), FromEvents) and f.name != "rules"}
    return SeatView(**plain)


def check(state: GameState, where: str) -> int:
    for seat in range(state.n):
        view = state.view(seat)
        assert not set(FIELDS) & view.__dict__.keys() - {"monte"}  # read on first use only
        want = from_state(state, seat)
        got = {name: getattr(view, name) for name in FIELDS}
        assert got == want, f"{where}, seat {seat}"
        if seat == len(state.history) % state.n:
            again = bare(view)
            assert {name: getattr(again, name) for name in FIELDS} == want, where
            assert again == view
    return state.n


@pytest.mark.parametrize("part", range(4))
def test_views_tell_what_the_state_records(part: int) -> None:
    checked = 0
    kinds: set[str] = set()
    told: dict[int, int] = {}  # by deal: the events already looked at
    for k, (name, text) in enumerate(texts()):
        if k % 4 != part:  # the other parts' records not even read
            continue
        record = parse_record(text)

        def on_deal(i: int, state: GameState, name: str = name) -> None:
            nonlocal checked
            told[id(state)] = len(state.events)
            kinds.update(type(e).__name__ for e in state.events)
            checked += check(state, f"{name} deal {i + 1} start")

        def on_action(i: int, j: int, state: GameState, text: str, name: str = name) -> None:
            nonlocal checked
            new = state.events[told.get(id(state), 0):]
            told[id(state)] = len(state.events)
            # every position that an event of some other kind than a card played or a
            # trick taken led to, and every seventh of the others (the fold of plain play
            # is the same at each card)
            if j % 7 == 0 or any(type(e) not in PLAIN_PLAY for e in new):
                checked += check(state, f"{name} deal {i + 1} action {j + 1}")
            kinds.update(type(e).__name__ for e in new)

        replay_record(record, name, on_action, on_deal)
    assert checked > 1000
    # the corpus reaches every family of event the views are folded from
    assert {"Cut", "Knock", "Bid", "Passed", "BiddingWon", "Called", "PartnerKnown",
            "PartnerShown", "ExchangeAnnounced", "ExchangeMade", "Signalled", "PointsScored",
            "Discarded", "TrumpShown", "IndicatorDrawn", "HandShown"} <= kinds


def test_a_reopened_auction_is_told_as_it_was_bid() -> None:
    """All pass at Subito al Due: one seat agrees to a redeal, the next reopens at 61 (the
    corpus has no such auction)."""
    state = GameState(make_variant("chiamata-subito-al-due"), dealer=0, seed=5)
    said = []
    while state.phase == "auction":
        legal = state.legal_actions()
        if A.REOPEN in legal and E.RedealAgreed in said:
            action = A.REOPEN
        else:
            action = A.PASS
        said += [type(e) for e in state.apply(action)]
        check(state, f"after {said}")
    assert E.RedealAgreed in said and E.Reopened in said
    assert state.phase == "call"
    assert state.view(1).contract.bidder == state.bidding.contract.bidder
