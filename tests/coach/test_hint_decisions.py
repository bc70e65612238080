"""Hints for the decisions besides playing a card: cut or knock, the exchange, bids and
calls, signals, discards, and a trick played before trumps are named, each advised with
the rule or the estimate behind it."""

from __future__ import annotations

from bisca_tui.bots.levels import MediumBot
from bisca_tui.coach import hint
from bisca_tui.coach.hint import coach_bot
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine.narrate import CardRef


def refs(parts) -> list[int]:
    return [p.card for p in parts if isinstance(p, CardRef)]


def _first_special(vid: str, want, options: dict | None = None, seeds=range(6),
                   match_points=None):
    v = make_variant(vid, options)
    for seed in seeds:
        s = GameState(v, seed=seed, target=v.match_target(), match_points=match_points)
        bots = [MediumBot(seed * 10 + k) for k in range(v.n)]
        while not s.is_over():
            seat = s.current
            view = s.view(seat)
            if len(view.legal) > 1 and want(view):
                return view
            s.apply(bots[seat].choose(view))
    raise AssertionError(f"no such decision in {vid}")


def test_cut_or_knock_follows_the_match_score() -> None:
    v = make_variant("bisca-capixaba")
    level = _first_special("bisca-capixaba", lambda w: A.CUT in w.legal)
    h = hint(level, samples=4)
    assert h.action == A.CUT and h.reason_keys == ("cut",) and h.method == "rule"
    assert all(o.points is None for o in h.options)
    behind = [0] * v.n_teams
    behind[1 - v.team_of[level.seat]] = 3
    view = _first_special("bisca-capixaba", lambda w: A.KNOCK in w.legal,
                          match_points=tuple(behind))
    h = hint(view, samples=4)
    assert h.action == A.KNOCK and h.reason.startswith("Knock: your side is behind")


def test_the_exchange_is_advised_with_the_indicator_named() -> None:
    view = _first_special("bisca-capixaba", lambda w: A.EXCHANGE in w.legal, seeds=range(80))
    h = hint(view, samples=4)
    assert h.action == A.EXCHANGE and h.reason_keys == ("exchange",)
    assert view.indicator in refs(h.reason_parts)
    # the cards still have their numbers beside the exchange
    assert any(o.points is not None for o in h.options)


def test_bids_and_calls_are_advised_with_the_estimate_behind_them() -> None:
    view = _first_special("sueca-5", lambda w: any(A.BID <= a < A.CALL for a in w.legal))
    h = hint(view, samples=4)
    assert h.reason_keys[0] in ("bid_points", "pass_points")
    assert "card points" in h.reason
    view = _first_special("sueca-5", lambda w: any(A.CALL <= a < A.TRUMP for a in w.legal))
    h = hint(view, samples=4)
    assert h.reason_keys == ("call_points",) and h.action - A.CALL in refs(h.reason_parts)
    view = _first_special("chiamata", lambda w: any(A.BID <= a < A.CALL for a in w.legal))
    h = hint(view, samples=4)
    assert h.action == coach_bot(0, samples=4).choose(view)
    assert h.reason_keys[0] in ("bid_rank", "pass_rank")
    assert "card points" in h.reason
    view = _first_special("chiamata", lambda w: any(A.CALL <= a < A.TRUMP for a in w.legal),
                          seeds=range(20))
    h = hint(view, samples=4)
    assert h.reason_keys == ("call_rank",)


def test_signals_discards_and_redeals_have_their_rule_said() -> None:
    view = _first_special("bisca-4", lambda w: any(A.is_signal(a) for a in w.legal),
                          options={"signals": True})
    h = hint(view, samples=4)
    assert h.action in view.legal
    if A.is_signal(h.action):
        assert h.reason.startswith("Signal ") and "to your partner" in h.reason
    view = _first_special("chiamata-monte",
                          lambda w: any(A.DISCARD <= a < A.DISCARD + 80 for a in w.legal),
                          seeds=range(30))
    h = hint(view, samples=4)
    assert h.reason_keys == ("discard",) and h.action - A.DISCARD in refs(h.reason_parts)


def test_a_trick_before_trumps_are_named_claims_nothing_sure() -> None:
    view = _first_special("chiamata-buio", lambda w: w.trump is None and any(
        0 <= a < 80 for a in w.legal))
    h = hint(view, samples=4)
    assert h.method == "rule" and h.reason_keys == ("dark",)
    assert h.action == coach_bot(0, samples=4).choose(view)
    assert "Trumps are not named yet" in h.reason


def test_the_point_forms_of_chiamata_are_advised_on_the_card_they_let_the_winner_call() -> None:
    # good with the Ace of hearts as the partner's card, poor with the two of hearts
    from bisca_tui.engine import Layout, parse_card

    hand = [parse_card(c) for c in ("3H", "6H", "5H", "4H", "5S", "KD", "4C", "5C")]
    advice = {}
    for vid in ("chiamata-punti", "chiamata-subito-al-due"):
        v = make_variant(vid)
        rest = [c for c in v.pack() if c not in hand]
        hands = (tuple(hand), *(tuple(rest[k * 8:(k + 1) * 8]) for k in range(4)))
        s = GameState(v, dealer=4, layout=Layout(hands, 0, None, ()))
        h = hint(s.view(0), samples=4)
        advice[vid] = h
        assert "card points" in h.reason
    assert advice["chiamata-punti"].action == A.BID + 61
    assert advice["chiamata-punti"].reason_keys[0] == "bid_points"
    assert advice["chiamata-subito-al-due"].action == A.PASS
    assert advice["chiamata-subito-al-due"].reason_keys[0] == "pass_points"


def test_col_monte_is_advised_on_its_own_estimate() -> None:
    from bisca_tui.bots.levels import HardBot
    from bisca_tui.bots.monte_bids import best_suit

    view = _first_special("chiamata-monte", lambda w: any(A.BID <= a < A.CALL for a in w.legal))
    h = hint(view, samples=4)
    assert h.reason_keys[0] in ("bid_points", "pass_points")
    _, est = best_suit(view.hand, make_variant("chiamata-monte"))
    assert f"about {est + HardBot.bid_skill:.0f} card points" in h.reason
