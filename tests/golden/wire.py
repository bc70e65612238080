"""A corpus of the bytes the table sends about a deal: the bot protocol's messages
(docs/bot-protocol.md) and the network protocol's views and events (docs/network-protocol.md)
for seeded deals of every game at every table size, every seat at every position, a watcher
too. Each deal's bytes are pinned by their digests in ``wire_digests.json`` (one for the bot
protocol, one for the network's views, one for its events), so that a change of any byte a
program or a client reads shows up at once.

``python tests/golden/wire.py`` writes the digests anew (only when a change of the protocol
is meant, and said in the commit and in the protocol's page)."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bisca_tui.bots.base import Bot, RandomBot
from bisca_tui.bots.external import ExternalBot
from bisca_tui.bots.protocol import deal_to_json, result_to_json, view_to_json
from bisca_tui.engine.actions import action_str
from bisca_tui.engine.match import Match
from bisca_tui.engine.spectator import SPECTATOR, spectator_view
from bisca_tui.engine.state import GameState
from bisca_tui.engine.variant import all_variants, make_variant
from bisca_tui.engine.view import SeatView
from bisca_tui.net import protocol as P

DIGESTS = Path(__file__).with_name("wire_digests.json")
# games whose whole conversation with a program at seat 0 is pinned too
CONVERSATIONS = [("bisca-4", 4), ("bisca-capixaba", 4), ("chiamata-monte", 6), ("sueca", 4)]
DEALS = 2  # deals of one match for each game at each table size: the second at a score
TIME_LIMIT = 5.0


def tables() -> list[tuple[str, int]]:
    return [(cls.id, n) for cls in all_variants() for n in cls.players]


def deals(game: str, n: int) -> Iterator[GameState]:
    """The deals of a match of ``game`` for ``n`` played at random from a seed, each seen
    through every position of its play (the state is yielded at each one)."""
    variant = make_variant(game, {}, n)
    rng = random.Random(f"wire/{game}/{n}")
    match = Match(variant, dealer=n - 1, seed=rng.randrange(10**6))
    for _ in range(DEALS):
        if match.is_over():
            return
        state = match.new_deal()
        while True:
            yield state
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
        match.finish_deal()


def _line(message: dict[str, Any]) -> bytes:
    """A message as the table writes it to a program (``ExternalBot._send``)."""
    return (json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8")


def bot_lines(state: GameState, views: list[SeatView]) -> Iterator[bytes]:
    """What the bot protocol says of this position to every seat: a ``deal`` at the first
    position, a ``decide`` to the seat to act, the view of every other seat, and a
    ``deal_end`` once the deal is over (``views``: every seat's view of it)."""
    variant = state.variant
    names = variant.signal_names
    for view in views:
        if not state.history:
            yield _line(deal_to_json(view, 1, TIME_LIMIT, variant))
        if view.legal:
            yield _line({"type": "decide", "view": view_to_json(view, names),
                         "legal": [action_str(a, names) for a in view.legal],
                         "time_limit": TIME_LIMIT})
        else:
            yield _line({"type": "view", "view": view_to_json(view, names)})
        if state.is_over():
            result = state.result
            yield _line({"type": "deal_end", "view": view_to_json(view, names),
                         "result": None if result is None else result_to_json(result)})


def net_lines(state: GameState, views: list[SeatView],
              sent: list[int]) -> Iterator[tuple[bytes, bytes]]:
    """The network's view of this position for every seat (``views``) and a watcher, and
    the events each saw since ``sent`` (how many of its events each was sent: brought up to
    date), as a host sends them."""
    variant = state.variant
    for k, view in enumerate([*views, spectator_view(state)]):
        body = P.view_json(view, variant)
        if view.seat == SPECTATOR:
            body["seat"] = None
        news = P.events_to_json(view.events[sent[k]:], variant)
        sent[k] = len(view.events)
        yield (P.encode({"type": P.VIEW, "view": body}),
               P.encode({"type": P.VIEW, "events_from": sent[k], "events": news}))


def digests() -> dict[str, list[str]]:
    """Per game and table size: the digests of the bot protocol's lines, of the network's
    views and of its events, over every deal of the corpus."""
    out = {}
    for game, n in tables():
        bot, bodies, events = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
        sent: list[int] = []
        for state in deals(game, n):
            if not state.history:
                sent = [0] * (state.n + 1)
            views = [state.view(seat) for seat in range(state.n)]
            for line in bot_lines(state, views):
                bot.update(line)
            for view_line, events_line in net_lines(state, views, sent):
                bodies.update(view_line)
                events.update(events_line)
        out[f"{game}-{n}p"] = [h.hexdigest()[:16] for h in (bot, bodies, events)]
    return out


# A program that writes every line it is sent to the file named by its argument, and plays
# the first legal action.
LISTENER = """
import json, sys
out = open(sys.argv[1], "a", encoding="utf-8", newline="")
for line in sys.stdin:
    out.write(line)
    out.flush()
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "name": "Listener"}), flush=True)
    elif msg["type"] == "decide":
        print(json.dumps({"type": "action", "action": msg["legal"][0]}), flush=True)
    elif msg["type"] == "quit":
        break
"""


def conversation(game: str, n: int, folder: Path) -> bytes:
    """Every byte a program at seat 0 of a match of ``game`` for ``n`` is sent, over
    ``DEALS`` deals (the other seats play at random from a seed)."""
    program, heard = folder / "listener.py", folder / f"{game}-{n}.jsonl"
    program.write_text(LISTENER, encoding="utf-8")
    variant = make_variant(game, {}, n)
    rng = random.Random(f"conversation/{game}/{n}")
    match = Match(variant, dealer=n - 1, seed=rng.randrange(10**6))
    with ExternalBot([sys.executable, str(program), str(heard)], fallback="random") as bot:
        bots: list[Bot] = [bot, *(RandomBot(rng.randrange(10**6)) for _ in range(1, n))]
        for _ in range(DEALS):
            state = match.new_deal()
            while not state.is_over():
                seat = state.current_player()
                state.apply(bots[seat].choose(state.view(seat)))
            bot.deal_over(state.view(0), state.result)
            match.finish_deal()
        assert bot.notice is None, bot.notice
    return heard.read_bytes()


def conversation_digests(folder: Path) -> dict[str, str]:
    return {f"program/{game}-{n}p": hashlib.sha256(conversation(game, n, folder)).hexdigest()[:16]
            for game, n in CONVERSATIONS}


if __name__ == "__main__":
    import tempfile

    found: dict[str, Any] = digests()
    with tempfile.TemporaryDirectory() as folder:
        found.update(conversation_digests(Path(folder)))
    lines = [f"  {json.dumps(name)}: {json.dumps(found[name])}" for name in sorted(found)]
    DIGESTS.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    print(f"{DIGESTS.name}: {len(found)} digests", file=sys.stderr)
