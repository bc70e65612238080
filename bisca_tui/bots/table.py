"""What a seat reads from its view: the variant it plays, the odds that each seat is its
partner while a called card hides the partner, and the trick in front of it (``Table``).

Everything here reads a ``SeatView`` only. "Unseen" cards are those the seat has not seen
played, does not hold and does not know to be in a partner's hand: an opponent or the stock
may hold them.

A partner made by a called card stays hidden until that card is played. Until then a seat
guesses from the play (``partner_odds``): a seat that fed points to a trick the bidder was
winning looks like the partner, one that took a trick from the bidder does not, and one that
showed it has no trumps cannot hold the called trump. The rule-based play treats a seat as
a partner when that is likelier than not, but neither feeds it nor spares its tricks unless
it is fairly sure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from ..engine.tricks import beats
from ..engine.variant import Variant, make_variant
from ..engine.view import SeatView


@lru_cache(maxsize=64)
def _variant(variant_id: str, options: tuple, players: int) -> Variant:
    return make_variant(variant_id, dict(options), players)


def variant_of(view: SeatView) -> Variant:
    """The variant (with its house rules) the view belongs to; cached."""
    return _variant(view.variant, view.options, view.n_players)


# ----- a partner hidden behind a called card ----------------------------------------

ALONE_ODDS = 0.15  # against one candidate partner: a bidder seldom calls a card it holds
SURE_ALLY = 0.75  # a seat less likely than this to be a partner is neither fed nor spared
RISKY_SEAT = 0.9  # a seat less likely than this to be a partner may be an opponent


def hidden_partner(view: SeatView) -> tuple[int, int] | None:
    """(bidder, called card) while this seat does not know who holds the called card."""
    c = view.contract
    if c is None or c.called is None or c.partner is not None:
        return None
    return c.bidder, c.called


def _plays(view: SeatView, counting: bool) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(seats, cards) of the tricks the seat remembers: all of them, or only the one on the
    table."""
    out = [(t.seats, t.cards) for t in view.tricks] if counting else []
    if view.trick:
        out.append((tuple(s for s, _ in view.trick), tuple(c for _, c in view.trick)))
    return out


def _beats(variant: Variant, trump: int, c: int, w: int) -> bool:
    """Whether ``c`` played after ``w`` would beat it (of two equal cards, the first wins)."""
    return beats(c, w, trump, variant.suit, variant.strength)


def partner_odds(view: SeatView, variant: Variant, counting: bool = True) -> dict[int, float]:
    """While the called card is hidden: relative odds that each seat holds it (the bidder's
    entry: the bidder called its own card and plays alone). Empty when the seat knows.

    Every candidate starts even (a bidder alone much less likely). A seat that showed it
    has no trumps cannot hold the called trump. A seat that fed points to a trick the
    bidder was winning (above all by discarding them) looks like the partner; one that took
    a trick from the bidder, above all by trumping it, looks like an opponent; leading
    trumps, the bidder's suit, is a small hint of a partner."""
    hp = hidden_partner(view)
    if hp is None or view.trump is None:
        return {}
    bidder = hp[0]
    me = view.seat
    odds = {s: 1.0 for s in range(view.n_players) if s not in (me, bidder)}
    if me != bidder:
        odds[bidder] = ALONE_ODDS
    suit, pts = variant.suit, variant.points
    trump = view.trump
    follow = variant.rule_of_play.follows_suit
    for seats, cards in _plays(view, counting):
        led = suit[cards[0]]
        if led == trump and seats[0] != bidder and seats[0] in odds:
            odds[seats[0]] *= 1.5
        w = 0
        for i in range(1, len(cards)):
            s, c = seats[i], cards[i]
            follows = suit[c] == led
            beats = _beats(variant, trump, c, cards[w])
            if s in odds:
                if follow and led == trump and not follows:
                    odds[s] = 0.0
                elif s != bidder and seats[w] == bidder:
                    if beats:
                        odds[s] *= 0.6 if follows else 0.3
                    elif not follows:
                        odds[s] *= 4.0 if pts[c] >= 10 else (2.0 if pts[c] >= 2 else 1.0)
                    elif pts[c] >= 10:
                        odds[s] *= 2.0
                    elif pts[c] >= 3:
                        odds[s] *= 1.3
            if beats:
                w = i
    return odds


