"""How close a lever brings the hard level's card choices to those of a bot that sees more.

    python benchmarks/oracle_gap.py --variant brisca --a solve_cards_2p=12 [--b ""]
                                    [--against medium] [--deals 20] [--first 0]
                                    [--budget-ms 150]

A quick reading of a lever, far less noisy than a match: deals of ``hard-v1`` against
``--against`` (two players) are played, and at each of hard-v1's card decisions after the
first trick, while more than four cards are in the stock, three bots judge the same view:
A (hard-v1 with the ``--a`` settings, as in ``levers.py``), B (with ``--b``; hard-v1 itself
by default), and an oracle: hard-v1 told the opponent's hand (the stock stays hidden) with
twice the budget and twice the samples. Each side's card is scored by the oracle's value of
it, less the oracle's best: a side's gap is what its choices give up, on average, against
what could be known. A lever that reads the opponent's hand better closes the gap; its
paired difference to B is printed with a 95% interval, with how often each side chose the
oracle's card. The play goes on with hard-v1's card. Budgets on each bot's CPU time.
Where A weights its samples (``read``), the share of its samples' worth the weights keep
(the effective sample size over the samples) is printed too.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import replace

from levers import factory, settings

from bisca_tui.bots.base import make_bot
from bisca_tui.bots.levels import HardV1Bot
from bisca_tui.engine import GameState, make_variant


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", default="")
    ap.add_argument("--against", default="medium")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--budget-ms", type=float, default=150.0)
    args = ap.parse_args()
    v = make_variant(args.variant, players=2)
    a = factory(settings(args.a), None, args.budget_ms, args.a)(1)
    b = factory(settings(args.b), None, args.budget_ms, args.b)(2)
    play = HardV1Bot(3)
    oracle = HardV1Bot(4)
    oracle.budget_ms, oracle.max_samples = 2 * args.budget_ms, 2 * oracle.max_samples
    for bot in (a, b, play, oracle):
        bot.clock = time.process_time
    gaps: list[tuple[float, float]] = []
    hits = [0, 0]
    kept: list[float] = []
    t0 = time.perf_counter()
    for d in range(args.first, args.first + args.deals):
        st = GameState(v, dealer=d % 2, seed=d, target=v.match_target())
        other = make_bot(args.against, d)
        hard = d % 2  # hard-v1 sits in each seat in turn
        while not st.is_over():
            seat = st.current_player()
            assert seat is not None
            view = st.view(seat)
            if seat != hard:
                st.apply(other.choose(view))
                continue
            cards = [x for x in view.legal if 0 <= x < 80]
            if (view.trump is not None and len(cards) > 1 and view.tricks
                    and view.stock_count > 4):
                known = list(view.known)
                known[1 - seat] = tuple(sorted(st.hands[1 - seat]))
                ev = oracle.evaluate(replace(view, known=tuple(known)))
                top = ev.values[ev.best].value
                a.last_ess = None
                ca, cb = a.choose(view), b.choose(view)
                if getattr(a, "last_ess", None) is not None:
                    kept.append(a.last_ess / a.last_samples)
                gaps.append((ev.values[ca].value - top if ca in ev.values else 0.0,
                             ev.values[cb].value - top if cb in ev.values else 0.0))
                hits[0] += ca == ev.best
                hits[1] += cb == ev.best
            st.apply(play.choose(view))
    n = len(gaps)
    ga = statistics.fmean(g[0] for g in gaps)
    gb = statistics.fmean(g[1] for g in gaps)
    diff = [g[0] - g[1] for g in gaps]
    half = 1.96 * statistics.stdev(diff) / math.sqrt(n) if n > 1 else 0.0
    print(f"{args.variant} against {args.against}, deals {args.first}-"
          f"{args.first + args.deals - 1}: {n} decisions")
    print(f"gap to the oracle: A ({args.a}) {ga:+.5f}, B ({args.b or 'hard-v1'}) {gb:+.5f}; "
          f"A - B {ga - gb:+.5f} (95% CI {ga - gb - half:+.5f} to {ga - gb + half:+.5f})")
    print(f"the oracle's card chosen: A {100 * hits[0] / n:.1f}%, B {100 * hits[1] / n:.1f}%; "
          f"{time.perf_counter() - t0:.0f} s")
    if len(kept) > 1:
        q = statistics.quantiles(kept, n=10)
        print(f"A's weights keep {100 * statistics.median(kept):.0f}% of its samples' worth "
              f"(median; 10th percentile {100 * q[0]:.0f}%, 90th {100 * q[-1]:.0f}%) in "
              f"{len(kept)} searches")


if __name__ == "__main__":
    main()
