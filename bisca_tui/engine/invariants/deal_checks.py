"""Checks of a deal in progress: every card in one place, a seat to act with legal
actions, tricks led, played and taken as the rules say, and plays that show only true
voids."""

from __future__ import annotations

from collections import Counter

from .. import phases as P
from ..cards import card_str, suit_of
from ..state import GameState
from .facts import Problem, card_places, card_value, trick_winner


def check_cards(state: GameState) -> list[Problem]:
    v = state.variant
    places = card_places(state)
    where = Counter(c for cards in places.values() for c in cards)
    pack = Counter(v.pack())
    if where == pack:
        return []
    extra = sorted((where - pack).elements())
    missing = sorted((pack - where).elements())
    found = {card_str(c): [k for k, cs in places.items() if c in cs] for c in extra}
    return [Problem("cards", f"{sum(where.values())} cards for a pack of {sum(pack.values())}:"
                             f" missing {[card_str(c) for c in missing]}, too many {found}")]


def check_actions(state: GameState) -> list[Problem]:
    out = []
    legal = state.legal_actions()
    if state.is_over():
        if state.current is not None or legal:
            out.append(Problem("actions", f"the deal is over but seat {state.current} may "
                                          f"still act ({len(legal)} actions)"))
        if state.result is None:
            out.append(Problem("actions", "the deal is over without a result"))
        return out
    if state.current is None:
        return [Problem("actions", f"nobody to act in phase {state.phase}")]
    if not legal:
        return [Problem("actions", f"seat {state.current} has no legal action in phase "
                                   f"{state.phase}")]
    if len(set(legal)) != len(legal):
        out.append(Problem("actions", f"an action offered twice: {legal}"))
    if state.phase == P.PLAY:
        hand = state.hands[state.current]
        stray = [a for a in legal if 0 <= a < 80 and a not in hand]
        if stray:
            out.append(Problem("actions", f"seat {state.current} is offered cards it does "
                                          f"not hold: {[card_str(c) for c in stray]}"))
    return out


def check_tricks(state: GameState) -> list[Problem]:
    v = state.variant
    n = state.n
    out: list[Problem] = []
    taken = [0] * n
    count = [0] * n
    for k, t in enumerate(state.tricks):
        if k and t.leader != state.tricks[k - 1].winner:
            out.append(Problem("tricks", f"trick {k + 1} led by seat {t.leader}, not by "
                                         f"seat {state.tricks[k - 1].winner} who took trick {k}"))
        if t.seats != tuple((t.leader + i) % n for i in range(n)) or len(t.cards) != n:
            out.append(Problem("tricks", f"trick {k + 1} played by seats {t.seats} from "
                                         f"seat {t.leader}"))
            continue
        w = trick_winner(v, state.trump, t.seats, t.cards)
        if t.winner != w:
            out.append(Problem("tricks", f"trick {k + 1} ({' '.join(map(card_str, t.cards))}"
                                         f", trumps {state.trump}) went to seat {t.winner}, "
                                         f"not seat {w}"))
        pts = sum(card_value(v, c) for c in t.cards)
        if t.points != pts:
            out.append(Problem("tricks", f"trick {k + 1} counts {t.points} points; its cards "
                                         f"hold {pts}"))
        taken[t.winner] += pts
        count[t.winner] += 1
    last = state.tricks[-1].winner if state.tricks and state.is_over() else None
    for s in range(n):
        if state.tricks_won[s] != count[s]:
            out.append(Problem("tricks", f"seat {s} counts {state.tricks_won[s]} tricks and "
                                         f"took {count[s]}"))
        if state.points[s] != taken[s] and not (s == last and state.points[s] > taken[s]):
            out.append(Problem("tricks", f"seat {s} counts {state.points[s]} card points and "
                                         f"took {taken[s]}"))
    return out


def check_play(before: GameState, action: int) -> list[Problem]:
    """Playing ``action`` from the state ``before`` it shows its player void only in suits
    the hand really lacks."""
    if before.phase != P.PLAY or not 0 <= action < 80:
        return []
    v = before.variant
    seat = before.current
    assert seat is not None
    voids = v.rule_of_play.voids(before.trick, action, before.trump, before.stock_count == 0,
                                 v.suit, v.strength)
    held = [c for c in before.hands[seat] if c != action and suit_of(c) in voids]
    if held:
        return [Problem("plays", f"seat {seat} played {card_str(action)}, which shows it void "
                                 f"in suits {sorted(voids)}, holding "
                                 f"{[card_str(c) for c in held]}")]
    return []


