"""The bot protocol's view of a deal is the same, byte for byte, since the variant facts a
deal carries became typed fields: Bisca Capixaba's cut or knock (and the Aces or 7s buried by
a cut) still go out as the ``extra`` object, and the tied deals a Sueca deal carries in stay
out of it. The expected lines were written by the protocol before that change."""

from __future__ import annotations

import json
import random

from bisca_tui.bots.external import view_to_json
from bisca_tui.engine import GameState, Match, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine.context import CutOrKnock

CUT_BURYING = (
    '{"seat": 1, "variant": "bisca-capixaba", "options": {"rodar_literal": false}, '
    '"players": 4, "teams": [0, 1, 0, 1], "dealer": 0, "phase": "play", "current": 3, '
    '"hand": ["KD", "JD"], "hand_sizes": [3, 2, 2, 3], "trump": "D", "indicator": "2D", '
    '"indicator_card": "JD", "stock_count": 28, "leader": 1, "trick": [{"seat": 1, '
    '"card": "3H"}, {"seat": 2, "card": "6H"}], "tricks": [], "points": [0, 0, 0, 0], '
    '"known": [[], [], [], ["2S", "JS", "AD"]], "signals": [], "score_events": [], '
    '"deal_game_points": [0, 0], "legal": [], "extra": {"buried": 1, "choice": "cut"}, '
    '"match_points": [0, 0], "target": null, "history_len": 4}'
)
CUT_PLAIN = (
    '{"seat": 0, "variant": "bisca-capixaba", "options": {"rodar_literal": false}, '
    '"players": 4, "teams": [0, 1, 0, 1], "dealer": 0, "phase": "play", "current": 2, '
    '"hand": ["5C", "AD", "QC"], "hand_sizes": [3, 2, 3, 3], "trump": "D", '
    '"indicator": "4D", "indicator_card": "4D", "stock_count": 28, "leader": 1, '
    '"trick": [{"seat": 1, "card": "3S"}], "tricks": [], "points": [0, 0, 0, 0], '
    '"known": [[], [], ["6S", "3C", "JC"], []], "signals": [], "score_events": [], '
    '"deal_game_points": [0, 0], "legal": [], "extra": {"choice": "cut"}, '
    '"match_points": [0, 0], "target": null, "history_len": 2}'
)
KNOCK = (
    '{"seat": 2, "variant": "bisca-capixaba", "options": {"rodar_literal": false}, '
    '"players": 4, "teams": [0, 1, 0, 1], "dealer": 0, "phase": "play", "current": 3, '
    '"hand": ["7D", "2C"], "hand_sizes": [3, 2, 2, 3], "trump": "H", "indicator": null, '
    '"indicator_card": null, "stock_count": 28, "leader": 1, "trick": [{"seat": 1, '
    '"card": "6S"}, {"seat": 2, "card": "4S"}], "tricks": [], "points": [0, 0, 0, 0], '
    '"known": [["2S", "3S", "KS"], [], [], []], "signals": [], "score_events": [], '
    '"deal_game_points": [0, 0], "legal": [], "extra": {"choice": "knock"}, '
    '"match_points": [0, 0], "target": null, "history_len": 3}'
)
SUECA_TIES_CARRIED = (
    '{"seat": 2, "variant": "sueca", "options": {"match": 4, "sweep": "points", '
    '"tie": "carry"}, "players": 4, "teams": [0, 1, 0, 1], "dealer": 2, "phase": "play", '
    '"current": 2, "hand": ["4C", "6D", "5C", "KS", "JD", "QS", "5D", "6S", "QD", "AD"], '
    '"hand_sizes": [9, 9, 10, 9], "trump": "D", "indicator": null, "indicator_card": "AD", '
    '"stock_count": 0, "leader": 3, "trick": [{"seat": 3, "card": "3S"}, {"seat": 0, '
    '"card": "4S"}, {"seat": 1, "card": "5S"}], "tricks": [], "points": [0, 0, 0, 0], '
    '"known": [[], [], [], []], "signals": [], "score_events": [], "deal_game_points": [0, '
    '0], "legal": ["KS", "QS", "6S"], "extra": {}, "match_points": [2, 0], "target": 4, '
    '"history_len": 3}'
)


def capixaba(choice: int, seed: int, plays: int) -> GameState:
    state = GameState(make_variant("bisca-capixaba"), 0, seed=seed)
    state.apply(choice)
    for _ in range(plays):
        state.apply(state.legal_actions()[0])
    return state


def test_a_cut_that_buried_an_ace_or_seven_is_sent_as_before() -> None:
    state = capixaba(A.CUT, 0, 3)
    assert state.cut_or_knock == CutOrKnock("cut", 1)
    assert json.dumps(view_to_json(state.view(1))) == CUT_BURYING


def test_a_cut_that_buried_nothing_sends_no_burial_count() -> None:
    state = capixaba(A.CUT, 1, 1)
    assert state.cut_or_knock == CutOrKnock("cut", 0)
    assert json.dumps(view_to_json(state.view(0))) == CUT_PLAIN


def test_a_knock_is_sent_as_before() -> None:
    state = capixaba(A.KNOCK, 3, 2)
    assert json.dumps(view_to_json(state.view(2))) == KNOCK


def test_a_sueca_deal_with_a_tie_carried_in_sends_no_extra_facts() -> None:
    m = Match(make_variant("sueca", {"tie": "carry"}), seed=6)
    rng = random.Random(6)
    while not m.ties_in_a_row:
        deal = m.new_deal()
        while not deal.is_over():
            deal.apply(rng.choice(deal.legal_actions()))
        m.finish_deal()
    deal = m.new_deal()
    assert deal.context.ties_before == 1 and deal.context.target == 4
    for _ in range(3):
        deal.apply(deal.legal_actions()[0])
    assert json.dumps(view_to_json(deal.view(deal.current))) == SUECA_TIES_CARRIED
