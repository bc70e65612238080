"""Shared helpers for the bot tests: explicit deals and bots small enough to run fast."""

from __future__ import annotations

from benchmark_support import benchmark  # noqa: F401 (the bot tests' own name for it)

from bisca_tui.bots.levels import HardBot
from bisca_tui.engine import GameState, Layout, make_variant, parse_card
from bisca_tui.engine.variant import Variant


def layout(variant: Variant, hands: list[str], indicator: str | None,
           trump: str | None = None, stock_first: list[str] | None = None) -> Layout:
    """A deal with the given hands (cards as text) and indicator; the rest of the pack goes
    to the stock in pack order, after ``stock_first`` (top first)."""
    hs = tuple(tuple(parse_card(c) for c in h.split()) for h in hands)
    ind = parse_card(indicator) if indicator else None
    top = [parse_card(c) for c in (stock_first or [])]
    used = {c for h in hs for c in h} | set(top) | ({ind} if ind is not None else set())
    rest = [c for c in variant.pack() if c not in used]
    t = variant.suit[ind] if ind is not None else "SHDC".index(trump or "H")
    return Layout(hs, t, ind, tuple(top + rest))


def small_hard(seed: int = 0, samples: int = 6) -> HardBot:
    """A hard bot bounded by samples rather than time, so its choices repeat exactly."""
    return HardBot(seed, budget_ms=60_000, max_samples=samples, min_samples=samples)


def variant(vid: str) -> Variant:
    return make_variant(vid)


def chiamata_deal(game: str, hands: list[str], dealer: int = 4,
                  players: int | None = None) -> GameState:
    """A deal of Chiamata or one of its forms (not the Monte): the given cards first in each
    hand, the rest of the pack dealt in pack order to fill the hands to eight."""
    v = make_variant(game, None, players)
    given = [[parse_card(c) for c in h.split()] for h in [*hands, *[""] * (v.n - len(hands))]]
    used = {c for h in given for c in h}
    rest = [c for c in v.pack() if c not in used]
    for h in given:
        while len(h) < 8:
            h.append(rest.pop(0))
    return GameState(v, dealer=dealer, layout=Layout(tuple(map(tuple, given)), 0, None, ()))


def small_policy(variant: Variant):
    """A small network with seeded random weights for ``variant`` (numpy needed): the
    reader's arithmetic can be checked against the model's without a learned one."""
    from bisca_tui.bots import policy as P

    lay = P.Layout(variant)
    return P.Policy(variant, benchmark("train_policy").init([lay.inputs, 24, lay.size], seed=5))
