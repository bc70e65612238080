"""The review of a joined table's deal: after the deal's summary, `r` reviews this player's
own play from the views its seat was sent, with the figures the host's record of the same
deal gives; a refused card is no decision of the deal."""

from __future__ import annotations

from join_support import SIZE, join_app, my_turn, play_to_the_deals_end, sit, until
from net_support import open_table

from bisca_tui.coach.review import review_as_asked
from bisca_tui.net.host import NetSettings
from bisca_tui.tui.screens.review import ReviewScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen

SAMPLES = 3


async def test_r_at_the_summary_reviews_this_players_play_as_the_host_would(tmp_path) -> None:
    table = await open_table(NetSettings("briscola", seed=5, deals=1, level="random"))
    app = join_app(table, tmp_path)
    app.coach_samples = SAMPLES
    async with app.run_test(size=SIZE) as pilot:
        await sit(app, pilot, 1)
        other = await table.join("P0", seat=0, play=True, seed=1)
        await until(pilot, lambda: my_turn(app), "the first turn")
        t = app.table
        assert t is not None
        # a card the rules forbid does not exist in Briscola: an action of another seat's
        # is refused instead, and is no decision of this one's
        t.flow.act(t.session.view(1).legal[0], 0)
        await until(pilot, lambda: t.sent is None and t.notice is not None, "the refusal")
        assert t.own_play.pending is None
        played = await play_to_the_deals_end(app, pilot)
        summary = app.screen
        assert isinstance(summary, DealSummaryScreen)
        assert summary.check_action("review", ())
        assert "review" in " ".join(str(w.render()) for w in summary.query("Static"))
        app.simulate_key("r")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen), "the review")
        r = app.screen
        await until(pilot, lambda: r.review is not None, "the review worked out", timeout=120)
        host = table.host.session
        assert host is not None
        want = review_as_asked(host.recording.record(), 0, 1, samples=SAMPLES)
        got = r.review
        assert got.decisions == want.decisions and got.others == want.others
        assert (got.result_points, got.result_win) == (want.result_points, want.result_win)
        assert len(got.decisions) + len(got.others) <= played
        assert not r.check_action("open_position", ())  # no record here to replay
    await table.end()
    assert await other.expect("over") is not None
