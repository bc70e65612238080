"""Rules of thumb shared by the bot levels: card counting from a view, the rule-based card
choice, guessing a hidden partner, and sensible answers to the special actions (cut or knock,
exchange, signals, the bidding and the call of Sueca for five, and the auction-style actions
of later games).

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
import random
from collections.abc import Sequence
from functools import lru_cache

from ..engine import actions as A
from ..engine import phases as P
from ..engine.auction import Points, RanksThenPoints
from ..engine.calling import payment
from ..engine.tricks import beats
from ..engine.variant import ASK_CARDS, ASK_POINTS, REQUEST, Variant, make_variant
from ..engine.view import SeatView
from .bidding import rank_auction


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


# leading in Sueca (see ``_lead_follow`` and ``Table.partner_help``)
CASH_RISK = 0.6  # a sure winner is led when an opponent trumps it no likelier than this
LONG_TRUMPS = 4  # trumps held to lead a top trump (drawing the opponents' trumps)
SHOWN_HELP = 2.0  # lead preference per sign of a partner's strength in a suit
RUFF_HELP = 5.0  # lead preference for a suit a partner can trump


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


# ----- judging a hand for the bidding (Sueca for five) --------------------------------


def suit_features(hand: Sequence[int], variant: Variant, trump: int,
                  partner: bool = True) -> list[float]:
    """What the hand offers with ``trump`` as trumps, as numbers for ``hand_value``: a
    constant, the trumps held and their points, the points of the card called (the strongest
    trump not held; none alone), plain Aces, plain 7s with and without their Ace, plain
    Kings, and plain suits the hand lacks (it may trump them)."""
    suit, strength, pts = variant.suit, variant.strength, variant.points
    top = max(strength)
    trumps = [c for c in hand if suit[c] == trump]
    missing = [c for c in variant.pack() if suit[c] == trump and c not in hand]
    called = max(missing, key=lambda c: strength[c]) if partner and missing else None
    aces = guarded = bare = kings = voids = 0
    for x in range(4):
        if x == trump:
            continue
        ranks = {strength[c] for c in hand if suit[c] == x}
        aces += top in ranks
        if top - 1 in ranks:
            if top in ranks:
                guarded += 1
            else:
                bare += 1
        kings += top - 2 in ranks
        voids += not ranks
    return [1.0, float(len(trumps)), float(sum(pts[c] for c in trumps)),
            float(pts[called]) if called is not None else 0.0,
            float(aces), float(guarded), float(bare), float(kings), float(voids)]


# card points taken (with the called partner, then alone) per feature of ``suit_features``:
# a least-squares fit over some ten thousand deals of Sueca for five played out by the
# medium level, the bidder leading
PARTNER_WEIGHTS = (16.75, 4.9, 1.08, 1.93, 7.58, 1.93, 3.27, 0.91, 2.56)
ALONE_WEIGHTS = (-17.27, 9.77, 1.13, 0.0, 9.08, 1.88, 3.55, 0.96, 2.94)
# how far the points actually taken stray from the estimate (one standard deviation)
PARTNER_SPREAD = 20.0
ALONE_SPREAD = 15.0


def hand_value(hand: Sequence[int], variant: Variant, trump: int,
               partner: bool = True) -> float:
    """The card points the hand is expected to take with ``trump`` as trumps: with the
    partner the call brings (the holder of the strongest trump not held), or alone."""
    w = PARTNER_WEIGHTS if partner else ALONE_WEIGHTS
    f = suit_features(hand, variant, trump, partner)
    return sum(a * b for a, b in zip(w, f, strict=True))


def _make_chance(estimate: float, need: int, spread: float) -> float:
    """The chance of taking at least ``need`` points when ``estimate`` is expected."""
    return 0.5 * (1.0 + math.erf((estimate - need + 0.5) / (spread * math.sqrt(2.0))))


def contract_options(hand: Sequence[int], variant: Variant,
                     noise: Sequence[float] = (0.0,) * 8) -> list[tuple[int, bool, float]]:
    """Every way to play the hand as bidder: (card to call, alone, expected card points).
    With a partner the call is the strongest trump not held; alone, the strongest trump
    held (calling one's own card). ``noise`` is added to the estimates (a careless player
    misjudges)."""
    suit, strength = variant.suit, variant.strength
    out: list[tuple[int, bool, float]] = []
    for x in range(4):
        mine = [c for c in hand if suit[c] == x]
        missing = [c for c in variant.pack() if suit[c] == x and c not in hand]
        if missing:
            call = max(missing, key=lambda c: strength[c])
            out.append((call, False, hand_value(hand, variant, x, True) + noise[2 * x]))
        if mine:
            call = max(mine, key=lambda c: strength[c])
            out.append((call, True, hand_value(hand, variant, x, False) + noise[2 * x + 1]))
    return out


def contract_value(bid: int, alone: bool, estimate: float) -> float:
    """The bidder's expected payment for a contract of ``bid`` (0: at zero, needing 61)."""
    win = payment(bid, alone)[0]
    p = _make_chance(estimate, max(61, bid), ALONE_SPREAD if alone else PARTNER_SPREAD)
    return win * (2.0 * p - 1.0)


