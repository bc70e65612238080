"""The rule-based card choice of the easy and medium levels (``rule_card``): leading,
supporting a partner's trick or contesting an opponent's, and answering a partner's request
for points."""

from __future__ import annotations

from ..engine.variant import ASK_POINTS, Variant
from ..engine.view import SeatView
from .table import SURE_ALLY, Table

# leading in Sueca (see ``_lead_follow`` and ``Table.partner_help``)
CASH_RISK = 0.6  # a sure winner is led when an opponent trumps it no likelier than this
LONG_TRUMPS = 4  # trumps held to lead a top trump (drawing the opponents' trumps)


def rule_card(view: SeatView, variant: Variant, counting: bool = True) -> int:
    """The rule-based card choice (the medium level; the easy level with ``counting``
    off)."""
    t = Table(view, variant, counting)
    cards = t.cards
    if len(cards) == 1:
        return cards[0]
    asked = answer_to_request(view, variant, cards)
    if asked is not None:
        return asked
    if not t.trick:
        return _lead_follow(t) if t.follow else _lead(t)
    if t.ours:
        return _support(t)
    return _contest(t)


def points_askers(view: SeatView) -> set[int]:
    """The partners who asked this seat for points in the trick on the table (Brisca's
    "play me a card with points")."""
    now = len(view.tricks)
    return {sg.sender for sg in view.signals if sg.trick == now and sg.name == ASK_POINTS
            and not sg.intercepted and sg.sender != view.seat}


def answer_to_request(view: SeatView, variant: Variant, cards: list[int]) -> int | None:
    """A partner's request for points this trick, answered with the plain figure worth
    most: a King, Horse or Jack that is neither a trump nor a brisca; None when there was no
    such request or no such card."""
    if view.trump is None or not points_askers(view):
        return None
    top = max(variant.points)
    figures = [c for c in cards if variant.suit[c] != view.trump
               and 0 < variant.points[c] < top - 1]
    if figures:
        return max(figures, key=lambda c: variant.points[c])
    return None


def request_to_honour(view: SeatView, variant: Variant, cards: list[int]) -> int | None:
    """``answer_to_request``, while the partner who asked for points can still take the
    trick: it has not played yet, or its card is winning."""
    answer = answer_to_request(view, variant, cards)
    if answer is None:
        return None
    t = Table(view, variant)
    askers = points_askers(view)
    if t.win_seat is None or t.win_seat in askers or not askers & set(t.tseats):
        return answer
    return None


def _lead(t: Table) -> int:
    cards = t.cards
    masters = [c for c in cards if not t.threats(c) and t.pts[c] > 0]
    plain = [c for c in masters if t.suit[c] != t.trump]
    if plain:
        return max(plain, key=lambda c: t.pts[c])
    if masters and (t.view.stock_count == 0 or all(t.suit[c] == t.trump for c in cards)):
        return max(masters, key=lambda c: t.pts[c])
    # lead cheap: no points, no trumps; among equals a suit where higher cards are gone
    return min(cards, key=lambda c: (t.cost[c], len(t.threats(c)) == 0, t.strength[c]))


def _lead_follow(t: Table) -> int:
    """Leading in a follow-suit game where every card is dealt (Sueca).

    1. Cash a plain card with points that no unseen card of its suit beats, unless an
       opponent is likely to trump it. 2. Long in trumps, lead a top trump with points
       (drawing the opponents' trumps). 3. Else lead low, towards the partner: a suit the
       partner showed strength in or can ruff, away from a suit an opponent may trump."""
    cards = t.cards
    suit, pts, trump = t.suit, t.pts, t.trump
    risk = {x: t.ruff_risk(x) for x in {suit[c] for c in cards}}

    def top(c: int) -> bool:
        return not any(suit[u] == suit[c] and t.strength[u] > t.strength[c] for u in t.unseen)

    cash = [c for c in cards if suit[c] != trump and pts[c] > 0 and top(c)
            and risk[suit[c]] <= CASH_RISK]
    if cash:
        return max(cash, key=lambda c: (pts[c], -risk[suit[c]], -c))
    trumps = [c for c in cards if suit[c] == trump and pts[c] > 0 and top(c)]
    if trumps and sum(1 for c in t.hand if suit[c] == trump) >= LONG_TRUMPS:
        return max(trumps, key=lambda c: (pts[c], -c))
    helps = {x: t.partner_help(x) for x in risk}

    def key(c: int) -> tuple[float, bool, int]:
        # a low card goes towards the partner; a card with points is not offered up for it
        x = suit[c]
        toward = helps[x] if pts[c] == 0 else 0.0
        return (t.cost[c] + risk[x] * (4 + pts[c]) - toward, len(t.threats(c)) == 0,
                t.strength[c])

    return min(cards, key=key)


def _support(t: Table) -> int:
    """The partner is winning the trick (or, with a hidden partner, probably is)."""
    cards = t.cards
    w = t.win_card
    assert w is not None and t.win_seat is not None
    if t.ally[t.win_seat] < SURE_ALLY:
        # only a guess: neither feed that seat nor take the trick from it
        keep = [c for c in cards if not t.beats(c, w)] or cards
        return t.cheapest(keep)
    danger = [u for u in t.threats(w)] if t.later_opps else []
    if not danger:
        # safe: give points, never spend a trump or overtake when a cheaper card keeps it
        def load(c: int) -> tuple[float, int, int]:
            return (t.pts[c] - t.premium(c) - (t.pts[c] if t.suit[c] == t.trump else 0),
                    0 if t.beats(c, w) else 1, -t.strength[c])
        return max(cards, key=load)
    if t.p >= 10:
        secure = [c for c in cards if t.beats(c, w) and not t.threats(c)]
        if secure:
            return t.cheapest(secure)
    keep = [c for c in cards if not t.beats(c, w)] or cards
    return t.cheapest(keep)


def _contest(t: Table) -> int:
    """An opponent is winning the trick."""
    cards = t.cards
    w = t.win_card
    assert w is not None
    winners = [c for c in cards if t.beats(c, w)]
    losers = [c for c in cards if c not in winners]

    def take_gain(c: int) -> float:
        return t.p + t.pts[c] - t.premium(c)

    def lose_gain(c: int) -> float:
        return -(t.p + t.pts[c]) - t.premium(c)

    if t.last or not t.later_opps:
        best = max(cards, key=lambda c: (take_gain(c) if c in winners else lose_gain(c),
                                         -t.strength[c]))
        return best
    secure = [c for c in winners if not t.threats(c)]
    if secure:
        c = max(secure, key=lambda c: (take_gain(c), -t.strength[c]))
        if take_gain(c) > 0 or not losers:
            return c
    if t.p >= 10 and winners:
        # worth a fight: the strongest cheap winner
        return min(winners, key=lambda c: (len(t.threats(c)), t.cost[c]))
    return t.cheapest(losers or cards)
