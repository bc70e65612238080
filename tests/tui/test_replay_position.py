"""Where the replay viewer stands and where each of its keys leads, without a screen: a step
forward and back, a whole trick, the deal's start and end, another deal, the view turned; the
position line it shows; what the log tells; a record that stops mid-deal, a deal thrown in,
the spectator's view of a deal not over and ``--open``."""

from __future__ import annotations

import pytest
from replay_records import (
    FAMILIES,
    cut_mid_deal,
    example,
    stopped_at_seven,
    thrown_in_then_played,
)

from bisca_tui.engine.records import load_record
from bisca_tui.tui.record_walk import RecordWalk
from bisca_tui.tui.replay_position import ReplayPosition

WIDTH = 110  # the screen of the viewer's app tests


def walk_of(path: str) -> RecordWalk:
    return RecordWalk(load_record(path), path)


def line(p: ReplayPosition) -> str:
    return str(p.line(WIDTH))


def told(w: RecordWalk, deal: int, step: int) -> str:
    return " ".join(str(x) for x in w.log(deal, step))


def test_steps_forward_to_the_end_and_back_to_the_start() -> None:
    w = walk_of(example("bisca-3"))
    p = ReplayPosition(w)
    last = w.steps(0).last
    assert last == 40 and p.step == 0
    assert "Deal 1 of 4 · trick 1 of 20 · step 0 of 40" in line(p)
    for k in range(1, last + 1):
        p.step_by(1)
        assert p.step == k and f"step {k} of 40" in line(p)
        assert line(p).startswith("Deal 1 of 4 · ")
    p.step_by(1)  # the end of the deal: no further
    assert p.step == last
    assert "end of the deal" in line(p)
    result = w.match.results[0]
    assert "-".join(map(str, result.card_points)) in str(w.outcome(0)[0])
    assert "Deal 1:" in told(w, 0, last)  # the deal's score closes the log
    assert w.record.deals[0].actions[-1][0] in told(w, 0, last)
    for k in range(last - 1, -1, -1):
        p.step_by(-1)
        assert p.step == k
    p.step_by(-1)
    assert p.step == 0
    assert "plays" not in told(w, 0, 0)  # at the start: only the deal's heading
    assert "Deal 1" in told(w, 0, 0)
    p.step_by(1)
    assert p.step == 1 and "plays" in told(w, 0, 1)


def test_whole_tricks_both_ways_and_the_ends_of_the_deal() -> None:
    w = walk_of(example("sueca"))
    p = ReplayPosition(w)
    d = w.steps(0)
    ends = [k for k in range(1, d.last + 1) if d.trick_done(k)]
    assert len(ends) == 10
    for number, k in enumerate(ends, 1):
        p.trick(1)
        assert p.step == k
        assert f"trick {number} of 10" in line(p)
    p.trick(1)
    assert p.step == d.last
    for k in reversed([0, *ends[:-1]]):
        p.trick(-1)
        assert p.step == k
    p.edge(1)
    assert p.step == d.last
    p.edge(0)
    assert p.step == 0
    p.step_by(2)
    p.trick(-1)
    assert p.step == 0


def test_the_deals_come_and_go_and_stop_at_either_end() -> None:
    w = walk_of(example("bisca-3"))
    p = ReplayPosition(w)
    assert not p.has_deal(-1)  # no deal before the first
    p.move_deal(-1)
    assert (p.deal, p.step) == (0, 0)
    p.step_by(2)
    p.move_deal(1)
    assert (p.deal, p.step) == (1, 0)
    assert line(p).startswith("Deal 2 of 4 · ")
    assert "Deal 2" in told(w, 1, 0) and "Deal 1" not in told(w, 1, 0)
    p.move_deal(1)
    p.move_deal(1)
    assert p.deal == 3 and not p.has_deal(1)
    p.move_deal(1)
    assert p.deal == 3
    p.move_deal(-1)
    p.move_deal(-1)
    assert p.deal == 1


