"""A long duplicate match between two bot levels, played in parts that are kept as they end.

    python benchmarks/duel.py --variant brisca --a hard --b medium --deals 2000
                              [--players 4] [--seed 2026] [--part 100] [--jobs 2]
                              [--clock cpu] [--out duel.jsonl] [--a-settings read=1.0]

Deals ``0 .. deals-1`` of the seed are played by the arena ``--part`` at a time; each part's
per-deal scores and decision times are appended to ``--out`` as one JSON line, and a run
started again with the same file goes on from the first part not yet played. After each part
the running result is printed (win rate, or mean payment per deal in the games paid seat by
seat, with its 95% interval), so a long run can be read before it ends; with it A's card
points less B's per game (the mean of each deal's games, with its interval), which tells
more where most deals split, each side winning once with the same cards.

With ``--clock cpu`` (the default here) the bots' thinking budgets are measured in their own
CPU time, so other work on the machine slows the run down but does not weaken the bots; the
milliseconds per decision printed are wall-clock times. ``--a-settings`` makes A hard-v1
with those settings of the search laid over it (``name=value`` separated by commas, as in
``levers.py``): a lever's long run.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from pathlib import Path

from bisca_tui.arena import run_arena


def summary(scores: list[float], times: list[float], payments: bool) -> str:
    n = len(scores)
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(n) if n > 1 else 0.0
    t = sorted(times)
    med = statistics.median(t) if t else 0.0
    p95 = t[min(len(t) - 1, math.ceil(0.95 * len(t)) - 1)] if t else 0.0
    if payments:
        what = f"mean score per deal {mean:+.3f} (95% CI {mean - half:+.3f} to {mean + half:+.3f})"
    else:
        lo, hi = max(0.0, mean - half), min(1.0, mean + half)
        what = f"win rate {100 * mean:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
    return f"{n} deals: {what}; A's ms per decision median {med:.1f}, p95 {p95:.1f}"


def margin_line(margins: list[float]) -> str:
    """A's card points less B's per game, averaged over the deals, with its 95% interval."""
    n = len(margins)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n)
    return (f"card points, A less B, per game: {mean:+.2f} (95% CI {mean - half:+.2f} to "
            f"{mean + half:+.2f})")


FIELDS = frozenset({"first", "deals", "scores", "times", "payments"})


def read_parts(out: Path, part: int, deals: int) -> dict[int, dict]:
    """The parts already played, by first deal. A line that is not a part of this run (bad
    JSON, missing fields, another part size) stops the run with the file and line, so that
    a resumed run never leaves deals out or plays them twice."""
    parts: dict[int, dict] = {}
    if not out.exists():
        return parts
    for no, line in enumerate(out.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError as e:
            raise SystemExit(f"{out}:{no}: not a part of a duel ({e})") from None
        missing = FIELDS - rec.keys() if isinstance(rec, dict) else FIELDS
        if missing:
            raise SystemExit(f"{out}:{no}: not a part of a duel (no {', '.join(sorted(missing))})")
        first, count = rec["first"], rec["deals"]
        if first % part or count != min(part, deals - first):
            raise SystemExit(f"{out}:{no}: a part of {count} deals from deal {first}, but this "
                             f"run plays parts of {part}: run it again with the same --part")
        parts[first] = rec
    return parts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="medium")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--part", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="cpu")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--a-settings", default=None)
    args = ap.parse_args()
    a = args.a
    if args.a_settings:
        from levers import factory, settings

        a = factory(settings(args.a_settings), None, 150.0, f"hard-v1+{args.a_settings}")
        args.a = f"hard-v1+{args.a_settings.replace(',', '+')}"
    out = args.out or Path(f"duel-{args.variant}-{args.players or 'n'}p-{args.a}-{args.b}"
                           f"-{args.seed}.jsonl")
    parts = read_parts(out, args.part, args.deals)
    payments = False
    print(f"{args.variant} ({args.players or 'default'} players): {args.a} against {args.b}, "
          f"{args.deals} duplicate deals, seed {args.seed}, budgets on the {args.clock} clock",
          flush=True)
    for first in range(0, args.deals, args.part):
        count = min(args.part, args.deals - first)
        if first not in parts:
            t0 = time.perf_counter()
            r = run_arena(args.variant, a, args.b, deals=count, seed=args.seed,
                          players=args.players, jobs=args.jobs, clock=args.clock, first=first)
            rec = {"first": first, "deals": count, "scores": r.pair_scores,
                   "margins": [round(m, 2) for m in r.pair_margins],
                   "times": r.times_ms[0], "payments": r.payments, "points": r.points,
                   "seconds": round(time.perf_counter() - t0, 1)}
            with out.open("a") as f:
                f.write(json.dumps(rec) + "\n")
            parts[first] = rec
        payments = parts[first]["payments"]
        done = [parts[k] for k in sorted(parts) if k < first + count]
        scores = [s for p in done for s in p["scores"]]
        times = [t for p in done for t in p["times"]]
        print(summary(scores, times, payments), flush=True)
        margins = [m for p in done for m in p.get("margins", ())]
        if len(margins) == len(scores) > 1:
            print("  " + margin_line(margins), flush=True)


if __name__ == "__main__":
    main()
