"""A learned model of strong play: from a seat's record, the probability of each legal card.

The record (``seat_record.SeatRecord``) is turned into numbers the same way for every
decision (``features``): the cards are laid out with the trump suit first and each suit's
ranks from the strongest down, so one layout serves every trump suit; each card gets a
one-hot of its code (in hand, on the trick, played by whom, known where, the indicator, the
card under it, unseen), followed by the stock, the tricks played, each seat's points and
the hand's size. A small network (two hidden layers of rectified units) gives a score to
every card, and the scores of the legal cards, through a softmax, their probabilities.

The weights were learned offline from many deals of the hard search playing itself
(``benchmarks/plays.py`` writes them, ``benchmarks/train_policy.py`` learns them with a
fixed seed) and ship in ``policy.npz``, one network per game and number of players
(``briscola-2p``, ``brisca-2p``, ``bisca-3-2p``, ``sueca-4p``, ``bisca-capixaba-4p``). Only
numpy is needed, and only where a model is used: the bots import this module when a setting
asks for it.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

import numpy as np

from .seat_record import HAND, UNSEEN, SeatRecord, n_codes, pack_size

if TYPE_CHECKING:
    from ..engine.variant import Variant

WEIGHTS = "policy.npz"


def model_key(variant: Variant) -> str:
    return f"{variant.id}-{variant.n}p"


class Layout:
    """Where each card of a pack goes in the model's input, for each trump suit, and the
    sizes that scale the counts."""

    def __init__(self, variant: Variant) -> None:
        self.n = variant.n
        self.size = pack_size(variant)
        self.codes = n_codes(self.n)
        order = sorted(range(10), key=lambda r: -variant.strength[r])
        rank_slot = [0] * 10
        for k, r in enumerate(order):
            rank_slot[r] = k
        # slot[trump][card]: trumps first, then the other suits in their order after it
        self.slot = np.zeros((4, self.size), dtype=np.int64)
        for t in range(4):
            for c in range(self.size):
                s, r = (c % 40) // 10, c % 10
                self.slot[t, c] = (c // 40) * 40 + ((s - t) % 4) * 10 + rank_slot[r]
        pack = variant.pack()
        self.stock0 = max(1, len(pack) - self.n * variant.hand_size)
        self.tricks0 = max(1, len(pack) // self.n)
        self.points0 = max(1, sum(variant.points[c] for c in pack))
        self.hand0 = variant.hand_size
        self.inputs = self.codes * self.size + 3 + self.n

    def canonical(self, codes: np.ndarray, trump: np.ndarray) -> np.ndarray:
        """``codes`` (records x cards) moved to the model's card slots."""
        out = np.empty_like(codes)
        rows = np.arange(codes.shape[0])[:, None]
        out[rows, self.slot[trump]] = codes
        return out


def features(layout: Layout, codes: np.ndarray, trump: np.ndarray, stock: np.ndarray,
             points: np.ndarray, tricks: np.ndarray) -> np.ndarray:
    """The model's input for a batch of records given as arrays (records x cards codes in
    the pack's card order, and the counts)."""
    cc = layout.canonical(np.asarray(codes), np.asarray(trump, dtype=np.int64))
    return slot_features(layout, cc, stock, points, tricks)


def slot_features(layout: Layout, cc: np.ndarray, stock: np.ndarray, points: np.ndarray,
                  tricks: np.ndarray) -> np.ndarray:
    """The same from codes already in the model's card slots."""
    m = cc.shape[0]
    x = np.zeros((m, layout.inputs), dtype=np.float32)
    planes = cc[:, None, :] == np.arange(layout.codes)[None, :, None]
    x[:, :layout.codes * layout.size] = planes.reshape(m, -1)
    k = layout.codes * layout.size
    x[:, k] = np.asarray(stock) / layout.stock0
    x[:, k + 1] = np.asarray(tricks) / layout.tricks0
    x[:, k + 2:k + 2 + layout.n] = np.asarray(points) / layout.points0
    x[:, k + 2 + layout.n] = (cc == HAND).sum(1) / layout.hand0
    return x


