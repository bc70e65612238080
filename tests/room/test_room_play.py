"""A rated match in the room, from the lobby to the ratings: two players prove their keys,
one opens a rated table of Bisca de Três, both sit through the lobby's tickets, the match is
played to its end, and both are told their new ratings, the winner's up."""

from __future__ import annotations

from bisca_tui.net import room_protocol as R

from .room_support import LONG, open_room


async def test_a_rated_match_from_the_lobby_moves_both_ratings():
    run = await open_room()
    try:
        ana = await run.enter("Ana")
        rui = await run.enter("Rui")
        assert (ana.you, rui.you) == ("Ana", "Rui")
        ana.open("bisca-3", rated=True, people=2)
        go = await ana.go()
        table = await run.sit(ana, go, seat=0, seed=1)
        listed = await rui.expect(R.TABLES, LONG, where=lambda m: any(
            t["table"] == go["table"] and t["free"] == 1 for t in m["tables"]))
        entry = next(t for t in listed["tables"] if t["table"] == go["table"])
        assert entry["rated"] and entry["variant"] == "bisca-3"
        assert entry["seats"][0]["name"] == "Ana"
        rui.enter_table(go["table"])
        go2 = await rui.go()
        assert go2["code"] == go["code"] and go2["ticket"] != go["ticket"]
        other = await run.sit(rui, go2, seed=2)
        over = await table.expect("over", LONG * 5)
        await other.expect("over", LONG)
        told = {c.you: await c.expect(R.RATED, LONG) for c in (ana, rui)}
        scores = over["scores"]
        assert scores[0] != scores[1] or all(t["after"] is not None for t in told.values())
        winner, loser = ("Ana", "Rui") if scores[0] > scores[1] else ("Rui", "Ana")
        if scores[0] != scores[1]:
            assert told[winner]["after"] > told[loser]["after"]
        assert run.room.store.ratings.get("bisca-3", "Ana").matches == 1
    finally:
        await run.stop()
