"""Learn the model of strong play from the decisions ``plays.py`` wrote, with numpy alone.

    python benchmarks/train_policy.py --variant briscola [--players 2] [--data plays]
                                      [--hidden 128,64] [--epochs 12] [--seed 1]
                                      [--batch 128] [--lr 0.001] [--deals N] [--tau T]
                                      [--save]

The decisions of deals whose number ends in 0 are held out; those ending in 1 tell when to
stop (the epoch with the best log-likelihood on them is kept); the rest train a network of
``--hidden`` rectified units (``bots.policy``) by Adam on the log-likelihood of the card
chosen, or with ``--tau`` on a softmax of the search's values of the cards at that
temperature. A fixed ``--seed`` gives the same weights. The held-out decisions are then scored by
the network (with its weights rounded to 16 bits, as shipped), by a soft greedy one-trick
model of play (the one the search's ``infer_beta`` once read the opponent with: an answer is
likelier the more it gains on the trick, a lead the less it costs; its sharpness fitted on
the training decisions), and by a uniform choice among the legal cards: top-1 accuracy and
mean log-likelihood of the card played. ``--save`` writes the network into the package's
``policy.npz`` under the game's key, keeping the other games' networks.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time
from pathlib import Path

import numpy as np

from bisca_tui.bots import policy as P
from bisca_tui.bots.seat_record import TRICK
from bisca_tui.engine import make_variant
from bisca_tui.engine.variant import Variant

FIELDS = ("deal", "codes", "legal", "choice", "stock", "points", "tricks", "trump", "values")


def load(paths: list[Path], deals: int | None = None) -> dict[str, np.ndarray]:
    parts = []
    for p in sorted(paths):
        with np.load(p) as z:
            parts.append({k: z[k] for k in FIELDS})
    data = {k: np.concatenate([p[k] for p in parts]) for k in FIELDS}
    if deals is not None:
        keep = data["deal"] < deals
        data = {k: v[keep] for k, v in data.items()}
    return data


def suit_orders(size: int) -> np.ndarray:
    """Every order of the three plain suits' slots (the trump suit's stay first): the
    plain suits play alike, so each order of them is as good a decision to learn from."""
    out = []
    for order in itertools.permutations((1, 2, 3)):
        perm = np.arange(size)
        for new, old in zip((1, 2, 3), order, strict=True):
            perm[new * 10:new * 10 + 10] = np.arange(old * 10, old * 10 + 10)
        out.append(perm)
    return np.array(out)


class Batch:
    """Decisions as the network reads them: inputs made a batch at a time (one-hot planes
    would not fit in memory for a whole run), the legal slots and the slot chosen. With
    ``rng`` each decision's plain suits are laid in an order drawn at random. With ``tau``
    the target is not the card chosen but a softmax of the search's values of the legal
    cards at that temperature (what the search preferred, rather than its noisy pick)."""

    def __init__(self, layout: P.Layout, data: dict[str, np.ndarray],
                 tau: float | None = None) -> None:
        self.layout = layout
        self.data = data
        trump = data["trump"].astype(np.int64)
        self.cc = layout.canonical(data["codes"].astype(np.int64), trump).astype(np.int8)
        self.mask = P.legal_mask(layout, data["legal"], trump)
        self.y = layout.slot[trump, data["choice"].astype(np.int64)]
        self.size = len(self.y)
        self.orders = suit_orders(layout.size)
        self.soft = None if tau is None else soft_targets(layout, data, tau)

    def get(self, idx: np.ndarray, rng: np.random.Generator | None = None
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        d = self.data
        cc, mask = self.cc[idx], self.mask[idx]
        y = self.y[idx] if self.soft is None else self.soft[idx]
        if rng is not None:
            perm = self.orders[rng.integers(len(self.orders), size=len(idx))]
            cc = np.take_along_axis(cc, perm, axis=1)
            mask = np.take_along_axis(mask, perm, axis=1)
            if y.ndim == 2:
                y = np.take_along_axis(y, perm, axis=1)
            else:
                y = np.argmax(perm == y[:, None], axis=1)  # where the chosen slot went
        x = P.slot_features(self.layout, cc.astype(np.int64), d["stock"][idx],
                            d["points"][idx], d["tricks"][idx])
        return x, mask, y

    def x(self, idx: np.ndarray) -> np.ndarray:
        return self.get(idx)[0]


def soft_targets(layout: P.Layout, data: dict[str, np.ndarray], tau: float) -> np.ndarray:
    """Records x slots: a softmax of the search's value of each legal card at temperature
    ``tau`` (the card chosen alone where the values were not kept)."""
    trump = data["trump"].astype(np.int64)
    legal = data["legal"].astype(np.int64)
    vals = data["values"].astype(np.float64)
    ok = (legal >= 0) & np.isfinite(vals)
    z = np.where(ok, vals / tau, -np.inf)
    top = z.max(axis=1, keepdims=True)
    good = np.isfinite(top[:, 0])
    p = np.zeros_like(z)
    p[good] = np.exp(z[good] - top[good])
    p[good] /= p[good].sum(axis=1, keepdims=True)
    out = np.zeros((len(legal), layout.size), dtype=np.float32)
    rows = np.repeat(np.arange(len(legal))[:, None], legal.shape[1], axis=1)
    slots = layout.slot[trump[:, None], np.where(legal >= 0, legal, 0)]
    out[rows[ok], slots[ok]] = p[ok]
    chosen = layout.slot[trump, data["choice"].astype(np.int64)]
    out[np.flatnonzero(~good), chosen[~good]] = 1.0  # such rows have nothing else set
    return out


def init(sizes: list[int], seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    params = []
    for a, b in zip(sizes, sizes[1:], strict=False):
        params.append((rng.standard_normal((a, b)) * math.sqrt(2.0 / a)).astype(np.float32))
        params.append(np.zeros(b, dtype=np.float32))
    return params


def loss_grad(params: list[np.ndarray], x: np.ndarray, mask: np.ndarray,
              y: np.ndarray) -> tuple[float, list[np.ndarray]]:
    """Mean negative log-likelihood of the chosen slots (or, with ``y`` a records x slots
    matrix, the cross-entropy against those target probabilities), and its gradient."""
    acts = [x]
    h = P.forward(params, x, acts)
    last = len(params) // 2 - 1
    logp = P.log_softmax(h, mask)
    g = np.exp(logp)
    if y.ndim == 2:
        loss = -float((y * np.where(y > 0, logp, 0.0)).sum(axis=1).mean())
        g -= y
    else:
        rows = np.arange(len(y))
        loss = -float(logp[rows, y].mean())
        g[rows, y] -= 1.0
    g /= len(y)
    grads: list[np.ndarray] = [np.empty(0)] * len(params)
    for i in range(last, -1, -1):
        grads[2 * i] = acts[i].T @ g
        grads[2 * i + 1] = g.sum(0)
        if i:
            g = (g @ params[2 * i].T) * (acts[i] > 0)
    return loss, grads


class Adam:
    def __init__(self, params: list[np.ndarray], lr: float = 1e-3, b1: float = 0.9,
                 b2: float = 0.999, eps: float = 1e-8) -> None:
        self.lr, self.b1, self.b2, self.eps = lr, b1, b2, eps
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, params: list[np.ndarray], grads: list[np.ndarray]) -> None:
        self.t += 1
        c1, c2 = 1 - self.b1 ** self.t, 1 - self.b2 ** self.t
        for p, g, m, v in zip(params, grads, self.m, self.v, strict=True):
            m *= self.b1
            m += (1 - self.b1) * g
            v *= self.b2
            v += (1 - self.b2) * g * g
            p -= self.lr * (m / c1) / (np.sqrt(v / c2) + self.eps)


def scores(params: list[np.ndarray], b: Batch, idx: np.ndarray | None = None,
           chunk: int = 8192) -> tuple[float, float]:
    """Top-1 accuracy and mean log-likelihood of the chosen card over ``idx``."""
    idx = np.arange(b.size) if idx is None else idx
    hit = ll = 0.0
    for k in range(0, len(idx), chunk):
        i = idx[k:k + chunk]
        logp = P.log_softmax(P.forward(params, b.x(i)), b.mask[i])
        ll += float(logp[np.arange(len(i)), b.y[i]].sum())
        hit += float((logp.argmax(1) == b.y[i]).sum())
    return hit / len(idx), ll / len(idx)


def train(b: Batch, hidden: list[int], epochs: int, seed: int, valid: Batch | None = None,
          lr: float = 1e-3, batch: int = 256, log=print, shuffle_suits: bool = True
          ) -> tuple[list[np.ndarray], list]:
    """Adam on minibatches in an order drawn from ``seed`` (with ``shuffle_suits`` each
    decision's plain suits in an order drawn from it too); with ``valid`` the epoch with
    the best validation log-likelihood is kept. Returns the weights and each epoch's
    (training loss, validation log-likelihood)."""
    params = init([b.layout.inputs, *hidden, b.layout.size], seed)
    opt = Adam(params, lr)
    rng = np.random.default_rng(seed + 1)
    best, best_ll, history = [p.copy() for p in params], -math.inf, []
    for epoch in range(epochs):
        order = rng.permutation(b.size)
        total = 0.0
        for k in range(0, b.size, batch):
            i = np.sort(order[k:k + batch])
            loss, grads = loss_grad(params, *b.get(i, rng if shuffle_suits else None))
            opt.step(params, grads)
            total += loss * len(i)
        vll = scores(params, valid)[1] if valid is not None else -total / b.size
        history.append((total / b.size, vll))
        log(f"epoch {epoch + 1}: training loss {total / b.size:.4f}, validation "
            f"log-likelihood {vll:.4f}")
        if vll > best_ll:
            best, best_ll = [p.copy() for p in params], vll
    return best, history


# ----- the baselines -----------------------------------------------------------------------

def greedy_values(v: Variant, data: dict[str, np.ndarray], k: int) -> tuple[list[int], list]:
    """The soft greedy model's gains for decision ``k``: an answer is worth the trick's
    points won less the trump premium spent, or their loss; a lead minus its cost."""
    codes, trump = data["codes"][k], int(data["trump"][k])
    legal = [int(c) for c in data["legal"][k] if c >= 0]
    suit, strength, pts = v.suit, v.strength, v.points
    cost = [pts[c] + ((8 + strength[c]) if suit[c] == trump else 0) for c in range(80)]
    lead = next((c for c in range(len(codes)) if codes[c] == TRICK), None)
    if lead is None:
        return legal, [-cost[c] for c in legal]
    gains = []
    for x in legal:
        prem = cost[x] - pts[x]
        if (suit[x] == suit[lead] and strength[x] > strength[lead]) or (
                suit[x] == trump and suit[lead] != trump):
            gains.append(pts[lead] + pts[x] - prem)
        else:
            gains.append(-pts[lead] - pts[x] - prem)
    return legal, gains


def greedy_scores(v: Variant, data: dict[str, np.ndarray], beta: float) -> tuple[float, float]:
    hit = ll = 0.0
    m = len(data["choice"])
    for k in range(m):
        legal, g = greedy_values(v, data, k)
        top = max(g)
        z = sum(math.exp(beta * (x - top)) for x in g)
        j = legal.index(int(data["choice"][k]))
        ll += beta * (g[j] - top) - math.log(z)
        best = [i for i, x in enumerate(g) if x == top]
        hit += (j in best) / len(best)  # ties broken at random
    return hit / m, ll / m


def uniform_scores(data: dict[str, np.ndarray]) -> tuple[float, float]:
    k = (data["legal"] >= 0).sum(1)
    return float((1.0 / k).mean()), float(-np.log(k).mean())


def subset(data: dict[str, np.ndarray], keep: np.ndarray) -> dict[str, np.ndarray]:
    return {k: v[keep] for k, v in data.items()}


def save(path: Path, key: str, params: list[np.ndarray]) -> None:
    kept: dict[str, np.ndarray] = {}
    if path.exists():
        with np.load(path) as z:
            kept = {k: z[k] for k in z.files if not k.startswith(key + "/")}
    for i, p in enumerate(params):
        kept[f"{key}/{i}"] = p.astype(np.float16)
    np.savez_compressed(path, **kept)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--data", type=Path, default=Path("plays"))
    ap.add_argument("--hidden", default="128,64")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=int, default=None)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--tau", type=float, default=None)
    ap.add_argument("--save", action="store_true")
    args = ap.parse_args()
    v = make_variant(args.variant, players=args.players)
    key = P.model_key(v)
    paths = sorted(args.data.glob(f"{v.id}-{v.n}p-s*.npz"))
    if not paths:
        raise SystemExit(f"no parts of {key} in {args.data}")
    t0 = time.perf_counter()
    data = load(paths, args.deals)
    fold = data["deal"] % 10
    lay = P.Layout(v)
    train_d, valid_d, test_d = subset(data, fold >= 2), subset(data, fold == 1), subset(
        data, fold == 0)
    deals = len(np.unique(data["deal"]))
    print(f"{key}: {deals} deals, {len(data['deal'])} decisions ({len(train_d['deal'])} to "
          f"train, {len(valid_d['deal'])} to stop, {len(test_d['deal'])} held out)")
    hidden = [int(h) for h in args.hidden.split(",")]
    params, _ = train(Batch(lay, train_d, args.tau), hidden, args.epochs, args.seed,
                      Batch(lay, valid_d), lr=args.lr, batch=args.batch)
    shipped = [p.astype(np.float16).astype(np.float32) for p in params]
    size = sum(p.size for p in params)
    print(f"{size} weights ({2 * size / 1024:.0f} kB at 16 bits); "
          f"{time.perf_counter() - t0:.0f} s")
    test = Batch(lay, test_d)
    rows = [("network", *scores(shipped, test))]
    fit = subset(train_d, np.arange(len(train_d["deal"])) % 10 == 0)
    betas = (0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.5, 1.0)
    beta = max(betas, key=lambda b: greedy_scores(v, fit, b)[1])
    rows.append((f"greedy one-trick (beta {beta:g}, fitted)", *greedy_scores(v, test_d, beta)))
    rows.append(("greedy one-trick (beta 0.3)", *greedy_scores(v, test_d, 0.3)))
    rows.append(("uniform among the legal cards", *uniform_scores(test_d)))
    print("| model | top-1 | mean log-likelihood |\n|---|---|---|")
    for name, acc, ll in rows:
        print(f"| {name} | {100 * acc:.1f}% | {ll:.3f} |")
    if args.save:
        path = Path(P.__file__).with_name(P.WEIGHTS)
        save(path, key, params)
        print(f"saved under {key}")


if __name__ == "__main__":
    main()
