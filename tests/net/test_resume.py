"""A hosted match is saved after every action: a host stopped abruptly starts again from its
save with the same code, the players come back with their places' keys to their places,
hands and deal's events, and the deal goes on from the same position."""

from __future__ import annotations

import asyncio
import random

import pytest
from net_support import CODE, LONG, open_table, play_once, played_by, views_until

from bisca_tui.engine.cards import card_str
from bisca_tui.net.client import Client, Refused, random_legal
from bisca_tui.net.host import STOPPED, NetSettings
from bisca_tui.net.hostfiles import hosted_path, read_hosted


def deal_events(client: Client, deal: int) -> list[dict]:
    """Every event of ``deal`` its client was sent for its own seat, in order."""
    out: list[dict] = []
    for m in client.messages:
        if m["type"] == "view" and m["deal"] == deal and m["seat"] == client.seat:
            assert m["events_from"] == len(out) or m["events_from"] == 0
            out = out[:m["events_from"]] + m["events"]
    return out


async def test_a_killed_host_starts_again_from_its_save_where_the_deal_was(tmp_path) -> None:
    settings = NetSettings("sueca", seed=6, deals=1, hold=LONG, open=(0, 1, 2),
                           level="random", save_dir=tmp_path)
    table = await open_table(settings)
    players = [await table.join(f"P{k}", seat=k, play=k != 2, seed=k) for k in range(3)]
    p2 = players[2]
    for _ in range(2):  # two rounds played: the table waits for seat 2
        await play_once(p2)
        await views_until(p2, lambda m: m["current"] == 2
                          and played_by(m)[-1:] not in ([], [2]))
    st = table.host.session.state  # type: ignore[union-attr]
    history, hands = list(st.history), [sorted(h) for h in st.hands]
    assert len(history) >= 8
    seen = deal_events(p2, 1)

    table.task.cancel()  # the host is stopped abruptly
    with pytest.raises(asyncio.CancelledError):
        await table.task
    for p in players:
        error = await p.expect("error", LONG)
        assert error is not None and error["message"] == STOPPED
        await asyncio.wait_for(p.closed.wait(), LONG)

    path = hosted_path(tmp_path, CODE)
    resume = read_hosted(path)
    assert (resume.code, resume.owners) == (CODE, ["P0", "P1", "P2", None])
    assert resume.keys[:3] == [p.key for p in players] and resume.keys[3] is None
    again = await open_table(resume.settings(save_dir=tmp_path), resume=resume)
    s = again.host.session
    assert s is not None and again.host.code == CODE and s.deal_number == 1
    assert list(s.state.history) == history and [sorted(h) for h in s.state.hands] == hands
    assert (await again.log.heard("resumed"))["actions"] == len(history)
    assert [p.kind for p in s.people] == ["human"] * 3 + ["bot"]

    # the players come back with their keys (a name alone is no way back)
    with pytest.raises(Refused, match="holds a place"):
        await again.join("P1", sit=False)
    p0 = await again.join("someone", sit=False, key=players[0].key, play=True, seed=0)
    p1 = await again.join("P1", sit=False, key=players[1].key, play=True, seed=1)
    back = await again.join("P2", sit=False, key=p2.key)
    assert (p0.seat, p1.seat, back.seat) == (0, 1, 2) and back.key == p2.key
    view = await views_until(back, lambda m: m["current"] == 2)
    assert view["events_from"] == 0 and view["events"] == seen  # the deal's log, whole
    assert sorted(view["view"]["hand"]) == sorted(card_str(c) for c in hands[2])
    assert view["view"]["hand"] == p2.views[2]["view"]["hand"]
    await play_once(back)
    back.chooser = random_legal(random.Random(2))
    session = await again.end()
    assert session is not None and len(session.match.results) == 1
    assert list(session.match.deals[0].history[:len(history)]) == history
    assert [p.name for p in session.people][:3] == ["P0", "P1", "P2"]
    assert not path.exists()  # its deals played: nothing is left to resume
