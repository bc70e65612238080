"""Matches played by random bots and kept as history entries: what the tests, the
benchmark and the snapshot of the statistics fill a database with."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..bots.base import make_bot
from ..engine.match import Match
from ..engine.records import record_of_match
from ..engine.turns import by_views, play_match
from ..engine.variant import make_variant
from .entry import MatchEntry, match_entry


@dataclass
class Sitter:
    name: str
    kind: str = "bot"
    level: str = "medium"


def play(variant_id: str, seed: int, players: int | None = None,
         deals: int | None = None, options: dict[str, object] | None = None) -> Match:
    """A match of ``variant_id`` played by random bots from ``seed``: to its end, or
    ``deals`` finished deals."""
    v = make_variant(variant_id, options or {}, players)
    match = Match(v, dealer=v.n_people - 1, seed=seed)
    bots = [make_bot("random", seed + k) for k in range(v.n)]
    return play_match(match, by_views([bot.choose for bot in bots]), deals=deals)


def entry_of(match: Match, people: list[Sitter], uid: str, started: str,
             ended: str | None = None) -> MatchEntry:
    record = record_of_match(match, [p.name for p in people])
    text = json.dumps(record.to_json(), ensure_ascii=False)
    return match_entry(match, people, text, uid, started, ended or started)


def sitters(n: int, me: str = "Ana", level: str = "medium") -> list[Sitter]:
    """A person named ``me`` at seat 0 and bots of ``level`` at the others."""
    return [Sitter(me, "human", "")] + [Sitter(f"Bot {k}", "bot", level) for k in range(1, n)]


def demo_entries(n: int = 12) -> list[MatchEntry]:
    """``n`` finished matches on fixed days (one a day from 2026-03-01): Ana against bots
    of two levels at Bisca de Três and Briscola, and one hot-seat match of Ana and Bea
    every fifth; the same on every run."""
    out = []
    for k in range(n):
        variant = "bisca-3" if k % 3 else "briscola"
        day = f"2026-03-{k + 1:02d}" if k < 28 else f"2026-04-{k - 27:02d}"
        if k % 5 == 4:
            people = [Sitter("Ana", "human", ""), Sitter("Bea", "human", "")]
        else:
            people = sitters(2, "Ana", "hard" if k % 2 else "easy")
        match = play(variant, 500 + k)
        out.append(entry_of(match, people, f"demo{k}", f"{day}T20:00:00Z",
                            f"{day}T20:30:00Z"))
    return out