@pytest.mark.parametrize("name", FAMILIES)
def test_every_family_moves_through_every_deal(name: str) -> None:
    """Two tricks in, seat 0's view; then each deal's end (with its score), a trick back and
    the next deal; the position line names the step at each."""
    w = walk_of(example(name))
    p = ReplayPosition(w)
    p.trick(1)
    p.trick(1)
    d = w.steps(0)
    ends = [k for k in range(1, d.last + 1) if d.trick_done(k)]
    assert p.step == ([*ends, d.last, d.last])[1]
    assert p.turn_view() and p.seat == 0 and p.bottom == 0
    st = d.states[p.step]
    assert p.view().hand == st.view(0).hand
    for deal in range(w.deal_count):
        assert p.deal == deal
        last = w.steps(deal).last
        p.edge(1)
        assert p.step == last
        assert f"step {last} of {last}" in line(p)
        assert line(p).startswith(f"Deal {deal + 1} of {w.deal_count} · ")
        if w.finished(deal):
            result = w.match.results[deal]
            outcome = str(w.outcome(deal)[0])
            assert "-".join(map(str, result.card_points)) in outcome or result.redeal
        if last:  # a trick back, to the step that completed the trick before
            before = max([k for k in range(1, last) if w.steps(deal).trick_done(k)],
                         default=0)
            p.trick(-1)
            assert p.step == before
        p.move_deal(1)
        if deal + 1 < w.deal_count:
            assert (p.deal, p.step, p.seat) == (deal + 1, 0, 0)


def test_a_step_or_a_seat_given_opens_the_position_after_it() -> None:
    w = walk_of(example("briscola"))
    p = ReplayPosition(w, deal=1, seat=0, step=7)
    assert (p.deal, p.step, p.seat, p.bottom) == (1, 7, 0, 0)
    assert len(w.steps(1).states[7].history) == 7
    p.step_by(-1)
    assert p.step == 6
    p = ReplayPosition(w, deal=1, step=10_000)
    assert p.step == w.steps(1).last
    p = ReplayPosition(w, deal=2, seat=1)
    assert (p.deal, p.seat, p.bottom) == (2, 1, 1)
    assert line(p).startswith("Deal 3 of 7 · ")
    assert p.view().known[0] == ()  # seat 0's cards hidden from seat 1
    assert ReplayPosition(w, deal=99, seat=9).deal == w.deal_count - 1
    assert ReplayPosition(w, seat=9).seat is None


def test_the_view_turns_from_every_hand_open_to_each_seat() -> None:
    w = walk_of(example("sueca"))
    p = ReplayPosition(w, step=2)  # two cards on the table, hands of 10 and 9
    st = w.steps(0).states[2]
    assert p.seat is None and "every hand open" in line(p)
    assert all(p.view().known[s] == tuple(sorted(st.hands[s])) for s in (1, 2, 3))
    for seat in range(4):
        assert p.turn_view()
        assert (p.seat, p.bottom) == (seat, seat)
        assert f"{w.names[seat]}'s view" in line(p)
        v = p.view()
        assert set(v.hand) == set(st.hands[seat])
        for other in range(4):  # the others face down (but for the dealer's turned card)
            if other != seat:
                assert len(v.known[other]) < len(st.hands[other])
    assert p.turn_view()
    assert p.seat is None and p.bottom == 3 and "every hand open" in line(p)
    assert all(p.view().known[s] for s in range(3))  # every other hand face up
    p.step_by(1)
    assert p.step == 3


def test_capixaba_opens_on_the_cut_or_knock() -> None:
    w = walk_of(example("bisca-capixaba"))
    p = ReplayPosition(w)
    assert "· the cut or knock · step 0 of 42" in line(p)
    assert p.view().hand == ()  # nothing dealt before the choice
    p.step_by(1)
    assert "trick 1 of 10 · step 1 of 42" in line(p)
    assert len(p.view().hand) == 3  # dealt once the choice is made
    assert "cut" in told(w, 0, 1) or "knock" in told(w, 0, 1)


