"""Rules of thumb shared by the bot levels: card counting from a view, the rule-based card
choice, and sensible answers to the special actions (cut or knock, exchange, signals, and the
auction-style actions of later games).

Everything here reads a ``SeatView`` only. "Unseen" cards are those the seat has not seen
played, does not hold and does not know to be in a partner's hand: an opponent or the stock
may hold them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from ..engine import actions as A
from ..engine.variant import Variant, make_variant
from ..engine.view import SeatView


@lru_cache(maxsize=64)
def _variant(variant_id: str, options: tuple, players: int) -> Variant:
    return make_variant(variant_id, dict(options), players)


def variant_of(view: SeatView) -> Variant:
    """The variant (with its house rules) the view belongs to; cached."""
    return _variant(view.variant, view.options, view.n_players)


class Table:
    """What a seat can work out about the trick in front of it.

    ``counting`` True: remembers every card played in the deal. False: remembers only its
    hand and the trick on the table (everything else counts as possibly out there)."""

    def __init__(self, view: SeatView, variant: Variant, counting: bool = True) -> None:
        self.view = view
        self.v = variant
        self.me = view.seat
        self.n = view.n_players
        # this deal's partnerships as the seat knows them; an unknown seat counts as an opponent
        self.team = tuple(side if side is not None else -1 - s
                          for s, side in enumerate(view.side_of))
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
                if s != self.me and self.team[s] == self.team[self.me]:
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
        self.later_opps = [s for s in self.later if self.team[s] != self.team[self.me]]
        self.last = not self.later

    def beats(self, c: int, w: int) -> bool:
        """Whether ``c`` played after ``w`` would beat it."""
        sc, sw = self.suit[c], self.suit[w]
        if sc == sw:
            return self.strength[c] > self.strength[w]
        return sc == self.trump

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


def rule_card(view: SeatView, variant: Variant, counting: bool = True) -> int:
    """The rule-based card choice (the medium level; the easy level with ``counting``
    off)."""
    t = Table(view, variant, counting)
    cards = t.cards
    if len(cards) == 1:
        return cards[0]
    if not t.trick:
        return _lead(t)
    if t.ours:
        return _support(t)
    return _contest(t)


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


def _support(t: Table) -> int:
    """The partner is winning the trick."""
    cards = t.cards
    w = t.win_card
    assert w is not None
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


# ----- special actions ---------------------------------------------------------------


def my_team_behind(view: SeatView) -> bool:
    mine = view.team_of[view.seat]
    scores = list(view.match_points)
    if not scores:
        return False
    return scores[mine] < max(s for t, s in enumerate(scores) if t != mine)


def obvious_choice(view: SeatView, variant: Variant, rng: random.Random) -> int | None:
    """The choice when there is nothing to weigh: the only legal action, a special action
    worth taking, or the first action when no card may be played; else None."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    sp = special_choice(view, variant, rng)
    if sp is not None:
        return sp
    if not any(0 <= a < 80 for a in legal):
        return legal[0]
    return None


def special_choice(view: SeatView, variant: Variant, rng: random.Random,
                   signals: bool = True) -> int | None:
    """A sensible special action when one is open, or None to play a card.

    Cut or knock: knock (hearts trumps, so every game is worth more) when our side is
    behind in the match, cut otherwise. Exchange the 2 of trumps for the indicator whenever
    allowed: the indicator is always the better trump. Signals: tell partners each notable
    holding once per deal. Auction-style actions of later games: name the suit the hand is
    strongest in, call the best trump not held, discard the cheapest card, bid only with a
    strong hand.
    """
    legal = view.legal
    if not legal:
        return None
    plays = [a for a in legal if 0 <= a < 80]
    if A.CUT in legal or A.KNOCK in legal:
        if A.CUT in legal and A.KNOCK in legal:
            return A.KNOCK if my_team_behind(view) else A.CUT
        return A.CUT if A.CUT in legal else A.KNOCK
    if A.EXCHANGE in legal:
        return A.EXCHANGE
    sigs = [a for a in legal if A.is_signal(a)]
    if sigs and signals:
        sent = {s.name for s in view.signals if s.sender == view.seat}
        for a in sigs:
            name = variant.signal_names[a - A.SIGNAL]
            if name not in sent:
                return a
    if plays:
        return None
    return _auction_choice(view, variant, legal)


def _auction_choice(view: SeatView, variant: Variant, legal: Sequence[int]) -> int:
    hand = view.hand
    strength, points, suit = variant.strength, variant.points, variant.suit
    trumps = [a for a in legal if A.TRUMP <= a < A.DISCARD]
    if trumps:
        def suit_value(a: int) -> int:
            s = a - A.TRUMP
            return sum(strength[c] + points[c] + 3 for c in hand if suit[c] == s)
        return max(trumps, key=suit_value)
    calls = [a for a in legal if A.CALL <= a < A.TRUMP]
    if calls:
        return max(calls, key=lambda a: (strength[a - A.CALL] if a - A.CALL not in hand
                                         else -1, -(a - A.CALL)))
    discards = [a for a in legal if A.DISCARD <= a < A.DISCARD + 80]
    if discards:
        return min(discards, key=lambda a: (points[a - A.DISCARD], strength[a - A.DISCARD]))
    bids = [a for a in legal if A.BID <= a < A.CALL]
    if bids:
        value = sum(points[c] for c in hand) + 2 * sum(1 for c in hand if strength[c] >= 8)
        if value >= 30 or A.PASS not in legal:
            return min(bids)
    if A.PASS in legal:
        return A.PASS
    return legal[0]
