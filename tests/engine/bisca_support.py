"""Support code for the engine tests: exact deals from card notation, and simple players."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from bisca_tui.engine import GameState, Layout, make_variant, parse_card
from bisca_tui.engine import actions as A
from bisca_tui.engine.cards import suit_of
from bisca_tui.engine.state import Trick
from bisca_tui.engine.variant import Variant


def cards(text: str) -> list[int]:
    """``"AS 7H QD"`` -> the three cards."""
    return [parse_card(t) for t in text.split()]


def card(text: str) -> int:
    return parse_card(text)


def layout_for(
    v: Variant,
    hands: Sequence[str],
    *,
    indicator: str | None = None,
    trump: str | None = None,
    stock_top: str = "",
) -> Layout:
    """A layout with the given hands; the stock starts with ``stock_top`` (drawn first) and
    goes on with every other card of the pack in pack order."""
    hand_cards = [cards(h) for h in hands]
    top = cards(stock_top)
    ind = None if indicator is None else card(indicator)
    used = {c for h in hand_cards for c in h} | set(top)
    if ind is not None:
        used.add(ind)
    rest = [c for c in v.pack() if c not in used]
    if ind is not None:
        t = suit_of(ind)
    else:
        assert trump is not None, "give an indicator or a trump suit"
        t = "SHDC".index(trump)
    return Layout(tuple(tuple(h) for h in hand_cards), t, ind, tuple(top + rest))


def deal(
    variant_id: str,
    hands: Sequence[str],
    *,
    indicator: str | None = None,
    trump: str | None = None,
    stock_top: str = "",
    dealer: int = 0,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    match_points: Iterable[int] | None = None,
    target: int | None = None,
) -> GameState:
    """A deal of ``variant_id`` laid out exactly. Capixaba deals are cut (indicator given) or
    knocked (no indicator) at once, so the state is ready for the first card."""
    v = make_variant(variant_id, options)
    lay = layout_for(v, hands, indicator=indicator, trump=trump, stock_top=stock_top)
    state = GameState(v, dealer, seed=seed, layout=lay, match_points=match_points,
                      target=target)
    if state.phase == "cut_or_knock":
        state.apply(A.CUT if indicator is not None else A.KNOCK)
    return state


def play(state: GameState, text: str) -> None:
    """Apply actions written in notation, one after the other."""
    for word in text.split():
        state.apply_str(word)


def first_card_policy(keep: Iterable[int] = ()) -> Callable[[GameState], int]:
    """Play the first legal card that is not in ``keep``; a kept card only when forced."""
    keep_set = set(keep)

    def choose(state: GameState) -> int:
        legal = state.legal_cards()
        for c in legal:
            if c not in keep_set:
                return c
        return legal[0]

    return choose


def run(state: GameState, policy: Callable[[GameState], int],
        until: Callable[[GameState], bool] | None = None) -> None:
    """Apply the policy's choices until ``until(state)`` holds (or the deal ends)."""
    while not state.is_over() and (until is None or not until(state)):
        state.apply(policy(state))


def random_card_policy(seed: int) -> Callable[[GameState], int]:
    rng = random.Random(seed)

    def choose(state: GameState) -> int:
        return rng.choice(state.legal_cards())

    return choose


def all_cards_in_play(state: GameState) -> list[int]:
    """Every card the deal holds anywhere: hands, stock, indicator, trick, taken tricks,
    and the undealt deck before the deal."""
    out: list[int] = []
    for h in state.hands:
        out.extend(h)
    out.extend(state.stock)
    out.extend(state.deck)
    if state.indicator is not None:
        out.append(state.indicator)
    out.extend(state.trick)
    for t in state.tricks:
        out.extend(t.cards)
    return out


def trick_order_ok(n: int, t: Trick) -> bool:
    return list(t.seats) == [(t.leader + k) % n for k in range(n)]


def score_with(variant_id: str, team_points: Sequence[int], team_tricks: Sequence[int],
               options: dict[str, Any] | None = None, trump: str | None = None,
               deal_game_points: Sequence[int] | None = None) -> Any:
    """The variant's deal score for the given card points and tricks per team (credited to
    the lowest seat of each team), on an otherwise fresh deal."""
    v = make_variant(variant_id, options)
    state = GameState(v, 0, seed=1)
    if state.phase == "cut_or_knock":
        state.apply(A.KNOCK if trump == "H" else A.CUT)
    if trump is not None:
        state.trump = "SHDC".index(trump)
    state.points = [0] * v.n
    state.tricks_won = [0] * v.n
    for team, (p, t) in enumerate(zip(team_points, team_tricks, strict=True)):
        seat = v.team_of.index(team)
        state.points[seat] = p
        state.tricks_won[seat] = t
    if deal_game_points is not None:
        state.deal_game_points = list(deal_game_points)
    return v.score(state)