def legal_mask(layout: Layout, legal: np.ndarray, trump: np.ndarray) -> np.ndarray:
    """Records x slots: True where the slot's card may be played (``legal`` padded with
    -1)."""
    legal = np.asarray(legal, dtype=np.int64)
    m = legal.shape[0]
    slots = layout.slot[np.asarray(trump, dtype=np.int64)[:, None],
                        np.where(legal >= 0, legal, 0)]
    mask = np.zeros((m, layout.size), dtype=bool)
    rows = np.repeat(np.arange(m)[:, None], legal.shape[1], axis=1)
    mask[rows[legal >= 0], slots[legal >= 0]] = True
    return mask


def forward(params: list[np.ndarray], x: np.ndarray,
            hidden: list[np.ndarray] | None = None) -> np.ndarray:
    """The cards' scores (records x slots): rectified hidden layers, a linear last one.
    ``hidden``, when given, gets each hidden layer's output (learning needs them)."""
    h = x
    last = len(params) // 2 - 1
    for i in range(last + 1):
        h = h @ params[2 * i] + params[2 * i + 1]
        if i < last:
            h = np.maximum(h, 0.0)
            if hidden is not None:
                hidden.append(h)
    return h


def log_softmax(scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Log-probabilities over the masked slots (-inf elsewhere)."""
    s = np.where(mask, scores, -np.inf)
    top = s.max(axis=-1, keepdims=True)
    z = s - top
    return z - np.log(np.exp(z).sum(axis=-1, keepdims=True))


class Policy:
    """One game's network, ready to give the probabilities of the legal cards."""

    def __init__(self, variant: Variant, params: list[np.ndarray]) -> None:
        self.layout = Layout(variant)
        self.params = [p.astype(np.float32) for p in params]
        if self.params[0].shape[0] != self.layout.inputs:
            raise ValueError("the weights do not fit this game's records")

    def probabilities(self, records: list[SeatRecord]) -> np.ndarray:
        """Records x cards of the pack (in the pack's order): each legal card's probability,
        0 for every other card."""
        lay = self.layout
        codes = np.array([r.codes for r in records], dtype=np.int64)
        trump = np.array([r.trump for r in records], dtype=np.int64)
        x = features(lay, codes, trump, [r.stock for r in records],
                     [r.points for r in records], [r.tricks for r in records])
        width = max(len(r.legal) for r in records)
        legal = np.array([list(r.legal) + [-1] * (width - len(r.legal)) for r in records])
        mask = legal_mask(lay, legal, trump)
        p = np.exp(log_softmax(forward(self.params, x), mask))
        p[~mask] = 0.0
        # back to the pack's card order
        return np.take_along_axis(p, lay.slot[trump], axis=1)

    def code_delta(self, trump: int, code: int) -> np.ndarray:
        """Per card of the pack (plus a last row of zeros, for padding), what its having
        ``code`` rather than being unseen adds to the first layer's input sum."""
        lay = self.layout
        w = self.params[0]
        slots = lay.slot[trump]
        d = w[code * lay.size + slots] - w[UNSEEN * lay.size + slots]
        return np.vstack([d, np.zeros((1, d.shape[1]), dtype=d.dtype)])

    def hand_delta(self, trump: int) -> np.ndarray:
        """The same for holding the card, the hand's size counted too: what it adds to a
        record whose hand was left unseen."""
        lay = self.layout
        d = self.code_delta(trump, HAND)
        d[:-1] += self.params[0][lay.codes * lay.size + 2 + lay.n] / lay.hand0
        return d


def unpack(data: dict[str, np.ndarray], key: str) -> list[np.ndarray] | None:
    names = sorted((k for k in data if k.startswith(key + "/")),
                   key=lambda k: int(k.rsplit("/", 1)[1]))
    return [np.asarray(data[k]) for k in names] or None


@lru_cache(maxsize=1)
def _shipped() -> dict[str, np.ndarray]:
    with resources.files(__package__).joinpath(WEIGHTS).open("rb") as f, np.load(f) as z:
        return {k: z[k] for k in z.files}


_LOADED: dict[str, Policy | None] = {}


def load_policy(variant: Variant) -> Policy | None:
    """The shipped network for the game, or None when none was learned for it (kept once
    loaded)."""
    key = model_key(variant)
    if key not in _LOADED:
        params = unpack(_shipped(), key)
        _LOADED[key] = None if params is None else Policy(variant, params)
    return _LOADED[key]
