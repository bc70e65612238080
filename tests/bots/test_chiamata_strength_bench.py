"""The Chiamata strength benchmark seats A in every player's place, the dealer's place
where the dealer sits out included, in every form."""

from __future__ import annotations

import pytest
from bots_support import benchmark

bench = benchmark("chiamata_strength")


@pytest.mark.parametrize(("game", "players", "places", "sat_out"), [
    ("chiamata", 5, 5, 0),
    ("chiamata", 6, 6, 1),  # five at the table: A deals and sits out one deal in six
    ("chiamata-subito-al-due", 6, 6, 1),
    ("chiamata-monte", 6, 6, 0),  # six seats at the table
    ("chiamata-monte", 7, 7, 1),
])
def test_a_takes_every_place_and_sits_out_as_the_dealer(game, players, places,
                                                        sat_out) -> None:
    assert bench.seatings(game, players) == places
    deals = 2
    t = bench.run("medium", "medium", deals, 1, players, 1, game, "cpu")
    assert len(t.scores) == deals
    assert t.sat_out == sat_out * deals
    assert t.games + t.passed_out == (places - sat_out) * deals
    assert t.pay_bidding + t.pay_other == pytest.approx(t.pay_a)
    assert sum(t.scores) * places == pytest.approx(t.pay_a)  # a deal sat out counts 0
