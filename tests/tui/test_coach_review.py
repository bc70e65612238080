"""The review of a deal, opened from the deal's summary: one line per decision against the
coach's search, marks in words, n and p stepping through the marked decisions with the
position of each; with two people at the keyboard, the summary asks whose play."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json

from textual.widgets import DataTable
from tui_helpers import (
    last_trick_to_play,
    make_app,
    play_ahead,
    play_deal_by_keys,
    press,
    quick_table,
    quiet,
    workers_done,
)

from bisca_tui import cli
from bisca_tui.coach import review_deal
from bisca_tui.coach.review import REVIEW_SEED
from bisca_tui.engine import actions as A
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.coaching import rule_of_thumb
from bisca_tui.tui.screens.confirm import ChoiceDialog
from bisca_tui.tui.screens.replay import ReplayScreen
from bisca_tui.tui.screens.review import ReviewScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.screens.table import TableScreen
from bisca_tui.tui.widgets.table import HandView

SAMPLES = 4
SEED = 2  # a Sueca deal where playing the first legal card costs a blunder and two mistakes


def cells(screen: ReviewScreen, row: int) -> list[str]:
    table = screen.query_one("#review-table", DataTable)
    return [str(getattr(c, "plain", c)) for c in table.get_row_at(row)]


def side(screen: ReviewScreen) -> str:
    return str(screen.query_one("#review-position").render()) + "\n" + str(
        screen.query_one("#review-note").render())


async def test_review_from_the_summary_and_step_through_the_marks(
        private_data, tmp_path) -> None:
    app = make_app(private_data)
    app.coach_samples = SAMPLES
    async with app.run_test(size=(110, 34)) as pilot:
        t = await quick_table(app, pilot, "sueca", SEED)
        s = t.session
        play_ahead(s, last_trick_to_play(s))  # the deal the keys would play, to its end
        t.refresh_table()
        await play_deal_by_keys(app, pilot)
        summary = app.screen
        assert isinstance(summary, DealSummaryScreen)
        assert "Press r to review your play" in "\n".join(
            str(w.render()) for w in summary.query("Static"))
        await press(pilot, "r")
        r = app.screen
        assert isinstance(r, ReviewScreen) and r.seat == 0
        await workers_done(app)
        await quiet(pilot)
        # the coach's review of this deal, shown line by line: the same figures as
        # ``bisca-tui review`` gives for the match's record with the same samples
        record = tmp_path / "match.json"
        record.write_text(s.recording.save_text(), encoding="utf-8")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):  # the app holds sys.stdout while it runs
            assert cli.main(["review", str(record), "--deal", "1", "--seat", "0",
                             "--samples", str(SAMPLES), "--json"]) == 0
        told = json.loads(out.getvalue())["deals"][0]
        assert r.review is not None
        assert told["lost"] == round(r.review.lost, 2) > 0
        assert [d["loss"] for d in told["decisions"]] == [
            round(d.loss, 2) for d in r.review.decisions]
        expected = review_deal(s.recording.record(), 0, 0, seed=REVIEW_SEED, samples=SAMPLES,
                               playouts=None)
        assert r.review.decisions == expected.decisions
        decisions = r.review.decisions
        assert len(r.query_one("#review-table", DataTable).rows) == len(decisions)
        marked = [k for k, d in enumerate(decisions) if d.mark]
        assert len(marked) >= 2 and {decisions[k].mark for k in marked} == {
            "mistake", "blunder"}
        for k, d in enumerate(decisions):
            row = cells(r, k)
            assert row[4] == ("" if not d.mark else f"{'??' if d.mark == 'blunder' else '?'} "
                              f"{d.mark}")
            assert row[3] == ("–" if d.loss < 0.05 else f"{d.loss:.1f}")
        summary_line = str(r.query_one("#review-summary").render())
        assert f"{len(decisions)} decisions" in summary_line and "blunder" in summary_line
        # the cursor starts on the first marked decision, with its position
        assert r.selected == marked[0]
        first = r.places[decisions[marked[0]].step]
        assert f"Trick {first.trick}" in side(r) and "Your hand:" in side(r)
        # n steps to each later mark, p back; past the last, a sentence says so
        for k in marked[1:]:
            await press(pilot, "n")
            assert r.selected == k
            d = decisions[k]
            assert f"Trick {r.places[d.step].trick}" in side(r)
            assert d.mark in side(r)
        await press(pilot, "n")
        assert r.selected == marked[-1] and "No later mistake" in side(r)
        await press(pilot, "p")
        assert r.selected == marked[-2]
        # the hand shown is the one held then: the card played was in it
        hand = r.places[decisions[marked[-2]].step].view.hand
        assert decisions[marked[-2]].played in hand
        # Enter: that decision on the table itself, in the replay viewer, as the seat saw it
        await press(pilot, "enter")
        await quiet(pilot)
        viewer = app.screen
        d = decisions[marked[-2]]
        assert isinstance(viewer, ReplayScreen)
        assert (viewer.deal, viewer.step, viewer.seat) == (0, d.step, 0)
        assert d.played in viewer.query_one(HandView).cards  # not played yet
        assert f"step {d.step} of " in str(viewer.query_one("#status").render())
        await press(pilot, "right")  # and on from there
        assert viewer.step == d.step + 1 and d.played not in viewer.query_one(HandView).cards
        await press(pilot, "escape")
        assert app.screen is r and r.selected == marked[-2]
        await press(pilot, "t")  # the footer's key for it
        assert isinstance(app.screen, ReplayScreen) and app.screen.step == d.step
        await press(pilot, "escape")
        assert app.screen is r
        # Esc goes back to the summary, Enter on to the next deal
        await press(pilot, "escape")
        assert app.screen is summary
        await press(pilot, "enter")
        await quiet(pilot)
        assert s.deal_number == 2 and isinstance(app.screen, TableScreen)


def finished_hot_seat() -> Session:
    """A deal of Bisca de Quatro played to its end by two people and two bots."""
    seats = [SeatSpec(HUMAN, "Ana"), SeatSpec(BOT, "Rui", "random"),
             SeatSpec(HUMAN, "Bea"), SeatSpec(BOT, "Tiago", "random")]
    s = Session.new("bisca-4", {}, seats, seed=21)
    st = s.state
    while not st.is_over():
        s.apply(next(a for a in st.legal_actions() if A.is_play(a)))
    return s


async def test_with_two_people_the_summary_asks_whose_play(private_data) -> None:
    app = make_app(private_data)
    app.coach_samples = SAMPLES
    s = finished_hot_seat()
    score = s.finish_deal()
    async with app.run_test(size=(110, 34)) as pilot:
        await quiet(pilot)
        app.push_screen(DealSummaryScreen(s, score))
        await quiet(pilot)
        await press(pilot, "r")
        await quiet(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.id == "review-whose"
        await press(pilot, "2")  # Bea
        await quiet(pilot)
        r = app.screen
        assert isinstance(r, ReviewScreen) and r.seat == 2
        assert "Bea's play" in str(r.query_one("#review-title").render())
        await workers_done(app)
        await quiet(pilot)
        assert r.review is not None and r.review.seat == 2
        assert all(d.seat == 2 for d in r.review.decisions)


async def test_a_thrown_in_deal_offers_no_review(private_data) -> None:
    app = make_app(private_data)
    s = finished_hot_seat()
    score = s.finish_deal()
    async with app.run_test(size=(110, 34)) as pilot:
        await quiet(pilot)
        summary = DealSummaryScreen(s, score)
        app.push_screen(summary)
        await quiet(pilot)
        assert summary.check_action("review", ())
        summary.score = dataclasses.replace(score, redeal=True)
        assert not summary.check_action("review", ())


async def test_a_review_that_fails_says_so(private_data, monkeypatch) -> None:
    import bisca_tui.coach.review

    def broken(*args, **kwargs):
        raise ValueError("the deal cannot be replayed")

    monkeypatch.setattr(bisca_tui.coach.review, "review_as_asked", broken)
    app = make_app(private_data)
    s = finished_hot_seat()
    score = s.finish_deal()
    async with app.run_test(size=(110, 34)) as pilot:
        await quiet(pilot)
        app.push_screen(ReviewScreen(s.recording.record(), 0, 0, s.card_style, name=s.name))
        await workers_done(app)
        await quiet(pilot)
        r = app.screen
        assert isinstance(r, ReviewScreen) and r.review is None
        assert "could not be made: ValueError: the deal cannot be replayed" in str(
            r.query_one("#review-summary").render())
        await press(pilot, "n")  # nothing to step through: no harm
        await press(pilot, "escape")
        assert not isinstance(app.screen, ReviewScreen)
        assert score is not None


async def test_a_bid_is_listed_beside_the_cards_with_the_hard_levels_choice(
        private_data) -> None:
    """Briscola Chiamata, the person passing where the hard level would bid: the pass has
    its line (what was done, what the hard level would do), and no card's figures."""
    seats = [SeatSpec(HUMAN, "Ana")] + [SeatSpec(BOT, f"Bot {k}", "random") for k in range(1, 5)]
    s = Session.new("chiamata", {}, seats, seed=2)
    st = s.state
    while not st.is_over():
        s.apply(st.legal_actions()[0])  # the person passes first of all
    s.finish_deal()
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        await quiet(pilot)
        app.push_screen(ReviewScreen(s.recording.record(), 0, 0, s.card_style, name=s.name,
                                     samples=4))
        await workers_done(app)
        await quiet(pilot)
        r = app.screen
        assert isinstance(r, ReviewScreen) and r.review is not None
        other = r.review.others[0]
        assert other.played == A.PASS and other.differs
        row = r.rows.index(other)
        line = cells(r, row)
        assert line[1] == "pass" and line[2].startswith("bid ") and line[4] == "other choice"
        r.query_one("#review-table", DataTable).move_cursor(row=row)
        await quiet(pilot)
        assert "Chose pass; the hard level would have chosen bid " in side(r)
        assert " ".join(rule_of_thumb().split()) in " ".join(side(r).split())
