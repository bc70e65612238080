"""A seat's record (the learned model's input) reads the seat's view only; the public part of
another seat's earlier decisions, folded from the events, is what that seat saw then; its
hands rebuilt backwards from the hand it holds now include the true ones."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bisca_tui.bots.base import make_bot
from bisca_tui.bots.seat_record import (
    HAND,
    known_code,
    past_decisions,
    rebuild_hands,
    record_of,
    with_hand,
)
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.sampling import determinize


class Orders:
    """An rng whose draws follow a given list of choices (to try every order of draws)."""

    def __init__(self, picks: tuple[int, ...]) -> None:
        self.picks = list(picks)

    def randrange(self, n: int) -> int:
        return self.picks.pop(0) % n if self.picks else 0


def _played(vid: str, seed: int, plays: int) -> GameState:
    """A deal of ``vid`` for two after ``plays`` actions of medium bots (which announce
    and take exchanges)."""
    v = make_variant(vid, players=2)
    s = GameState(v, dealer=seed % 2, seed=seed)
    bots = [make_bot("medium", seed), make_bot("medium", seed + 1)]
    for _ in range(plays):
        if s.is_over():
            break
        seat = s.current_player()
        s.apply(bots[seat].choose(s.view(seat)))
    return s


@settings(max_examples=25, deadline=None)
@given(vid=st.sampled_from(["briscola", "brisca"]), seed=st.integers(0, 10_000),
       plays=st.integers(0, 36))
def test_two_deals_that_look_the_same_from_the_seat_give_the_same_record(
        vid: str, seed: int, plays: int) -> None:
    pytest.importorskip("numpy")
    from bisca_tui.bots.policy import Layout, features

    s = _played(vid, seed, plays)
    if s.is_over():
        return
    seat = s.current_player()
    v = s.variant
    other = determinize(s.view(seat), v, random.Random(seed))
    # the same from the seat (a world dealt again may count the deal's actions otherwise)
    va, vb = s.view(seat), replace(other.view(seat), history_len=s.view(seat).history_len)
    assert va == vb
    ra, rb = record_of(va, v), record_of(vb, v)
    assert ra == rb
    lay = Layout(v)
    fa, fb = (features(lay, [r.codes], [r.trump], [r.stock], [r.points], [r.tricks])
              for r in (ra, rb))
    assert (fa == fb).all()


@pytest.mark.parametrize("vid", ["briscola", "brisca"])
def test_the_fold_agrees_with_the_view_and_with_what_the_other_seat_saw(vid: str) -> None:
    v = make_variant(vid, players=2)
    exchanges = rebuilt = 0
    for seed in range(4):
        s = GameState(v, dealer=seed % 2, seed=seed)
        bots = [make_bot("medium", seed), make_bot("medium", seed + 1)]
        seen: dict[int, list] = {0: [], 1: []}
        while not s.is_over():
            seat = s.current_player()
            view = s.view(seat)
            a = bots[seat].choose(view)
            if 0 <= a < 80:
                r = record_of(view, v)
                assert r.stock == view.stock_count
                assert r.points == (view.points[seat], view.points[1 - seat])
                assert sorted(c for c, k in enumerate(r.codes) if k == HAND) == sorted(view.hand)
                assert all(r.codes[c] == known_code(2, 1) for c in view.known[1 - seat])
                seen[seat].append((r, tuple(sorted(view.hand))))
                o = 1 - seat
                tl = past_decisions(view, v, o)
                assert [d.card for d in tl.decisions] == [
                    c for t in view.tricks for q, c in zip(t.seats, t.cards, strict=True)
                    if q == o] + [c for q, c in view.trick if q == o]
                for d, (past, hand) in zip(tl.decisions, seen[o], strict=True):
                    assert with_hand(2, r.trump, d.public, hand, past.legal) == past
                # one order of the draws gives back every hand it held
                if tl.decisions:
                    held = [h for _, h in seen[o]]
                    assert any(
                        all(tuple(sorted(h)) == held[k] for k, h in hb.items())
                        for hb in (rebuild_hands(tl, s.hands[o], Orders(picks), last=3)
                                   for picks in itertools.product(range(3), repeat=3)))
                    rebuilt += 1
                exchanges += bool(view.exchanges)
            s.apply(a)
    assert rebuilt > 50
    assert vid == "briscola" or exchanges > 0


def test_a_hand_that_lacks_a_card_seen_joining_it_cannot_be_rebuilt() -> None:
    v = make_variant("briscola", players=2)
    for seed, plays in itertools.product(range(10), (34, 35)):
        s = _played("briscola", seed, plays)  # the indicator drawn just now
        seat = s.current_player()
        drawn = [e for e in s.events if type(e).__name__ == "IndicatorDrawn"]
        if s.is_over() or not drawn or drawn[0].seat == seat or drawn[0].card not in \
                s.hands[1 - seat]:
            continue
        tl = past_decisions(s.view(seat), v, 1 - seat)
        wrong = [c for c in s.hands[seat]][:len(s.hands[1 - seat])]
        assert rebuild_hands(tl, wrong, random.Random(1)) is None
        assert rebuild_hands(tl, s.hands[1 - seat], random.Random(1)) is not None
        return
    raise AssertionError("no deal with the indicator in the other hand")
