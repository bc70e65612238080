"""A game that reuses the engine's phases is added by one file: a module dropped into the
games package (here one in a folder put on the package's search path) is listed, deals
through the engine's turns, is recorded and replayed, and gets a rules page, with nothing
else told of it; a written page for it is found on the rules package's search path."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import bisca_tui.engine.games as games
import bisca_tui.rules as rules
from bisca_tui.bots.base import make_bot
from bisca_tui.engine import variant
from bisca_tui.engine.match import Match
from bisca_tui.engine.records import load_record, record_of_match, replay_record
from bisca_tui.engine.turns import by_views, play_deal
from bisca_tui.engine.variant import all_variants, make_variant
from bisca_tui.replay import main as replay_main
from bisca_tui.rules import FALLBACK_NOTE, available_rules, rules_markdown
from bisca_tui.tui.screens.rules import rules_text

GAME_ID = "bisca-4-cartas"
MODULE = "bisca_quatro_cartas"
GAME = '''"""Bisca de Três with four cards in hand: a game made of Bisca's data and phases."""

from bisca_tui.engine.bisca import BiscaTres
from bisca_tui.engine.variant import register


@register
class BiscaQuatroCartas(BiscaTres):
    id = "bisca-4-cartas"
    name = "Bisca with four cards"
    description = "Bisca de Três with four cards in hand, dealt at once."
    hand_size = 4
    batches = (4,)
'''
PAGE = """# Bisca with four cards

Bisca de Três, but each player holds four cards and draws back to four.

<!-- ranking -->

<!-- house-rules -->
"""


@pytest.fixture
def new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The games package also searches a folder holding one new game's module; afterwards
    the registry, the package and the imported modules are as they were."""
    folder = tmp_path / "more_games"
    folder.mkdir()
    (folder / f"{MODULE}.py").write_text(GAME, encoding="utf-8")
    listed = [c.id for c in all_variants()]  # every game registered before it
    registered = dict(variant.REGISTRY)
    assert GAME_ID not in registered
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(folder)])
    yield tmp_path
    monkeypatch.undo()
    variant.REGISTRY.clear()
    variant.REGISTRY.update(registered)
    sys.modules.pop(f"{games.__name__}.{MODULE}", None)
    if hasattr(games, MODULE):
        delattr(games, MODULE)
    # the other tests list the games: the new one is gone, the others as they were
    assert [c.id for c in all_variants()] == listed
    assert GAME_ID not in available_rules()


def test_a_game_in_one_new_file_is_listed_at_the_end_of_its_family(new_game: Path) -> None:
    ids = [c.id for c in all_variants()]
    assert GAME_ID in ids
    assert ids[ids.index(GAME_ID) - 1] == "bisca-capixaba"  # the last Bisca before it
    assert ids.index(GAME_ID) + 1 == ids.index("briscola")


def test_a_deal_of_the_new_game_plays_records_and_replays(
        new_game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v = make_variant(GAME_ID)
    match = Match(v, dealer=1, seed=5)
    state = match.new_deal()
    assert [len(h) for h in state.hands] == [4, 4]
    bots = [make_bot("random", 20 + seat).choose for seat in range(v.n)]
    taken = play_deal(state, by_views(bots))
    assert state.is_over() and taken == 40  # every card of the pack played
    result = match.finish_deal()
    assert sum(result.card_points) == 120

    record = record_of_match(match, ["Ana", "Rui"])
    path = new_game / "deal.json"
    record.save(path)
    again = replay_record(load_record(path))
    assert again.deals[0].history == state.history
    assert again.results[0].card_points == result.card_points

    assert replay_main([str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == GAME_ID and report["variant_name"] == "Bisca with four cards"
    assert report["match"]["deals_scored"] == 1
    assert report["match"]["games"] == list(match.scores)


def test_the_rules_panel_builds_a_page_for_the_new_game(
        new_game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = rules_markdown(GAME_ID)
    assert page.startswith("# Bisca with four cards\n")
    assert FALLBACK_NOTE in page
    assert "Cards in hand: 4." in page
    assert "<!--" not in page  # every generated section in its place
    assert rules_text(GAME_ID) == page  # the panel shows the page, not its own stand-in

    written = new_game / "more_rules"
    written.mkdir()
    (written / f"{GAME_ID}.md").write_text(PAGE, encoding="utf-8")
    monkeypatch.setattr(rules, "__path__", [*rules.__path__, str(written)])
    assert GAME_ID in available_rules()
    page = rules_markdown(GAME_ID, {"extra_games": True})
    assert "draws back to four" in page
    assert FALLBACK_NOTE not in page
    assert "<!--" not in page
    assert "- **extra_games** = `on`." in page.split("draws back to four", 1)[1]
    assert rules_text(GAME_ID, {"extra_games": True}) == page
