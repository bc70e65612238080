"""A hint asked at the table and the review of the same decision afterwards read one
evaluation: the same best card, and the same expected card points and chance to win for
every card, in several games and at every decision of a deal."""

from __future__ import annotations

import pytest
from coach_support import play_match_deal

from bisca_tui.bots.levels import MediumBot
from bisca_tui.coach import hint
from bisca_tui.coach.hint import COACH_SAMPLES, card_choices, samples_for
from bisca_tui.coach.review import review_as_asked
from bisca_tui.engine.view import SeatView


def played_with_views(vid: str, seed: int, seat: int):
    """A deal played by the medium level, as its record, with the views ``seat`` had at
    each of its turns (by the number of actions before it)."""
    views: dict[int, SeatView] = {}
    bot = MediumBot(seed)

    def choose(view: SeatView) -> int:
        views[view.history_len] = view
        return bot.choose(view)

    record, _ = play_match_deal(vid, seed=seed, choose={seat: choose})
    return record, views


def assert_agree(vid: str, seed: int, seat: int, samples: int | None) -> int:
    record, views = played_with_views(vid, seed, seat)
    review = review_as_asked(record, 0, seat, samples=samples)
    for d in review.decisions:
        view = views[d.step]  # the position the seat saw when it chose
        h = hint(view, samples=samples)
        cards = {o.action: o for o in h.options if o.points is not None}
        assert tuple(cards.values()) == d.options, (vid, d.step)  # every card, same figures
        assert set(cards) == set(card_choices(view))
        n = samples or samples_for(len(card_choices(view)))
        assert h.samples == d.samples
        assert d.samples in (1, n)  # 1: only one deal fits the view
        best = cards[d.best]
        assert d.options[0] == best  # the review's best card heads the hint's list too
        if h.action in cards:  # not a request to the partner before the card
            assert h.action == d.best, (vid, d.step)
        assert (d.best_expected, d.best_win) == (best.points, best.win)
        assert (d.expected, d.win) == (cards[d.played].points, cards[d.played].win)
        assert d.loss == pytest.approx(max(0.0, best.points - cards[d.played].points)) or \
            d.played == d.best
    return len(review.decisions)


@pytest.mark.parametrize(("vid", "seed", "seat"), [
    ("sueca", 3, 0), ("sueca", 4, 2), ("chiamata", 2, 1), ("bisca-9", 5, 0),
    ("brisca", 6, 1), ("bisca-capixaba", 7, 3),
])
def test_a_hint_and_the_review_of_the_same_decision_agree(vid: str, seed: int,
                                                          seat: int) -> None:
    assert assert_agree(vid, seed, seat, samples=10) >= 3


def test_they_agree_at_the_coachs_own_sample_counts() -> None:
    """Neither asked for a number of samples: both take the coach's (``samples_for``),
    never a budget of time."""
    assert samples_for(3) == COACH_SAMPLES
    assert assert_agree("briscola", 1, 0, samples=None) >= 10
