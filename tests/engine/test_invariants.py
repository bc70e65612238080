"""The soak's invariants: silent on the engine as it is, for every registered game, and
loud on an engine with a bug planted in it, for every family."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from bisca_tui.engine import Match, calling, exchange, make_variant
from bisca_tui.engine import bisca as bisca_mod
from bisca_tui.engine import brisca as brisca_mod
from bisca_tui.engine import events as events_mod
from bisca_tui.engine import play as play_mod
from bisca_tui.engine import view as view_mod
from bisca_tui.engine.invariants import Problem, check_deal, play_match_checked
from bisca_tui.engine.monte import ChiamataMonte
from bisca_tui.engine.phase_data import Exchanges
from bisca_tui.engine.variant import DealScore, all_variants

GAMES = [(cls.id, n) for cls in all_variants() for n in cls.players]


def problems(vid: str, deals: int, players: int | None = None, options=None,
             first_seed: int = 0) -> list[Problem]:
    v = make_variant(vid, options, players)
    rng = random.Random(f"{vid}/{players}")
    out: list[Problem] = []
    for seed in range(first_seed, first_seed + deals):
        out += check_deal(v, seed, rng).problems
    return out


def kinds(found: list[Problem]) -> set[str]:
    return {p.kind for p in found}


@pytest.mark.parametrize(("vid", "players"), GAMES)
def test_a_sound_engine_keeps_every_invariant(vid: str, players: int) -> None:
    assert problems(vid, 2, players) == []


def test_a_match_keeps_its_invariants() -> None:
    m = Match(make_variant("chiamata-monte", {"deals": 5}, 7), seed=11)
    assert play_match_checked(m, random.Random(0)) == []
    assert m.is_over() and m.deals_played == 5


def test_a_deal_scored_with_ties_carried_into_it_replays_as_its_match_made_it() -> None:
    v = make_variant("sueca-3", {"sweep": "tricks", "tie": "carry"})
    m = Match(v, seed=6)
    assert play_match_checked(m, random.Random(6)) == []
    assert any(d.context.ties_before for d in m.deals)


# ----- a bug planted in each family, and the invariant that catches it -------------------


def test_bisca_a_score_giving_the_deal_to_the_loser_is_caught(monkeypatch) -> None:
    real = bisca_mod.BiscaBase.two_sides

    def loser_wins(self, state):
        pts, tricks, w = real(self, state)
        return pts, tricks, None if w is None else 1 - w

    monkeypatch.setattr(bisca_mod.BiscaBase, "two_sides", loser_wins)
    found = problems("bisca-3", 3)
    assert kinds(found) == {"result"}
    assert "winner" in found[0].detail


def test_briscola_a_card_dropped_from_the_stock_is_caught(monkeypatch) -> None:
    real = play_mod.draw_round

    def drop_one(state, winner):
        if len(state.stock) > 4:
            state.stock.pop()  # a card falls off the table
        real(state, winner)

    monkeypatch.setattr(play_mod, "draw_round", drop_one)
    found = problems("briscola", 1, 3)
    assert "cards" in kinds(found)
    assert any("missing" in p.detail for p in found if p.kind == "cards")


def test_sueca_a_trick_won_by_the_wrong_card_is_caught(monkeypatch) -> None:
    v = make_variant("sueca")
    # the engine ranks the cards upside down: the 2 beats the Ace
    monkeypatch.setattr(v, "strength", tuple(9 - s for s in v.strength))
    rng = random.Random(0)
    found = [p for seed in range(2) for p in check_deal(v, seed, rng).problems]
    assert "tricks" in kinds(found)
    assert any("went to seat" in p.detail for p in found)


def test_chiamata_a_bidder_paid_without_the_points_is_caught(monkeypatch) -> None:
    real = calling.CalledPartnerGame.score

    def always_made(self, state):
        res = real(self, state)
        c = state.bidding.contract
        return DealScore(res.card_points, res.tricks, res.game_points, res.notes, c.bidder)

    monkeypatch.setattr(calling.CalledPartnerGame, "score", always_made)
    found = problems("chiamata", 6)
    assert kinds(found) == {"result"}
    assert any("needing" in p.detail for p in found)


def test_col_monte_discards_never_counted_are_caught(monkeypatch) -> None:
    monkeypatch.setattr(ChiamataMonte, "after_trick", lambda *args: None)
    found = [p for p in problems("chiamata-monte", 4) if p.kind == "result"]
    assert any("sum to" in p.detail for p in found)


def test_brisca_the_lowest_score_taking_the_hand_is_caught(monkeypatch) -> None:
    def lowest_takes_it(pts, tricks):
        low = min(range(len(pts)), key=lambda t: pts[t])
        gp = tuple(1 if t == low else 0 for t in range(len(pts)))
        return DealScore(tuple(pts), tuple(tricks), gp, ("lowest",), low)

    monkeypatch.setattr(brisca_mod, "highest_takes_it", lowest_takes_it)
    found = problems("brisca", 2, 3)
    assert kinds(found) == {"result"}


def test_brisca_a_card_under_the_indicator_lost_is_caught(monkeypatch) -> None:
    def lose_it(self, state, winner):
        pending = state.exchange.under
        if pending is not None and pending[0] == winner and state.indicator is not None:
            state.hands[winner].append(state.indicator)
            state.indicator = None  # the laid card should have become the indicator
            state.exchange = Exchanges(state.exchange.steps)

    monkeypatch.setattr(exchange.ExchangePart, "trick_won", lose_it)
    # deals where an exchange is announced and completed (random play finds them)
    found = problems("brisca", 12, 2, {"exchange": "announce"})
    assert "cards" in kinds(found)


# ----- the same checks for the views and for determinism --------------------------------


def test_a_view_showing_a_partners_hand_is_caught(monkeypatch) -> None:
    real = view_mod.make_view

    def leaky(state, seat):
        v = real(state, seat)
        known = tuple(tuple(h) if s != seat else () for s, h in enumerate(state.hands))
        return v.__class__(**{**v.__dict__, "known": known})

    monkeypatch.setattr(view_mod, "make_view", leaky)
    found = problems("bisca-4", 1)
    assert kinds(found) == {"views"}


def test_events_showing_the_cards_laid_aside_to_every_seat_are_caught(monkeypatch) -> None:
    monkeypatch.setattr(events_mod.Discarded, "as_seen_by", lambda self, seat: self)
    assert kinds(problems("chiamata-monte", 6, 5)) == {"views"}


def test_events_naming_a_secret_partner_to_every_seat_are_caught(monkeypatch) -> None:
    monkeypatch.setattr(events_mod.PartnerKnown, "as_seen_by", lambda self, seat: self)
    assert kinds(problems("chiamata", 4)) == {"views"}


def test_signals_drawn_outside_the_deals_own_chance_are_caught(monkeypatch) -> None:
    # whether an opponent catches a signal decided by a chance the seed does not hold: the
    # deal no longer replays from its seed and actions
    real = play_mod.SignsPart.apply
    outside = random.Random()

    def by_outside_chance(self, state, action):
        state.rng, saved = outside, state.rng
        try:
            real(self, state, action)
        finally:
            state.rng = saved

    monkeypatch.setattr(play_mod.SignsPart, "apply", by_outside_chance)
    found = problems("brisca", 3, 4, {"intercept": 0.5})
    assert "replay" in kinds(found)


# ----- the soak itself ---------------------------------------------------------------------


def _soak_module():
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"
    spec = importlib.util.spec_from_file_location("soak_benchmark", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_soak_prints_its_numbers_and_exits_0_on_a_sound_engine(capsys) -> None:
    soak = _soak_module()
    assert soak.main(["--deals", "4", "--match-every", "4", "--only", "bisca-9",
                      "chiamata-monte"]) == 0
    out = capsys.readouterr().out
    assert "bisca-9 players 2: deals 4 actions 160 " in out
    assert "chiamata-monte players 7: deals 4" in out
    assert "total: games 4 deals 16 " in out and " errors 0 " in out


def test_the_soak_exits_1_on_a_broken_engine(monkeypatch, capsys) -> None:
    monkeypatch.setattr(bisca_mod.BiscaBase, "two_sides",
                        lambda self, state: (*self.team_points(state), 0))
    soak = _soak_module()
    assert soak.main(["--deals", "4", "--match-every", "0", "--only", "bisca-9"]) == 1
    out = capsys.readouterr().out
    assert "ERROR bisca-9/2" in out and "  result " in out
