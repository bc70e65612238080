"""What could be known of the hidden cards, counted exactly: the chance of each card a seat
cannot see being in each other hand (or in the stock, or aside), over every deal of the
hidden cards that agrees with what the seat saw, each deal as likely as another.

What a seat saw limits the deals by counts alone: how many hidden cards each place holds,
and the suits a seat has shown it lacks (a void is of a whole suit). So the cards of a suit
are alike, and the deals are counted suit by suit: for each way of sharing a suit's cards
among the places (none to a place void in it), the ways of dealing the rest. A card's chance
of a place is then the share of the suit's cards that place holds, on average over the deals.

Where a seat made a promise (a signal that it holds one of some cards), the cards are no
longer alike and the chances are left to sampling (``None``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from math import factorial

from ..engine.sampling import HiddenInfo
from ..engine.variant import Variant

State = tuple[int, ...]  # the hidden cards each place has still to take


def _shares(n: int, room: State, open_: Sequence[bool]) -> Iterator[State]:
    """Every way of giving ``n`` cards to the places, no place more than its ``room``,
    none to a place not ``open_`` to the suit."""
    def deal(i: int, left: int) -> Iterator[list[int]]:
        if i == len(room) - 1:
            if left <= room[i] and (left == 0 or open_[i]):
                yield [left]
            return
        top = min(left, room[i]) if open_[i] else 0
        for k in range(top + 1):
            for rest in deal(i + 1, left - k):
                yield [k, *rest]

    for share in deal(0, n):
        yield tuple(share)


def _ways(n: int, share: State) -> int:
    """The ways of giving ``n`` distinct cards so that each place gets ``share``."""
    out = factorial(n)
    for k in share:
        out //= factorial(k)
    return out


def counted_chances(info: HiddenInfo, variant: Variant, places: Sequence[int | str]
                    ) -> dict[int, tuple[float, ...]] | None:
    """Each card of ``info.unseen``: its chance of each of ``places`` (seats; the stock or
    the cards aside take the view's face-down cards). None where counting does not apply
    (a promise, places that do not match the view) or no deal agrees with the view."""
    if info.promises:
        return None
    room: list[int] = []
    voids: list[frozenset[int]] = []
    for p in places:
        if isinstance(p, int):
            room.append(info.slots[p])
            voids.append(info.voids[p])
        else:
            room.append(info.stock_slots)
            voids.append(frozenset())
    if sum(room) != len(info.unseen) or sum(1 for p in places if not isinstance(p, int)) > 1:
        return None
    by_suit: dict[int, list[int]] = defaultdict(list)
    for c in info.unseen:
        by_suit[variant.suit[c]].append(c)
    suits = sorted(by_suit)
    opens = [[s not in v for v in voids] for s in suits]
    sizes = [len(by_suit[s]) for s in suits]
    # forward: the ways of dealing the suits before each, by the room they leave
    layers: list[dict[State, int]] = [{tuple(room): 1}]
    for n, open_ in zip(sizes, opens, strict=True):
        nxt: dict[State, int] = defaultdict(int)
        for state, w in layers[-1].items():
            for share in _shares(n, state, open_):
                nxt[tuple(a - b for a, b in zip(state, share, strict=True))] += \
                    w * _ways(n, share)
        layers.append(nxt)
    empty = tuple(0 for _ in room)
    total = layers[-1].get(empty, 0)
    if total == 0:
        return None
    # backward: the ways of dealing the suits from each on, from a room to nothing left
    after: dict[State, int] = {empty: 1}
    out: dict[int, tuple[float, ...]] = {}
    for i in range(len(suits) - 1, -1, -1):
        n, open_ = sizes[i], opens[i]
        held = [0] * len(room)  # the suit's cards each place holds, over every deal
        before: dict[State, int] = {}
        for state, w in layers[i].items():
            ways_from = 0
            for share in _shares(n, state, open_):
                rest = after.get(tuple(a - b for a, b in zip(state, share, strict=True)), 0)
                if not rest:
                    continue
                ways = _ways(n, share) * rest
                ways_from += ways
                for k, x in enumerate(share):
                    if x:
                        held[k] += w * ways * x
            if ways_from:
                before[state] = ways_from
        after = before
        chance = tuple(h / (total * n) for h in held)
        for c in by_suit[suits[i]]:
            out[c] = chance
    return out
