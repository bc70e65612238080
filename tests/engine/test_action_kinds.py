"""Actions by kind (``actions.kind``): what the consumers outside the engine sort and offer
actions by, instead of testing the codes of one game's actions themselves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bisca_tui.engine import actions as A
from bisca_tui.engine.actions import Kind as K
from bisca_tui.engine.cards import SUITS, parse_card

PACKAGE = Path(__file__).resolve().parents[2] / "bisca_tui"


def test_every_action_has_its_kind_and_its_card() -> None:
    assert A.kind(parse_card("7H")) is K.PLAY
    assert [A.kind(a) for a in (A.CUT, A.KNOCK, A.EXCHANGE, A.PASS, A.REOPEN, A.ALONE,
                                A.SHOW, A.REDEAL)] == [
        K.CUT, K.KNOCK, K.EXCHANGE, K.PASS, K.REOPEN, K.ALONE, K.SHOW, K.REDEAL]
    assert A.kind(A.SIGNAL + 2) is K.SIGNAL
    assert A.kind(A.parse_action("bid:75")) is K.BID and A.kind(A.parse_action("bid:K")) is K.BID
    card = parse_card("2S")
    for of in (K.PLAY, K.CALL, K.DISCARD):
        action = A.with_card(of, card)
        assert A.kind(action) is of and A.card_of(action) == card
    assert A.call(card) == A.parse_action("call:2S")
    assert A.discard(card) == A.parse_action("discard:2S")
    assert A.card_of(A.parse_action("trump:S")) == SUITS.index("S")  # the suit named
    with pytest.raises(ValueError):
        A.card_of(A.KNOCK)
    with pytest.raises(ValueError):
        A.kind(99)
    legal = [A.PASS, A.parse_action("bid:61"), A.REOPEN, A.call(card)]
    assert A.of_kind(legal, K.BID, K.REOPEN) == legal[1:3]
    assert A.first_of(legal, K.CALL) == A.call(card) and A.first_of(legal, K.CUT) is None


# the codes of one game's actions, tested outside the engine
ONE_GAME = re.compile(r"\bA\.(CUT|KNOCK|REDEAL|REOPEN|ALONE|SHOW|EXCHANGE|CALL|DISCARD|TRUMP)\b")
# a game told apart by its name
GAME_NAMED = re.compile(r"(\bfamily\b[\"')\]]*|\b(variant|v|cls|game)\.id) *(==|!=|in \() *[\"']")
STILL: set[str] = set()  # modules that still do: may only shrink


def test_no_module_outside_the_engine_tests_one_games_actions_or_names() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where.startswith("engine/") or where in STILL:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if ONE_GAME.search(line) or GAME_NAMED.search(line):
                found.append(f"{where}:{n}: {line.strip()}")
    assert found == []
    for where in STILL:  # each still does: when it no longer does, it leaves the list
        assert ONE_GAME.search((PACKAGE / where).read_text(encoding="utf-8")), where
