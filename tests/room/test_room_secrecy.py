"""A table of the card room keeps every secret as a lone host's does, and the lobby tells its
people no more than a watcher may know: every line the room writes during a whole deal, to a
table's players and watcher and to each of them in the lobby, is held against what its
reader could know at that moment (``benchmarks/secrecy.py`` reads the game)."""

from __future__ import annotations

import pytest
from benchmark_support import benchmark

secrecy = benchmark("secrecy")

# a game with signals and a partnership, one where a partner is hidden by a called card,
# and a game for two
CHOSEN = ("sueca-aberta", "chiamata", "bisca-3")
GAMES = [g for g in secrecy.every_game() if g[1] in CHOSEN and g[2] == {}][:len(CHOSEN)]


@pytest.mark.parametrize(("game", "variant", "options", "players"), GAMES,
                         ids=[g[1] for g in GAMES])
async def test_nothing_hidden_leaves_a_table_of_the_room_or_reaches_its_lobby(
        game, variant, options, players):
    result = await secrecy.audit_room(game, variant, options, players, seed=2)
    assert result.wire_matches, "a client read other bytes than the room wrote to it"
    assert result.messages > 20 * result.clients // 2
    assert result.leaks == []


def test_the_chosen_games_are_all_there():
    assert sorted(g[1] for g in GAMES) == sorted(CHOSEN)


async def test_the_check_finds_a_hand_told_in_the_lobbys_list(monkeypatch):
    """The audit would see a leak through the lobby: a listing that told a seat's hand."""
    from bisca_tui.engine.cards import card_str
    from bisca_tui.room import noticeboard
    from bisca_tui.room.table import RoomTable

    honest = RoomTable.listing

    def leaky(table: RoomTable) -> dict:
        listed = honest(table)
        session = table.host.session
        if session is not None:
            listed["peek"] = [card_str(c) for c in session.state.hands[1]]
        return listed

    monkeypatch.setattr(RoomTable, "listing", leaky)
    monkeypatch.setattr(noticeboard, "EVERY", 0.0)  # told at every change
    game = next(g for g in GAMES if g[1] == "bisca-3")
    result = await secrecy.audit_room(*game, seed=2)
    assert any(leak.startswith("tables: card") for leak in result.leaks)
