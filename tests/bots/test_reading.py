"""Reading more than one hidden seat, where the rule of play hangs on the hand: Sueca's four
seats follow suit, so a sample's weight is the likelihood of every other seat's plays, each
scored among the cards the rule let it play with the hand the sample gives it."""

from __future__ import annotations

import math
import random

import pytest

np = pytest.importorskip("numpy")

from bots_support import small_policy  # noqa: E402

from bisca_tui.bots import reading  # noqa: E402
from bisca_tui.bots.seat_record import with_hand  # noqa: E402
from bisca_tui.engine import GameState, make_variant  # noqa: E402


def _sueca(seed: int, plays: int) -> GameState:
    s = GameState(make_variant("sueca"), dealer=seed % 4, seed=seed)
    rng = random.Random(seed)
    for _ in range(plays):
        s.apply(rng.choice(s.legal_cards()))
    return s


def _held_then(s: GameState, seat: int, card: int) -> list[int]:
    """The hand ``seat`` held when it played ``card``: its hand now and what it played
    since (no stock: nothing joins a hand)."""
    plays = [e.card for e in s.events if type(e).__name__ == "CardPlayed" and e.seat == seat]
    return sorted(s.hands[seat] + plays[plays.index(card):])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_seat_is_scored_among_the_cards_it_could_play(seed) -> None:
    v = make_variant("sueca")
    s = _sueca(seed, 17)
    me = s.current_player()
    view = s.view(me)
    pol = small_policy(v)
    r = reading.HandReader(pol, view, v, temper=1.0, clip=0.0)
    assert sorted(x.seat for x in r.seats) == sorted({0, 1, 2, 3} - {me})
    r.add(s.hands, random.Random(1))
    r.flush()
    expect = 0.0
    restricted = 0
    for x in r.seats:
        for d in x.decisions:
            held = _held_then(s, x.seat, d.card)
            legal = v.rule_of_play.legal(held, d.trick, view.trump, True, v.suit, v.strength)
            restricted += len(legal) < len(held)
            p = pol.probabilities([with_hand(4, view.trump, d.public, held, legal)])[0]
            expect += math.log(p[d.card])
    assert math.isclose(r.logl[0], expect, rel_tol=1e-4, abs_tol=1e-4)
    assert restricted  # some play followed suit, so the rule mattered


def test_a_hand_that_could_have_followed_suit_and_did_not_weighs_nothing() -> None:
    v = make_variant("sueca")
    for seed in range(40):
        s = _sueca(seed, 10)
        me = s.current_player()
        view = s.view(me)
        # a seat that showed out of a suit on an earlier trick: give it a card of that suit
        for e_i, e in enumerate(s.events):
            if type(e).__name__ != "CardPlayed" or e.seat == me:
                continue
            lead = _lead_before(s, e_i)
            if lead is None or v.suit[lead] == v.suit[e.card]:
                continue
            # swap one of its cards with a card of the led suit another hidden seat holds
            other = next((o for o in range(4) if o not in (me, e.seat) and any(
                v.suit[c] == v.suit[lead] for c in s.hands[o])), None)
            if other is None:
                continue
            hands = [list(h) for h in s.hands]
            give = next(c for c in hands[other] if v.suit[c] == v.suit[lead])
            take = hands[e.seat][0]
            hands[other][hands[other].index(give)] = take
            hands[e.seat][0] = give
            r = reading.HandReader(small_policy(v), view, v, temper=1.0, clip=0.05)
            r.add(s.hands, random.Random(1))
            r.add(hands, random.Random(1))
            assert list(r.weights()) == [1.0, 0.0]
            return
    raise AssertionError("no deal with a seat showing out of a suit")


def _lead_before(s: GameState, at: int) -> int | None:
    """The card that led the trick the play at event ``at`` joined (None: it led)."""
    trick: list[int] = []
    for e in s.events[:at]:
        name = type(e).__name__
        if name == "CardPlayed":
            trick.append(e.card)
        elif name == "TrickWon":
            trick = []
    return trick[0] if trick else None


def test_without_the_partner_only_the_opponents_are_read(monkeypatch) -> None:
    v = make_variant("sueca")
    monkeypatch.setattr(reading, "load_policy", lambda variant: small_policy(variant))
    s = _sueca(4, 9)
    me = s.current_player()
    view = s.view(me)
    both = reading.reader_for(view, v, 1.0, 0.0)
    alone = reading.reader_for(view, v, 1.0, 0.0, partner=False)
    assert sorted(x.seat for x in both.seats) == sorted({0, 1, 2, 3} - {me})
    assert sorted(x.seat for x in alone.seats) == sorted([(me + 1) % 4, (me + 3) % 4])
