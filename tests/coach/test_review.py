"""Reviews: each decision of a seat judged at the view it had, against the same search;
a planted blunder in a solved endgame costs exactly what the solver says, the search's own
choices are never marked, and every game family is reviewed."""

from __future__ import annotations

import json

import pytest
from coach_support import FAMILIES, play_match_deal

from bisca_tui.bots.levels import MediumBot
from bisca_tui.bots.sim import Rules, Sim
from bisca_tui.bots.solver import solve2_actions
from bisca_tui.coach import review_deal
from bisca_tui.coach.hint import card_choices, decision_bot, judge
from bisca_tui.coach.report import review_json, review_text
from bisca_tui.coach.review import BLUNDER, MISTAKE, default_seat, mark_of
from bisca_tui.engine import Match, make_variant
from bisca_tui.engine.records import record_of_match


def test_marks_follow_the_thresholds() -> None:
    assert mark_of(0.0) == "" and mark_of(MISTAKE - 0.01) == ""
    assert mark_of(MISTAKE) == "mistake" and mark_of(BLUNDER) == "blunder"
    # the chance of winning counts only where the deal was solved exactly
    assert mark_of(1.0, 0.5, "playouts") == ""
    assert mark_of(1.0, 0.5, "exact") == "blunder"
    assert mark_of(1.0, 0.12, "solved") == "mistake"


def _planted(seed: int):
    """A Briscola deal in which seat 0, with the stock gone and three cards left, plays
    the card the exact solver finds worst in points; None when that costs too little."""
    v = make_variant("briscola")
    m = Match(v, dealer=1, seed=seed)
    s = m.new_deal()
    bots = [MediumBot(seed * 10 + k) for k in range(2)]
    planted = None
    while not s.is_over():
        seat = s.current
        view = s.view(seat)
        if (planted is None and seat == 0 and s.stock_count == 0
                and len(s.legal_cards()) == 3):
            rules = Rules(v, s.trump, s.target, s.match_points, s.cut_or_knock)
            sim = Sim.from_view(rules, view, [list(h) for h in s.hands], [])
            truth = solve2_actions(sim, s.legal_cards())
            best = max(truth, key=lambda c: truth[c].utility)
            worst = min(truth, key=lambda c: truth[c].points)
            if truth[best].points - truth[worst].points < BLUNDER:
                return None
            planted = (len(s.history), worst, truth)
            s.apply(worst)
            continue
        s.apply(bots[seat].choose(view))
    m.finish_deal()
    if planted is None:
        return None
    return record_of_match(m, ["Ana", "Bot"]), planted


def test_a_planted_blunder_in_a_solved_endgame_costs_exactly_what_the_solver_says() -> None:
    found = 0
    for seed in range(40):
        got = _planted(seed)
        if got is None:
            continue
        record, (step, worst, truth) = got
        review = review_deal(record, 0, 0, samples=20)
        d = next(d for d in review.decisions if d.step == step)
        assert d.played == worst and d.method == "exact"
        top = max(t.utility for t in truth.values())
        assert truth[d.best].utility == top  # the solver's own best card
        assert d.loss == truth[d.best].points - truth[worst].points  # exact, whole points
        assert d.loss >= BLUNDER and d.mark == "blunder"
        assert d.expected == truth[worst].points and d.win == truth[worst].win
        assert "loses exactly" in d.reason and f"{d.loss:.0f} card points" in d.reason
        found += 1
        if found >= 2:
            break
    assert found


@pytest.mark.parametrize("vid", ["briscola", "sueca"])
def test_the_searchs_own_choices_are_never_marked(vid: str) -> None:
    """Seat 0 plays what the review's search advises at each view: nothing is lost."""
    samples = 15

    def coach(view):
        if card_choices(view) and len(card_choices(view)) > 1:
            return judge(view, samples=samples).best
        return decision_bot(view, samples=samples).choose(view)

    record, _ = play_match_deal(vid, seed=2, choose={0: coach})
    review = review_deal(record, 0, 0, samples=samples)
    assert len(review.decisions) >= 3
    for d in review.decisions:
        assert d.played == d.best and d.loss == 0 and d.win_loss == 0 and d.mark == ""
    assert review.lost == 0 and not review.marked


def test_a_best_card_is_never_marked_in_any_review() -> None:
    for vid in ("briscola", "bisca-4"):
        record, _ = play_match_deal(vid, seed=3)
        for d in review_deal(record, 0, 0, samples=10).decisions:
            if d.played == d.best:
                assert d.loss == 0 and d.mark == ""
            assert d.loss >= 0 and d.mark == mark_of(d.loss, d.win_loss, d.method)


