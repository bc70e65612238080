"""What happened in a deal, as typed events.

``GameState.apply`` returns the events an action caused and appends them to
``GameState.events``; a seat's view carries the events that seat may see, in order
(``SeatView.events``). The record keeps actions only: events are always rebuilt by applying
them again.

Most events are public. The others say who may see them through ``as_seen_by(seat)``: the
event as that seat sees it (the whole event, one with its secret parts left out, or None when
the seat sees nothing of it); ``visible_to(seat)`` says whether it sees anything.

- a card laid aside by the bidder (``Discarded``): the bidder sees the card, every other seat
  only that a card was laid aside;
- a hand shown (``HandShown``): the seats it is shown to (and its owner) see the cards, every
  other seat only that it was shown;
- a signal (``Signalled``): the sender, its partners and the opponents who caught it; a
  catcher sees itself among the catchers, nobody learns who else caught it;
- who holds the called card (``PartnerKnown``): that seat alone (the bidder alone when it
  holds it itself) until the card is played or shown (``PartnerShown``, public).

Events hold numbers only (seats, cards as ints, action codes for bids, a signal's index in
the variant's list); words are the narrator's business. An event holds all that its sentence
needs besides the game's rules (the ``Variant``): the narrator reads nothing else of the deal.

An event is a small immutable record (``event_base.Event``): a tuple of its fields with a
name for each. Two events are equal when they are of the same kind with the same fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from .event_base import Event

if TYPE_CHECKING:
    from .variant import DealScore

__all__ = [
    "BiddingWon", "Bid", "CardPlayed", "Called", "Cut", "DealScored", "Declared", "Discarded",
    "Event", "ExchangeAnnounced", "ExchangeMade", "ExchangeReturned", "HandKept", "HandShown",
    "IndicatorDrawn", "IndicatorTurned", "Knock", "MonteTaken", "PartnerKnown", "PartnerShown",
    "Passed", "PointsScored", "RedealAgreed", "RedealClaimed", "Reopened", "Signalled",
    "TrickWon", "TrumpShown", "cards_named",
]


# ----- the deal and trumps ----------------------------------------------------------------

class IndicatorTurned(Event):
    """The trump indicator turned face up after the deal."""

    __slots__ = ()
    fields = ('card',)
    if TYPE_CHECKING:
        card: int


class TrumpShown(Event):
    """Sueca: the dealer's last card, dealt face up, sets trumps."""

    __slots__ = ()
    fields = ('seat', 'card')
    if TYPE_CHECKING:
        seat: int
        card: int


class Cut(Event):
    """Capixaba: the seat chose to cut; ``buried``: Aces and 7s put back before the
    indicator was turned; ``indicator``: the card turned (face up: everyone sees it)."""

    __slots__ = ()
    fields = ('seat', 'buried', 'indicator')
    if TYPE_CHECKING:
        seat: int
        buried: int
        indicator: int


class Knock(Event):
    """Capixaba: the seat knocked; hearts are trumps, no indicator."""

    __slots__ = ()
    fields = ('seat', 'trump')
    if TYPE_CHECKING:
        seat: int
        trump: int


class HandShown(Event):
    """``seat``'s hand (``cards``) shown to the seats ``to``; the others see that it was
    shown, not the cards."""

    __slots__ = ()
    fields = ('seat', 'cards', 'to')
    if TYPE_CHECKING:
        seat: int
        cards: tuple[int, ...]
        to: tuple[int, ...]
    public: ClassVar[bool] = False

    def as_seen_by(self, seat: int) -> Event | None:
        if seat == self.seat or seat in self.to:
            return self
        return self.replace(cards=())


# ----- play -------------------------------------------------------------------------------

class CardPlayed(Event):
    """A card played to the trick."""

    __slots__ = ()
    fields = ('seat', 'card')
    if TYPE_CHECKING:
        seat: int
        card: int


MAX_SEATS = 8
#: every card a seat may play, made once: ``PLAYED[seat * 80 + card]`` (the engine makes one
#: of these for every card played, so it looks it up instead)
PLAYED: tuple[CardPlayed, ...] = tuple(
    tuple.__new__(CardPlayed, (seat, card)) for seat in range(MAX_SEATS) for card in range(80))


class TrickWon(Event):
    """A trick complete: its taker, the seats and cards in play order, its card points."""

    __slots__ = ()
    fields = ('seat', 'seats', 'cards', 'points')
    if TYPE_CHECKING:
        seat: int
        seats: tuple[int, ...]
        cards: tuple[int, ...]
        points: int


class IndicatorDrawn(Event):
    """The face-up indicator drawn as the stock's last card: everyone knows who holds it."""

    __slots__ = ()
    fields = ('seat', 'card')
    if TYPE_CHECKING:
        seat: int
        card: int


class Signalled(Event):
    """A signal (index into the variant's signals) sent to the partners; ``caught``: the
    opponents who caught it."""

    __slots__ = ()
    fields = ('seat', 'signal', 'partners', 'caught')
    if TYPE_CHECKING:
        seat: int
        signal: int
        partners: tuple[int, ...]
        caught: tuple[int, ...]
    public: ClassVar[bool] = False

    def as_seen_by(self, seat: int) -> Event | None:
        if seat in self.caught:
            return self.replace(caught=(seat,)) if len(self.caught) > 1 else self
        if seat == self.seat or seat in self.partners:
            return self.replace(caught=()) if self.caught else self
        return None


