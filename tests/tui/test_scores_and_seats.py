"""The comb the same way up everywhere (the player's team above), the bot levels in the form
and at the table, and --variant preselecting a game."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Select, Static
from tui_helpers import make_app, open_table, play_deal_by_keys, press, quiet

from bisca_tui.bots.base import bot_levels
from bisca_tui.cli import build_parser
from bisca_tui.table.session import BOT, HUMAN, SeatSpec, Session
from bisca_tui.tui.screens.newgame import CMD, NewGameScreen
from bisca_tui.tui.screens.summary import DealSummaryScreen


def comb_counts(text: str) -> tuple[int, int]:
    """Dots above and below the comb's middle line."""
    rows = text.splitlines()
    middle = next(i for i, row in enumerate(rows) if "┼" in row)
    return rows[middle - 1].count("●"), rows[middle + 1].count("●")


async def test_the_summary_comb_puts_the_players_team_above(private_data) -> None:
    # the person sits in the second seat, so their team is the second one
    seats = [SeatSpec(BOT, "Rui", "random"), SeatSpec(HUMAN, "You")]
    session = Session.new("bisca-3", {}, seats, seed=12)
    session.match.scores = [2, 0]
    st = session.state
    while len(st.tricks) < 18:  # straight to the deal's last tricks
        st.apply(st.legal_actions()[0])
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, session)
        assert comb_counts(str(t.query_one("#pente").render())) == (0, 2)
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        scores = session.match.scores
        summary = str(app.screen.query_one("#deal-summary").query(Static)[1].render())
        assert comb_counts(summary) == (scores[1], scores[0])
        assert summary.index("\nYou ") < summary.index("\nRui ")  # the rows agree too


async def test_every_level_has_a_one_line_sentence_in_the_form(private_data) -> None:
    app = make_app(private_data, variant="bisca-3")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "n")
        await quiet(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen)
        kind = form.query_one("#kind-1", Select)
        desc = form.query_one("#desc-1", Static)
        seen = set()
        for value in [f"bot:{lvl}" for lvl in bot_levels()] + [CMD, HUMAN]:
            kind.value = value
            await quiet(pilot)
            text = str(desc.render())
            assert text and "\n" not in text and text.endswith(".")
            assert desc.region.height == 1, text  # one line at 80 columns
            seen.add(text)
        assert len(seen) == len(bot_levels()) + 2  # each says something of its own
        assert "hidden card" in str(form.query_one("#honest").render())


async def test_the_table_says_which_level_plays_each_seat(private_data) -> None:
    seats = [SeatSpec(HUMAN, "You"), SeatSpec(BOT, "Rui", "easy"),
             SeatSpec(BOT, "Inês", "hard"), SeatSpec(BOT, "Tiago", "random")]
    app = make_app(private_data)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await open_table(app, pilot, Session.new("bisca-4", {}, seats, seed=3))
        for seat, level in ((1, "easy"), (2, "hard"), (3, "random")):
            text = " ".join(str(t.query_one(f"#seat-{seat}").render()).split())
            assert f"bot · {level}" in text or f"bot {level}" in text


def test_variant_on_the_command_line_must_be_a_game() -> None:
    assert build_parser().parse_args(["--variant", "bisca-9"]).variant == "bisca-9"
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--variant", "no-such-game"])


async def test_variant_on_the_command_line_is_preselected(private_data) -> None:
    app = make_app(private_data, variant="bisca-9")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "n")
        await quiet(pilot)
        form = app.screen
        assert isinstance(form, NewGameScreen) and form.variant_id == "bisca-9"
        lst = form.query_one("#variant-list", OptionList)
        assert lst.highlighted is not None
        assert lst.get_option_at_index(lst.highlighted).id == "bisca-9"
        await press(pilot, "enter")  # Start
        await quiet(pilot)
        assert app.session is not None and app.session.variant.id == "bisca-9"
