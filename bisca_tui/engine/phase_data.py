"""What a deal keeps of its phases: one small immutable record per phase, on the state.

The phase objects (``phases``) are stateless rules; the facts a phase gathers live here,
one record per phase that has any, each replaced (never changed in place) when the phase
adds to it, so that a copy of the state shares them:

- ``Bidding`` (the auction, the call, col Monte's declaration): ``GameState.bidding``;
- ``Aside`` (col Monte's claims, monte and discards): ``GameState.aside``;
- ``Exchanges`` (the trump exchange, a part of play): ``GameState.exchange``;
- ``Signs`` (signs to partners, a part of play): ``GameState.signs``;
- Capixaba's cut or knock is ``context.CutOrKnock``: ``GameState.cut_or_knock``.

A seat's view never copies them: it tells what its seat saw happen, from the events
(``seen.told``; a sign as a seat saw it is a ``SeenSignal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .calling import Contract
    from .exchange import Exchange
    from .tricks import SignalEvent


@dataclass(frozen=True, slots=True)
class Bidding:
    """The auction and the call: what each seat said, in order; the public contract; the
    called card's holder, which no view copies; and whether the bidder showed the called
    card (col Monte)."""

    bids: tuple[tuple[int, int], ...] = ()
    contract: Contract | None = None
    called_holder: int | None = None
    partner_shown: bool = False


@dataclass(frozen=True, slots=True)
class Aside:
    """Col Monte: the seats that kept a hand without counting cards, the cards dealt face
    down to the table for the bidder, and the bidder's cards laid aside."""

    claims: tuple[int, ...] = ()
    monte: tuple[int, ...] = ()
    discards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Exchanges:
    """Every step of the trump exchanges, in order, and the card laid under the indicator
    by an announced one: (seat, card)."""

    steps: tuple[Exchange, ...] = ()
    under: tuple[int, int] | None = None


class Signs(NamedTuple):
    """Every sign sent, in order, and the signs the seat to act sent this turn. A named
    tuple, not a frozen dataclass: one is made for every sign and every card after one, and
    a tuple is several times cheaper to make."""

    log: tuple[SignalEvent, ...] = ()
    this_turn: frozenset[int] = frozenset()


@dataclass(frozen=True)
class SeenSignal:
    """A sign as one seat saw it: sent by it or to it, or caught from an opponent."""

    sender: int
    name: str
    meaning: str
    gesture: str
    trick: int
    intercepted: bool  # True when an opponent's signal was caught by this seat


NO_BIDDING = Bidding()
NOTHING_ASIDE = Aside()
NO_EXCHANGES = Exchanges()
NO_SIGNS = Signs()
