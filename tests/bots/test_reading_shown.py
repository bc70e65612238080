"""Hands shown to partners (Bisca Capixaba): a seat's record holds the cards of its partner's
hand it was shown, and reading an opponent rebuilds them from the hand a sample gives that
opponent's partner, since the reader never saw them."""

from __future__ import annotations

import math
import random

import pytest

from bisca_tui.bots.seat_record import (
    HAND,
    UNSEEN,
    known_code,
    past_decisions,
    rebuild_hands,
    record_of,
)
from bisca_tui.engine import GameState, make_variant

V = make_variant("bisca-capixaba")


def _played(seed: int, until=lambda s: s.is_over()):
    """A deal played at random: the state, and every seat's records with the hand it held
    (in the order of its card plays), until ``until`` holds."""
    s = GameState(V, dealer=seed % 4, seed=seed)
    rng = random.Random(seed)
    seen: dict[int, list] = {q: [] for q in range(4)}
    while not s.is_over() and not until(s):
        seat = s.current_player()
        legal = s.legal_actions()
        a = rng.choice(legal)
        if 0 <= a < 80:
            view = s.view(seat)
            seen[seat].append((record_of(view, V), tuple(sorted(view.hand))))
        s.apply(a)
    return s, seen


def _shows(s: GameState, seat: int) -> list[tuple[int, ...]]:
    """The hands ``seat`` was shown with, in order (from the deal's own events)."""
    return [e.cards for e in s.events if type(e).__name__ == "HandShown" and e.seat == seat]


@pytest.mark.parametrize("seed", range(4))
def test_a_record_knows_the_cards_of_the_partners_hand_the_seat_was_shown(seed) -> None:
    s = GameState(V, dealer=seed % 4, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not s.is_over():
        seat = s.current_player()
        view = s.view(seat)
        a = rng.choice(s.legal_actions())
        if 0 <= a < 80:
            r = record_of(view, V)
            for o in range(4):
                if o != seat:
                    code = known_code(4, (o - seat) % 4)
                    assert {c for c, k in enumerate(r.codes) if k == code} == set(view.known[o])
            # shown at the start of play and when the stock ends; gone as it is played
            checked += bool(view.known[(seat + 2) % 4])
        s.apply(a)
    assert checked > 15


@pytest.mark.parametrize("seed", range(4))
def test_an_opponents_past_records_are_what_it_saw_with_its_partners_shown_hand(seed) -> None:
    s, seen = _played(seed)
    rebuilt = 0
    for reader in range(4):
        view = s.view(reader)
        for o in range(4):
            if o == reader:
                continue
            tl = past_decisions(view, V, o)
            mate = (o + 2) % 4
            for d, (past, hand) in zip(tl.decisions, seen[o], strict=True):
                # an opponent's partner was shown to it out of the reader's sight
                assert [m for m, _ in d.hidden_shows] == ([] if mate == reader else [mate])
                codes = list(d.public.codes)
                for c in hand:
                    codes[c] = HAND
                for m, k in d.hidden_shows:
                    for c in _shows(s, m)[k]:
                        if codes[c] == UNSEEN:
                            codes[c] = known_code(4, (m - o) % 4)
                assert tuple(codes) == past.codes
                rebuilt += 1
    assert rebuilt > 100


@pytest.mark.parametrize("seed", range(4))
def test_a_hand_is_rebuilt_at_its_showings(seed) -> None:
    # before any draw the first showing is the hand dealt; after the stock is drawn no card
    # joins a hand, so the last showing is rebuilt whatever order the draws are undone in
    first_trick = lambda s: len(s.tricks) == 0 and len(s.trick) == 3  # noqa: E731
    s, _ = _played(seed, first_trick)
    me = s.current_player()
    for o in set(range(4)) - {me}:
        held = rebuild_hands(past_decisions(s.view(me), V, o), s.hands[o], random.Random(1))
        assert sorted(held[-1]) == sorted(_shows(s, o)[0])
    s, _ = _played(seed, lambda s: len(s.tricks) == 9)
    if s.is_over():
        return
    me = s.current_player()
    for o in set(range(4)) - {me}:
        for draws in range(3):
            held = rebuild_hands(past_decisions(s.view(me), V, o), s.hands[o],
                                 random.Random(draws))
            assert sorted(held[-2]) == sorted(_shows(s, o)[1])


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("tricks", [0, 7])
def test_the_readers_likelihood_is_the_models_on_what_each_seat_saw(seed, tricks) -> None:
    """In the first trick (nothing drawn yet) or the eighth (the hands shown again once the
    stock was drawn), with the true hands the reader scores each other seat's last play
    exactly as the model scores that seat's own record."""
    pytest.importorskip("numpy")
    from bots_support import small_policy

    from bisca_tui.bots import reading

    s, seen = _played(seed, lambda s: len(s.tricks) == tricks and len(s.trick) == 3)
    if s.is_over():
        return
    me = s.current_player()
    pol = small_policy(V)
    r = reading.HandReader(pol, s.view(me), V, temper=1.0, clip=0.0, window=1)
    assert sum(bool(x.mates) for x in r.seats) == 2  # the opponents, not the partner
    r.add(s.hands, random.Random(1))
    r.flush()
    expect = 0.0
    for o in set(range(4)) - {me}:
        record = seen[o][-1][0]
        expect += math.log(pol.probabilities([record])[0][_last_card(s, o)])
    assert math.isclose(r.logl[0], expect, rel_tol=1e-4, abs_tol=1e-4)


def _last_card(s: GameState, seat: int) -> int:
    return [e.card for e in s.events if type(e).__name__ == "CardPlayed" and e.seat == seat][-1]
