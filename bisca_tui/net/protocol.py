"""The network protocol's side of the data (docs/network-protocol.md pins it): one JSON
object per line in UTF-8, each with a ``type``; the limits a host holds every client to;
text from a player (names, chat) made safe to show; and a seat's view, its events and a
watcher's view as the JSON a host sends.

A view and its events are written by the engine's codec (``engine.codec``), the bot
protocol's form of a view with the network's few fields more, from the ``SeatView`` alone, so
that nothing hidden from a seat can reach its client. The events are the ones the seat may see
(``SeatView.events``), each with its cards, bids and suits in the project's notation.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import fields, replace
from typing import Any

from ..engine import codec
from ..engine.calling import known_partner
from ..engine.codec import plain as plain
from ..engine.event_base import Event
from ..engine.events import HandShown
from ..engine.state import GameState
from ..engine.variant import Variant
from ..engine.view import SeatView

PROTOCOL = 1
MAX_LINE = 64 * 1024  # bytes in one line, its newline included: longer ends the connection
MAX_NAME = 24  # characters of a player's name
MAX_NAME_SENT = 240  # characters of a name in a hello, before it is cleaned and cut
MAX_CHAT = 200  # characters of one line of chat

# message types, client to host
HELLO, SIT, ACT, CHAT, BYE = "hello", "sit", "act", "chat", "bye"
# host to client (and ``chat``)
WELCOME, LOBBY, VIEW, REFUSED, ERROR, OVER = (
    "welcome", "lobby", "view", "refused", "error", "over")


class ProtocolError(ValueError):
    """A line that is not a protocol message: not UTF-8, not JSON (or JSON whose strings
    hold a lone surrogate, which is no text), not an object with a ``type``, or too long."""


_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")  # JSON's escape of a surrogate


def encode(message: dict[str, Any]) -> bytes:
    """One message as the line sent: compact JSON, UTF-8, ended by a newline."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """A line read (its newline included or not) as a message; ``ProtocolError`` says why
    it is not one."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line is longer than {MAX_LINE} bytes")
    try:
        message = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ProtocolError("a line is not UTF-8") from None
    except (ValueError, RecursionError):
        raise ProtocolError("a line is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message must be a JSON object with a \"type\"")
    if _SURROGATE.search(line):  # a pair is text; a lone one cannot be written out again
        try:
            json.dumps(message, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise ProtocolError("a line holds a lone surrogate, which is not text") from None
    return message


def clean_text(text: Any, limit: int) -> str:
    """A player's words fit to show to the others: every character that does not print
    (escape sequences' ESC, line breaks, bidirectional overrides, zero-width ones) gone,
    spaces squeezed, at most ``limit`` characters."""
    if not isinstance(text, str):
        return ""
    kept = "".join(ch if ch.isprintable() and unicodedata.category(ch) != "Cf" else " "
                   for ch in text)
    return " ".join(kept.split())[:limit]


# ----- a seat's view and its events --------------------------------------------------------

def events_to_json(events: tuple[Event, ...], variant: Variant) -> list[dict[str, Any]]:
    """Events as JSON (``codec.event_to_json``): each its kind and its fields, cards, bids
    and suits in notation (a card the seat may not see is ``null``, as the engine hides it)."""
    return codec.events_to_json(events, variant.signal_names)


def view_json(view: SeatView, variant: Variant) -> dict[str, Any]:
    """The ``view`` field of a ``view`` message: the bot protocol's encoding of it, and the
    contract and partnerships as this seat knows them (``codec.view_to_json``)."""
    return codec.view_to_json(view, variant.signal_names, contract=True)


WATCHER = -1  # the seat a watcher's events are seen from: one that holds no card


def public_cards(state: GameState, seat: int) -> tuple[int, ...]:
    """The cards of ``seat``'s hand that every other seat knows it holds."""
    others = [state.known[x][seat] for x in range(state.n) if x != seat]
    if not others:
        return ()
    return tuple(sorted(set.intersection(*others) & set(state.hands[seat])))


def watcher_view(state: GameState) -> SeatView:
    """What someone watching the table may know: every hand face down but for its public
    cards (a hand laid open to every seat is open to the watcher too), no signal, a secret
    partner kept secret until the game shows it, and the events as a seat holding no card
    sees them."""
    events = tuple(watcher_sees(e, state.n) for e in state.events)
    v = state.view(0)
    known = tuple(public_cards(state, s) for s in range(state.n))
    c = state.bidding.contract
    side_of = v.side_of  # seat 0's, which knows more only of a secret partner
    contract = None
    if c is not None:
        partner = known_partner(state, WATCHER)  # None until the game shows it
        if c.called is not None and partner is None:  # only the bidder's side is known
            side_of = tuple(0 if s == c.bidder else None for s in range(state.n))
        contract = replace(c, partner=partner)
    table = {f.name: getattr(v, f.name) for f in fields(SeatView)[:_TABLE_FIELDS]}
    table.update(hand=(), side_of=side_of, legal=())
    # what is read from the events is read from the watcher's, never from seat 0's
    return SeatView(**table, events=tuple(e for e in events if e is not None), known=known,
                    contract=contract, signals=(), discards=(), rules=v.rules)


def watcher_sees(event: Event, n: int) -> Event | None:
    """An event as someone watching a table of ``n`` seats sees it: a public one whole, and
    a hand laid open to every seat (Sueca for three's dummy, open hands) too; any other as
    a seat holding no card sees it, or None."""
    if event.public or isinstance(event, HandShown) and len({event.seat, *event.to}) == n:
        return event
    return event.as_seen_by(WATCHER)


# the fields of a view that are the table as it lies (before ``events``)
_TABLE_FIELDS = [f.name for f in fields(SeatView)].index("events")