class PointsScored(Event):
    """Game points scored during play (a heley), when trick ``trick`` completed."""

    __slots__ = ()
    fields = ('team', 'points', 'reason', 'trick')
    if TYPE_CHECKING:
        team: int
        points: int
        reason: str
        trick: int


# ----- the trump exchange -----------------------------------------------------------------

class ExchangeAnnounced(Event):
    """``card`` laid face up under the indicator, to take it at the seat's next trick won."""

    __slots__ = ()
    fields = ('seat', 'card', 'indicator')
    if TYPE_CHECKING:
        seat: int
        card: int
        indicator: int


class ExchangeMade(Event):
    """``gave`` became the indicator and ``took`` (the old indicator) joined the hand."""

    __slots__ = ()
    fields = ('seat', 'gave', 'took')
    if TYPE_CHECKING:
        seat: int
        gave: int
        took: int


class ExchangeReturned(Event):
    """The stock ran out before the announcer won a trick: ``card`` went back to it."""

    __slots__ = ()
    fields = ('seat', 'card')
    if TYPE_CHECKING:
        seat: int
        card: int


# ----- auction, call and partner ------------------------------------------------------------

class HandKept(Event):
    """Col Monte: a seat without counting cards kept its hand."""

    __slots__ = ()
    fields = ('seat',)
    if TYPE_CHECKING:
        seat: int


class RedealClaimed(Event):
    """Col Monte: a seat showed a hand without counting cards; the same dealer deals again."""

    __slots__ = ()
    fields = ('seat', 'cards')
    if TYPE_CHECKING:
        seat: int
        cards: tuple[int, ...]


class Bid(Event):
    """A bid (its action code: the variant's bid domain names it)."""

    __slots__ = ()
    fields = ('seat', 'bid')
    if TYPE_CHECKING:
        seat: int
        bid: int


class Passed(Event):

    __slots__ = ()
    fields = ('seat',)
    if TYPE_CHECKING:
        seat: int


class Reopened(Event):
    """Everyone had passed: the seat reopened the bidding at the lowest bid."""

    __slots__ = ()
    fields = ('seat', 'bid')
    if TYPE_CHECKING:
        seat: int
        bid: int


class RedealAgreed(Event):
    """Everyone had passed: the seat agreed to a redeal instead of reopening."""

    __slots__ = ()
    fields = ('seat',)
    if TYPE_CHECKING:
        seat: int


class BiddingWon(Event):
    """The auction closed: ``seat`` is the bidder, with ``bid`` (None: nobody bid, the
    dealer plays at zero), needing ``need`` card points."""

    __slots__ = ()
    fields = ('seat', 'bid', 'need')
    if TYPE_CHECKING:
        seat: int
        bid: int | None
        need: int


class Called(Event):
    """The bidder called ``card``: its suit is trumps, its holder the partner."""

    __slots__ = ()
    fields = ('seat', 'card', 'trump')
    if TYPE_CHECKING:
        seat: int
        card: int
        trump: int


class MonteTaken(Event):
    """Col Monte: the bidder took the monte's ``count`` cards, unseen by the others."""

    __slots__ = ()
    fields = ('seat', 'count')
    if TYPE_CHECKING:
        seat: int
        count: int


class Discarded(Event):
    """Col Monte: the bidder laid a card aside; only the bidder sees which (``card`` None
    for the others); everyone sees how many it has ``left`` to lay aside after this one."""

    __slots__ = ()
    fields = ('seat', 'card', 'left')
    if TYPE_CHECKING:
        seat: int
        card: int | None
        left: int
    public: ClassVar[bool] = False

    def as_seen_by(self, seat: int) -> Event | None:
        return self if seat == self.seat else self.replace(card=None)


class Declared(Event):
    """Col Monte: the bidder spoke after laying cards aside, without showing the called card
    (alone in silence, or not holding it: the others cannot tell which)."""

    __slots__ = ()
    fields = ('seat',)
    if TYPE_CHECKING:
        seat: int


class PartnerKnown(Event):
    """``partner`` is the bidder's partner (the bidder itself: alone); seen by ``partner``
    alone, until the called card is played or shown."""

    __slots__ = ()
    fields = ('bidder', 'partner')
    if TYPE_CHECKING:
        bidder: int
        partner: int
    public: ClassVar[bool] = False

    def as_seen_by(self, seat: int) -> Event | None:
        return self if seat == self.partner else None


class PartnerShown(Event):
    """Everyone now knows the bidder's partner (the bidder itself: alone): the called card
    was played, or shown (col Monte: then the partner is the right-hand neighbour)."""

    __slots__ = ()
    fields = ('seat', 'bidder', 'card')
    if TYPE_CHECKING:
        seat: int
        bidder: int
        card: int


# ----- the end ----------------------------------------------------------------------------

class DealScored(Event):
    """The deal is over (played out, ended early, or thrown in for a redeal)."""

    __slots__ = ()
    fields = ('result',)
    if TYPE_CHECKING:
        result: DealScore


def cards_named(event: Event) -> set[int]:
    """Every card an event names (for checking that a seat's events hide what they must)."""
    out: set[int] = set()
    for name, value in zip(event.fields, event, strict=True):
        if name in ("card", "gave", "took", "indicator") and isinstance(value, int):
            out.add(value)
        elif name == "cards":
            out.update(value)
    return out
