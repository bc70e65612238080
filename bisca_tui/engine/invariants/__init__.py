"""Invariants every deal of every game keeps, checked through the engine's own facts.

The soak benchmark (``benchmarks/soak.py``) plays random deals of every registered game and
runs these checks after every action; the tests run them on a few deals of each family and on
an engine with a bug planted in it, to show that they catch it. Each check returns a list of
``Problem`` (empty: sound). None of them knows the rules of a particular game: they hold for
every game the engine registers.

- **Cards**: every card of the pack is in exactly one place: the undealt pack, a hand, the
  stock, the face-up indicator, the card laid under it, the trick on the table, the tricks
  taken, the monte, the bidder's discards.
- **Actions**: a deal not over has a seat to act and at least one legal action; the cards
  offered are in that seat's hand; a deal over has neither.
- **Tricks**: each trick is led by the last trick's winner and played in turn; it goes to the
  highest trump, else the highest card of the suit led (the first of two identical cards);
  its points are its cards' points; a seat's card points and tricks are those it took (the
  last trick's winner may take a bonus: the discards, a last-trick bonus).
- **Plays**: the suits a play shows its player lacks (the rule of play's ``voids``, which the
  bots' card sampling trusts) are really missing from that hand.
- **Views**: a seat's view holds its own hand, claims of other hands that are true, and
  nothing that depends on a card it may not see: moving the cards hidden from it between
  their places leaves its view unchanged. The called card's holder stays hidden until the
  card is played or shown. The events in its view name no card hidden from it (a card named
  by the call says nothing of its place), and tell it the called card's holder only when it
  is that holder.
- **Result**: a deal thrown in (everyone passed, a hand shown for a redeal) scores nothing
  and played no trick; a deal ended by a score reaching the target names that side; a deal
  played out has every card in the tricks or the discards, card points by side summing to
  the deal's total, and a winner as its own scoring says: with a contract, the bidder if its
  side reached the points the contract needs; without one, the side alone at the top.
  Payments made seat by seat sum to zero.
- **Determinism**: the same seed and the same actions rebuild the same state; so does a clone,
  and the dealt layout with the same actions.

The checks live by topic: ``facts`` (what they read of a deal), ``deal_checks`` (cards,
actions, tricks, plays), ``view_checks`` and ``result_checks`` (result, determinism, a
match); this module plays deals and matches through them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import actions as A
from .. import phases as P
from ..state import GameState
from .deal_checks import check_actions, check_cards, check_play, check_tricks
from .facts import Problem, card_places, deal_total, trick_winner
from .result_checks import check_match, check_replay, check_result, fresh_deal
from .view_checks import check_view, check_views

if TYPE_CHECKING:
    from ..match import Match
    from ..variant import Variant

__all__ = [
    "DealCheck", "Problem", "card_places", "check_actions", "check_cards", "check_deal",
    "check_match", "check_play", "check_replay", "check_result", "check_tricks",
    "check_view", "check_views", "deal_total", "fresh_deal", "play_checked",
    "play_match_checked", "random_action", "trick_winner",
]


# ----- a whole deal, a whole match ----------------------------------------------------


@dataclass
class DealCheck:
    state: GameState
    actions: int
    problems: list[Problem]


def random_action(state: GameState, rng: random.Random) -> int:
    """A legal action at random; in a bidding, a pass half the time (else among dozens of
    bids it would hardly ever come, and nor would a deal thrown in by everyone passing)."""
    legal = state.legal_actions()
    if state.phase in P.BIDDING and A.PASS in legal and rng.random() < 0.5:
        return A.PASS
    return legal[rng.randrange(len(legal))]


def play_checked(state: GameState, rng: random.Random, views: bool = True,
                 limit: int = 2000) -> DealCheck:
    """Play the deal to its end with random legal actions, checking every invariant after
    every action (the views after every trick and phase change, when ``views``)."""
    problems: list[Problem] = []
    problems += check_cards(state)
    actions = 0
    tricks = len(state.tricks)
    phase = state.phase
    try:
        while not state.is_over() and actions < limit:
            found = check_actions(state)
            if found:
                problems += found
                break
            action = random_action(state, rng)
            problems += check_play(state, action)
            state.apply(action)
            actions += 1
            problems += check_cards(state)
            if len(state.tricks) != tricks or state.phase != phase:
                tricks, phase = len(state.tricks), state.phase
                problems += check_tricks(state)
                if views:
                    problems += check_views(state, rng)
        if not state.is_over():
            problems.append(Problem("actions", f"not over after {actions} actions"))
        else:
            problems += check_actions(state)
            problems += check_tricks(state)
            problems += check_result(state)
            problems += check_replay(state)
            if views:
                problems += check_views(state, rng)
    except Exception as e:  # a crash is a problem to report, not the end of the check
        problems.append(Problem("crash", f"{e.__class__.__name__}: {e}"))
    return DealCheck(state, actions, problems)


def check_deal(v: Variant, seed: int, rng: random.Random, views: bool = True) -> DealCheck:
    """Deal ``v`` from ``seed`` and play it out at random, checked."""
    try:
        state = GameState(v, dealer=seed % v.n, seed=seed)
    except Exception as e:
        return DealCheck(GameState.__new__(GameState), 0,
                         [Problem("crash", f"{e.__class__.__name__}: {e}")])
    return play_checked(state, rng, views)


def play_match_checked(m: Match, rng: random.Random, views: bool = False,
                       max_deals: int = 300) -> list[Problem]:
    """Play a match to its end at random, checking every deal and the match."""
    problems: list[Problem] = []
    while not m.is_over():
        if len(m.deals) >= max_deals:
            problems.append(Problem("match", f"no end after {max_deals} deals"))
            return problems
        state = m.new_deal()
        found = play_checked(state, rng, views)
        problems += found.problems
        if not state.is_over():
            return problems
        m.finish_deal()
    return problems + check_match(m)

