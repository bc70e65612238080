"""The replay viewer shows a deal not over as the engine's spectator sees it, drawn from a
seat's place: nothing that seat alone saw (the cards it laid aside as bidder, the sign it
sent, the called card it holds) reaches the view, its events included."""

from __future__ import annotations

import random

from bisca_tui.engine import events as E
from bisca_tui.engine.spectator import spectator_view as watching
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import make_variant
from bisca_tui.tui.record_walk import spectator_view


def test_the_viewer_draws_the_spectator_from_a_seat_without_that_seats_secrets() -> None:
    private: set[type] = set()
    for game, options, n in (("chiamata-monte", {}, 5), ("bisca-4", {"signals": True}, 4)):
        v = make_variant(game, options, n)
        for seed in range(3):
            st = GameState(v, dealer=0, seed=seed)
            rng = random.Random(seed)
            while not st.is_over():
                st.apply(rng.choice(st.legal_actions()))
                for seat in range(st.n):
                    view = spectator_view(st, seat)
                    alone = watching(st)
                    assert view.seat == seat and view.hand == alone.known[seat]
                    assert view.events == alone.events and view.known == alone.known
                    assert view.signals == () and view.discards == () and view.legal == ()
                    private |= {type(e) for e in st.view(seat).events} - {
                        type(e) for e in view.events}
                    assert not any(isinstance(e, E.Discarded) and e.card is not None
                                   for e in view.events)
    assert {E.Signalled, E.PartnerKnown} <= private
