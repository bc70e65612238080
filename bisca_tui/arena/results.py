"""What an arena run found: ``ArenaResult`` (win rate or mean score with its confidence
interval, card points, thinking times, fallbacks) as text and as JSON, and ``Fallback``, an
external bot that lost its seat."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Fallback:
    """An external bot that lost its seat: which side and seat, in which deal, and why."""

    side: int  # 0 for A, 1 for B
    seat: int
    deal: int  # counting from 1
    kind: str  # one of bots.external.FAILURE_KINDS
    reason: str  # what the program did, as a verb phrase ("crashed (exit code 1)")
    replaced_by: str  # the built-in level that took the seat

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "seat": self.seat, "kind": self.kind, "reason": self.reason,
                "replaced_by": self.replaced_by}

    def sentence(self) -> str:
        return (f"replaced by the built-in {self.replaced_by} bot in deal {self.deal} "
                f"(seat {self.seat}) because it {self.reason}")


@dataclass
class ArenaResult:
    variant: str
    bots: tuple[str, str]
    deals: int
    games: int
    seed: int
    pair_scores: list[float] = field(default_factory=list)  # A's score per deal, 0..1
    deal_ids: list[int] = field(default_factory=list)  # the deal of each of ``pair_scores``
    points: tuple[float, float] = (0.0, 0.0)  # average card points per game, A then B
    # a game paid seat by seat (Chiamata): ``pair_scores`` holds A's mean payment per deal
    # over the seats it held, and ``points`` the card points of A's seat and of a B seat
    payments: bool = False
    times_ms: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    decisions: list[int] = field(default_factory=lambda: [0, 0])  # every decision, per side
    fallback_decisions: list[int] = field(default_factory=lambda: [0, 0])  # made by fallbacks
    fallbacks: list[Fallback] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return statistics.fmean(self.pair_scores) if self.pair_scores else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        n = len(self.pair_scores)
        if n < 2:
            return (self.win_rate, self.win_rate)
        half = 1.96 * statistics.stdev(self.pair_scores) / math.sqrt(n)
        if self.payments:
            return (self.win_rate - half, self.win_rate + half)
        return (max(0.0, self.win_rate - half), min(1.0, self.win_rate + half))

    @property
    def replaced(self) -> bool:
        """True when a fallback bot made some of the decisions of A or B."""
        return bool(self.fallbacks) or any(self.fallback_decisions)

    def fallbacks_of(self, side: int) -> list[Fallback]:
        return [f for f in self.fallbacks if f.side == side]

    def ms(self, side: int) -> dict[str, float]:
        t = sorted(self.times_ms[side])
        if not t:
            return {"median": 0.0, "p95": 0.0, "decisions": 0}
        p95 = t[min(len(t) - 1, math.ceil(0.95 * len(t)) - 1)]
        return {"median": round(statistics.median(t), 3), "p95": round(p95, 3),
                "decisions": len(t)}

    def labels(self) -> tuple[str, str]:
        a, b = self.bots
        return (a, b) if a != b else (f"{a} (A)", f"{b} (B)")

    def to_json(self) -> dict[str, Any]:
        la, lb = self.labels()
        lo, hi = self.ci95
        return {
            "variant": self.variant,
            "bots": list(self.bots),
            "deals": self.deals,
            "games": self.games,
            "seed": self.seed,
            "measure": "mean score per deal" if self.payments else "win rate",
            "win_rate": None if self.payments else round(self.win_rate, 4),
            "mean_score": round(self.win_rate, 4) if self.payments else None,
            "ci95": [round(lo, 4), round(hi, 4)],
            "points": {la: round(self.points[0], 2), lb: round(self.points[1], 2)},
            "ms_per_decision": {la: self.ms(0), lb: self.ms(1)},
            "replaced": self.replaced,
            "fallbacks": {
                label: {
                    "count": len(self.fallbacks_of(side)),
                    "decisions": self.decisions[side],
                    "fallback_decisions": self.fallback_decisions[side],
                    "events": [f.to_json() for f in self.fallbacks_of(side)],
                }
                for side, label in enumerate((la, lb))
            },
        }

    def outcome_line(self) -> str:
        la = self.labels()[0]
        lo, hi = self.ci95
        if self.payments:
            return (f"{la} scores {self.win_rate:+.3f} per deal (95% CI {lo:+.3f} to "
                    f"{hi:+.3f}; one seat against all others, every seat in turn)")
        return (f"{la} wins {100 * self.win_rate:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%; "
                f"a 60-60 deal counts half)")

    def fallback_lines(self) -> list[str]:
        """One line per fallback, then per replaced bot how much of its play was not its own."""
        lines = []
        for side, label in enumerate(self.labels()):
            lines.extend(f"{label}: {f.sentence()}" for f in self.fallbacks_of(side))
            if self.fallback_decisions[side]:
                lines.append(
                    f"{label}: a fallback bot made {self.fallback_decisions[side]} of its "
                    f"{self.decisions[side]} decisions: these results are not the "
                    f"program's alone")
        return lines

    def text(self) -> str:
        la, lb = self.labels()
        lo, hi = self.ci95
        a, b = self.ms(0), self.ms(1)
        return "\n".join([
            f"{self.variant}: {la} against {lb}, {self.deals} deals in duplicate "
            f"({self.games} games), seed {self.seed}",
            *self.fallback_lines(),
            self.outcome_line(),
            f"card points per {'seat and deal' if self.payments else 'game'}: "
            f"{la} {self.points[0]:.1f}, {lb} {self.points[1]:.1f}",
            f"ms per decision: {la} median {a['median']:.1f}, p95 {a['p95']:.1f}; "
            f"{lb} median {b['median']:.1f}, p95 {b['p95']:.1f}",
        ])
