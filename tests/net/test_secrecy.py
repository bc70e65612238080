"""A shared table keeps every secret: raw clients at every place and one watching record
every byte of a whole deal, and each message is held against what its audience could know at
that moment, read from the game itself (``benchmarks/secrecy.py`` does the reading; it also
prints the figures), for clients of each version of the protocol at the same table."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from benchmark_support import benchmark
from net_support import LONG, open_table

from bisca_tui.engine.cards import card_str
from bisca_tui.net.client import Client
from bisca_tui.net.host import NetSettings
from bisca_tui.net.views import WATCHING, Views
from bisca_tui.table.loop import Step
from bisca_tui.table.seats import HUMAN, SeatSpec
from bisca_tui.table.session import Session

secrecy = benchmark("secrecy")


GAMES = secrecy.every_game()


@pytest.mark.parametrize(("game", "variant", "options", "players", "first"),
                         [(*g, 1 + k % 2) for k, g in enumerate(GAMES)],
                         ids=[f"{g[1]}-{g[3] or ''}" for g in GAMES])
async def test_no_client_learns_what_its_seat_may_not_know(game, variant, options, players,
                                                           first):
    """Clients of both versions at one table: every other place, and a watcher, speaks
    each; the games take turns at which version the first place speaks."""
    result = await secrecy.audit(game, variant, options, players, seed=1, protocol=first,
                                 mixed=True)
    assert result.versions == [1, 2]
    assert result.wire_matches, "a client read other bytes than the host wrote to it"
    assert result.messages > 20 * result.clients  # a whole deal, to everyone
    assert result.leaks == []


def test_the_check_finds_a_card_a_signal_a_partner_and_a_count_out_of_place():
    know = secrecy.Knowledge(cards=frozenset({"4D"}), signals=frozenset({"no_trumps"}),
                             partner=None, seats=(2,), actions=6)
    cards = frozenset({"4D", "5D"})
    signals = frozenset({"no_trumps", "ace_of_trumps"})
    told = {"type": "view", "token": [1, 7], "after": {"token": [1, 5], "seat": 0,
                                                        "action": "discard:5D"},
            "view": {"hand": ["4D"], "legal": ["signal:no_trumps"], "history_len": 6,
                     "contract": {"bidder": 0, "called": "AS", "partner": 3},
                     "sides": [0, None, None, 0, None]},
            "events": [{"kind": "signalled", "signal": "ace_of_trumps"},
                       {"kind": "partner_known", "bidder": 0, "partner": 3}]}
    found = secrecy.leaks(told, know, cards, signals)
    assert any("card 5D" in x for x in found)
    assert any("signal ace_of_trumps" in x for x in found)
    assert any("partner (seat 3)" in x for x in found)
    assert any("among the sides" in x for x in found)
    assert any("partner_known" in x for x in found)
    assert any("7 actions in its token" in x for x in found)
    assert not any("4D" in x or "no_trumps" in x or "history_len" in x or "after" in x
                   for x in found)


async def test_a_signal_is_named_only_to_its_sender_after_the_action():
    """Version 1: the action that led to a view is told whole to the seat that took it; a
    signal, to the others, only as the events they may see tell it."""
    table = await open_table(NetSettings("bisca-4", {"signals": True, "intercept": 0.0},
                                         seed=5, deals=1))
    clients = [await table.join(f"P{p}", seat=p, play=True, seed=p, protocol=1)
               for p in range(4)]
    await table.end()
    names = set(table.host.variant.signal_names)
    signalled = 0
    for client in clients:
        for m in client.messages:
            after = m.get("after") if m["type"] == "view" else None
            if not after or not after["action"] or not after["action"].startswith("signal:"):
                continue
            assert after["seat"] == client.seat
            signalled += 1
        told = [m["after"] for m in client.messages if m["type"] == "view" and m["after"]]
        theirs = [a for a in told if a["seat"] != client.seat]
        assert theirs and all(a["action"] is None or a["action"].split(":")[-1] not in names
                              for a in theirs)
        plays = [a for a in theirs if a["action"] and ":" not in a["action"]]  # a card
        assert plays, "a card played is public: its action is told to everyone"
    assert signalled, "nobody signalled in this deal: pick another seed"


async def test_a_watcher_sees_the_dummy_laid_open():
    """Sueca for three: the dummy's hand is laid face up after the first lead, for the
    players and for anyone watching."""
    table = await open_table(NetSettings("sueca-3", {}, seed=3, deals=1))
    watcher = await Client.connect("127.0.0.1", table.host.port, table.host.code, "Watcher")
    for p in range(3):
        await table.join(f"P{p}", seat=p, play=True, seed=p)
    session = await table.end()
    await asyncio.wait_for(watcher.closed.wait(), LONG)
    dummy = next(e for e in session.state.events
                 if type(e).__name__ == "HandShown" and len(e.to) == 3)
    shown = [e for m in watcher.messages if m["type"] == "view" for e in m["events"]
             if e["kind"] == "hand_shown" and e["seat"] == dummy.seat]
    assert shown and sorted(shown[0]["cards"]) == sorted(card_str(c) for c in dummy.cards)
    # and nothing else of a hand: the dealer's shown to the dummy stays hidden
    private = [e for m in watcher.messages if m["type"] == "view" for e in m["events"]
               if e["kind"] == "hand_shown" and e["seat"] != dummy.seat]
    assert private and all(e["cards"] == [] for e in private)


def test_what_each_seat_saw_is_counted_alike_step_by_step_and_again_from_the_start():
    """A host that resumes a deal counts what each seat saw from the deal's start; it must
    agree with the count kept action by action, signs not seen left out."""
    session = Session.new("bisca-4", {"signals": True, "intercept": 0.5},
                          [SeatSpec(HUMAN, f"P{p}") for p in range(4)], seed=9)
    views = Views(session)
    rng = random.Random(9)
    unseen = [0] * 4
    while not session.state.is_over():
        played = session.apply(rng.choice(session.state.legal_actions()))
        step = Step(played.seat, played.action, 0, events=played.events)
        views.led_here(step)
        for seat in range(4):
            unseen[seat] += not any(e.public or e.as_seen_by(seat) is not None
                                    for e in played.events) and seat % 2 != played.seat % 2
    actions = len(session.state.history)
    assert any(unseen), "no sign went unseen: pick another seed"
    assert [views.seen(seat) for seat in range(4)] == [actions - u for u in unseen]
    again = Views(session)
    assert [again.seen(k) for k in (*range(4), WATCHING)] == [
        views.seen(k) for k in (*range(4), WATCHING)]


async def test_version_2_tells_a_signal_only_through_the_events():
    """Version 2: no view describes the action beside its events; a signal's name reaches
    its sender and partner in a ``signalled`` event, and its opponents (none catch it here)
    not at all, nor that it was made."""
    table = await open_table(NetSettings("bisca-4", {"signals": True, "intercept": 0.0},
                                         seed=5, deals=1))
    clients = [await table.join(f"P{p}", seat=p, play=True, seed=p) for p in range(4)]
    session = await table.end()
    assert session is not None
    made = [e for e in session.match.deals[0].events if type(e).__name__ == "Signalled"]
    assert made, "nobody signalled in this deal: pick another seed"
    names = set(table.host.variant.signal_names)
    for client in clients:
        views = [m for m in client.messages if m["type"] == "view"]
        assert views and all("after" not in m for m in views)
        told = [e for m in views for e in m["events"] if e["kind"] == "signalled"]
        mine = [e for e in made if e.seat % 2 == client.seat % 2]
        assert len(told) == len(mine) and all(e["signal"] in names for e in told)
        words = [json.dumps(m) for m in views]
        if not mine:
            assert not any(f'"{name}"' in w for w in words for name in names)
