"""The ceiling of inference: hard-v1 told its opponent's hand, against hard-v1.

    python benchmarks/oracle.py [--variant briscola] [--deals 100] [--seed 9000]
                                [--against medium]

For measurement only: side A is the frozen ``hard-v1`` whose view, at each of its decisions,
names every card the opponent holds (the stock stays hidden); side B is ``hard-v1`` as it
is, or the level named by ``--against``. Each deal is played twice, A in each seat.
Whatever a bot could learn of the opponent's hand from its play, it cannot beat this, so the
win rate printed bounds what sample weighting or inference may give. Two-player games only;
budgets on each bot's CPU time.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from dataclasses import replace

from bisca_tui.bots.base import make_bot
from bisca_tui.bots.levels import HardV1Bot
from bisca_tui.engine import GameState, make_variant


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="briscola")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=9000)
    ap.add_argument("--against", default="hard-v1")
    args = ap.parse_args()
    v = make_variant(args.variant, players=2)
    told, plain = HardV1Bot(1), make_bot(args.against, 2)
    for bot in (told, plain):
        bot.clock = time.process_time
    scores: list[float] = []
    t0 = time.perf_counter()
    for d in range(args.deals):
        total = 0.0
        for a_seat in (0, 1):
            st = GameState(v, dealer=d % 2, seed=args.seed + d, target=v.match_target())
            while not st.is_over():
                seat = st.current_player()
                assert seat is not None
                view = st.view(seat)
                if seat == a_seat and view.trump is not None:
                    known = list(view.known)
                    known[1 - seat] = tuple(sorted(st.hands[1 - seat]))
                    st.apply(told.choose(replace(view, known=tuple(known))))
                else:
                    st.apply(plain.choose(view))
            r = st.result
            assert r is not None
            total += 0.5 if r.winner is None else float(r.winner == v.team_of[a_seat])
        scores.append(total / 2)
    m = statistics.fmean(scores)
    h = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0.0
    print(f"{args.variant}: hard-v1 told the opponent's hand against {args.against}, {args.deals} "
          f"deals in duplicate: {100 * m:.1f}% (95% CI {100 * (m - h):.1f}-"
          f"{100 * (m + h):.1f}%), {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
