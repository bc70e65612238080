"""Reading the other seats' play into the search's sampled deals, by the learned model of play.

A sampled deal gives each hidden seat a hand. If it held that hand, how likely were the
cards it played? For each of its card plays so far (the last ``window``, or all), the hand
it held then is rebuilt from the sampled one (``seat_record.rebuild_hands``), with the cards
the rule of play let it choose from (following suit, say), and the learned model
(``policy``) gives the probability of the card it chose with that hand and what it saw then.
A sample's weight is the product of those probabilities over the seats read (the
opponents, and a partner unless told not to), tempered (raised to ``temper``: below 1 it
flattens the weights, above 1 it sharpens them) and clipped (no sample weighs less than
``clip`` times the heaviest, but one a seat cannot have held weighs nothing), so that a few
samples cannot take all the weight. ``ess`` says how many samples' worth the weights keep.

The public part of each past decision is the same in every sample: its share of the
network's first layer is worked out once per search, and a sample adds only what its hand
gives (one row per card). Samples are scored in batches, within the search's time.

Any game with a learned network (``policy``): two seats or four, drawing from a stock or
not, free play or a suit to follow. Where partners are shown each other's hands (Capixaba),
an opponent played knowing its partner's: that hand, as it was when shown, is rebuilt from
the one the sample gives the partner, and its cards still unseen enter that opponent's
record as known.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import numpy as np

from ..engine.variant import Variant
from ..engine.view import SeatView
from .policy import Policy, features, forward, load_policy
from .seat_record import UNSEEN, known_code, past_decisions, rebuild_hands

BATCH = 64


class SeatReading:
    """One hidden seat's card plays so far (the last ``window``, or all), ready to score the
    hands that samples give it: the public part of each decision through the network's
    first layer, the card it chose, and what the rule of play let it choose from. Where a
    hidden hand had been shown to it (Capixaba's partners), the cards of that showing still
    unseen were known to it: ``mates`` are those seats, whose hands a sample gives too."""

    def __init__(self, policy: Policy, view: SeatView, variant: Variant, seat: int,
                 window: int) -> None:
        assert view.trump is not None
        self.seat = seat
        self.timeline = past_decisions(view, variant, seat)
        decisions = self.timeline.decisions
        if window > 0:
            decisions = decisions[-window:]
        self.decisions = decisions
        self.window = len(decisions)
        rule = variant.rule_of_play
        self.rule = None if rule.free else rule
        self.suit, self.strength = variant.suit, variant.strength
        self.trump = view.trump
        self.mates = sorted({m for d in decisions for m, _ in d.hidden_shows})
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
        self.chosen_slot = np.append(lay.slot[trump], 0)[[d.card for d in decisions]]
        # what a mate's card known to this seat adds, one block of rows per mate
        n, rows = view.n_players, lay.size + 1
        self.mate_delta = np.vstack(
            [policy.code_delta(trump, known_code(n, (m - seat) % n)) for m in self.mates]
            or [np.zeros((rows, w[0].shape[1]), dtype=np.float32)])
        self.mate_block = {m: k * rows for k, m in enumerate(self.mates)}

    def hands(self, held: dict[int, tuple[int, ...]] | None,
              mates_held: dict[int, dict[int, tuple[int, ...]] | None]
              ) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] | None:
        """For each decision read: the hand the seat held then (from its rebuilt hands,
        ``held``), the cards it could play from it, and the rows (in ``mate_delta``) of
        the mates' cards it knew; None when the sample cannot be what the seat saw."""
        if held is None or sum(k >= 0 for k in held) < self.window:
            return None
        out = []
        for d in self.decisions:
            h = held[d.index]
            knew: list[int] = []
            for m, k in d.hidden_shows:
                shown = (mates_held.get(m) or {}).get(-1 - k)
                if shown is None:
                    return None
                codes, base = d.public.codes, self.mate_block[m]
                knew.extend(base + c for c in shown if codes[c] == UNSEEN)
            if self.rule is None:
                out.append((h, h, tuple(knew)))
                continue
            legal = tuple(self.rule.legal(h, d.trick, self.trump, d.stock_empty, self.suit,
                                          self.strength))
            if d.card not in legal:
                return None  # the rule would not have let it play that card
            out.append((h, legal, tuple(knew)))
        return out


class HandReader:
    """Weights for the sampled deals of one decision (see the module's text): each hidden
    seat read (``seats``) adds the log-likelihood of its plays with the hand a sample gives
    it."""

    def __init__(self, policy: Policy, view: SeatView, variant: Variant, temper: float,
                 clip: float, window: int = 0, seats: Sequence[int] | None = None) -> None:
        assert view.trump is not None
        self.policy = policy
        self.temper = temper
        self.clip = clip
        if seats is None:
            seats = [s for s in range(view.n_players) if s != view.seat]
        self.seats = [SeatReading(policy, view, variant, s, window) for s in seats]
        # every hidden hand a read seat had been shown is rebuilt whole, back to its showings
        read = {r.seat: r for r in self.seats}
        mates = {m for r in self.seats for m in r.mates}
        self.timelines = {m: (read[m].timeline if m in read else
                              past_decisions(view, variant, m)) for m in mates}
        self.logl: list[float] = []
        self._queue: list[list] = []
        trump = view.trump
        self.delta = policy.hand_delta(trump)
        self.pad = self.delta.shape[0] - 1
        self.slot = np.append(policy.layout.slot[trump], 0)
        self.width = variant.hand_size + 1  # the most a hand holds (a laid card come back)

    def add(self, hands: Sequence[Sequence[int]], rng: random.Random) -> None:
        """Queue one sample (every seat's sampled hand, by seat); scored by batches."""
        mates = {m: rebuild_hands(tl, hands[m], rng) for m, tl in self.timelines.items()}
        self._queue.append([
            (r.hands(mates[r.seat] if r.seat in mates else
                     rebuild_hands(r.timeline, hands[r.seat], rng, last=r.window), mates)
             if r.window else []) for r in self.seats])
        if len(self._queue) >= BATCH:
            self.flush()

    def flush(self) -> None:
        queue, self._queue = self._queue, []
        if not queue:
            return
        total = np.zeros(len(queue))
        for k, r in enumerate(self.seats):
            if r.window:
                total += self._score(r, [q[k] for q in queue])
        self.logl.extend(total.tolist())

    def _score(self, r: SeatReading, rows_of: list) -> np.ndarray:
        """The log-likelihood of seat ``r``'s plays under each sample's rebuilt hands."""
        d, pad, width = r.window, self.pad, self.width
        ok = [rows is not None for rows in rows_of]
        empty = [((pad,) * width, (pad,) * width, ())] * d
        pairs = [p for rows in rows_of for p in (rows if rows is not None else empty)]
        shape = (len(rows_of), d, width)
        hands = np.array([h + (pad,) * (width - len(h)) for h, _, _ in pairs],
                         dtype=np.int64).reshape(shape)
        can = hands if r.rule is None else np.array(
            [lg + (pad,) * (width - len(lg)) for _, lg, _ in pairs],
            dtype=np.int64).reshape(shape)
        pre = r.base[None] + self.delta[hands].sum(axis=2)  # samples x decisions x units
        if r.mates:
            most = max(len(k) for _, _, k in pairs)
            if most:
                knew = np.array([k + (pad,) * (most - len(k)) for _, _, k in pairs],
                                dtype=np.int64).reshape(len(rows_of), d, most)
                pre += r.mate_delta[knew].sum(axis=2)
        scores = forward(self.policy.params[2:], np.maximum(pre, 0.0))
        picked = np.take_along_axis(scores, self.slot[can], axis=2)
        picked[can == pad] = -np.inf
        top = picked.max(axis=2)
        with np.errstate(invalid="ignore"):  # the rows of a sample left out are all -inf
            lse = np.log(np.exp(picked - top[..., None]).sum(axis=2)) + top
        mine = scores[:, np.arange(d), r.chosen_slot]
        ll = (mine - lse).sum(axis=1)
        ll[~np.array(ok)] = -math.inf  # the sample cannot be that seat's hand
        return ll

    def weights(self) -> np.ndarray:
        """One weight per sample, in the order added (the heaviest weighs 1)."""
        self.flush()
        ll = np.array(self.logl) * self.temper
        top = ll.max() if len(ll) else 0.0
        if not np.isfinite(top):
            return np.ones(len(ll))
        w = np.maximum(np.exp(ll - top), self.clip)
        w[np.isneginf(ll)] = 0.0  # a hand the seat cannot have held
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
               window: int = 0, partner: bool = True) -> HandReader | None:
    """A reader for this decision, or None where the game has no model. It reads every
    other seat's plays, or, without ``partner``, the opponents' alone."""
    if view.trump is None or view.n_players != variant.n:
        return None
    policy = load_policy(variant)
    if policy is None:
        return None
    team = variant.team_of
    opponents = None if partner else [s for s in range(view.n_players)
                                      if team[s] != team[view.seat]]
    return HandReader(policy, view, variant, temper, clip, window, opponents)
