"""The turns of a deal, and of a match, without a screen: the seat to act is asked for its
action, the action is applied for that seat (one from any other seat is refused, and so is
one the rules forbid), and what it caused is reported.

Whatever plays deals goes through here: the table (``table.loop``, which adds the person's
turns, bots answering later, undo and saves), the arena, the sample matches of the game
history, and the bots' bidding search.

A player is asked in one of two ways. A *chooser* (``Choose``) is given the seat's view
and answers an action, as a bot does; ``by_views`` turns one chooser per seat into a
*decider* (``Decide``), which is given the deal and the seat to act and builds that seat's
view once for the action. A search playing sampled deals out may pass a decider of its own
that needs no view, and ``checked=False`` to apply actions it knows to be legal without
checking them again.

A screen that asks for the same seat's view several times in one position (to draw it, to
tell which keys apply, to hand it to a bot) keeps a ``Views``: each seat's view is built
once per position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .events import Event
from .match import Match
from .state import GameState
from .view import SeatView

Choose = Callable[[SeatView], int]  # a seat's player: its view in, its action out
Decide = Callable[[GameState, int], int]  # the deal and the seat to act in, the action out

MAX_ACTIONS = 10000  # more actions than any deal takes: a deal past it does not end


@dataclass(frozen=True)
class Played:
    """An action applied: the seat that took it, and what it caused (nothing is reported for
    an action applied unchecked)."""

    seat: int
    action: int
    events: tuple[Event, ...] = ()


OnAction = Callable[[Played], None]


def seat_to_act(state: GameState) -> int | None:
    """The seat whose turn it is; None when the deal is over or nobody can act."""
    return None if state.is_over() else state.current


def act(state: GameState, action: int, seat: int | None) -> Played:
    """Apply ``seat``'s action (None: the seat to act's). An action from a seat that is not
    to act, or one the rules forbid, raises ``IllegalAction`` and changes nothing."""
    who = state.current if seat is None else seat
    events = state.apply(action, seat)
    assert who is not None  # the engine refuses any action when nobody is to act
    return Played(who, action, events)


def by_views(players: Sequence[Choose]) -> Decide:
    """A decider asking the player of the seat to act (``players[seat]``) with that seat's
    view, built once for the action."""

    def decide(state: GameState, seat: int) -> int:
        return players[seat](state.view(seat))

    return decide


def play_deal(state: GameState, decide: Decide, *, checked: bool = True,
              on_action: OnAction | None = None, limit: int = MAX_ACTIONS) -> int:
    """Play ``state`` to its end, asking ``decide`` for every action; returns how many were
    taken. With ``checked`` (the default) each action is applied for its seat and refused
    when illegal; without, it is applied as known to be legal (a search's playouts).
    ``on_action`` hears of each action applied."""
    taken = 0
    while not state.is_over():
        seat = state.current
        if seat is None:
            raise RuntimeError("nobody can act in a deal that is not over")
        action = decide(state, seat)
        if checked:
            played = act(state, action, seat)
            if on_action is not None:
                on_action(played)
        else:
            state.apply_unchecked(action)
            if on_action is not None:
                on_action(Played(seat, action))
        taken += 1
        if taken > limit:
            raise RuntimeError("the deal does not end")
    return taken


def play_match(match: Match, decide: Decide, *, deals: int | None = None,
               on_action: OnAction | None = None,
               on_deal: Callable[[GameState], None] | None = None) -> Match:
    """Play ``match`` on to its end, or until ``deals`` deals are finished (deals thrown
    in count), asking ``decide`` for every action; ``on_deal`` hears of each deal once it
    is scored into the match."""
    while not match.is_over() and (deals is None or len(match.results) < deals):
        state = match.new_deal()
        play_deal(state, decide, on_action=on_action)
        match.finish_deal()
        if on_deal is not None:
            on_deal(state)
    return match


class Views:
    """Each seat's view of one position, built once: asked again for the same seat while
    the deal has taken no further action, the same view comes back. A new deal, or a deal
    rebuilt (an undo), is a new position."""

    def __init__(self) -> None:
        self._state: GameState | None = None
        self._at = -1
        self._views: dict[int, SeatView] = {}

    def of(self, state: GameState, seat: int) -> SeatView:
        at = len(state.history)
        if state is not self._state or at != self._at:
            self._state, self._at, self._views = state, at, {}
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = state.view(seat)
        return view
