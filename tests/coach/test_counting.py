"""What could be known of the hidden cards is counted exactly: the chances match an
enumeration of every deal that agrees with the view, card by card."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from bisca_tui.coach.counting import counted_chances
from bisca_tui.engine.sampling import HiddenInfo
from bisca_tui.engine.variant import make_variant

VARIANT = make_variant("briscola")
PACK = sorted(VARIANT.pack())


def _enumerated(info, places):
    """Each card's chance per place, by listing every deal (slow: a few cards only)."""
    room = [info.slots[p] if isinstance(p, int) else info.stock_slots for p in places]
    voids = [info.voids[p] if isinstance(p, int) else frozenset() for p in places]
    owner = [k for k, r in enumerate(room) for _ in range(r)]
    seen: Counter = Counter()
    deals = 0
    for order in set(permutations(owner)):
        if any(VARIANT.suit[c] in voids[k] for c, k in zip(info.unseen, order, strict=True)):
            continue
        deals += 1
        for c, k in zip(info.unseen, order, strict=True):
            seen[c, k] += 1
    if not deals:
        return None
    return {c: tuple(seen[c, k] / deals for k in range(len(places))) for c in info.unseen}


@st.composite
def views(draw):
    cards = draw(st.lists(st.sampled_from(PACK), min_size=1, max_size=7, unique=True))
    n = len(cards)
    a = draw(st.integers(0, n))
    b = draw(st.integers(0, n - a))
    stock = n - a - b
    suits = sorted({VARIANT.suit[c] for c in PACK})
    void = st.frozensets(st.sampled_from(suits), max_size=2)
    info = HiddenInfo(unseen=tuple(cards), fixed=((), (), ()), slots=(0, a, b),
                      stock_slots=stock, voids=(frozenset(), draw(void), draw(void)),
                      promises=())
    return info


@settings(max_examples=60, deadline=None)
@given(views())
def test_the_counted_chances_are_those_of_every_deal_that_fits(info):
    places = (1, 2, "stock")
    counted = counted_chances(info, VARIANT, places)
    listed = _enumerated(info, places)
    if listed is None:
        assert counted is None  # no deal fits: left to sampling, which drops the voids
        return
    assert counted is not None
    for c in info.unseen:
        assert counted[c] == tuple(counted[c])
        for x, y in zip(counted[c], listed[c], strict=True):
            assert abs(x - y) < 1e-9, (c, counted[c], listed[c])


def test_a_promise_leaves_the_chances_to_sampling():
    cards = tuple(PACK[:4])
    info = HiddenInfo(unseen=cards, fixed=((), (), ()), slots=(0, 2, 2), stock_slots=0,
                      voids=(frozenset(),) * 3, promises=((1, cards[:2]),))
    assert counted_chances(info, VARIANT, (1, 2)) is None
