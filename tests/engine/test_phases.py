"""The phases of a deal as objects: a variant lists them, the state dispatches to the current
one, a deal changes phase in one place, and what a phase keeps is shared by copies."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine import phases as P
from bisca_tui.engine.variant import all_variants

ENGINE = Path(__file__).resolve().parents[2] / "bisca_tui" / "engine"


def tables() -> list[tuple[str, int]]:
    return [(cls.id, n) for cls in all_variants() for n in cls.players]


@pytest.mark.parametrize("vid,n", tables())
def test_every_phase_met_is_one_the_variant_lists_and_the_state_names_it(vid: str,
                                                                         n: int) -> None:
    v = make_variant(vid, players=n)
    listed = [p.name for p in v.phases]
    assert listed[0] == P.DEAL and listed[-1] == P.OVER and P.PLAY in listed
    assert set(listed) <= set(P.ALL) and len(set(listed)) == len(listed)
    rng = random.Random(n)
    met = set()
    for seed in range(6):
        s = GameState(v, seed % v.n, seed=seed)
        while True:
            assert s.step is v.phase_of[s.phase]  # the name and the object agree
            met.add(s.phase)
            if s.is_over():
                break
            s.apply(rng.choice(s.legal_actions()))
    assert met <= set(listed)
    assert {P.PLAY, P.OVER} <= met


def test_phase_objects_are_shared_by_every_deal_of_a_variant() -> None:
    v = make_variant("bisca-capixaba")
    a, b = GameState(v, seed=1), GameState(v, seed=2)
    assert a.step is b.step is v.phase_of[P.CUT_OR_KNOCK]
    a.apply(A.CUT)
    b.apply(A.KNOCK)
    assert a.step is b.step is v.phase_of[P.PLAY]
    for cls in all_variants():  # rules only: nothing of a deal is kept on a phase
        for phase in make_variant(cls.id).phases:
            assert set(vars(phase)) <= {"parts"}, (cls.id, phase)


def test_a_clone_shares_the_phase_records_and_a_change_to_it_stays_its_own() -> None:
    s = GameState(make_variant("sueca-5"), seed=3)
    while s.phase == P.AUCTION:
        s.apply(s.legal_actions()[-1])
    copy = s.clone()
    assert copy.bidding is s.bidding  # immutable: nothing to copy
    before = s.bidding
    copy.apply(copy.legal_actions()[0])  # the call
    assert s.bidding is before and s.bidding.contract.called is None
    assert copy.bidding.contract.called is not None


def test_signs_sent_this_turn_end_with_the_card_and_a_copy_keeps_its_own() -> None:
    s = GameState(make_variant("bisca-6"), seed=5)
    sign = next(a for a in s.legal_actions() if A.is_signal(a))
    s.apply(sign)
    copy = s.clone()
    assert sign not in s.legal_actions() and s.signs.this_turn
    copy.apply(copy.legal_cards()[0])
    assert not copy.signs.this_turn and s.signs.this_turn
    assert len(copy.signs.log) == len(s.signs.log) == 1


def test_the_deal_changes_phase_in_one_place() -> None:
    """Only ``GameState`` sets its phase (in ``enter``); every phase object goes through it."""
    setters = []
    for path in sorted(ENGINE.glob("*.py")):
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.phase\s*=[^=]", line):
                setters.append((path.name, k))
    assert [name for name, _ in setters] == ["state.py", "state.py"], setters
