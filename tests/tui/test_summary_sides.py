"""The summary of a deal reads its sides from a seat's view, never the game's state, and
still names every side whole: a defender of a lone bidder (the called card laid aside)
may not know the others are on its side, but the bidder does, and the summary says so."""

from __future__ import annotations

import random

from bisca_tui.engine.words import shown_name
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.summary import deal_view, sides_lines


def test_the_sides_of_a_deal_are_named_whole_though_a_defender_knew_only_its_own() -> None:
    seats = [SeatSpec(HUMAN, "Ana")] + [SeatSpec(BOT, f"B{k}") for k in range(1, 5)]
    s = Session.new("chiamata-monte", {}, seats, seed=28)
    rng = random.Random(28)
    st = s.state
    while not st.is_over():
        st.apply(rng.choice(st.legal_actions()))
    assert st.result is not None
    assert None in s.view(0).side_of  # the person at the keyboard knew only its own side
    assert deal_view(s).side_of == tuple(st.side_of)
    text = sides_lines(s, st.result)
    assert text is not None
    for side in range(len(st.result.card_points)):
        members = ", ".join(shown_name(s.name(seat)) for seat in range(st.n)
                            if st.side_of[seat] == side)
        assert f"({members})" in text.plain
