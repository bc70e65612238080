"""Advice for the seat to act: the action the search prefers, why, and what every legal
card is expected to bring."""

from __future__ import annotations

from dataclasses import dataclass

from ..bots.levels import HardBot
from ..bots.pimc import Evaluation
from ..engine.view import SeatView


@dataclass(frozen=True)
class CardAdvice:
    """One legal action as the search sees it (``None`` where it has no numbers for it:
    bids, calls and other decisions answered by rules of thumb)."""

    action: int
    points: float | None  # the card points the seat's side is expected to end the deal with
    win: float | None  # its chance to win the deal (a tie counts half)
    value: float | None  # the search's own objective


@dataclass(frozen=True)
class Hint:
    seat: int
    action: int  # the advised action
    reason: str  # one or two plain sentences
    options: tuple[CardAdvice, ...]  # every legal action the search judged, best first
    method: str  # "exact", "solved", "playouts" (see ``Evaluation``) or "rule"


def coach_bot(seed: int = 0, budget_ms: float = 300.0, samples: int | None = None) -> HardBot:
    """The search the coach asks: the hard level, bounded by time or by a number of
    samples (the latter repeats exactly, for tests and reviews that must agree)."""
    if samples is not None:
        return HardBot(seed, budget_ms=1e9, max_samples=samples, min_samples=samples)
    return HardBot(seed, budget_ms=budget_ms)


def hint(view: SeatView, seed: int = 0, budget_ms: float = 300.0,
         samples: int | None = None) -> Hint:
    """What the seat whose view this is should do, and why."""
    bot = coach_bot(seed, budget_ms, samples)
    cards = [a for a in view.legal if 0 <= a < 80]
    if len(cards) >= 1 and view.trump is not None and len(view.legal) == len(cards):
        ev = bot.evaluate(view, cards)
        return Hint(view.seat, ev.best, reason_for(view, ev), options_of(ev), ev.method)
    action = bot.choose(view)
    return Hint(view.seat, action, "", tuple(CardAdvice(a, None, None, None)
                                             for a in view.legal), "rule")


def options_of(ev: Evaluation) -> tuple[CardAdvice, ...]:
    return tuple(CardAdvice(a.action, a.points, a.win, a.value) for a in ev.ranked())


def reason_for(view: SeatView, ev: Evaluation) -> str:
    best = ev.values[ev.best]
    return (f"Expected to end the deal with about {best.points:.0f} card points for your "
            f"side, winning it {100 * best.win:.0f}% of the time.")