def step_floor(bid: int) -> int:
    """The lowest bid that pays the same as ``bid`` (the payments go by steps of ten)."""
    if bid <= 70:
        return 61
    return min(101, (bid - 1) // 10 * 10 + 1)


def _point_auction(view: SeatView, variant: Variant, legal: Sequence[int],
                   rng: random.Random, careless: bool) -> int:
    """Bidding and calling in Sueca for five.

    Bid: the hand is judged with each suit as trumps (``hand_value``), with the partner
    its call brings or alone. When the best estimate is 61 or more and tops the high bid,
    the seat bids it, lowered to the first bid of its step of the payment table (which pays
    the same and is easier to make) but never below the lowest legal bid; else it says 0.
    Call: the contract (suit, partner or alone) with the best expected payment at the bid
    won. A careless player misjudges its hand by several points and now and then bids its
    whole estimate."""
    noise = [rng.gauss(0.0, 8.0) for _ in range(8)] if careless else [0.0] * 8
    options = contract_options(view.hand, variant, noise)
    calls = [a for a in legal if A.CALL <= a < A.TRUMP]
    if calls:
        need = view.contract.need if view.contract is not None else 61
        allowed = [o for o in options if A.CALL + o[0] in calls]
        if not allowed:  # the game limits the call (a two, say): judge each card allowed
            allowed = [(a - A.CALL, a - A.CALL in view.hand,
                        hand_value(view.hand, variant, variant.suit[a - A.CALL],
                                   a - A.CALL not in view.hand)) for a in calls]
        call, _, _ = max(allowed, key=lambda o: (contract_value(need, o[1], o[2]), -o[0]))
        return A.CALL + call
    if A.REOPEN in legal:  # all passed: reopen at the lowest bid when the hand is worth it
        return A.REOPEN if max(o[2] for o in options) >= 61 + 5 else A.PASS
    bids = [a - A.BID for a in legal if A.BID < a < A.CALL]
    estimate = round(max(o[2] for o in options))
    if not bids or estimate < min(bids):
        return A.PASS if A.PASS in legal else legal[0]
    if careless and rng.random() < 0.3 and estimate in bids:
        return A.BID + estimate  # an eager bid: more than the step's first bid pays
    return A.BID + max(step_floor(estimate), min(bids))


# ----- special actions ---------------------------------------------------------------


def my_team_behind(view: SeatView) -> bool:
    mine = view.team_of[view.seat]
    scores = list(view.match_points)
    if not scores:
        return False
    return scores[mine] < max(s for t, s in enumerate(scores) if t != mine)


def obvious_choice(view: SeatView, variant: Variant, rng: random.Random,
                   requests: bool = True) -> int | None:
    """The choice when there is nothing to weigh: the only legal action, a special action
    worth taking, or the first action when no card may be played; else None."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    sp = special_choice(view, variant, rng, requests=requests)
    if sp is not None:
        return sp
    if not any(0 <= a < 80 for a in legal):
        return legal[0]
    return None


def _cut_or_knock(view: SeatView, legal: Sequence[int]) -> int | None:
    """Knock (hearts trumps, so every game is worth more) when our side is behind in the
    match, cut otherwise; the one of them a given layout leaves."""
    if A.CUT in legal and A.KNOCK in legal:
        return A.KNOCK if my_team_behind(view) else A.CUT
    return A.CUT if A.CUT in legal else A.KNOCK if A.KNOCK in legal else None


def _exchange(view: SeatView, legal: Sequence[int]) -> int | None:
    """Exchange for the indicator whenever allowed: it is always the better trump."""
    return A.EXCHANGE if A.EXCHANGE in legal else None


def _claim(view: SeatView, legal: Sequence[int]) -> int | None:
    """A hand without a single counting card: ask for a new deal."""
    return A.REDEAL if A.REDEAL in legal else None


def _declare(view: SeatView, legal: Sequence[int]) -> int | None:
    """Holding the called card: a partner beats playing alone."""
    return A.SHOW if A.SHOW in legal else None


# the choice taken before anything else is weighed, by the phase it is open in; None leaves
# the decision to the signals, the cards and the auction
PHASE_POLICIES = {P.CUT_OR_KNOCK: _cut_or_knock, P.PLAY: _exchange, P.CLAIM: _claim,
                  P.DECLARE: _declare}


def special_choice(view: SeatView, variant: Variant, rng: random.Random,
                   signals: bool = True, careless: bool = False,
                   requests: bool = True) -> int | None:
    """A sensible special action when one is open, or None to play a card.

    Cut or knock: knock (hearts trumps, so every game is worth more) when our side is
    behind in the match, cut otherwise. Exchange the 2 of trumps for the indicator whenever
    allowed: the indicator is always the better trump. Signals: tell partners each notable
    holding once per deal, and again after a partner asked to be told the cards; ask for
    points or for the partner's cards when it pays (``request_choice``; ``requests`` False
    leaves that to the caller, who knows the card it will play). Auction-style actions of
    later games: name the suit the hand is strongest in, call the best trump not held,
    discard the cheapest card, bid only with a strong hand. Sueca for five: bid on the value
    of the hand (``_point_auction``); ``careless`` makes the mistakes of a casual player
    there.
    """
    legal = view.legal
    if not legal:
        return None
    plays = [a for a in legal if 0 <= a < 80]
    policy = PHASE_POLICIES.get(view.phase)
    taken = policy(view, legal) if policy is not None else None
    if taken is not None:
        return taken
    sigs = [a for a in legal if A.is_signal(a)]
    if sigs and signals:
        holdings = [a for a in sigs if variant.signals[a - A.SIGNAL].kind != REQUEST]
        # each holding told once a deal, and told again after the partner asked for them
        since = told_since(view)
        sent = {s.name for s in view.signals[since:] if s.sender == view.seat}
        for a in holdings:
            name = variant.signal_names[a - A.SIGNAL]
            if name not in sent:
                return a
        if requests and plays:
            ask = request_choice(view, variant, sigs, None, counting=not careless)
            if ask is not None:
                return ask
    if plays:
        return None
    kind = auction_kind(variant)
    if kind == Points.kind and any(A.BID <= a < A.TRUMP or a == A.PASS for a in legal):
        return _point_auction(view, variant, legal, rng, careless)
    if kind == RanksThenPoints.kind:
        return rank_auction(view, variant, legal, rng, careless)
    return _auction_choice(view, variant, legal)


def told_since(view: SeatView) -> int:
    """The first of ``view.signals`` that counts as telling the partners this seat's cards:
    after a partner's latest "show me your cards", the holdings are told again."""
    asks = [i for i, s in enumerate(view.signals)
            if s.name == ASK_CARDS and s.sender != view.seat and not s.intercepted]
    return asks[-1] + 1 if asks else 0


