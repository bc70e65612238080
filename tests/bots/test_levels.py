"""The bot levels: registered, honest, partner-aware, sensible with special actions, and
able to play every variant to the end."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from bots_support import layout, small_hard
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bisca_tui.bots.base import bot_levels, make_bot
from bisca_tui.engine import GameState, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.phases import PLAY
from bisca_tui.engine.sampling import determinize
from bisca_tui.engine.variant import all_variants

LEVELS = ("easy", "medium", "hard")


def _bot(level: str, seed: int):
    if level == "hard+read":  # the search reading the opponent's plays by the learned model
        bot = small_hard(seed, samples=3)
        bot.read = 1.0
        return bot
    return small_hard(seed, samples=3) if level == "hard" else make_bot(level, seed)


def test_levels_are_registered_and_say_they_never_see_hidden_cards() -> None:
    assert set(LEVELS) <= set(bot_levels())
    for level in LEVELS:
        bot = make_bot(level, 1)
        assert bot.level == level
        d = bot.description
        assert "never sees hidden cards" in d and d.count(".") == 1 and d.endswith(".")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("vid", sorted(c.id for c in all_variants()))
def test_every_level_plays_every_variant_to_the_end(level: str, vid: str) -> None:
    v = make_variant(vid)
    bots = [_bot(level, seat) for seat in range(v.n)]
    s = GameState(v, dealer=0, seed=11, target=v.match_target())
    steps = 0
    while not s.is_over():
        seat = s.current_player()
        s.apply(bots[seat].choose(s.view(seat)))  # apply() refuses an illegal action
        steps += 1
        assert steps < 2000
    assert s.result is not None


def _same_choice(level: str, va, vb) -> None:
    assert va == vb  # the two worlds look identical from the seat
    for seed in range(3):
        assert _bot(level, seed).choose(va) == _bot(level, seed).choose(vb)


@pytest.mark.parametrize("level", (*LEVELS, "hard+read"))
def test_bots_are_honest_hidden_cards_do_not_change_a_choice(level: str) -> None:
    v = make_variant("bisca-3")
    # seat 0 leads holding the same cards; the opponent's hand and the stock differ
    sa = GameState(v, dealer=1, layout=layout(v, ["AS 5H 2D", "7S KS QC"], "7H"))
    sb = GameState(v, dealer=1, layout=layout(v, ["AS 5H 2D", "3C 4C 6D"], "7H"))
    _same_choice(level, sa.view(0), sb.view(0))
    # seat 0 answers the same lead; the leader's other cards differ
    sa = GameState(v, dealer=0, layout=layout(v, ["AS 5H 2D", "4D KS QC"], "7H"))
    sb = GameState(v, dealer=0, layout=layout(v, ["AS 5H 2D", "4D 4C 6D"], "7H"))
    sa.apply_str("4D")
    sb.apply_str("4D")
    _same_choice(level, sa.view(0), sb.view(0))
    # mid-deal: a second world dealt from the first one's view has other hidden cards
    rng = random.Random(4)
    for vid in ("briscola", "bisca-4", "sueca", "bisca-capixaba"):
        s = GameState(make_variant(vid), seed=9)
        for _ in range(9):
            s.apply(rng.choice(s.legal_actions()))
        seat = s.current_player()
        other = determinize(s.view(seat), make_variant(vid), rng)
        hidden = [h for k, h in enumerate(s.hands) if k != seat]
        assert hidden != [h for k, h in enumerate(other.hands) if k != seat] or s.stock != \
            other.stock
        # the same from the seat (a world dealt again may count the deal's actions otherwise)
        seen = replace(other.view(seat), history_len=s.view(seat).history_len)
        _same_choice(level, s.view(seat), seen)
        if level == "hard+read" and vid != "bisca-4":  # the samples were weighted
            ev = _bot(level, 0).evaluate(s.view(seat))
            assert ev.ess is not None and 1.0 <= ev.ess <= ev.samples


@settings(max_examples=15, deadline=None)
@given(vid=st.sampled_from(("briscola", "bisca-4", "sueca", "sueca-5", "bisca-capixaba",
                            "brisca", "chiamata")),
       seed=st.integers(0, 10_000), moves=st.integers(0, 12),
       who=st.sampled_from(("hard", "person")))
def test_beliefs_are_honest_the_same_view_gives_the_same_chances(vid: str, seed: int,
                                                                 moves: int, who: str) -> None:
    """What a seat is shown to have believed of the hidden cards (``coach.beliefs``) reads
    its view alone: another deal that looks the same from the seat gives the same chances."""
    from bisca_tui.coach.beliefs import view_beliefs

    v = make_variant(vid)
    rng = random.Random(seed)
    s = GameState(v, seed=seed)
    while not s.is_over() and (s.trump is None or s.phase != PLAY or moves > 0):
        moves -= s.phase == PLAY and s.trump is not None
        s.apply(rng.choice(s.legal_actions()))
    seat = s.current_player()
    assume(seat is not None)
    view = s.view(seat)
    other = determinize(view, v, rng)
    seen = replace(other.view(seat), history_len=view.history_len)
    assume([h for k, h in enumerate(s.hands) if k != seat] !=
           [h for k, h in enumerate(other.hands) if k != seat] or s.stock != other.stock)
    assert view_beliefs(view, who, samples=12) == view_beliefs(seen, who, samples=12)


def _partner_winning_bisca4():
    v = make_variant("bisca-4")
    # dealer 3: seat 0 leads; seat 1 (our partner) takes the lead with the Ace; we are seat 3
    lay = layout(v, ["4D 5S 6S", "AD 5C 6C", "5D 4S 4C", "2H KC 3S"], "QH")
    s = GameState(v, dealer=3, layout=lay)
    s.apply_str("4D")
    s.apply_str("AD")
    s.apply_str("5D")
    return s


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_no_trumping_a_partners_winning_trick(level: str) -> None:
    s = _partner_winning_bisca4()
    view = s.view(3)
    for seed in range(3):
        choice = _bot(level, seed).choose(view)
        assert choice != parse_card("2H"), "trumped the partner's winning trick"


def test_medium_gives_points_to_a_winning_partner() -> None:
    s = _partner_winning_bisca4()
    assert make_bot("medium", 0).choose(s.view(3)) == parse_card("KC")


def test_medium_takes_a_valuable_trick_and_lets_a_worthless_one_go() -> None:
    v = make_variant("bisca-3")
    s = GameState(v, dealer=1, layout=layout(v, ["AS 5H 2D", "2H KC 3S"], "QH"))
    s.apply_str("AS")
    assert make_bot("medium", 0).choose(s.view(1)) == parse_card("2H")  # trump the Ace
    s = GameState(v, dealer=1, layout=layout(v, ["4S 5H 2D", "2H KC 3D"], "QH"))
    s.apply_str("4S")
    assert make_bot("medium", 0).choose(s.view(1)) == parse_card("3D")  # throw low


@pytest.mark.parametrize("level", LEVELS)
def test_capixaba_knock_when_behind_cut_when_ahead(level: str) -> None:
    v = make_variant("bisca-capixaba")
    behind = GameState(v, dealer=3, seed=1, match_points=[0, 2], target=4)
    ahead = GameState(v, dealer=3, seed=1, match_points=[2, 0], target=4)
    assert behind.current_player() == 0
    assert _bot(level, 0).choose(behind.view(0)) == A.KNOCK
    assert _bot(level, 0).choose(ahead.view(0)) == A.CUT


@pytest.mark.parametrize("level", LEVELS)
def test_capixaba_exchange_the_two_of_trumps(level: str) -> None:
    v = make_variant("bisca-capixaba")
    lay = layout(v, ["2C 5S 6S", "AD 5C 6C", "5D 4S 4D", "2H KC 3S"], "QC")
    s = GameState(v, dealer=3, layout=lay)
    s.apply(A.CUT)
    assert A.EXCHANGE in s.legal_actions()
    assert _bot(level, 0).choose(s.view(0)) == A.EXCHANGE


def test_bisca6_bots_send_true_signals_that_partners_receive() -> None:
    v = make_variant("bisca-6")
    sent = 0
    for seed in range(3):
        s = GameState(v, seed=seed)
        bots = [make_bot("medium", i) for i in range(6)]
        while not s.is_over():
            seat = s.current_player()
            s.apply(bots[seat].choose(s.view(seat)))  # a false signal would be refused
        sent += len(s.signs.log)
        for ev in s.signs.log:
            partners = [p for p in range(6) if p != ev.sender and p % 2 == ev.sender % 2]
            assert set(partners) <= set(ev.receivers)
    assert sent > 0


@pytest.mark.parametrize("objective", ["points", "blend"])
def test_hard_takes_a_sure_ace_with_either_playout_objective(objective: str) -> None:
    from bisca_tui.bots.levels import HardBot

    v = make_variant("bisca-3")
    # seat 1 answers a plain Ace with a low trump at hand: the 11 points are there to take
    s = GameState(v, dealer=1, layout=layout(v, ["AS 5H 2D", "2H 4C 3D"], "QH"))
    s.apply_str("AS")
    for seed in range(2):
        # a single playout is a noisy verdict: the search needs its samples to see this
        bot = HardBot(seed, budget_ms=60_000, max_samples=60, min_samples=60,
                      objective=objective)
        assert bot.choose(s.view(1)) == parse_card("2H")


def test_the_frozen_first_hard_is_for_the_arena_only() -> None:
    from bisca_tui.arena.command import _builtin_levels

    assert "hard-v1" not in bot_levels()
    assert "hard-v1" in bot_levels(arena=True) and "hard-v1" in _builtin_levels()
    bot = make_bot("hard-v1", 1)
    assert (bot.budget_ms, bot.max_samples, bot.solve_cards_2p, bot.objective) == (
        150.0, 1000, 10, "points")
    s = GameState(make_variant("briscola"), seed=4)
    while not s.is_over():
        seat = s.current_player()
        s.apply(bot.choose(s.view(seat)) if seat == 0 else s.legal_actions()[0])
