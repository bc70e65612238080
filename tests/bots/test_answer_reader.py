"""Reading the opponent's answers: the hand it held at each of its plays is rebuilt from a
sampled hand, and a sample is weighted by how likely its answers were with it."""

from __future__ import annotations

import itertools
import random

from bisca_tui.bots.levels import MediumBot
from bisca_tui.bots.pimc import AnswerReader
from bisca_tui.bots.sim import Rules
from bisca_tui.engine import GameState, make_variant


class Orders:
    """An rng whose draws follow a given list of choices (to try every order of draws)."""

    def __init__(self, picks: tuple[int, ...]) -> None:
        self.picks = list(picks)

    def randrange(self, n: int) -> int:
        return self.picks.pop(0) % n if self.picks else 0


def _games(vid: str, seeds: range):
    """Games played by two medium bots (they announce and take exchanges), yielding, at
    each of seat 0's card decisions, the state and the hands seat 1 held at each trick."""
    v = make_variant(vid, players=2)
    for seed in seeds:
        st = GameState(v, dealer=seed % 2, seed=seed)
        bots = [MediumBot(seed), MediumBot(seed + 1)]
        held: dict[int, list[int]] = {}
        while not st.is_over():
            seat = st.current_player()
            assert seat is not None
            view = st.view(seat)
            a = bots[seat].choose(view)
            if seat == 1 and 0 <= a < 80:
                held[len(st.tricks)] = sorted(st.hands[1])
            elif seat == 0 and 0 <= a < 80 and view.trump is not None and len(view.legal) > 1:
                yield st, view, dict(held)
            st.apply(a)


def test_the_rebuilt_hands_have_the_right_size_and_one_order_gives_the_true_hands() -> None:
    checked = exchanges = 0
    for vid in ("brisca", "briscola"):
        for st, view, held in _games(vid, range(12)):
            v = st.variant
            rules = Rules(v, view.trump, view.target, view.match_points, dict(view.extra))
            reader = AnswerReader(view, v, rules, beta=1.0, window=3)
            assert reader.ok
            exchanges += any(e.seat == 1 for e in view.exchanges)
            done = len(view.tricks)
            hits = set()
            for picks in itertools.product(range(3), repeat=3):
                hist = reader.history(st.hands[1], Orders(picks))
                expect = ([done] if view.trick else []) + [
                    t for t in range(done - 1, done - 4, -1) if t >= 0]
                assert len(hist) == len(expect)
                for t, (card, hand, lead) in zip(expect, hist, strict=True):
                    assert card in hand and len(hand) == len(held[t])
                    if t < done:
                        trick = view.tricks[t]
                        assert lead == (trick.cards[0] if trick.leader == 0 else None)
                    else:  # the trick on the table, which it led
                        assert lead is None and card == view.trick[0][1]
                    if sorted(hand) == held[t]:
                        hits.add(t)
            assert hits == set(expect)
            checked += 1
    assert checked > 100 and exchanges > 0


def test_an_answer_that_let_points_go_makes_a_cheap_trump_unlikely() -> None:
    # Briscola for two, clubs trumps: we led the Ace of hearts and the opponent threw the
    # 4 of spades. Holding the 2 of clubs it would have taken 11 points for a trump.
    v = make_variant("briscola", players=2)
    st = GameState(v, dealer=1, seed=3)
    view = st.view(st.current_player())
    rules = Rules(v, view.trump, view.target, view.match_points, dict(view.extra))
    reader = AnswerReader(view, v, rules, beta=0.3)
    trump = view.trump
    low_trump = next(c for c in v.pack() if v.suit[c] == trump and v.points[c] == 0)
    plain = [c for c in v.pack() if v.suit[c] != trump and v.points[c] == 0]
    ace = next(c for c in v.pack() if v.suit[c] != trump and v.points[c] == 11)
    spare = [c for c in plain if v.suit[c] != v.suit[ace]]
    thrown, other = spare[0], spare[1]
    reader.steps = [((), (), None, thrown, ace)]
    rng = random.Random(1)
    with_trump = reader.weight([low_trump, other], rng)
    without = reader.weight([other, spare[2]], rng)
    assert with_trump < 0.05 * without
