"""Guessing the invite code, or a place's key, over loopback as a hostile client would: the
first wrong tries cost nothing, the next ones are answered later and later, then the address
is refused for a while (the right code too), and the host's log says so. The guard runs on
a clock of its own here: nothing waits for real."""

from __future__ import annotations

import json
import logging

import pytest
from net_support import CODE, hello_line, open_table, raw_hello

from bisca_tui.net.entrance import BARRED, WRONG_CODE, WRONG_KEY
from bisca_tui.net.guard import Guard, GuardRules
from bisca_tui.net.host import NetSettings
from bisca_tui.net.hostlog import event_text


class Clock:
    """A clock that moves only when the guard sleeps on it (or the test moves it)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def clocked_guard(clock: Clock) -> Guard:
    return Guard(rules=GuardRules(free=3, pause=0.5, longest=8.0, limit=8, barred=600.0,
                                  forget=900.0), clock=clock, sleep=clock.sleep)


async def test_wrong_codes_are_slowed_then_refused_and_logged() -> None:
    clock = Clock()
    table = await open_table(NetSettings("briscola", seed=1), guard=clocked_guard(clock))
    port = table.host.port
    answers = []
    for k in range(8):
        answers.append(await raw_hello(port, hello_line(code=f"WRONG{k}")))
    assert [a[0]["message"] for a in answers] == [WRONG_CODE] * 7 + [BARRED]
    # three free, then each answer later than the last
    assert clock.slept == [0.5, 1.0, 2.0, 4.0, 8.0]
    # barred: even the right code is refused, at once, with nothing checked
    assert (await raw_hello(port, hello_line(code=CODE)))[0]["message"] == BARRED
    assert not table.host.clients and len(clock.slept) == 5
    slowed = await table.log.heard("slowed")
    barred = await table.log.heard("barred")
    assert (slowed["peer"], slowed["tries"]) == ("127.0.0.1", 3)
    assert (barred["peer"], barred["tries"], barred["seconds"]) == ("127.0.0.1", 8, 600.0)
    assert "127.0.0.1" in (event_text("barred", barred) or "")
    assert [f["reason"] for k, f in table.log.events if k == "refused"] == [WRONG_CODE] * 7 \
        + [BARRED]  # the refusals while barred are not logged one by one

    clock.now += 601 + 900  # the bar is over, and the wrong tries forgotten
    welcome = await raw_hello(port, hello_line("Ana", code=CODE.lower()))
    assert welcome[-1]["type"] == "welcome" and len(clock.slept) == 5
    table.host.finish()
    await table.end()


async def test_wrong_keys_count_as_wrong_codes_do() -> None:
    clock = Clock()
    table = await open_table(NetSettings("briscola", seed=1), guard=clocked_guard(clock))
    ana = await table.join("Ana")
    for k in range(8):
        answer = await raw_hello(table.host.port, hello_line(key=f"guess{k}"))
        assert answer[0]["message"] == (WRONG_KEY if k < 7 else BARRED)
    answer = await raw_hello(table.host.port, hello_line(key=ana.key))  # guessed at last
    assert answer[0]["message"] == BARRED and table.host.places.conns[0] is not None
    assert (await table.log.heard("barred"))["what"] == "key"
    table.host.finish()
    await table.end()


def test_the_guard_forgets_an_address_that_stops_guessing() -> None:
    clock = Clock()
    guard = clocked_guard(clock)
    for _ in range(3):
        guard.wrong("192.0.2.1", "code")
    assert guard.wait("192.0.2.1") == 0.5 and guard.wait("192.0.2.2") == 0
    assert guard.wait("192.0.2.1") == 1.0  # a second answer waits for the first's turn
    clock.now += 901
    assert guard.wait("192.0.2.1") == 0 and not guard.records


@pytest.mark.parametrize("field", ["code", "name", "key"])
async def test_a_lone_surrogate_is_answered_with_an_error_and_no_traceback(field, caplog):
    table = await open_table(NetSettings("briscola", seed=1))
    hello = json.loads(hello_line())
    hello[field] = "AB"  # the lone surrogate goes in as JSON escapes it
    line = json.dumps(hello).replace('"AB"', '"A\\ud800B"').encode()
    with caplog.at_level(logging.ERROR):
        answers = await raw_hello(table.host.port, line)
        assert answers == [{"type": "error",
                            "message": "a line holds a lone surrogate, which is not text"}]
        ana = await table.join("Ana", sit=False)  # the host goes on
        assert ana.messages[0]["type"] == "welcome"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert [k for k, _f in table.log.events if k == "problem"] == []
    table.host.finish()
    await table.end()


def test_an_ipv6_network_counts_as_one_address_and_the_count_is_bounded(monkeypatch):
    from bisca_tui.net import guard as G

    clock = Clock()
    guard = clocked_guard(clock)
    for k in range(8):  # every try from another address of the same /64
        guard.wrong(f"2001:db8::{k + 1:x}", "code")
    assert guard.barred("2001:db8::ffff") and not guard.barred("2001:db8:0:1::1")
    assert G.source("::1") == "::1" and G.source("::ffff:192.0.2.1") == "192.0.2.1"
    monkeypatch.setattr(G, "MAX_RECORDS", 3)
    for k in range(5):
        clock.now += 1
        guard.wrong(f"192.0.2.{k}", "code")
    assert len(guard.records) == 3 and "192.0.2.4" in guard.records
