"""What a seat has seen, as a small fixed record: the input of the learned model of play.

A ``SeatRecord`` is one card decision as the deciding seat saw it: a code for every card of
the pack (in its hand, on the trick at some position, played earlier by some seat, known to
be held by some other seat, the face-up indicator, the card laid under it, or unseen), the
cards it may play, the stock count, the card points each seat has taken and the tricks
played. Seats are counted from the deciding seat (0 itself, 1 the next to play, ...), so one
record reads the same from every chair.

Everything comes from the seat's view: its hand, its legal cards and its events (the deal's
events as that seat saw them). The public part of a record is folded from the events alone
(``PublicFold``); so the same fold, stopped at an earlier event, gives the public part of
what another seat saw when it played an earlier card (``past_decisions``). With the hand
it held then, rebuilt from a sampled hand (``rebuild_hands``), that is the record the model
reads to say how likely its play was. The view's own fields (stock, points, known cards) are
read from the same events, and a test checks the fold against them.

A hand shown to some seats (Capixaba's partners) is known to them: its cards still held
carry the known code in their records. Another seat's view sees that the hand was shown, not
its cards, so its past decisions name the showing (``hidden_shows``) and the reader supplies
the cards from a sample.

Games of two to four players drawing from a stock or not; the codes are laid out for ``n``
players. Pure Python: the model's arithmetic lives in ``policy``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ..engine import events as E
from ..engine.sampling import initial_stock
from ..engine.variant import Variant
from ..engine.view import SeatView

UNSEEN = 0
HAND = 1
TRICK = 2  # TRICK + k: the trick's k-th card (0 led it), k < n - 1


def played_code(n: int, rel: int) -> int:
    """Played in an earlier trick by the seat ``rel`` places after the deciding one."""
    return 1 + n + rel


def known_code(n: int, rel: int) -> int:
    """Known to be held by the seat ``rel`` (1 .. n-1) places after the deciding one."""
    return 2 * n + rel


def face_code(n: int) -> int:
    """The indicator lying face up."""
    return 3 * n


def under_code(n: int) -> int:
    """The card laid face up under the indicator (an announced exchange)."""
    return 3 * n + 1


def n_codes(n: int) -> int:
    return 3 * n + 2


class SeatRecord(NamedTuple):
    """One card decision as its seat saw it (see the module's text)."""

    n: int
    trump: int
    codes: tuple[int, ...]  # per card of the pack (0 .. size-1)
    legal: tuple[int, ...]  # the cards it may play
    stock: int  # cards left to draw, the face-up indicator included
    points: tuple[int, ...]  # card points taken, per seat counted from the deciding one
    tricks: int  # tricks complete


class Public(NamedTuple):
    """The public part of a record: every code but the hand's, and the counts."""

    codes: tuple[int, ...]
    stock: int
    points: tuple[int, ...]
    tricks: int


def pack_size(variant: Variant) -> int:
    return 80 if max(variant.pack()) >= 40 else 40


class PublicFold:
    """The public facts of a deal, folded from its events one at a time: the trick on the
    table, the cards each seat played, the cards each seat is known to hold, the face-up
    indicator and the card laid under it, points and tricks."""

    def __init__(self, variant: Variant, n: int) -> None:
        self.n = n
        self.size = pack_size(variant)
        self.stock0 = initial_stock(variant)
        self.trick: list[tuple[int, int]] = []
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.known: list[set[int]] = [set() for _ in range(n)]
        self.points = [0] * n
        self.tricks = 0
        self.face: int | None = None
        self.under: int | None = None
        # hands shown to some seats (Capixaba's partners): the cards of the last showing
        # still held, as far as this view saw them, and who saw them
        self.shown: list[set[int]] = [set() for _ in range(n)]
        self.viewers: list[frozenset[int]] = [frozenset()] * n

    def step(self, e: E.Event) -> None:
        kind = type(e)
        if kind is E.CardPlayed:
            self.trick.append((e.seat, e.card))
            self.known[e.seat].discard(e.card)
            self.shown[e.seat].discard(e.card)
        elif kind is E.TrickWon:
            for s, c in zip(e.seats, e.cards, strict=True):
                self.played[s].append(c)
            self.points[e.seat] += e.points
            self.trick = []
            self.tricks += 1
        elif kind is E.IndicatorTurned:
            self.face = e.card
        elif kind is E.IndicatorDrawn:
            self.face = None
            self.known[e.seat].add(e.card)
        elif kind is E.ExchangeAnnounced:
            self.under = e.card
        elif kind is E.ExchangeMade:
            self.face, self.under = e.gave, None
            self.known[e.seat].discard(e.gave)
            self.shown[e.seat].discard(e.gave)
            self.known[e.seat].add(e.took)
        elif kind is E.ExchangeReturned:
            self.under = None
            self.known[e.seat].add(e.card)
        elif kind is E.TrumpShown:
            self.known[e.seat].add(e.card)
        elif kind is E.HandShown:
            self.shown[e.seat] = set(e.cards)  # empty where this view was not shown it
            self.viewers[e.seat] = self.viewers[e.seat] | frozenset(e.to)

    def stock(self) -> int:
        return max(0, self.stock0 - self.n * self.tricks) if self.stock0 else 0

    def public(self, seat: int) -> Public:
        """The public part of the record of ``seat`` deciding now."""
        n = self.n
        codes = [UNSEEN] * self.size
        for s in range(n):
            rel = (s - seat) % n
            pc = played_code(n, rel)
            for c in self.played[s]:
                codes[c] = pc
            if rel:
                kc = known_code(n, rel)
                for c in self.known[s]:
                    codes[c] = kc
                if seat in self.viewers[s]:
                    for c in self.shown[s]:
                        codes[c] = kc
        for k, (_, c) in enumerate(self.trick):
            codes[c] = TRICK + k
        if self.face is not None:
            codes[self.face] = face_code(n)
        if self.under is not None:
            codes[self.under] = under_code(n)
        pts = tuple(self.points[(seat + r) % n] for r in range(n))
        return Public(tuple(codes), self.stock(), pts, self.tricks)


def with_hand(n: int, trump: int, pub: Public, hand: Sequence[int],
              legal: Sequence[int]) -> SeatRecord:
    codes = list(pub.codes)
    for c in hand:
        codes[c] = HAND
    return SeatRecord(n, trump, tuple(codes), tuple(legal), pub.stock, pub.points, pub.tricks)


def record_of(view: SeatView, variant: Variant) -> SeatRecord:
    """The record of the card decision ``view`` asks for (its legal card actions)."""
    assert view.trump is not None
    fold = PublicFold(variant, view.n_players)
    for e in view.events:
        fold.step(e)
    legal = [a for a in view.legal if 0 <= a < 80]
    return with_hand(view.n_players, view.trump, fold.public(view.seat), view.hand, legal)


class PastDecision(NamedTuple):
    """A card another seat played, with the public part of what it saw then."""

    card: int
    public: Public
    index: int  # its place among the seat's card plays in the deal (0: its first)
    trick: tuple[int, ...] = ()  # the cards already on the trick when it played
    stock_empty: bool = True  # whether the stock (indicator included) was gone then
    # hands shown to it that this view did not see (Capixaba's opponents, shown to each
    # other): (seat, k), the last showing of that seat's hand, its k-th (0: its first);
    # the cards of it still unseen were known to it (``known_code``) when it played
    hidden_shows: tuple[tuple[int, int], ...] = ()


class Timeline(NamedTuple):
    """Everything public that moved cards into or out of one seat's hand, in order:
    ``("play", card, k)`` its k-th decision (see ``decisions[k]``), ``("draw", card)``
    a draw (``-1``: a card nobody saw), ``("took", took, gave)`` the indicator taken (gave:
    the card given at once, -1 when it had been laid under it), ``("laid", card)`` a card
    laid under the indicator, ``("back", card)`` that card returned, ``("shown", k)`` its
    hand shown to some seats for the k-th time."""

    decisions: list[PastDecision]
    steps: list[tuple[int, ...]]
    arrivals: frozenset[int]  # the cards seen joining the hand (taken, drawn face up, back)


PLAY, DRAW, TOOK, LAID, BACK, SHOWN = range(6)


def past_decisions(view: SeatView, variant: Variant, seat: int) -> Timeline:
    """The card plays of ``seat`` so far, each with the public part of its record, and the
    timeline of its hand (for ``rebuild_hands``). Read from ``view``'s events only."""
    n = view.n_players
    fold = PublicFold(variant, n)
    decisions: list[PastDecision] = []
    steps: list[tuple[int, ...]] = []
    rounds = fold.stock0 // n if variant.draws else 0
    laid = False
    pending_draw = False  # a trick with draws after it just completed
    shows = [0] * n  # each seat's showings so far
    hidden: dict[int, int] = {}  # the seats shown to ``seat`` out of this view's sight
    for e in view.events:
        kind = type(e)
        if pending_draw and kind is not E.ExchangeMade and kind is not E.ExchangeReturned:
            # the draws come after the trick's exchange and before the next card; the last
            # draw gives the indicator to one seat (its IndicatorDrawn comes next)
            pending_draw = False
            if kind is E.IndicatorDrawn:
                steps.append((DRAW, e.card if e.seat == seat else -1))
            else:
                steps.append((DRAW, -1))
        if kind is E.CardPlayed and e.seat == seat:
            k = len(decisions)
            pub = fold.public(seat)
            decisions.append(PastDecision(e.card, pub, k, tuple(c for _, c in fold.trick),
                                          pub.stock == 0, tuple(sorted(hidden.items()))))
            steps.append((PLAY, e.card, k))
        elif kind is E.ExchangeAnnounced and e.seat == seat:
            steps.append((LAID, e.card))
            laid = True
        elif kind is E.ExchangeMade and e.seat == seat:
            steps.append((TOOK, e.took, -1 if laid else e.gave))
            laid = False
        elif kind is E.ExchangeReturned and e.seat == seat:
            steps.append((BACK, e.card))
            laid = False
        elif kind is E.HandShown:
            if e.seat == seat:
                steps.append((SHOWN, shows[seat]))
            elif seat in e.to and not e.cards:
                hidden[e.seat] = shows[e.seat]
            shows[e.seat] += 1
        fold.step(e)
        if kind is E.TrickWon and fold.tricks <= rounds:
            pending_draw = True
    if pending_draw:
        steps.append((DRAW, -1))
    arrivals = frozenset(s[1] for s in steps
                         if (s[0] == DRAW and s[1] >= 0) or s[0] in (TOOK, BACK))
    return Timeline(decisions, steps, arrivals)


def rebuild_hands(timeline: Timeline, hand_now: Sequence[int], rng: random.Random,
                  last: int | None = None) -> dict[int, tuple[int, ...]] | None:
    """The hand the seat held at each of its decisions (by index), rebuilt backwards from
    ``hand_now`` (a sampled hand): each card played added back, each draw taken out (the
    card seen drawn, or one of the hand's at random: which card came when is not seen, and
    every order is as likely), the exchanges undone; and at each showing of it (key
    ``-1 - k`` for its k-th). Only back to the ``last`` decisions when given. None when
    ``hand_now`` cannot be the seat's hand (a card seen to join it is missing)."""
    hand = list(hand_now)
    out: dict[int, tuple[int, ...]] = {}
    arrivals = timeline.arrivals
    stop = len(timeline.decisions) - last if last is not None else 0
    for step in reversed(timeline.steps):
        kind = step[0]
        if kind == PLAY:
            if step[2] < stop:
                break
            hand.append(step[1])
            out[step[2]] = tuple(hand)
        elif kind == DRAW:
            if step[1] >= 0:
                if step[1] not in hand:
                    return None
                hand.remove(step[1])
            else:  # not a card seen to join the hand at its own time
                free = [c for c in hand if c not in arrivals] if arrivals else hand
                if not free:
                    return None
                hand.remove(free[rng.randrange(len(free))])
        elif kind == TOOK:
            if step[1] not in hand:
                return None
            hand.remove(step[1])
            if step[2] >= 0:
                hand.append(step[2])
        elif kind == LAID:
            hand.append(step[1])
        elif kind == SHOWN:
            out[-1 - step[1]] = tuple(hand)
        elif step[1] in hand:  # BACK
            hand.remove(step[1])
        else:
            return None
    return out
