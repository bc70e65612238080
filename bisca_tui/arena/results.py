"""What an arena run found: ``ArenaResult`` (win rate or mean score with its confidence
interval, card points, thinking times, fallbacks) as text and as JSON, and ``Fallback``, an
external bot that lost its seat."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any

from ..engine.narrate.sayings import Say, words
from ..lang import _, ngettext, number


@dataclass(frozen=True)
class Fallback:
    """An external bot that lost its seat: which side and seat, in which deal, and why."""

    side: int  # 0 for A, 1 for B
    seat: int
    deal: int  # counting from 1
    kind: str  # one of bots.external.FAILURE_KINDS
    reason: str  # what the program did, as a verb phrase ("crashed (exit code 1)")
    replaced_by: str  # the built-in level that took the seat
    said: Say | None = field(default=None, compare=False)  # the reason, to tell in words

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "seat": self.seat, "kind": self.kind, "reason": self.reason,
                "replaced_by": self.replaced_by}

    def sentence(self) -> str:
        # translators: {level} is a bot level as typed (easy, medium...); {reason} what the
        # program did, as the table's "Program" sentences say it ("crashed (exit code 1)")
        return _("replaced by the built-in {level} bot in deal {deal} (seat {seat}) because "
                 "it {reason}").format(level=self.replaced_by, deal=self.deal, seat=self.seat,
                                       reason=self.reason if self.said is None else
                                       words(self.said))


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
    # per deal (as ``pair_scores``): A's card points less B's, the mean of its games; far
    # less noisy than the scores where most deals split (each side wins with the same cards)
    pair_margins: list[float] = field(default_factory=list)
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
        """The bots' names, told apart by their side when they are the same bot (JSON keys
        too: they stay as they are in every language)."""
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
            # translators: CI: the confidence interval; the scores are signed numbers
            return _("{bot} scores {score} per deal (95% CI {low} to {high}; one seat against "
                     "all others, every seat in turn)").format(
                bot=la, score=signed(self.win_rate, 3), low=signed(lo, 3), high=signed(hi, 3))
        # translators: CI: the confidence interval; a 60-60 deal: a tie on card points
        return _("{bot} wins {rate}% (95% CI {low}-{high}%; a 60-60 deal counts half)").format(
            bot=la, rate=decimal(100 * self.win_rate, 1), low=decimal(100 * lo, 1),
            high=decimal(100 * hi, 1))

    def fallback_lines(self) -> list[str]:
        """One line per fallback, then per replaced bot how much of its play was not its own."""
        lines = []
        for side, label in enumerate(self.labels()):
            lines.extend(f"{label}: {f.sentence()}" for f in self.fallbacks_of(side))
            if self.fallback_decisions[side]:
                lines.append(f"{label}: " + ngettext(
                    "a fallback bot made {made} of its {n} decision: these results are not "
                    "the program's alone",
                    "a fallback bot made {made} of its {n} decisions: these results are not "
                    "the program's alone", self.decisions[side]).format(
                    made=self.fallback_decisions[side], n=self.decisions[side]))
        return lines

    def text(self) -> str:
        la, lb = self.labels()
        lo, hi = self.ci95
        a, b = self.ms(0), self.ms(1)
        # translators: the head of the arena's report: "bisca-3: hard against medium, 100
        # deals in duplicate (200 games), seed 1" ({deals} and {games} are counts made apart)
        head = _("{variant}: {a} against {b}, {deals} ({games}), seed {seed}").format(
            variant=self.variant, a=la, b=lb, seed=self.seed,
            deals=ngettext("{n} deal in duplicate", "{n} deals in duplicate",
                           self.deals).format(n=self.deals),
            games=ngettext("{n} game", "{n} games", self.games).format(n=self.games))
        points = (_("card points per seat and deal: {a} {pa}, {b} {pb}") if self.payments
                  else _("card points per game: {a} {pa}, {b} {pb}"))
        return "\n".join([
            head,
            *self.fallback_lines(),
            self.outcome_line(),
            points.format(a=la, pa=decimal(self.points[0], 1), b=lb,
                          pb=decimal(self.points[1], 1)),
            # translators: milliseconds each bot thought per decision: the median and the
            # 95th percentile (p95)
            _("ms per decision: {a} median {a_median}, p95 {a_p95}; {b} median {b_median}, "
              "p95 {b_p95}").format(
                a=la, a_median=decimal(a["median"], 1), a_p95=decimal(a["p95"], 1),
                b=lb, b_median=decimal(b["median"], 1), b_p95=decimal(b["p95"], 1)),
        ])


def decimal(x: float, digits: int) -> str:
    """``x`` with ``digits`` decimals as the language in use writes it, rounded as Python
    rounds (``f"{x:.1f}"``)."""
    return number(float(f"{x:.{digits}f}"), digits)


def signed(x: float, digits: int) -> str:
    """``x`` with its sign always written (``+0.125``, ``-0.500``)."""
    text = f"{x:+.{digits}f}"
    return text[0] + number(float(text[1:]), digits)
