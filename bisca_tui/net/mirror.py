"""What a host sends read back into the engine's own types: a ``view`` message's view as a
``SeatView``, its events as the engine's events, a deal's score as a ``DealScore``. The
inverse of ``protocol.view_json`` and ``protocol.events_to_json``, so that a client can draw
the table with the same code as the table on one screen, from nothing but what its seat may
see.

An event of a kind this client does not know (a later host's) is left out, as the protocol
asks of a client; a field it does not know is ignored.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine import events as E
from ..engine.actions import parse_action
from ..engine.cards import SUITS, parse_card
from ..engine.event_base import Event
from ..engine.spectator import SPECTATOR
from ..engine.tricks import Trick
from ..engine.variant import DealScore, Variant
from ..engine.view import SeatView
from .protocol import _snake

#: every kind of event, by the name the protocol gives it (``card_played``...)
KINDS: dict[str, type[Event]] = {
    _snake(name): getattr(E, name) for name in E.__all__
    if isinstance(getattr(E, name), type) and issubclass(getattr(E, name), Event)
    and getattr(E, name) is not Event}

_CARD_FIELDS = frozenset({"card", "gave", "took", "indicator"})


def _plain(value: Any) -> Any:
    """JSON's lists as the tuples the engine keeps."""
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    return value


def _card(text: str | None) -> int | None:
    return None if text is None else parse_card(text)


def result_from_json(data: dict[str, Any]) -> DealScore:
    """A deal's score as ``protocol.event_to_json`` writes it."""
    return DealScore(
        card_points=tuple(data["card_points"]), tricks=tuple(data["tricks"]),
        game_points=tuple(data["game_points"]), notes=tuple(data.get("notes", ())),
        winner=data.get("winner"), ended_early=bool(data.get("ended_early", False)),
        winners=tuple(data.get("winners", ())), redeal=bool(data.get("redeal", False)))


def event_from_json(data: dict[str, Any], variant: Variant) -> Event | None:
    """An event as the host wrote it; None for a kind this client does not know."""
    kind = KINDS.get(data.get("kind", ""))
    if kind is None:
        return None
    names = variant.signal_names
    values = []
    for name in kind.fields:
        value = data.get(name)
        if value is None:
            values.append(None)
        elif name in _CARD_FIELDS:
            values.append(parse_card(value))
        elif name == "cards":
            values.append(tuple(parse_card(c) for c in value))
        elif name == "trump":
            values.append(SUITS.index(value))
        elif name == "bid":
            values.append(parse_action(value, names))
        elif name == "signal":
            values.append(names.index(value) if value in names else int(value))
        elif name == "result":
            values.append(result_from_json(value))
        else:
            values.append(_plain(value))
    return kind(*values)


def events_from_json(data: list[dict[str, Any]], variant: Variant) -> tuple[Event, ...]:
    found = (event_from_json(d, variant) for d in data)
    return tuple(e for e in found if e is not None)


def view_from_json(body: dict[str, Any], events: tuple[Event, ...], variant: Variant,
                   watching_from: int = 0) -> SeatView:
    """The ``view`` of a ``view`` message as the engine's ``SeatView``, with ``events`` (the
    deal's events the client holds for that seat, all of them). A watcher's view (its seat
    ``null``) is read as a seat holding no card sees the events, then drawn from
    ``watching_from``'s place at the table."""
    names = variant.signal_names
    seat = body["seat"]
    view = SeatView(
        seat=SPECTATOR if seat is None else seat,
        variant=body["variant"],
        options=tuple(sorted(variant.options.items())),
        n_players=body["players"],
        team_of=tuple(body["teams"]),
        side_of=tuple(body.get("sides") or ()),
        dealer=body["dealer"],
        phase=body["phase"],
        current=body["current"],
        hand=tuple(parse_card(c) for c in body["hand"]),
        hand_sizes=tuple(body["hand_sizes"]),
        trump=None if body["trump"] is None else SUITS.index(body["trump"]),
        indicator=_card(body["indicator"]),
        indicator_card=_card(body["indicator_card"]),
        stock_count=body["stock_count"],
        leader=body["leader"],
        trick=tuple((t["seat"], parse_card(t["card"])) for t in body["trick"]),
        tricks=tuple(Trick(t["leader"], tuple(t["seats"]), tuple(parse_card(c) for c in
                                                                 t["cards"]),
                           t["winner"], t["points"]) for t in body["tricks"]),
        points=tuple(body["points"]),
        legal=tuple(parse_action(a, names) for a in body["legal"]),
        monte=body.get("monte", 0),
        match_points=tuple(body["match_points"]),
        target=body["target"],
        history_len=body["history_len"],
        events=events,
        # what every seat knows each holds, as the host worked it out
        known=tuple(tuple(parse_card(c) for c in k) for k in body["known"]),
        rules=variant,
    )
    if seat is None:  # the fields read from the events are read as the watcher's
        view.contract  # noqa: B018 (read now: the place drawn from is not the one seen from)
        view = replace(view, seat=watching_from)
    return view