def test_the_bidding_and_the_called_partner() -> None:
    w = walk_of(example("chiamata"))
    p = ReplayPosition(w, step=1)
    assert "the bidding" in line(p)
    assert "bids" in told(w, 0, 1) or "passes" in told(w, 0, 1)
    d = w.steps(0)
    called = next(k for k in range(d.last + 1) if d.states[k].phase == "play")
    p.go(0, called)
    st = d.states[called]
    c = st.bidding.contract
    assert c is not None and c.called is not None
    partner = p.view().contract.partner  # every hand open: known from the call on
    assert partner == st.bidding.called_holder
    p.turn_view()
    if st.bidding.called_holder != 0:  # a seat's view keeps the partner secret
        assert p.view().contract.partner is None


def test_a_record_that_stops_mid_deal_says_so(tmp_path) -> None:
    w = walk_of(stopped_at_seven(tmp_path))
    p = ReplayPosition(w)
    p.edge(1)
    assert "end of the deal" in line(p)
    p.move_deal(1)
    p.edge(1)
    assert (p.deal, p.step) == (1, 7)
    assert "the record stops here" in line(p)
    assert "trick 4 ·" in line(p)  # how many tricks the deal would have is unsaid
    assert "Deal 2:" not in told(w, 1, 7)
    assert w.outcome(1) == [] and w.result(1) is None


def test_a_deal_thrown_in_and_one_played_by_bots(tmp_path) -> None:
    w = walk_of(thrown_in_then_played(tmp_path))
    p = ReplayPosition(w)
    p.edge(1)
    assert p.step == 5
    assert "Deal 1 of 2 · the bidding · step 5 of 5 · end of the deal" in line(p)
    assert "thrown in" in str(w.outcome(0)[0])
    assert "Everyone passed" in told(w, 0, 5)
    p.move_deal(1)
    p.edge(1)
    assert "trick 8 of 8" in line(p)


def test_an_unfinished_deal_shows_a_spectators_view_only(tmp_path) -> None:
    """Chiamata saved mid-deal, before the called card is played: its hands face down, the
    partner unnamed, no seat's view; the finished deal before it opens every hand and each
    seat's view, which ends at the unfinished deal."""
    path, step = cut_mid_deal(tmp_path)
    w = walk_of(path)
    p = ReplayPosition(w)
    p.move_deal(1)
    p.edge(1)
    assert (p.deal, p.step) == (1, step)
    st = w.steps(1).states[step]
    assert "as a spectator sees it" in line(p)
    v = p.view()
    assert v.hand == () and all(v.known[s] == () for s in range(1, st.n))
    assert v.contract.partner is None
    assert not p.turn_view()  # v says why instead
    assert p.seat is None and "as a spectator sees it" in line(p)
    p.move_deal(-1)
    p.step_by(1)  # the first deal is over: every hand, every view
    assert "every hand open" in line(p)
    assert p.view().known[1]
    assert p.turn_view() and p.seat == 0
    assert line(p).endswith("· your view") and "You's" not in line(p)
    p.move_deal(1)  # back to the unfinished deal: the seat's view ends there
    assert p.seat is None and "as a spectator sees it" in line(p)


def test_open_shows_every_hand_of_an_unfinished_deal(tmp_path) -> None:
    path, step = cut_mid_deal(tmp_path)
    w = walk_of(path)
    p = ReplayPosition(w, deal=1, step=step, reveal=True)
    st = w.steps(1).states[step]
    assert "every hand open" in line(p)
    v = p.view()
    assert all(v.known[s] == tuple(sorted(st.hands[s])) for s in range(1, st.n))
    assert v.contract.partner == st.bidding.called_holder
    assert p.turn_view() and p.seat == 0
    p = ReplayPosition(w, deal=1, seat=2, step=step)  # a review's own seat stays
    p.step_by(-1)
    assert p.seat == 2