def request_choice(view: SeatView, variant: Variant, sigs: Sequence[int],
                   card: int | None, counting: bool = True) -> int | None:
    """A request worth making to the partner before playing ``card`` (None: the card the
    rules of thumb would play), or None.

    "Play me a card with points": when the card will take the trick for sure (it beats the
    trick so far and no card still out beats it) and the partner plays after it, once a
    trick. "Tell me your cards": once a deal, at the seat's first turn after the stock is
    gone, when every card left is in someone's hand and knowing the partner's counts most."""
    names = {variant.signal_names[a - A.SIGNAL]: a for a in sigs if A.is_signal(a)}
    me = view.seat
    now = len(view.tricks)
    mine = [s for s in view.signals if s.sender == me]
    if ASK_POINTS in names and not any(s.name == ASK_POINTS and s.trick == now
                                          for s in mine):
        t = Table(view, variant, counting)
        if any(t.ally[s] >= SURE_ALLY for s in t.later):
            c = card if card is not None else rule_card(view, variant, counting)
            w = t.win_card
            if (w is None or t.beats(c, w)) and not t.threats(c):
                return names[ASK_POINTS]
    if (ASK_CARDS in names and view.stock_count == 0 and view.indicator is None
            and not any(s.name == ASK_CARDS for s in mine)):
        partners = [s for s in range(view.n_players) if s != me
                    and view.side_of[s] is not None and view.side_of[s] == view.side_of[me]]
        if any(view.hand_sizes[s] > 1 for s in partners):
            return names[ASK_CARDS]
    return None


def auction_kind(variant: Variant) -> str:
    """The kind of the variant's bid domain ("" for a game without an auction)."""
    rules = getattr(variant, "auction_rules", None)
    domain = getattr(rules, "domain", None)
    return getattr(domain, "kind", "") if domain is not None else ""


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
