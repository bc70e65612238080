"""Strength of the bot levels, measured in duplicate deals with the arena.

    python benchmarks/bots_strength.py [--deals 2000] [--budget-ms 150] [--max-samples 1000]
                                       [--jobs 2] [--seed 2024] [--timing-deals 20]
                                       [--only medium-random,hard-bisca-3,hard-briscola,timing]

Prints, per match-up, the settings (deals, seed, hard's budget), the win rate with its 95%
interval, card points and time per decision. Targets: medium beats random on bisca-3 at
least 85% of the time; hard beats medium on bisca-3 and on briscola at least 65% of the time.
Hard plays at its shipped settings unless ``--budget-ms`` or ``--max-samples`` say otherwise
(2000 deals take about 45 minutes a match-up with two processes on two cores; a cap of 300
samples halves that and plays a little weaker). ``timing`` plays a few deals with hard at its
default settings and reports its milliseconds per decision (targets: median 250, p95 1000).
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
    ap.add_argument("--deals", type=int, default=2000, help="duplicate deals per match-up")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--budget-ms", type=float, default=HardBot().budget_ms,
                    help="hard's time budget per decision in the strength runs")
    ap.add_argument("--max-samples", type=int, default=HardBot().max_samples,
                    help="hard's sampled deals at most in the strength runs")
    ap.add_argument("--jobs", type=int, default=1, help="processes to use")
    ap.add_argument("--timing-deals", type=int, default=20,
                    help="duplicate deals for the timing of hard at its default settings")
    ap.add_argument("--only", default=",".join([*MATCHUPS, "timing"]))
    args = ap.parse_args()

    def hard(seed: int) -> HardBot:
        return HardBot(seed, budget_ms=args.budget_ms, max_samples=args.max_samples)

    hard.label = "hard"  # type: ignore[attr-defined]
    for name in args.only.split(","):
        t0 = time.perf_counter()
        if name == "timing":
            r = run_arena("bisca-3", "hard", "medium", deals=args.timing_deals, seed=args.seed,
                          jobs=args.jobs)
            ms = r.ms(0)
            print(f"[timing] hard at its default settings on bisca-3 against medium, "
                  f"{args.timing_deals} deals, {ms['decisions']} timed decisions: "
                  f"median {ms['median']:.1f} ms, p95 {ms['p95']:.1f} ms (targets 250 and "
                  f"1000, with {args.jobs} process(es) running); "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
            continue
        variant, a, b, target = MATCHUPS[name]
        spec = hard if a == "hard" else a
        r = run_arena(variant, spec, b, deals=args.deals, seed=args.seed, jobs=args.jobs)
        lo, hi = r.ci95
        verdict = "met" if r.win_rate >= target else "NOT met"
        budget = (f"; hard budget {args.budget_ms:g} ms, at most {args.max_samples} samples"
                  if a == "hard" else "")
        print(f"[{name}] {r.text()}")
        print(f"[{name}] {args.deals} deals, seed {args.seed}{budget}: "
              f"win {100 * r.win_rate:.1f}% CI [{100 * lo:.1f}, {100 * hi:.1f}]; "
              f"target {100 * target:.0f}%: {verdict}; "
              f"{time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
