"""Every game, at every table size, makes a history entry that the store keeps and the
statistics read: sides, a dummy hand, a dealer sitting out, payments seat by seat."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bisca_tui.engine.variant import all_variants
from bisca_tui.history.entry import match_entry
from bisca_tui.history.sample import Sitter, entry_of, play, sitters
from bisca_tui.history.stats import Filters, compute
from bisca_tui.history.store import Store

TABLES = [(cls.id, n) for cls in all_variants() for n in cls.players]


@pytest.mark.parametrize("variant, players", TABLES)
def test_every_game_is_kept_and_counted(tmp_path, variant, players) -> None:
    match = play(variant, 3, players, deals=3)
    people = sitters(match.variant.n_people, "Ana", "easy")
    entry = entry_of(match, people, "x", "2026-01-01T00:00:00Z")
    assert len(entry.deals) == len(match.results)
    for deal, result in zip(entry.deals, match.results, strict=True):
        assert deal.redeal == result.redeal
        counted = [ln for ln in deal.lines if ln.won is not None]
        if result.redeal:
            assert counted == []
            continue
        out = match.sitting_out(deal.index)
        assert {ln.player for ln in counted} == set(range(match.variant.n_people)) - {out}
        assert all(ln.card_points == result.card_points[ln.side] for ln in counted)
        gains = match.gains(deal.index, result)
        v = match.variant
        for ln in counted:
            assert ln.seat is not None
            assert ln.gain == gains[ln.player if v.people_scores else v.team_of[ln.seat]]
    store, _ = Store.open(tmp_path)
    assert store is not None
    store.write(entry)
    stats = compute(store, Filters(player="Ana"))
    ana = [ln for d in entry.deals for ln in d.lines if ln.player == 0 and ln.won is not None]
    assert stats.total.deals.played == len(ana)
    assert stats.total.deals.won == sum(ln.won for ln in ana)
    store.close()


def test_opponents_are_the_other_side_and_partners_are_not() -> None:
    match = play("sueca", 4, deals=1)
    people = [Sitter("Ana", "human", ""), Sitter("Rui", "bot", "hard"),
              Sitter("Bea", "human", ""), Sitter("Tó", "bot", "hard")]
    entry = match_entry(match, people, "{}", "u", "2026-01-01T00:00:00Z")
    sides = [p.side for p in entry.players]
    assert sides == [0, 1, 0, 1]  # Ana and Bea partners against two hard bots
    assert [p.opponents for p in entry.players] == ["bot:hard", "human", "bot:hard", "human"]
    program = [Sitter("Ana", "human", ""), Sitter("P", "bot", "cmd:python3 bot.py")]
    two = match_entry(play("bisca-3", 1, deals=1), program, "{}", "v", "2026")
    assert [(p.kind, p.opponents) for p in two.players] == [("human", "program"),
                                                            ("program", "human")]


@dataclass
class Replaced:
    """A seat whose program a built-in stand-in replaced, as the table keeps it."""

    name: str
    kind: str
    level: str
    program: str = ""
    stand_in_from: int | None = None


@pytest.mark.parametrize(("since", "kind", "level", "against"), [
    (0, "bot", "medium", "bot:medium"),  # the stand-in played in every deal
    (1, "program", "cmd:python3 bot.py", "mixed"),  # the program alone in the first deal
    (3, "program", "cmd:python3 bot.py", "program"),  # no finished deal of the stand-in
])
def test_a_stand_in_is_credited_with_the_deals_it_played(tmp_path, since, kind, level,
                                                         against) -> None:
    match = play("bisca-3", 5, deals=3)
    people = [Replaced("Ana", "human", ""),
              Replaced("P", "bot", "medium", "cmd:python3 bot.py", since)]
    entry = match_entry(match, people, "{}", "s", "2026-01-01T00:00:00Z")
    ana, program = entry.players
    assert (program.kind, program.level) == (kind, level)
    assert ana.opponents == against
    store, _ = Store.open(tmp_path)
    assert store is not None
    store.write(entry)
    stats = compute(store, Filters(player="Ana"))
    assert [line.key for line in stats.by_opponent] == [against]
    store.close()
