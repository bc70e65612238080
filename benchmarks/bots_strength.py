"""Strength of the bot levels, measured in duplicate deals with the arena.

    python benchmarks/bots_strength.py [--deals 2000] [--budget-ms 25] [--max-samples 50]
                                       [--only medium-random,hard-bisca-3,hard-briscola]

Prints, per match-up, the win rate with its 95% interval, card points and time per decision.
Targets: medium beats random on bisca-3 at least 85% of the time; hard beats medium on
bisca-3 and on briscola at least 65% of the time.
"""

from __future__ import annotations

import argparse
import time

from bisca_tui.arena import run_arena
from bisca_tui.bots.levels import HardBot

MATCHUPS = {
    "medium-random": ("bisca-3", "medium", "random", 0.85),
    "hard-bisca-3": ("bisca-3", "hard", "medium", 0.65),
    "hard-briscola": ("briscola", "hard", "medium", 0.65),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--budget-ms", type=float, default=25.0,
                    help="hard's time budget per decision")
    ap.add_argument("--max-samples", type=int, default=50, help="hard's sampled deals at most")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", default=",".join(MATCHUPS))
    args = ap.parse_args()

    def hard(seed: int) -> HardBot:
        return HardBot(seed, budget_ms=args.budget_ms, max_samples=args.max_samples)

    hard.label = "hard"  # type: ignore[attr-defined]
    for name in args.only.split(","):
        variant, a, b, target = MATCHUPS[name]
        spec = hard if a == "hard" else a
        t0 = time.perf_counter()
        r = run_arena(variant, spec, b, deals=args.deals, seed=args.seed, jobs=args.jobs)
        lo, hi = r.ci95
        verdict = "met" if r.win_rate >= target else "NOT met"
        print(f"[{name}] {r.text()}")
        print(f"[{name}] target {100 * target:.0f}%: {verdict}; "
              f"win {100 * r.win_rate:.1f}% CI [{100 * lo:.1f}, {100 * hi:.1f}]; "
              f"{time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
