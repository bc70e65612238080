"""A review needs nothing but what the reviewed seat saw: the decisions judged from the
seat's views, as a client of a shared table reads them off the wire, give the review the
record gives, and the deal's result read from the seat's last view is the one the deal
scored."""

from __future__ import annotations

import random

import pytest
from coach_support import FAMILIES, play_match_deal
from seat_play_support import over_the_wire, seat_decisions

from bisca_tui.coach.review import deal_result, review_deal, review_decisions
from bisca_tui.coach.seat_play import view_result
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import all_variants, make_variant


@pytest.mark.parametrize("vid", FAMILIES)
def test_a_seats_views_give_the_review_its_record_gives(vid: str) -> None:
    record, match = play_match_deal(vid, seed=4)
    state = match.deals[0]
    seat = 0
    want = review_deal(record, 0, seat, samples=6)
    final = over_the_wire(state.view(seat))
    got = review_decisions(0, seat, seat_decisions(state, seat), state.variant,
                           want.player, samples=6, result=view_result(final))
    assert got == want
    assert got.decisions  # something was judged


@pytest.mark.parametrize("vid", [v.id for v in all_variants()])
def test_the_result_read_from_a_seats_last_view_is_the_deals(vid: str) -> None:
    v = make_variant(vid)
    for seed in range(6):
        rng = random.Random(seed)
        state = GameState(v, seed % v.n, seed=seed)
        while not state.is_over():
            assert view_result(state.view(state.current)) is None  # not scored yet
            state.apply(rng.choice(state.legal_actions()))
        for seat in range(v.n):
            got = view_result(over_the_wire(state.view(seat)))
            if state.result.redeal:
                assert got is None
            else:
                assert got == deal_result(state, seat), (vid, seed, seat)
