"""A seat's play as a client of a shared table has it: each view written by the host and
read back, and the seat's decisions of a finished deal gathered from those views."""

from __future__ import annotations

from bisca_tui.engine import codec
from bisca_tui.engine.state import GameState
from bisca_tui.engine.view import SeatView


def over_the_wire(view: SeatView) -> SeatView:
    """The view as a client of a shared table has it: written by the host, read back."""
    names = view.rules.signal_names
    body = codec.view_to_json(view, names, contract=True)
    events = codec.events_from_json(codec.events_to_json(view.events, names), names)
    return codec.view_from_json(body, events, view.rules)


def seat_decisions(state: GameState, seat: int) -> list[tuple[int, SeatView, int]]:
    """(step, view before it as sent, action) of ``seat`` in a finished deal, replayed."""
    replay = GameState(state.variant, state.dealer, state.seed, state.layout_given,
                       context=state.context)
    out = []
    for k, action in enumerate(state.history):
        if replay.current == seat:
            out.append((k, over_the_wire(replay.view(seat)), action))
        replay.apply(action)
    return out