@pytest.mark.parametrize("vid", FAMILIES)
def test_every_game_family_is_reviewed(vid: str) -> None:
    record, match = play_match_deal(vid, seed=4)
    seat = 0
    review = review_deal(record, 0, seat, samples=6)
    state = match.deals[0]
    assert review.variant == vid and review.player == "P0"
    cards = [d for d in review.decisions]
    assert cards, vid
    steps = [d.step for d in review.decisions] + [o.step for o in review.others]
    assert len(steps) == len(set(steps))
    for d in review.decisions:
        assert 0 <= d.step < len(state.history) and state.history[d.step] == d.played
        assert d.trick >= 1 and d.samples >= 1
        assert sorted(o.action for o in d.options) == sorted(set(o.action for o in d.options))
        assert d.played in {o.action for o in d.options}
    for o in review.others:
        assert state.history[o.step] == o.played and o.reason
    if vid in ("sueca-5", "chiamata"):
        assert review.others  # the bidding is listed
    curve = review.curve()
    assert curve[0].label == "start" and curve[-1].label == "result"
    assert [p.label for p in curve[1:-1]] == ["play"] * len(review.decisions)
    if tuple(state.side_of) == tuple(state.variant.team_of):
        team = state.variant.team_of[seat]
        assert review.result_points == match.results[0].card_points[team]
    text = review_text(review)
    assert f"Deal 1 of {state.variant.name}" in text and "result" in text
    json.dumps(review_json(review))


def test_a_review_repeats_exactly_with_the_same_seed_and_samples() -> None:
    record, _ = play_match_deal("sueca", seed=5)
    a = review_deal(record, 0, 1, seed=7, samples=12)
    b = review_deal(record, 0, 1, seed=7, samples=12)
    assert a == b and a.seat == 1


def test_the_worst_decisions_get_reasons() -> None:
    found = 0
    for seed in range(6):
        record, _ = play_match_deal("briscola", seed=seed)
        review = review_deal(record, 0, 0, samples=20)
        for d in review.decisions:
            if d.mark:
                assert d.reason and d.reason_parts
                assert d.reason.count(". ") <= 1 and "Better: " in d.reason
                found += 1
            if not d.mark and d.loss < MISTAKE / 2 and d.win_loss < 0.05:
                assert d.reason == ""
    assert found


def test_the_deal_just_finished_at_the_table_is_reviewed_while_the_next_goes_on() -> None:
    v = make_variant("briscola")
    m = Match(v, dealer=1, seed=9)
    s = m.new_deal()
    bots = [MediumBot(k) for k in range(2)]
    while not s.is_over():
        s.apply(bots[s.current].choose(s.view(s.current)))
    m.finish_deal()
    nxt = m.new_deal()
    for _ in range(3):
        nxt.apply(bots[nxt.current].choose(nxt.view(nxt.current)))
    record = record_of_match(m, ["You", "Bot"])  # what Session.record() gives
    done = review_deal(record, 0, 0, samples=5)
    assert done.result_points is not None and done.decisions
    going = review_deal(record, 1, 0, samples=5)
    assert going.result_points is None and going.curve()[-1].label != "result"
    with pytest.raises(ValueError, match="no deal 3"):
        review_deal(record, 2, 0)
    with pytest.raises(ValueError, match="no seat 2"):
        review_deal(record, 0, 2)


def test_the_default_seat_is_the_person_the_table_file_names() -> None:
    record, _ = play_match_deal("sueca", seed=6)
    assert default_seat(record, 0) == 0
    seats = [{"kind": "bot", "name": "A"}, {"kind": "bot", "name": "B"},
             {"kind": "human", "name": "Me"}, {"kind": "bot", "name": "C"}]
    assert default_seat(record, 0, {"seats": seats}) == 2
    assert default_seat(record, 0, {"seats": "nonsense"}) == 0
    # Sueca for three: the person is player 2, at the seat the deal gives them
    record3, match3 = play_match_deal("sueca-3", seed=6)
    seats3 = [{"kind": "bot", "name": "A"}, {"kind": "bot", "name": "B"},
              {"kind": "human", "name": "Me"}]
    seat = default_seat(record3, 0, {"seats": seats3})
    assert match3.people(0)[seat] == 2
