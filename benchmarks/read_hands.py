"""How much the learned model reads of the opponent's hand: the sampled deals' guess at
each unseen card, with and without the weights, scored against the hand it really holds.

    python benchmarks/read_hands.py --variant briscola [--deals 30] [--samples 300]
                                    [--temper 1.0] [--clip 0.02] [--seed 11]

Deals are played by ``hard`` at 40 samples in both seats (the play the model learned from,
on other deals than its data: seed 11 by default). At each card decision of either seat
while at least two cards are in the stock (the opponent's hand still hidden), ``--samples``
deals of the hidden cards are drawn as the search draws them, and each unseen card gets the
share of samples that put it in the opponent's hand: plain, and weighted by the reader.
Printed: the mean log-loss of those guesses against the real hand (in bits per unseen
card) both ways and for the exact even share (what the plain samples estimate), how often
each guess puts the opponent's real cards among its likeliest, and the weights' effective
sample size.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics

import numpy as np

from bisca_tui.arena.play import deal_seed
from bisca_tui.bots.levels import HardBot
from bisca_tui.bots.reading import ess, reader_for
from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.sampling import infer, sample_hidden


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--temper", type=float, default=1.0)
    ap.add_argument("--clip", type=float, default=0.02)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    v = make_variant(args.variant, players=2)
    rng = random.Random(args.seed)
    loss = [0.0, 0.0, 0.0]
    cards = 0
    hits = [0, 0]
    held = 0
    kept: list[float] = []
    for i in range(args.deals):
        st = GameState(v, dealer=i % 2, seed=deal_seed(args.seed, i))
        bots = [HardBot(deal_seed(args.seed, i) + s, budget_ms=1e9, max_samples=40,
                        min_samples=40) for s in range(2)]
        while not st.is_over():
            seat = st.current_player()
            view = st.view(seat)
            if view.trump is not None and view.stock_count >= 2 and view.tricks and any(
                    0 <= a < 80 for a in view.legal):
                reader = reader_for(view, v, args.temper, args.clip)
                assert reader is not None
                info = infer(view, v)
                opp = 1 - seat
                counts = []
                for _ in range(args.samples):
                    hands, _ = sample_hidden(info, v, rng)
                    reader.add(hands[opp], rng)
                    counts.append(hands[opp])
                w = reader.weights()
                kept.append(ess(w) / len(w))
                truth = set(st.hands[opp]) - set(view.known[opp])
                unseen = [c for c in info.unseen]
                for k, weights in enumerate((np.ones(len(w)), w)):
                    total = float(weights.sum())
                    share = {c: 0.0 for c in unseen}
                    for hand, x in zip(counts, weights, strict=True):
                        for c in hand:
                            if c in share:
                                share[c] += x / total
                    for c in unseen:
                        p = min(max(share[c], 1e-4), 1 - 1e-4)
                        loss[k] -= math.log2(p if c in truth else 1 - p)
                    top = sorted(unseen, key=lambda c: -share[c])[:len(truth)]
                    hits[k] += len(truth & set(top))
                even = info.slots[opp] / len(unseen)  # every unseen card alike, exactly
                loss[2] -= sum(math.log2(even if c in truth else 1 - even) for c in unseen)
                cards += len(unseen)
                held += len(truth)
            st.apply(bots[seat].choose(view))
    plain, read = loss[0] / cards, loss[1] / cards
    print(f"{args.variant}: {len(kept)} decisions in {args.deals} deals, {args.samples} "
          f"samples each, temper {args.temper:g}, clip {args.clip:g}")
    print(f"log-loss of the guess at each unseen card: plain {plain:.4f} bits, weighted "
          f"{read:.4f} bits ({100 * (plain - read) / plain:+.1f}%); every unseen card alike "
          f"{loss[2] / cards:.4f} bits")
    print(f"the opponent's cards among the likeliest guesses: plain {100 * hits[0] / held:.1f}%,"
          f" weighted {100 * hits[1] / held:.1f}%")
    q = statistics.quantiles(kept, n=10)
    print(f"the weights keep {100 * statistics.median(kept):.0f}% of the samples' worth "
          f"(median; 10th percentile {100 * q[0]:.0f}%, 90th {100 * q[-1]:.0f}%)")


if __name__ == "__main__":
    main()
