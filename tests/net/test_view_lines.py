"""A host puts each ``view`` line together from parts (what every message of a position
shares written once, each view's body run by run of fields, each run kept while its values
stay the same) and sends the very bytes the message as data encodes to: for every game at
every table size, every seat and the watchers, at every position of a deal, in both
versions of the protocol. A part kept is never given to a view whose values differ, even by
a type alone (a house rule's True and 1)."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from bisca_tui.engine import codec
from bisca_tui.engine.variant import all_variants
from bisca_tui.net import protocol as P
from bisca_tui.net.views import Views
from bisca_tui.table.loop import Step
from bisca_tui.table.session import HUMAN, SeatSpec, Session

GAMES = [(cls.id, n, {}) for cls in all_variants() for n in cls.players] + [
    ("bisca-4", 4, {"signals": True, "intercept": 0.5})]


def play(game: str, n: int, options: dict, deals: int = 2):
    """A match of ``game`` played at random, its host's ``Views`` told of every action;
    yields the views at every position of ``deals`` deals."""
    session = Session.new(game, options, [SeatSpec(HUMAN, f"P{k}") for k in range(n)],
                          seed=7, speed="instant")
    views = Views(session)
    rng = random.Random(f"{game}/{n}")
    played = 0
    while True:
        yield views
        state = session.state
        if state.is_over():
            session.finish_deal()
            played += 1
            if played == deals or session.match.is_over():
                return
            session.next_deal()
            continue
        tricks = len(state.tricks)
        done = session.apply(rng.choice(state.legal_actions()))
        views.led_here(Step(done.seat, done.action, tricks, events=done.events))


@pytest.mark.parametrize(("game", "n", "options"), GAMES,
                         ids=[f"{g}-{n}{'-signals' if o else ''}" for g, n, o in GAMES])
def test_every_line_sent_is_the_message_encoded(game, n, options):
    clients = [(player, version) for player in [*range(n), None] for version in (1, 2)]
    sent: dict[tuple[int | None, int], dict] = {c: {} for c in clients}
    lines = 0
    for views in play(game, n, options):
        seen: dict[int | None, object] = {}  # each view of the position, made once
        for player, version in clients:
            for line in views.messages(player, sent[(player, version)], version):
                seat, start = told(line)
                if seat not in seen:
                    seen[seat] = views.watcher() if seat is None else views.session.view(seat)
                expected = views.message(seat, seen[seat], start, version)
                assert line == P.encode(expected), (game, seat, version, json.loads(line))
                lines += 1
    assert lines > 100


TOLD = re.compile(rb'^\{"type":"view","seat":(null|\d+),.*,"events_from":(\d+),"events":\[')


def told(line: bytes) -> tuple[int | None, int]:
    """The seat (None: the watchers') and the first event of a view line, read from its
    bytes (the line is then held whole against the message it must be)."""
    found = TOLD.match(line)
    assert found, line
    seat, start = found.groups()
    return (None if seat == b"null" else int(seat)), int(start)


def test_a_part_kept_is_given_only_for_equal_values_of_the_same_types():
    session = Session.new("bisca-4", {"signals": True, "intercept": 0.5},
                          [SeatSpec(HUMAN, f"P{k}") for k in range(4)], seed=3)
    writer = P.ViewWriter(session.variant)
    view = session.view(0)
    ones = replace(view, options=tuple((k, 1) if v is True else (k, v)
                                       for k, v in view.options))
    assert ones.options == view.options  # equal to ``==``, and yet written otherwise
    for v in (view, ones, view):
        body = P.view_json(v, session.variant)
        assert writer.body(v, 0, 0, v.history_len) == P.dump(body)
    other = replace(view, seat=1, hand=session.view(1).hand)
    written = writer.body(other, 0, 1, other.history_len)  # the key of seat 0's hand
    assert written == P.dump(P.view_json(other, session.variant))


def test_the_tables_part_of_a_position_is_written_once_for_every_view():
    """After an action, the runs of the table's fields are written once for all the seats
    and the watchers; those that stay the same are not written again at all."""
    table_runs = [i for i, run in enumerate(codec.NET_RUNS) if run.table]
    positions = 0
    written: list[int] = []
    for views in play("sueca", 4, {}, deals=1):
        writer = views.writer
        if not positions:
            writer._write = counted(writer._write, written)
        written.clear()
        for player in [*range(4), None]:
            views.messages(player, {})
        table = [i for i in written if i in table_runs]
        assert table and len(table) == len(set(table)), table
        assert len(written) > len(table)  # and each view's own: its seat's, the watchers'
        positions += 1
    assert positions > 40


def counted(write, written: list[int]):
    def counting(i, values):
        written.append(i)
        return write(i, values)
    return counting
