"""A seat's view after a signal of its own, worked out from the view alone.

A signal costs no turn: the seat that sends one still has its card to play, and the coach
judges that card where it stands once the signal is sent (as the review judges it from the
views the seat was sent). What the sender learns by signalling is only that it signalled:
its partners are told, and it never learns which opponents caught the sign. So the view
after is the view before with that one event more, the sign off the list of those it may
still send this turn, and one action more in the deal. Nothing is read from the game, so a
hint at a table whose deal is elsewhere (a shared table's client) needs nothing more.
"""

from __future__ import annotations

from dataclasses import fields

from ..engine import actions as A
from ..engine.events import Signalled
from ..engine.seen import Told
from ..engine.view import SeatView

_FOLDED = frozenset(Told._fields)  # read again from the events of the view after


def after_own_signal(view: SeatView, action: int) -> SeatView:
    """``view`` once its seat has sent the signal ``action`` (one of its legal actions)."""
    if action not in view.legal or not A.is_signal(action):
        raise ValueError("not a signal this seat may send now")
    seat = view.seat
    mine = view.side_of[seat]
    partners = tuple(s for s, side in enumerate(view.side_of)
                     if s != seat and mine is not None and side == mine)
    sent = Signalled(seat, action - A.SIGNAL, partners, ())
    kept = {f.name: getattr(view, f.name) for f in fields(view)
            if f.init and f.name not in _FOLDED}
    kept.update(events=(*view.events, sent), history_len=view.history_len + 1,
                legal=tuple(a for a in view.legal if a != action))
    return SeatView(**kept)
