"""A place's secret key, sent in its holder's welcome, takes the place back even while the
old connection still looks alive (that one is closed); a wrong key, or a hello that is not
one (a huge name, control characters, wrong types), is refused with a message, and the
host goes on."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_support import CODE, LONG, open_table, views_until

from bisca_tui.net.client import Refused
from bisca_tui.net.entrance import REPLACED
from bisca_tui.net.host import NetSettings
from bisca_tui.net.protocol import MAX_LINE, MAX_NAME_SENT


async def test_a_key_takes_a_place_back_over_a_connection_that_looks_alive() -> None:
    table = await open_table(NetSettings("sueca", seed=6, deals=1, hold=LONG))
    players = [await table.join(f"P{k}", seat=k, play=k != 1, seed=k) for k in range(4)]
    old = players[1]
    assert old.key and len({p.key for p in players}) == 4
    waiting = await views_until(old, lambda m: m["current"] == 1)  # the table waits for 1

    # the player's machine lost its network: the old connection lingers, a new one comes
    back = await table.join("someone", sit=False, key=old.key, play=True, seed=1)
    assert (back.seat, back.key, back.messages[0]["you"]) == (1, old.key, "P1")
    error = await old.expect("error", LONG)
    assert error is not None and error["message"] == REPLACED
    await asyncio.wait_for(old.closed.wait(), LONG)
    view = await views_until(back, lambda m: True)
    assert view["token"] == waiting["token"] and view["events_from"] == 0
    assert view["view"]["hand"] == waiting["view"]["hand"]
    session = await table.end()
    assert session is not None and len(session.match.results) == 1
    assert [p.name for p in session.people] == ["P0", "P1", "P2", "P3"]
    assert all(p.is_human for p in session.people) and back.acted
    came = await table.log.heard("came", lambda f: f["back"])
    assert (came["name"], came["seat"]) == ("P1", 1)
    assert "left" not in table.log.kinds()  # taken back at once: no place was held


async def test_a_wrong_key_is_refused_and_the_right_one_still_works() -> None:
    table = await open_table(NetSettings("sueca", seed=6, deals=1, hold=LONG))
    ana = await table.join("Ana")
    assert ana.key is not None
    wrong = ana.key[:-1] + ("y" if ana.key.endswith("x") else "x")  # one in 64 ends in x
    with pytest.raises(Refused, match="wrong key"):
        await table.join("Ana", sit=False, key=wrong)
    with pytest.raises(Refused, match="wrong key"):
        await table.join("Mallory", sit=False, key="")
    with pytest.raises(Refused, match="already at the table"):  # and no key: by name
        await table.join("Ana", sit=False)
    assert not ana.closed.is_set() and table.host.places.conns[ana.seat] is not None  # type: ignore
    assert [f["reason"] for k, f in table.log.events if k == "refused"] == [
        "wrong key: it holds no place at this table"] * 2 + ["Ana is already at the table"]
    back = await table.join("Ana", sit=False, key=ana.key, play=True)
    assert back.seat == ana.seat
    ana.chooser = None
    for k in range(1, 4):
        await table.join(f"P{k}", play=True, seed=k)
    session = await table.end()
    assert session is not None and len(session.match.results) == 1


HOSTILE = [
    ({"name": "x" * (MAX_NAME_SENT + 1)}, f"at most {MAX_NAME_SENT} characters"),
    ({"name": "x" * 40_000}, f"at most {MAX_NAME_SENT} characters"),
    ({"name": "\x1b\x07\u202e\u200b\r\n\t "}, "a name is needed"),
    ({"name": ["Ana"]}, "a name must be a string"),
    ({"name": {"first": "Ana"}}, "a name must be a string"),
    ({"name": None}, "a name must be a string"),
    ({"name": 7}, "a name must be a string"),
    ({"protocol": "1"}, "this host speaks protocol 1 or 2"),
    ({"protocol": True}, "this host speaks protocol 1 or 2"),
    ({"protocol": 3}, "this host speaks protocol 1 or 2"),
    ({"protocol": 2.0}, "this host speaks protocol 1 or 2"),
    ({"code": 424242}, "wrong invite code"),
    ({"code": None}, "wrong invite code"),
    ({"key": 12345}, "a key must be a string"),
    ({"key": ["a"]}, "a key must be a string"),
    ({"type": "sit"}, "the first message must be a hello"),
]


async def say_hello(port: int, line: bytes) -> str:
    """Send one line as a client's first, and read the host's error before it hangs up."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    writer.write(line)
    answer = await asyncio.wait_for(reader.readline(), LONG)
    assert await asyncio.wait_for(reader.read(), LONG) == b""  # and it hung up
    writer.close()
    message = json.loads(answer)
    assert message["type"] == "error"
    return message["message"]


async def test_hostile_hellos_are_refused_with_a_message_and_the_host_goes_on() -> None:
    table = await open_table(NetSettings("sueca", seed=6, deals=1, hold=LONG))
    port = table.host.port
    base = {"type": "hello", "protocol": 1, "code": CODE, "name": "Eve"}
    for change, why in HOSTILE:
        line = json.dumps({**base, **change}).encode() + b"\n"
        assert why in await say_hello(port, line), change
    assert "not JSON" in await say_hello(port, b"[" * 50_000 + b"\n")  # nested too deep
    assert "not UTF-8" in await say_hello(port, b'{"type":"hello","name":"\xff\xfe"}\n')
    assert "JSON object" in await say_hello(port, b'["hello"]\n')
    assert "longer than" in await say_hello(port, b'{"name":"' + b"x" * MAX_LINE + b'"}\n')
    refusals = [f for k, f in table.log.events if k == "refused"]
    assert len(refusals) == len(HOSTILE) + 4
    assert all(f["peer"].startswith("127.0.0.1:") for f in refusals)
    assert table.host.clients == set() and table.host.places.owners == [None] * 4
    # the host goes on: four players come in and play the deal out
    for k in range(4):
        await table.join(f"P{k}", play=True, seed=k)
    session = await table.end()
    assert session is not None and len(session.match.results) == 1


async def test_the_host_answers_while_a_bot_thinks() -> None:
    """A bot thinks in the pool every table shares: the host meanwhile lets people in and
    passes their chat on."""
    import threading

    from bisca_tui.bots import base
    from bisca_tui.net.pool import bot_pool

    go, thinking, threads = threading.Event(), threading.Event(), set()

    class SlowBot(base.RandomBot):
        def choose(self, view):  # type: ignore[no-untyped-def]
            threads.add(threading.current_thread().name)
            thinking.set()
            go.wait(LONG)
            return super().choose(view)

    mp = pytest.MonkeyPatch()
    mp.setitem(base._LEVELS, "test-slow", SlowBot)
    mp.setattr(base, "_ARENA_ONLY", base._ARENA_ONLY | {"test-slow"})
    try:
        table = await open_table(NetSettings("sueca", seed=6, deals=1, level="test-slow",
                                             open=(0,)))
        ana = await table.join("Ana", play=True)  # the match starts: bots in 1, 2, 3
        await asyncio.get_running_loop().run_in_executor(None, thinking.wait, LONG)
        watcher = await table.join("Watcher", sit=False)  # let in while the bot thinks
        watcher.chat("still there?")
        said = await ana.expect("chat", LONG)
        assert said is not None and said["from"] == "Watcher"
        assert not go.is_set()
        go.set()
        session = await table.end()
        assert session is not None and len(session.match.results) == 1
        assert threads and all(t.startswith("bisca-bot") for t in threads)
        assert bot_pool()._max_workers >= 2 and not hasattr(table.host, "executor")
    finally:
        go.set()
        mp.undo()
