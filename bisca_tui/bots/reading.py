"""Reading the opponent's play into the search's sampled deals, by the learned model of play.

A sampled deal gives the opponent a hand. If it held that hand, how likely were the cards
it played? For each of its card plays so far (the last ``window``, or all), the hand it held
then is rebuilt from the sampled one (``seat_record.rebuild_hands``), and the learned model
(``policy``) gives the probability of the card it chose with that hand and what it saw then.
A sample's weight is the product of those probabilities, tempered (raised to ``temper``:
below 1 it flattens the weights, above 1 it sharpens them) and clipped (no sample weighs
less than ``clip`` times the heaviest, but one the opponent cannot have held weighs
nothing), so that a few samples cannot take all the weight. ``ess`` says how many samples'
worth the weights keep.

The public part of each past decision is the same in every sample: its share of the
network's first layer is worked out once per search, and a sample adds only what its hand
gives (one row per card). Samples are scored in batches, within the search's time.

Two players drawing from a stock with free play (Briscola, Spanish Brisca for two): where
the rules of play hang on the hand, or more seats hide cards, there is no reader (yet).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np

from ..engine.variant import Variant
from ..engine.view import SeatView
from .policy import Policy, features, forward, load_policy
from .seat_record import past_decisions, rebuild_hands

BATCH = 64


class OpponentReader:
    """Weights for the sampled deals of one decision (see the module's text)."""

    def __init__(self, policy: Policy, view: SeatView, variant: Variant, temper: float,
                 clip: float, window: int = 0) -> None:
        assert view.trump is not None
        self.policy = policy
        self.temper = temper
        self.clip = clip
        self.opp = 1 - view.seat
        self.timeline = past_decisions(view, variant, self.opp)
        decisions = self.timeline.decisions
        if window > 0:
            decisions = decisions[-window:]
        self.window = len(decisions)
        self.first = decisions[0].index if decisions else 0
        self.logl: list[float] = []
        self._queue: list[dict[int, tuple[int, ...]] | None] = []
        if not decisions:
            return
        lay = policy.layout
        trump = view.trump
        x = features(lay, np.array([d.public.codes for d in decisions], dtype=np.int64),
                     np.full(len(decisions), trump), [d.public.stock for d in decisions],
                     [d.public.points for d in decisions],
                     [d.public.tricks for d in decisions])
        w = policy.params
        self.base = (x @ w[0] + w[1]).astype(np.float32)  # a hand left unseen
        self.delta = policy.hand_delta(trump)
        self.pad = self.delta.shape[0] - 1
        self.slot = np.append(lay.slot[trump], 0)
        self.chosen_slot = self.slot[[d.card for d in decisions]]
        self.width = variant.hand_size + 1  # the most a hand holds (a laid card come back)

    def add(self, opp_hand: Sequence[int], rng: random.Random) -> None:
        """Queue one sample (the opponent's sampled hand); scored by batches."""
        if not self.window:
            self.logl.append(0.0)
            return
        self._queue.append(rebuild_hands(self.timeline, opp_hand, rng, last=self.window))
        if len(self._queue) >= BATCH:
            self.flush()

    def flush(self) -> None:
        queue, self._queue = self._queue, []
        if not queue:
            return
        d, first, pad = self.window, self.first, self.pad
        width = self.width
        ok = [hs is not None and len(hs) >= d for hs in queue]
        empty = (pad,) * width
        rows = [(hs[first + j] + (pad,) * (width - len(hs[first + j])) if good else empty)
                for hs, good in zip(queue, ok, strict=True) for j in range(d)]
        hands = np.array(rows, dtype=np.int64).reshape(len(queue), d, width)
        pre = self.base[None] + self.delta[hands].sum(axis=2)  # samples x decisions x units
        scores = forward(self.policy.params[2:], np.maximum(pre, 0.0))
        picked = np.take_along_axis(scores, self.slot[hands], axis=2)
        picked[hands == pad] = -np.inf
        top = picked.max(axis=2)
        with np.errstate(invalid="ignore"):  # the rows of a sample left out are all -inf
            lse = np.log(np.exp(picked - top[..., None]).sum(axis=2)) + top
        mine = scores[:, np.arange(d), self.chosen_slot]
        ll = (mine - lse).sum(axis=1)
        ll[~np.array(ok)] = -math.inf  # the sample cannot be the opponent's hand
        self.logl.extend(ll.tolist())

    def weights(self) -> np.ndarray:
        """One weight per sample, in the order added (the heaviest weighs 1)."""
        self.flush()
        ll = np.array(self.logl) * self.temper
        top = ll.max() if len(ll) else 0.0
        if not np.isfinite(top):
            return np.ones(len(ll))
        w = np.maximum(np.exp(ll - top), self.clip)
        w[np.isneginf(ll)] = 0.0  # a hand the opponent cannot have held
        return w


    @staticmethod
    def weighted(weights: np.ndarray, rows: list[dict[int, float]],
                 cards: Sequence[int]) -> dict[int, float]:
        """Each card's weighted sum of its values in the samples' ``rows``."""
        table = np.array([[row[c] for c in cards] for row in rows])
        sums = weights @ table
        return {c: float(x) for c, x in zip(cards, sums, strict=True)}


def ess(w: np.ndarray) -> float:
    """The effective sample size of weights ``w``: (sum w)^2 / sum w^2."""
    s = float(w.sum())
    return s * s / float((w * w).sum()) if s > 0 else 0.0


def reader_for(view: SeatView, variant: Variant, temper: float, clip: float,
               window: int = 0) -> OpponentReader | None:
    """A reader for this decision, or None where the game has no model or the reader does
    not apply."""
    if (view.n_players != 2 or not variant.draws or not variant.rule_of_play.free
            or view.trump is None):
        return None
    policy = load_policy(variant)
    if policy is None:
        return None
    return OpponentReader(policy, view, variant, temper, clip, window)
