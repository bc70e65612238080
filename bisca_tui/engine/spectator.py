"""What someone watching a table may know: the spectator's view, built by the engine as it
builds a seat's (``view.make_view``), for whoever holds no seat in the deal (a watcher of a
shared table, a player sitting the deal out).

A spectator is no seat: it holds no hand, has nothing to play and no partner to be shown a
card or sent a sign, so its view is made here, from the table as it lies and from the events
as someone holding no card sees them (``spectator_sees``), never from a seat's view stripped
afterwards. Every hand is face down but for its public cards (``public_cards``: a hand laid
open to every seat is open to a spectator too), no signal is seen, and a secret partner stays
secret until the game shows it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .calling import known_partner
from .events import Event, HandShown
from .seen import so_far
from .view import SeatView, table_view

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["SPECTATOR", "public_cards", "spectator_sees", "spectator_view"]

SPECTATOR = -1  # the seat a spectator's events are seen from: one that holds no card


def public_cards(state: GameState, seat: int) -> tuple[int, ...]:
    """The cards of ``seat``'s hand that every other seat knows it holds: a hand laid face
    up for all (a dummy, open hands), the turned trump card the dealer keeps, a card taken
    in an exchange. A card shown to a partner alone is not among them."""
    others = [state.known[x][seat] for x in range(state.n) if x != seat]
    if not others:
        return ()
    return tuple(sorted(set.intersection(*others) & set(state.hands[seat])))


def spectator_sees(event: Event, n: int) -> Event | None:
    """An event as someone watching a table of ``n`` seats sees it: a public one whole, and
    a hand laid open to every seat (Sueca for three's dummy, open hands) too; any other as
    a seat holding no card sees it, or None."""
    if event.public or isinstance(event, HandShown) and len({event.seat, *event.to}) == n:
        return event
    return event.as_seen_by(SPECTATOR)


def _sees(event: Event, seat: int, n: int) -> Event | None:
    return spectator_sees(event, n)


def spectator_view(state: GameState) -> SeatView:
    """What a spectator may know of the deal now (its ``seat`` is ``SPECTATOR``): no hand and
    nothing to play, the public cards of every hand, no signal and no card laid aside, the
    partnerships and the contract with a secret partner kept secret until the game shows it,
    and the events as a seat holding no card sees them."""
    v = state.variant
    n = state.n
    events = so_far(state, SPECTATOR, _sees)
    c = state.bidding.contract
    # None until the game shows it (the called card played, or shown)
    contract = None if c is None else replace(c, partner=known_partner(state, SPECTATOR))
    return table_view(
        state, SPECTATOR, hand=(), side_of=v.known_sides(state, SPECTATOR), legal=(),
        events=events,
        # the rest is read from the spectator's events, but for what a seat alone may know
        known=tuple(public_cards(state, s) for s in range(n)), contract=contract,
        signals=(), discards=())
