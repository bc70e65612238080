"""Tables in the room beyond the plain one: a private table reached by its code alone, a quick
match made at once between near ratings or, after the wait its people are told, with bots; a
rated player who leaves losing; the leaderboard with the bots' fixed ratings; the operator's
console."""

from __future__ import annotations

import pytest

from bisca_tui.net import protocol as P
from bisca_tui.net import room_protocol as R
from bisca_tui.net.client import Client, Refused
from bisca_tui.room.caps import RoomCaps
from bisca_tui.room.console import Console

from .room_support import LONG, open_room


async def test_a_private_table_is_unlisted_and_its_code_lets_anyone_in_but_as_a_player():
    run = await open_room()
    try:
        ana = await run.enter("Ana")
        rui = await run.enter("Rui")
        ana.open("bisca-3", private=True, people=2)
        go = await ana.go()
        assert go["private"]
        assert all(t["table"] != go["table"] for t in run.room.board.tables()["tables"])
        rui.enter_table(go["table"])
        with pytest.raises(Refused, match="no such table"):
            await rui.go()
        friend = await Client.connect("127.0.0.1", run.port, go["code"], "Friend")
        assert friend.last(P.WELCOME)["you"] == "Friend"
        with pytest.raises(Refused, match="belongs to a player"):
            await Client.connect("127.0.0.1", run.port, go["code"], "Rui")
        await friend.close()
    finally:
        await run.stop()


async def test_two_players_of_near_ratings_are_matched_at_once_at_one_rated_table():
    run = await open_room()
    try:
        ana = await run.enter("Ana")
        rui = await run.enter("Rui")
        ana.quick("bisca-3")
        waiting = await ana.expect(R.WAITING, LONG)
        assert waiting["people"] == 1 and 0 < waiting["bots_in"] <= run.room.caps.fill_after
        rui.quick("bisca-3")
        go_ana, go_rui = await ana.go(), await rui.go()
        assert go_ana["table"] == go_rui["table"]
        table = run.room.tables[go_ana["table"]]
        assert table.rated and table.quick and not table.host.settings.hints
    finally:
        await run.stop()


async def test_alone_after_the_wait_bots_fill_the_quick_matchs_other_places():
    run = await open_room(RoomCaps(fill_after=0.0))
    try:
        ana = await run.enter("Ana")
        ana.quick("sueca")
        go = await ana.go()
        table = run.room.tables[go["table"]]
        assert table.host.places.open == (0,)  # one person: three bots
        client = await run.sit(ana, go)
        view = await client.expect(P.VIEW, LONG)
        assert view["seat"] == 0
    finally:
        await run.stop()


async def test_a_rated_player_who_leaves_past_the_hold_loses():
    run = await open_room(hold=0.0)
    try:
        ana = await run.enter("Ana")
        rui = await run.enter("Rui")
        ana.open("bisca-3", rated=True, people=2)
        go = await ana.go()
        stays = await run.sit(ana, go, seat=0, seed=3)
        rui.enter_table(go["table"])
        leaves = await run.sit(rui, await rui.go(), seat=1, play=False)
        await leaves.expect(P.VIEW, LONG)
        leaves.kill()  # gone; a bot plays the place at once (no hold)
        await stays.expect(P.OVER, LONG * 5)
        told = await rui.expect(R.RATED, LONG)
        assert told["left"] is True
        ratings = run.room.store.ratings
        assert ratings.get("bisca-3", "Rui").mu < ratings.get("bisca-3", "Ana").mu
    finally:
        await run.stop()


async def test_the_leaderboard_lists_players_and_the_bots_levels_best_first():
    run = await open_room()
    try:
        ana = await run.enter("Ana")
        ana.board("sueca")
        board = await ana.expect(R.BOARD, LONG)
        levels = [row["name"] for row in board["rows"] if row["bot"]]
        assert levels == ["hard", "medium", "easy"]
        shown = [row["shown"] for row in board["rows"]]
        assert shown == sorted(shown, reverse=True)
    finally:
        await run.stop()


async def test_the_operator_mutes_sends_out_and_closes_a_table():
    run = await open_room()
    try:
        console = Console(run.room)
        ana = await run.enter("Ana")
        rui = await run.enter("Rui")
        ana.open("bisca-3", people=2)
        go = await ana.go()
        at_table = await run.sit(ana, go, seat=0)
        assert "Ana" in console.run("who") and "bisca" in console.run("tables").casefold()
        assert "muted" in console.run("mute Rui")
        rui.chat("hello")
        assert "muted" in (await rui.expect(P.REFUSED, LONG))["rule"]
        rui.enter_table(go["table"], watch=True)
        watching = await run.sit(rui, await rui.go(), play=False)
        watching.chat("hello from the table")  # muted at the room's tables too
        assert "muted" in (await watching.expect(P.REFUSED, LONG))["rule"]
        assert "unmute" not in console.run("unmute Rui").casefold()
        watching.chat("may I?")
        heard = await at_table.expect(P.CHAT, LONG, where=lambda m: m["from"] == "Rui")
        assert heard["text"] == "may I?"
        assert "closed" in console.run(f"close {go['table']}")
        closed = await at_table.expect(P.ERROR, LONG)
        assert "closed" in closed["message"]
        console.run("kick Rui")
        await rui.closed.wait()
        assert run.room.find("Rui") is None
        assert "Unknown" in console.run("dance")
    finally:
        await run.stop()


async def test_a_table_everyone_leaves_before_it_starts_is_gone_from_the_lobby():
    run = await open_room()
    try:
        ana = await run.enter("Ana")
        ana.open("bisca-3", people=2)
        go = await ana.go()
        client = await run.sit(ana, go, seat=0)
        await client.close()
        await run.wait_for(lambda: go["table"] not in run.room.tables)
        await ana.expect(R.TABLES, LONG, where=lambda m: all(
            t["table"] != go["table"] for t in m["tables"]))
    finally:
        await run.stop()


async def test_the_lobby_spares_a_player_at_a_table_its_news_and_tells_them_once_back():
    run = await open_room()
    try:
        ana = await run.enter("Ana")
        rui = await run.enter("Rui")
        ana.open("bisca-3", people=2)
        go = await ana.go()
        at_table = await run.sit(ana, go, seat=0, play=False)
        await run.wait_for(lambda: run.room.seated.get("Ana") == go["table"])
        rui.open("sueca", people=4)
        other = (await rui.go())["table"]
        await rui.expect(R.TABLES, LONG, where=lambda m: any(
            t["table"] == other for t in m["tables"]))
        ana.board("bisca-3")
        await ana.expect(R.BOARD, LONG)  # whatever the lobby sent Ana came before this
        assert not any(m["type"] == R.TABLES and any(t["table"] == other for t in m["tables"])
                       for m in ana.messages)
        await at_table.close()
        await ana.expect(R.TABLES, LONG, where=lambda m: any(
            t["table"] == other for t in m["tables"]))  # told again, once back
    finally:
        await run.stop()
