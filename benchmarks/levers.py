"""One lever of the hard level's search against the frozen ``hard-v1``, in duplicate deals.

    python benchmarks/levers.py --variant briscola --a lead=look [--b ""] [--deals 200]
                                [--samples 40 | --budget-ms 150] [--players N] [--jobs 1]
                                [--seed 7] [--clock cpu] [--against medium]
                                [--out scores.json]

``--a`` and ``--b`` are settings of the search (``bots.pimc.PimcBot``'s keywords, as
``name=value`` separated by commas) laid over hard-v1's. With ``--samples`` both sides
judge every decision on that many sampled deals (equal work, whatever the time); with
``--budget-ms`` both get that much time a decision (equal time: what a lever costs counts).
Prints A's win rate (or mean payment per deal) with its 95% interval and both sides'
milliseconds per decision. ``--against LEVEL`` plays A against that bot level instead (with
``--seed 2026`` the deals are the first ones of ``duel.py``'s match, so a lever can be read
against a finished duel deal by deal).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from bisca_tui.arena import run_arena
from bisca_tui.bots.levels import HardV1Bot


def settings(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        k, _, v = part.partition("=")
        val: Any = v
        for conv in (int, float):
            try:
                val = conv(v)
                break
            except ValueError:
                pass
        out[k.strip()] = val
    return out


def factory(extra: dict[str, Any], samples: int | None, budget_ms: float, label: str):
    def make(seed: int | None) -> HardV1Bot:
        bot = HardV1Bot(seed)
        if samples is not None:
            bot.budget_ms, bot.max_samples, bot.min_samples = 1e9, samples, samples
        else:
            bot.budget_ms = budget_ms
        for k, v in extra.items():
            if not hasattr(bot, k):
                raise SystemExit(f"unknown setting {k!r}")
            setattr(bot, k, v)
        return bot

    make.label = label  # type: ignore[attr-defined]
    return make


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", default="")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--samples", type=int, default=None)
    ap.add_argument("--budget-ms", type=float, default=150.0)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="cpu")
    ap.add_argument("--against", default=None)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    a = factory(settings(args.a), args.samples, args.budget_ms, f"v1+{args.a}")
    b = args.against or factory(settings(args.b), args.samples, args.budget_ms,
                                f"v1+{args.b}" if args.b else "hard-v1")
    t0 = time.perf_counter()
    r = run_arena(args.variant, a, b, deals=args.deals, seed=args.seed, players=args.players,
                  jobs=args.jobs, clock=args.clock)
    work = f"{args.samples} samples" if args.samples else f"{args.budget_ms:g} ms"
    print(f"[{work} a decision, {args.clock} clock] {r.text()}")
    print(f"{time.perf_counter() - t0:.0f} s")
    if args.out is not None:  # each deal's score, for a reading deal by deal
        args.out.write_text(json.dumps({"a": args.a, "b": args.against or args.b,
                                        "deals": r.deal_ids, "scores": r.pair_scores}) + "\n")


if __name__ == "__main__":
    main()
