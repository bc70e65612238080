"""What a host sends read back into the engine's own types: a ``view`` message's view as a
``SeatView``, its events as the engine's events. The inverse of ``protocol.view_json`` and
``protocol.events_to_json``, both by the engine's codec (``engine.codec``), so that a client
can draw the table with the same code as the table on one screen, from nothing but what its
seat may see.

An event of a kind this client does not know (a later host's) is left out, as the protocol
asks of a client; a field it does not know is ignored.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine import codec
from ..engine.event_base import Event
from ..engine.spectator import SPECTATOR
from ..engine.variant import Variant
from ..engine.view import SeatView


def event_from_json(data: dict[str, Any], variant: Variant) -> Event | None:
    """An event as the host wrote it; None for a kind this client does not know."""
    return codec.event_from_json(data, variant.signal_names)


def events_from_json(data: list[dict[str, Any]], variant: Variant) -> tuple[Event, ...]:
    return codec.events_from_json(data, variant.signal_names)


def view_from_json(body: dict[str, Any], events: tuple[Event, ...], variant: Variant,
                   watching_from: int = 0) -> SeatView:
    """The ``view`` of a ``view`` message as the engine's ``SeatView``, with ``events`` (the
    deal's events the client holds for that seat, all of them). A watcher's view (its seat
    ``null``) is read as a seat holding no card sees the events, then drawn from
    ``watching_from``'s place at the table."""
    watching = body["seat"] is None
    view = codec.view_from_json(body, events, variant, seat=SPECTATOR if watching else None)
    if watching:  # the fields read from the events are read as the watcher's
        view.contract  # noqa: B018 (read now: the place drawn from is not the one seen from)
        view = replace(view, seat=watching_from)
    return view
