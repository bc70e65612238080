"""Hints at a joined table: `h` asks the coach as at home, from the seat's view alone, when
the host allows hints (its default); a host started with `--no-hints` tells every client so,
and `h` then says the match has none. A resumed hosted match keeps the setting."""

from __future__ import annotations

import argparse
import asyncio

import pytest
from join_support import SIZE, join_app, my_turn, sit, until
from net_support import CODE, LONG, Table, open_table, views_until

from bisca_tui.coach import hint
from bisca_tui.engine.narrate import say
from bisca_tui.net import hosting
from bisca_tui.net import link as L
from bisca_tui.net.host import NetSettings
from bisca_tui.net.hostfiles import hosted_path, read_hosted

SAMPLES = 3


async def stop(table: Table) -> None:
    """The host stopped in the middle of the match."""
    table.task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await table.task


async def test_h_at_a_joined_table_gives_the_coachs_hint(tmp_path) -> None:
    table = await open_table(NetSettings("briscola", seed=4, deals=1, level="random"))
    app = join_app(table, tmp_path)
    app.coach_samples = SAMPLES
    async with app.run_test(size=SIZE) as pilot:
        await sit(app, pilot, 1)
        await table.join("P0", seat=0, play=True, seed=1)
        await until(pilot, lambda: my_turn(app), "the first turn")
        t = app.table
        assert t is not None and t.session.hints and t.check_action("hint", ())
        view = t.session.view(1)
        app.simulate_key("h")
        await until(pilot, lambda: t.coach.advice is not None, "the hint", timeout=120)
        want = hint(view, samples=SAMPLES)  # the same figures from the same view
        assert t.coach.advice.action == want.action
        assert t.coach.advice.action in view.legal
        await stop(table)
        await until(pilot, lambda: app.link_state in (L.DROPPED, L.RETRYING, L.GONE, L.CLOSED),
                    "the host gone")


async def test_a_host_without_hints_says_so_at_every_table(tmp_path) -> None:
    table = await open_table(NetSettings("briscola", seed=4, deals=1, level="random",
                                         hints=False))
    app = join_app(table, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await sit(app, pilot, 1)
        other = await table.join("P0", seat=0, play=True, seed=1)
        assert other.messages[0]["hints"] is False  # the welcome says it to everyone
        await until(pilot, lambda: my_turn(app), "the first turn")
        t = app.table
        assert t is not None and not t.session.hints
        assert not t.check_action("hint", ())
        await pilot.press("h")  # its key is not shown, and says why
        assert t.coach.token is None and t.notice is not None
        assert t.notice.plain == say("Notice", "hints.off")
        await stop(table)
        await until(pilot, lambda: app.link_state in (L.DROPPED, L.RETRYING, L.GONE, L.CLOSED),
                    "the host gone")


async def test_a_resumed_match_keeps_its_hosts_no_hints(tmp_path) -> None:
    settings = NetSettings("briscola", seed=4, deals=1, level="random", hold=LONG, open=(0,),
                           save_dir=tmp_path, hints=False)
    table = await open_table(settings)
    ana = await table.join("Ana", seat=0)
    await views_until(ana, lambda m: bool(m["view"]["legal"]))  # the match has begun
    await stop(table)  # the host stopped abruptly
    resume = read_hosted(hosted_path(tmp_path, CODE))
    assert resume.settings(save_dir=tmp_path).hints is False
    again = await open_table(resume.settings(save_dir=tmp_path), resume=resume)
    back = await again.join("Ana", sit=False, key=ana.key)
    assert back.messages[0]["hints"] is False
    await stop(again)


def test_no_hints_is_an_option_of_the_host_command() -> None:
    parser = argparse.ArgumentParser()
    hosting.add_arguments(parser)
    assert parser.parse_args(["--variant", "sueca", "--no-hints"]).no_hints is True
    assert parser.parse_args(["--variant", "sueca"]).no_hints is False
