"""A player whose connection drops keeps the place: the table waits for them (or, after the
hold the host sets, a bot plays for them), and coming back with the place's key gives them
the place again, with their hand and the deal's events so far."""

from __future__ import annotations

import random

from net_support import LONG, open_table, play_once, played_by, views_until

from bisca_tui.engine.cards import card_str
from bisca_tui.net.client import Client, random_legal
from bisca_tui.net.host import NetSettings


async def seated(hold: float) -> tuple[object, list[Client]]:
    """Four players: seat 1 plays at random, seat 2 only when the test says (so the table
    stops there), seats 0 and 3 at random."""
    table = await open_table(NetSettings("sueca", seed=6, deals=1, hold=hold))
    players = []
    for seat in range(4):
        players.append(await table.join(f"P{seat}", seat=seat, play=seat != 2, seed=seat))
    return table, players


def hand_now(table: object, seat: int) -> list[str]:
    return sorted(card_str(c) for c in table.host.session.state.hands[seat])  # type: ignore


async def test_a_killed_client_rejoins_and_gets_its_seat_and_hand_back() -> None:
    table, (p0, p1, p2, p3) = await seated(hold=LONG)
    await play_once(p2)
    await views_until(p2, lambda m: m["current"] == 2)  # a round on: the table waits for 2
    p1.kill()
    await play_once(p2)
    await views_until(p2, lambda m: m["current"] == 1)  # the table waits for the dropped 1
    lobby = await p0.expect("lobby", LONG,
                            lambda m: m["started"] and not m["seats"][1]["connected"])
    assert lobby is not None and lobby["seats"][1]["kind"] == "person"

    back = await table.join("P1", sit=False, key=p1.key)
    assert back.messages[0]["type"] == "welcome" and back.messages[0]["seat"] == 1
    view = await views_until(back, lambda m: True)
    assert view["seat"] == 1 and view["view"]["legal"] and view["events_from"] == 0
    assert sorted(view["view"]["hand"]) == hand_now(table, 1)
    assert len(view["events"]) == len(table.host.session.view(1).events)  # type: ignore
    assert set(view["view"]["hand"]) <= set(p1.views[1]["view"]["hand"])
    p2.chooser = random_legal(random.Random(2))
    back.chooser = random_legal(random.Random(1))
    back.act(view["view"]["legal"][0], view["token"])
    session = await table.end()  # type: ignore
    assert session is not None and len(session.match.results) == 1
    assert [p.name for p in session.people] == ["P0", "P1", "P2", "P3"]
    assert all(p.is_human for p in session.people)
    assert await back.expect("over", LONG) is not None


async def test_a_bot_plays_a_dropped_seat_after_the_hold_and_gives_it_back() -> None:
    table, (p0, p1, p2, p3) = await seated(hold=0.05)
    await play_once(p2)
    await views_until(p2, lambda m: m["current"] == 2)
    p1.kill()
    await play_once(p2)
    # the hold runs out: a bot plays seat 1, and the table stops again at seat 2
    lobby = await p0.expect("lobby", LONG, lambda m: m["seats"][1]["kind"] == "bot")
    assert lobby is not None and lobby["seats"][1]["held_by"] == "P1"
    await views_until(p2, lambda m: 1 in played_by(m) and m["current"] == 2)

    back = await table.join("P1", sit=False, key=p1.key, play=True, seed=1)
    assert back.messages[0]["seat"] == 1
    view = await views_until(back, lambda m: True)
    assert sorted(view["view"]["hand"]) == hand_now(table, 1)
    lobby = await p0.expect("lobby", LONG, lambda m: m["seats"][1]["connected"])
    assert lobby is not None and lobby["seats"][1]["kind"] == "person"
    p2.chooser = random_legal(random.Random(2))
    await play_once(p2)
    session = await table.end()  # type: ignore
    assert session is not None and session.people[1].is_human
    assert back.acted  # the player, back, played on
