"""The spectator's view, built by the engine for whoever holds no seat in the deal: at every
position of deals of every game it holds no hand and nothing to play, only the cards of a
hand that every seat at the table knows, the events every seat sees alike (a private one
without its cards, unless shown to every seat), no sign and no card laid aside, and a secret
partner kept secret until the game shows it."""

from __future__ import annotations

import random

import pytest

from bisca_tui.engine import events as E
from bisca_tui.engine.spectator import SPECTATOR, public_cards, spectator_sees, spectator_view
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import all_variants, make_variant

GAMES = [(cls.id, {}, n) for cls in all_variants() for n in cls.players]
GAMES += [("bisca-4", {"signals": True}, 4), ("brisca", {"exchange": "immediate"}, 2)]


def _positions(game: str, options: dict, players: int, seeds: int = 3):
    v = make_variant(game, options, players)
    for seed in range(seeds):
        st = GameState(v, dealer=seed % v.n, seed=seed)
        rng = random.Random(seed)
        while True:
            yield st
            if st.is_over():
                break
            st.apply(rng.choice(st.legal_actions()))


@pytest.mark.parametrize(("game", "options", "players"), GAMES)
def test_a_spectator_sees_what_every_seat_sees_alike(game: str, options: dict,
                                                     players: int) -> None:
    hidden_kinds = set()
    for st in _positions(game, options, players):
        n = st.n
        view = spectator_view(st)
        assert view.seat == SPECTATOR and view.hand == () and view.legal == ()
        assert view.signals == () and view.discards == ()
        assert view.hand_sizes == tuple(len(h) for h in st.hands)
        seats = [st.view(x) for x in range(n)]
        for s in range(n):  # a card of a hand it knows, every other seat knows is there
            others = [set(seats[x].known[s]) for x in range(n) if x != s]
            assert set(view.known[s]) <= set.intersection(*others) & set(st.hands[s])
        seen = [e for e in (spectator_sees(e, n) for e in st.events) if e is not None]
        assert list(view.events) == seen
        for whole, e in zip(st.events, [spectator_sees(e, n) for e in st.events],
                            strict=True):
            if whole.public:
                assert e == whole
                continue
            hidden_kinds.add(type(whole))
            shown_to_all = isinstance(whole, E.HandShown) and len({whole.seat, *whole.to}) == n
            assert e == whole if shown_to_all else (e is None or not E.cards_named(e)), whole
    if options.get("signals"):
        assert E.Signalled in hidden_kinds
    if game == "chiamata-monte":
        assert {E.Discarded, E.PartnerKnown} <= hidden_kinds


@pytest.mark.parametrize("game", ["chiamata", "chiamata-monte", "chiamata-buio"])
def test_the_secret_partner_stays_secret_until_the_game_shows_it(game: str) -> None:
    shown = hidden = 0
    for st in _positions(game, {}, 5, seeds=8):
        view = spectator_view(st)
        c = st.bidding.contract
        if c is None or c.called is None:
            assert view.side_of == (None,) * st.n
            continue
        told = any(isinstance(e, E.PartnerShown) for e in view.events)
        if told:
            shown += 1
            assert view.contract.partner == st.bidding.called_holder
            assert view.side_of == tuple(st.side_of)
        else:
            hidden += 1
            assert view.contract.partner is None
            assert view.side_of == tuple(0 if s == c.bidder else None for s in range(st.n))
    assert shown and hidden


def test_a_hand_laid_open_to_every_seat_is_open_to_a_spectator() -> None:
    for st in _positions("sueca-aberta", {}, 4, seeds=1):
        if st.phase == "play" and not st.trick and len(st.tricks) == 1:
            view = spectator_view(st)
            assert view.known == tuple(tuple(sorted(h)) for h in st.hands)
            assert view.known == tuple(public_cards(st, s) for s in range(4))
            return
    raise AssertionError("no position after the first trick")
