"""The people at a table joined over the network, as ``bisca-tui join`` shows them: a bot's
place taken in the middle of a deal, the chat said while a player was away, a player away,
and the coach, which does not help at a table hosted without hints."""

from __future__ import annotations

import asyncio
import time

from join_support import SIZE, join_app, my_turn, play_a_card, sit, until
from net_support import LONG, open_table, play_once, played_by, views_until
from rich.text import Text

from bisca_tui.engine import events as E
from bisca_tui.net.host import NetSettings
from bisca_tui.tui.screens.summary import MatchEndScreen


def log(app) -> list[str]:
    return [x.plain if isinstance(x, Text) else str(x) for x in app.table.log_lines]


async def host_sees(condition, what: str) -> None:
    """Wait, with no app running, for the host to get somewhere."""
    deadline = time.monotonic() + LONG
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        await asyncio.sleep(0.005)


async def test_a_bots_place_taken_mid_deal_tells_the_deal_once_with_the_bots_cards(
        tmp_path) -> None:
    # one player sits and the bots play the other three places, open to players
    table = await open_table(NetSettings("bisca-4", seed=2, start_with=1, hold=LONG))
    p0 = await table.join("P0", seat=0)
    await play_once(p0)  # a trick on: seat 2's bot has played a card
    await views_until(p0, lambda m: m["current"] == 0 and 3 in played_by(m))
    host = table.host.session
    bot = host.people[2].name
    played = [e for e in host.view(2).events if isinstance(e, E.CardPlayed) and e.seat == 2]
    assert played, "the bot at place 3 has played"
    app = join_app(table, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await sit(app, pilot, 2)
        await until(pilot, lambda: app.table is not None and app.screen is app.table, "table")
        await until(pilot, lambda: app.table.session.token == tuple(table.host.table.token()),
                    "the view of the place taken")
        await pilot.pause()
        lines = log(app)
        assert sum("Deal 1" in x for x in lines) == 1, lines
        assert not any(x.startswith("You play") for x in lines), lines  # the bot played them
        assert sum(x.startswith(f"{bot} plays") for x in lines) == len(played), lines
        assert sum("takes it" in x for x in lines) == 1, lines  # the trick told once
        assert f"You take {bot}'s place." in lines
        p0.chooser = lambda m: m["view"]["legal"][0] if m["view"]["legal"] else None
        await play_once(p0)
        await until(pilot, lambda: my_turn(app), "this player's turn")
        await play_a_card(app, pilot)
        await until(pilot, lambda: any(x.startswith("You play") for x in log(app)), "the card")
    table.host.finish()
    await table.end()


async def test_the_chat_comes_back_to_a_player_who_rejoins_and_one_away_is_shown(
        tmp_path) -> None:
    """The chat said while a player was away comes back to them, said once; then, at the
    same table: `h` where the host allows no hints says so, a player away is shown in their
    seat box until they are back, and the host's stopping the match shows its end."""
    table = await open_table(NetSettings("briscola", seed=3, hold=LONG, hints=False))
    app = join_app(table, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await sit(app, pilot, 0)
        bea = await table.join("Bea", seat=1)
        await until(pilot, lambda: app.table is not None, "the table")
        bea.chat("one")
        await until(pilot, lambda: "Bea: one" in log(app), "the first line")
        await pilot.press("q")  # Ana leaves the table
        await until(pilot, lambda: not app.is_running, "the app's end")
    # the app closed: Ana's place is held for her; Bea says more meanwhile
    await host_sees(lambda: table.host.places.conns[0] is None, "Ana gone")
    bea.chat("two")
    await bea.expect("chat", LONG, lambda m: m["text"] == "two")
    again = join_app(table, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: again.table is not None and again.screen is again.table,
                    "the table again")
        await pilot.pause()
        lines = log(again)
        assert lines.count("Bea: one") == 1 and lines.count("Bea: two") == 1, lines
        # a connection dropped and back in the same app: nothing said twice
        table.host.places.conns[0].abort()
        await until(pilot, lambda: again.link_state == "back", "the connection back")
        bea.chat("three")
        await until(pilot, lambda: "Bea: three" in log(again), "the line after")
        lines = log(again)
        assert lines.count("Bea: one") == 1 and lines.count("Bea: two") == 1, lines
        await pilot.press("h")  # the host set the table up without hints
        notice = again.table.notice
        assert notice is not None and "set up without them" in notice.plain
        box = again.table.query_one("#seat-1")

        def shown() -> str:  # the box as drawn on the screen
            rows = [strip.text for strip in again.screen._compositor.render_strips()]
            r = box.region
            return " ".join(rows[y][r.x:r.right] for y in range(r.y, r.bottom))

        assert "away" not in shown()
        t = again.table
        bea.kill()  # the table is told first, then the box is drawn again (a whole screen
        # drawn at each look would cost more than the wait)
        await until(pilot, lambda: 1 in t.away_seats, "Bea away")
        await until(pilot, lambda: "away" in shown(), lambda: f"away shown: {shown()!r}")
        back = await table.join("Bea", sit=False, key=bea.key)  # her place's key
        assert back.messages[0]["seat"] == 1
        await until(pilot, lambda: 1 not in t.away_seats, "Bea back")
        await until(pilot, lambda: "away" not in shown(), "back")
        table.host.finish()  # the host stops the match: its end, with the scores
        await until(pilot, lambda: isinstance(again.screen, MatchEndScreen), "the match's end")
    await table.end()
