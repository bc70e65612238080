"""A finished deal looked back on: each decision of one seat compared with the search at
the same view."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.actions import parse_action
from ..engine.records import Record, replay_record
from ..engine.state import GameState
from .hint import coach_bot

MISTAKE = 4.0  # expected card points lost
BLUNDER = 10.0


@dataclass(frozen=True)
class Decision:
    deal: int  # 0-based deal of the record
    step: int  # 0-based index of the action in the deal
    seat: int
    played: int
    best: int
    loss: float  # expected card points lost against the best action (0 for the best)
    mark: str  # "", "mistake" or "blunder"
    reason: str
    expected: float  # expected card points of the side after the action played
    method: str


@dataclass
class Review:
    deal: int
    seat: int
    decisions: list[Decision] = field(default_factory=list)

    @property
    def marked(self) -> list[Decision]:
        return [d for d in self.decisions if d.mark]


def mark_of(loss: float) -> str:
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    return ""


def review_deal(record: Record, deal: int, seat: int, seed: int = 0,
                budget_ms: float = 150.0, samples: int | None = None) -> Review:
    """Every card play of ``seat`` in deal ``deal`` of the record, judged at its view."""
    v = record.make_variant()
    d = record.deals[deal]
    start: list[GameState] = []

    def at_start(i: int, state: GameState) -> None:
        if i == deal:
            start.append(state.clone())

    replay_record(record, on_deal=at_start)
    state = start[0]
    out = Review(deal, seat)
    for k, text in enumerate(d.actions):
        action = parse_action(text, v.signal_names)
        if state.current == seat and state.trump is not None:
            view = state.view(seat)
            cards = [a for a in view.legal if 0 <= a < 80]
            if len(cards) > 1 and len(cards) == len(view.legal) and action in cards:
                ev = coach_bot(seed, budget_ms, samples).evaluate(view, cards)
                best = ev.values[ev.best]
                mine = ev.values[action]
                loss = 0.0 if action == ev.best else max(0.0, best.points - mine.points)
                out.decisions.append(Decision(deal, k, seat, action, ev.best, loss,
                                              mark_of(loss), "", mine.points, ev.method))
        state.apply(action)
    return out
