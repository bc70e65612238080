"""Shared helpers for the coach tests: deals played by bots, kept as records."""

from __future__ import annotations

from collections.abc import Callable

from bisca_tui.bots.levels import MediumBot
from bisca_tui.engine import GameState, Match, make_variant
from bisca_tui.engine.actions import action_str
from bisca_tui.engine.records import Record, record_of_match
from bisca_tui.engine.view import SeatView

# a game of each family, with the number of players it is reviewed at
FAMILIES = ("bisca-3", "bisca-capixaba", "sueca", "sueca-5", "briscola", "chiamata",
            "brisca")

Chooser = Callable[[SeatView], int]


def play_match_deal(vid: str, seed: int = 1, choose: dict[int, Chooser] | None = None,
                    options: dict | None = None) -> tuple[Record, Match]:
    """One deal of a match played to its end by the medium level (``choose`` plays the
    seats it names), as the record the table would write."""
    v = make_variant(vid, options)
    m = Match(v, dealer=v.n_people - 1, seed=seed)
    s = m.new_deal()
    bots = [MediumBot(seed * 10 + k) for k in range(v.n)]
    while not s.is_over():
        seat = s.current
        assert seat is not None
        view = s.view(seat)
        pick = (choose or {}).get(seat, bots[seat].choose)
        s.apply(pick(view))
    m.finish_deal()
    return record_of_match(m, [f"P{k}" for k in range(v.n_people)]), m


def states_until(vid: str, seed: int, stop: Callable[[GameState], bool],
                 options: dict | None = None) -> GameState | None:
    """A deal played by the medium level until ``stop`` holds (None if it never does)."""
    v = make_variant(vid, options)
    s = GameState(v, seed=seed, target=v.match_target())
    bots = [MediumBot(seed * 10 + k) for k in range(v.n)]
    while not s.is_over():
        if stop(s):
            return s
        seat = s.current
        assert seat is not None
        s.apply(bots[seat].choose(s.view(seat)))
    return None


def notation(state: GameState) -> list[str]:
    return [action_str(a, state.variant.signal_names) for a in state.history]
