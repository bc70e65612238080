"""How much the learned model reads of the hidden hands: the sampled deals' guess at where
each unseen card lies, with and without the weights, scored against where it really is.

    python benchmarks/read_hands.py --variant briscola [--players 2] [--deals 30]
                                    [--samples 300] [--temper 1.0] [--clip 0.02]
                                    [--partner 1] [--seed 11]

Deals are played by ``hard`` at 40 samples in every seat (the play the model learned from,
on other deals than its data: seed 11 by default). At each card decision after the first
trick while other hands are still hidden (two or more cards in the stock, or two or more
tricks to play where there is none), ``--samples`` deals of the hidden cards are drawn as
the search draws them, and each unseen card gets the share of samples that put it in each
other seat's hand (the rest: the stock): plain, and weighted by the reader (which reads the
partner's plays too unless ``--partner 0``). Printed: the mean log-loss of those guesses
against where each card lies (in bits per unseen card) both ways and for every unseen card
alike (each seat's share its count of hidden cards; with two players exactly what the plain
samples estimate), how often each guess puts a seat's real cards among its likeliest, and
the weights' effective sample size; and where the true deal's likelihood under the reader
ranks among the samples' (50%: the plays tell nothing of the hands).
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
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--temper", type=float, default=1.0)
    ap.add_argument("--clip", type=float, default=0.02)
    ap.add_argument("--partner", type=int, default=1)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    v = make_variant(args.variant, players=args.players)
    n = v.n
    rng = random.Random(args.seed)
    loss = [0.0, 0.0, 0.0]
    cards = 0
    hits = [0, 0]
    held = 0
    kept: list[float] = []
    ranks: list[float] = []
    total_tricks = len(v.pack()) // n
    for i in range(args.deals):
        st = GameState(v, dealer=i % n, seed=deal_seed(args.seed, i))
        bots = [HardBot(deal_seed(args.seed, i) + s, budget_ms=1e9, max_samples=40,
                        min_samples=40) for s in range(n)]
        while not st.is_over():
            seat = st.current_player()
            view = st.view(seat)
            hidden = view.stock_count >= 2 if v.draws else len(view.tricks) <= total_tricks - 2
            if view.trump is not None and hidden and view.tricks and any(
                    0 <= a < 80 for a in view.legal):
                reader = reader_for(view, v, args.temper, args.clip, partner=bool(args.partner))
                assert reader is not None
                info = infer(view, v)
                others = [o for o in range(n) if o != seat]
                drawn = []
                for _ in range(args.samples):
                    hands, _ = sample_hidden(info, v, rng)
                    reader.add(hands, rng)
                    drawn.append(hands)
                w = reader.weights()
                kept.append(ess(w) / len(w))
                true_reader = reader_for(view, v, args.temper, args.clip,
                                         partner=bool(args.partner))
                assert true_reader is not None
                true_reader.add([list(h) for h in st.hands], rng)
                true_reader.flush()
                t, logl = true_reader.logl[0], reader.logl
                ranks.append((sum(x < t for x in logl) + 0.5 * sum(x == t for x in logl))
                             / len(logl))
                unseen = list(info.unseen)
                where = {c: -1 for c in unseen}  # -1: the stock
                truth = {}
                for o in others:
                    truth[o] = set(st.hands[o]) - set(view.known[o])
                    for c in truth[o]:
                        where[c] = o
                for k, weights in enumerate((np.ones(len(w)), w)):
                    total = float(weights.sum())
                    share = {o: dict.fromkeys(unseen, 0.0) for o in others}
                    for hands, x in zip(drawn, weights, strict=True):
                        for o in others:
                            so = share[o]
                            for c in hands[o]:
                                if c in so:
                                    so[c] += x / total
                    for c in unseen:
                        w_here = where[c]
                        p = (share[w_here][c] if w_here >= 0
                             else 1.0 - sum(share[o][c] for o in others))
                        loss[k] -= math.log2(min(max(p, 1e-4), 1 - 1e-4))
                    for o in others:
                        top = sorted(unseen, key=lambda c, so=share[o]: -so[c])[:len(truth[o])]
                        hits[k] += len(truth[o] & set(top))
                for c in unseen:  # every unseen card alike: a seat's share is its count
                    w_here = where[c]
                    p = (info.slots[w_here] if w_here >= 0 else
                         len(unseen) - sum(info.slots[o] for o in others)) / len(unseen)
                    loss[2] -= math.log2(min(max(p, 1e-4), 1 - 1e-4))
                cards += len(unseen)
                held += sum(len(t) for t in truth.values())
            st.apply(bots[seat].choose(view))
    plain, read = loss[0] / cards, loss[1] / cards
    print(f"{args.variant} for {n}: {len(kept)} decisions in {args.deals} deals, "
          f"{args.samples} samples each, temper {args.temper:g}, clip {args.clip:g}"
          f"{'' if args.partner or n < 4 else ', the opponents alone read'}")
    print(f"log-loss of the guess at each unseen card: plain {plain:.4f} bits, weighted "
          f"{read:.4f} bits ({100 * (plain - read) / plain:+.1f}%); every unseen card alike "
          f"{loss[2] / cards:.4f} bits")
    print(f"the hidden seats' cards among the likeliest guesses: plain "
          f"{100 * hits[0] / held:.1f}%, weighted {100 * hits[1] / held:.1f}%")
    print(f"the true deal's likelihood ranks above {100 * statistics.mean(ranks):.1f}% of the "
          f"samples' (mean)")
    q = statistics.quantiles(kept, n=10)
    print(f"the weights keep {100 * statistics.median(kept):.0f}% of the samples' worth "
          f"(median; 10th percentile {100 * q[0]:.0f}%, 90th {100 * q[-1]:.0f}%)")


if __name__ == "__main__":
    main()
