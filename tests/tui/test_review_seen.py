"""The review screen opened on a seat's play gathered from its views (no record at hand, as
at a shared table's client): the same lines, summary and positions as the review of the
record, and no replay viewer to open, since that needs the deal's record."""

from __future__ import annotations

from seat_play_support import over_the_wire, seat_decisions
from test_coach_review import SAMPLES, SEED, cells
from textual.widgets import DataTable, Static
from tui_helpers import make_app, press, quiet, workers_done

from bisca_tui.coach.seat_play import SeatPlay, view_result
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.screens.replay import ReplayScreen
from bisca_tui.tui.screens.review import ReviewScreen


def played_deal() -> Session:
    """A Sueca deal where the person (seat 0) plays the first legal card each time."""
    s = Session.new("sueca", {}, default_seats(4, "random"), seed=SEED)
    st = s.state
    while not st.is_over():
        s.apply(st.legal_actions()[0])
    s.finish_deal()
    return s


def seat_play(s: Session, seat: int) -> SeatPlay:
    st = s.match.deals[0]
    return SeatPlay(0, seat, st.variant, s.name(seat), seat_decisions(st, seat),
                    view_result(over_the_wire(st.view(seat))))


async def review_lines(app, pilot, source) -> tuple[ReviewScreen, list[list[str]], str]:
    app.push_screen(ReviewScreen(source, 0, 0, "compact", samples=SAMPLES))
    await workers_done(app)
    await quiet(pilot)
    r = app.screen
    assert isinstance(r, ReviewScreen) and r.review is not None
    rows = r.query_one("#review-table", DataTable).row_count
    return r, [cells(r, k) for k in range(rows)], str(r.query_one("#review-summary",
                                                                  Static).render())


async def test_a_seats_views_are_reviewed_as_the_record_is(private_data) -> None:
    s = played_deal()
    app = make_app(private_data)
    async with app.run_test(size=(110, 34)) as pilot:
        await quiet(pilot)
        from_record, lines, summary = await review_lines(app, pilot, s.recording.record())
        assert from_record.review.marked  # the first legal card costs marks here
        await press(pilot, "escape")
        from_views, seen_lines, seen_summary = await review_lines(app, pilot,
                                                                  seat_play(s, 0))
        assert from_views.review == from_record.review
        assert seen_lines == lines and seen_summary == summary
        assert from_views.places.keys() >= {d.step for d in from_views.rows}
        await press(pilot, "t")  # the replay viewer needs a record: the key is not offered
        assert app.screen is from_views and not isinstance(app.screen, ReplayScreen)
        assert not from_views.check_action("open_position", ())
