"""The special actions of the easy and medium levels: cut or knock, exchange, claims and
declarations (``PHASE_POLICIES``, by the phase they are open in), signals and requests to a
partner, and the auctions (the bidding and the call of Sueca for five in ``contracts``, and
the auction-style actions of later games).

Everything here reads a ``SeatView`` only; the card play itself is in ``cardplay``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..engine import actions as A
from ..engine import phases as P
from ..engine.actions import Kind as K
from ..engine.auction import Points, RanksThenPoints
from ..engine.variant import ASK_CARDS, ASK_POINTS, REQUEST, Variant
from ..engine.view import SeatView
from .bidding import chiamata_point_auction, rank_auction
from .cardplay import rule_card
from .contracts import point_auction
from .monte_bids import monte_auction
from .table import SURE_ALLY, Table


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
    cut, knock = A.first_of(legal, K.CUT), A.first_of(legal, K.KNOCK)
    if cut is not None and knock is not None:
        return knock if my_team_behind(view) else cut
    return cut if cut is not None else knock


def _exchange(view: SeatView, legal: Sequence[int]) -> int | None:
    """Exchange for the indicator whenever allowed: it is always the better trump."""
    return A.first_of(legal, K.EXCHANGE)


def _claim(view: SeatView, legal: Sequence[int]) -> int | None:
    """A hand without a single counting card: ask for a new deal."""
    return A.first_of(legal, K.REDEAL)


def _declare(view: SeatView, legal: Sequence[int]) -> int | None:
    """Holding the called card: a partner beats playing alone."""
    return A.first_of(legal, K.SHOW)


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
    of the hand (``point_auction``); ``careless`` makes the mistakes of a casual player
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
    bidder = estimate_bidder(variant)
    if bidder is not None and A.of_kind(legal, K.BID, K.CALL, K.PASS, K.REOPEN):
        return bidder(view, variant, legal, rng, careless)
    if kind == Points.kind and A.of_kind(legal, K.BID, K.CALL, K.PASS):
        return point_auction(view, variant, legal, rng, careless)
    if kind == RanksThenPoints.kind:
        return rank_auction(view, variant, legal, rng, careless)
    return _auction_choice(view, variant, legal)


def estimate_bidder(variant: Variant) -> Callable[..., int] | None:
    """The bidding of Chiamata's point forms or of col Monte, for a variant bid in points
    that has one (each takes a ``skill`` added to its estimate); None otherwise."""
    if auction_kind(variant) != Points.kind:
        return None
    if hasattr(variant, "calls_for"):  # Chiamata by points, Subito al Due, al Buio
        return chiamata_point_auction
    if getattr(variant, "monte_size", 0):  # col Monte
        return monte_auction
    return None


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
    trumps = A.of_kind(legal, K.TRUMP)
    if trumps:
        def suit_value(a: int) -> int:
            s = A.card_of(a)
            return sum(strength[c] + points[c] + 3 for c in hand if suit[c] == s)
        return max(trumps, key=suit_value)
    calls = A.of_kind(legal, K.CALL)
    if calls:
        return max(calls, key=lambda a: (strength[A.card_of(a)] if A.card_of(a) not in hand
                                         else -1, -A.card_of(a)))
    discards = A.of_kind(legal, K.DISCARD)
    if discards:
        return min(discards, key=lambda a: (points[A.card_of(a)], strength[A.card_of(a)]))
    bids = A.of_kind(legal, K.BID)
    if bids:
        value = sum(points[c] for c in hand) + 2 * sum(1 for c in hand if strength[c] >= 8)
        if value >= 30 or A.PASS not in legal:
            return min(bids)
    if A.PASS in legal:
        return A.PASS
    return legal[0]
