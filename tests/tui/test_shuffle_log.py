"""The table says each deal's shuffle commitment in its log before the deal, and the seed and
the salt that give it once the deal is over."""

from __future__ import annotations

import hashlib
import re

from tui_helpers import (
    last_trick_to_play,
    log_text,
    make_app,
    open_table,
    play_ahead,
    play_deal_by_keys,
    press,
    until,
)

from bisca_tui.engine.shuffle_proof import commitment
from bisca_tui.table.session import Session, default_seats
from bisca_tui.tui.narrate import match_so_far
from bisca_tui.tui.screens.summary import DealSummaryScreen
from bisca_tui.tui.screens.table import TableScreen

COMMITTED = re.compile(r"Shuffle committed: ([0-9a-f]{16})…")
REVEALED = re.compile(r"Shuffle revealed: seed (\d+), salt ([0-9a-f]{32}) ")


def said(lines: list[str], pattern: re.Pattern[str]) -> list[tuple[str, ...]]:
    return [m.groups() for line in lines for m in [pattern.search(line)] if m]


def test_a_resumed_match_is_told_with_each_deals_commitment_and_its_reveal() -> None:
    s = Session.new("bisca-3", {}, default_seats(2, "random"), seed=5)
    play_ahead(s, lambda st: s.deal_number == 2)
    lines = [str(line) for line in match_so_far(s)]
    told = said(lines, COMMITTED)
    assert [d for (d,) in told] == [s.match.shuffle_proof(i).commitment[:16] for i in (0, 1)]
    (seed, salt), = said(lines, REVEALED)  # the first deal's, the second is being played
    assert int(seed) == s.match.deals[0].seed
    assert commitment(int(seed), salt).startswith(told[0][0])
    # the order: the heading, the commitment, the play, the result, the reveal
    at = [k for k, line in enumerate(lines) if "Shuffle" in line]
    assert lines[at[0] - 1].startswith("— Deal 1") and "Deal 1:" in lines[at[1] - 1]
    assert lines[at[2] - 1].startswith("— Deal 2")


async def test_the_table_commits_before_the_deal_and_reveals_after_it(private_data) -> None:
    app = make_app(private_data)
    session = Session.new("bisca-3", {}, default_seats(2, "random"), seed=8)
    async with app.run_test(size=(100, 40)) as pilot:
        t = await open_table(app, pilot, session)
        (first,), = said(log_text(t), COMMITTED)
        assert not said(log_text(t), REVEALED)  # nothing said of the seed during the deal
        play_ahead(session, last_trick_to_play(session))
        t.refresh_table()
        await play_deal_by_keys(app, pilot)
        assert isinstance(app.screen, DealSummaryScreen)
        (seed, salt), = said(log_text(t), REVEALED)
        digest = hashlib.sha256(f"bisca-tui deal {salt}:{seed}".encode()).hexdigest()
        assert digest.startswith(first) and int(seed) == session.match.deals[0].seed
        await press(pilot, "enter")  # the next deal: its own commitment
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await until(pilot, lambda: len(said(log_text(t), COMMITTED)) == 2)
        assert said(log_text(t), COMMITTED)[1][0] == session.match.shuffle_proof(1).commitment[:16]