def ally_odds(view: SeatView, variant: Variant, counting: bool = True) -> list[float]:
    """Per seat, the chance that it plays on this seat's side in this deal: 1 or 0 where
    the seat knows, a guess from ``partner_odds`` while a called partner is hidden (an
    unknown seat with nothing to go by counts as an opponent)."""
    sides = view.side_of
    me = view.seat
    mine = sides[me]
    hp = hidden_partner(view)
    odds = partner_odds(view, variant, counting) if hp is not None else {}
    total = sum(odds.values())
    out: list[float] = []
    for s in range(view.n_players):
        if s == me:
            out.append(1.0)
        elif sides[s] is not None:
            out.append(1.0 if mine is not None and sides[s] == mine else 0.0)
        elif hp is None or total <= 0 or mine is None:
            out.append(0.0)
        else:
            p = odds.get(s, 0.0) / total
            out.append(p if me == hp[0] else 1.0 - p)
    return out


# leading in Sueca (see ``Table.partner_help``)
SHOWN_HELP = 2.0  # lead preference per sign of a partner's strength in a suit
RUFF_HELP = 5.0  # lead preference for a suit a partner can trump


class Table:
    """What a seat can work out about the trick in front of it.

    ``counting`` True: remembers every card played in the deal. False: remembers only its
    hand and the trick on the table (everything else counts as possibly out there)."""

    def __init__(self, view: SeatView, variant: Variant, counting: bool = True) -> None:
        self.view = view
        self.v = variant
        self.me = view.seat
        self.n = view.n_players
        # this deal's partnerships as the seat knows or guesses them: a seat likelier than
        # not to be a partner counts as one; any other unknown seat as an opponent
        self.ally = ally_odds(view, variant, counting)
        sides = view.side_of
        mine = sides[self.me]
        self.team = tuple(
            side if side is not None else (
                mine if mine is not None and self.ally[s] >= 0.5 else -1 - s)
            for s, side in enumerate(sides))
        self.trump = view.trump if view.trump is not None else -1
        self.suit = variant.suit
        self.strength = variant.strength
        self.pts = variant.points
        self.hand = view.hand
        self.cards = [a for a in view.legal if 0 <= a < 80] or list(view.hand)
        self.trick = [c for _, c in view.trick]
        self.tseats = [s for s, _ in view.trick]
        seen = set(view.hand) | set(self.trick)
        if view.indicator is not None:
            seen.add(view.indicator)
        if counting:
            seen |= view.played_cards()
            for s in range(self.n):
                if s != self.me and sides[s] is not None and sides[s] == mine:
                    seen.update(view.known[s])
        self.unseen = [c for c in variant.pack() if c not in seen]
        self.unseen_trumps = sum(1 for c in self.unseen if self.suit[c] == self.trump)
        trump = self.trump
        self.cost = {c: self.pts[c] + ((8 + self.strength[c]) if self.suit[c] == trump else 0)
                     for c in set(self.cards) | set(self.hand)}
        self.p = sum(self.pts[c] for c in self.trick)
        if self.trick:
            w = 0
            for i in range(1, len(self.trick)):
                if self.beats(self.trick[i], self.trick[w]):
                    w = i
            self.win_card: int | None = self.trick[w]
            self.win_seat: int | None = self.tseats[w]
            self.ours = self.team[self.tseats[w]] == self.team[self.me]
        else:
            self.win_card = None
            self.win_seat = None
            self.ours = False
        k = len(self.trick)
        self.later = [(self.me + i) % self.n for i in range(1, self.n - k)]
        self.later_opps = [s for s in self.later if self.ally[s] < RISKY_SEAT]
        self.last = not self.later
        # games where every card is dealt and suit must be followed (Sueca): a seat that
        # did not follow has no card of that suit for the rest of the deal
        self.rule = variant.rule_of_play
        self.follow = not variant.draws and self.rule.follows_suit
        self.voids: list[set[int]] = [set() for _ in range(self.n)]
        self.shown = [[0] * 4 for _ in range(self.n)]  # signs of strength per seat and suit
        if self.follow:
            self._read_play(counting)

    def _read_play(self, counting: bool) -> None:
        """Voids, and the suits each seat has shown strength in (it led the suit, or won a
        trick of that suit with one of its top cards)."""
        suit, strength, trump = self.suit, self.strength, self.trump
        king = max(strength) - 2  # the third card of a suit (King in Sueca)
        for seats, cards in _plays(self.view, counting):
            led = suit[cards[0]]
            if led != trump:
                self.shown[seats[0]][led] += 1
            w = 0
            for i in range(1, len(cards)):
                s, c = seats[i], cards[i]
                if suit[c] != led:
                    self.voids[s] |= self.rule.voids(cards[:i], c, trump, True, suit, strength)
                if self.beats(c, cards[w]):
                    w = i
            wc = cards[w]
            if len(cards) == self.n and suit[wc] == led != trump and strength[wc] >= king:
                self.shown[seats[w]][led] += 1

    def beats(self, c: int, w: int) -> bool:
        """Whether ``c`` played after ``w`` would beat it."""
        return _beats(self.v, self.trump, c, w)

    def threats(self, c: int) -> list[int]:
        """Unseen cards that would beat ``c``."""
        return [u for u in self.unseen if self.beats(u, c)]

    def premium(self, c: int) -> float:
        """What spending ``c`` costs beyond its points (trumps are worth keeping)."""
        if self.suit[c] != self.trump:
            return 0.0
        base = 6 + self.strength[c]
        if self.unseen_trumps == 0:
            base /= 2  # nobody can trump any more: trumps matter less
        return base

    def cheapest(self, cards: Sequence[int]) -> int:
        return min(cards, key=lambda c: (self.cost[c], self.strength[c]))

    # ----- who may hold what (follow-suit games) -------------------------------------

    def _none_chance(self, seat: int, x: int) -> float:
        """The chance that ``seat`` holds no card of suit ``x``, from the unseen cards and
        the hand sizes (known voids count)."""
        if x in self.voids[seat]:
            return 1.0
        if x == self.trump and any(self.suit[c] == x for c in self.view.known[seat]):
            return 0.0
        u = sum(1 for c in self.unseen if self.suit[c] == x)
        h = self.view.hand_sizes[seat]
        if u == 0:
            return 1.0
        pool = sum(self.view.hand_sizes[s] for s in range(self.n)
                   if s != self.me and x not in self.voids[s])
        if pool - u < h:
            return 0.0
        return math.comb(pool - u, h) / math.comb(pool, h)

    def ruff_risk(self, x: int) -> float:
        """The chance that a seat not on our side trumps a lead of plain suit ``x``."""
        if x == self.trump or self.unseen_trumps == 0:
            return 0.0
        safe = 1.0
        for s in range(self.n):
            w = 1.0 - self.ally[s]
            if s == self.me or w <= 0:
                continue
            safe *= 1.0 - w * self._none_chance(s, x) * (1.0 - self._none_chance(s, self.trump))
        return 1.0 - safe

    def partner_help(self, x: int) -> float:
        """How good leading suit ``x`` is for the partners: a suit they showed strength in,
        or one they lack while they may still hold trumps (they can ruff)."""
        if x == self.trump:
            return 0.0
        out = 0.0
        for s in range(self.n):
            a = self.ally[s]
            if s == self.me or a < 0.5:
                continue
            good = SHOWN_HELP * min(self.shown[s][x], 2)
            if x in self.voids[s] and self.unseen_trumps > 0 and self._none_chance(
                    s, self.trump) < 1.0:
                good += RUFF_HELP
            out += a * good
        return out
