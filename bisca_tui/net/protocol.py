"""The network protocol's side of the data (docs/network-protocol.md pins it): one JSON
object per line in UTF-8, each with a ``type``; the limits a host holds every client to;
text from a player (names, chat) made safe to show; and a seat's view and its events as the
JSON a host sends (a watcher is sent the spectator's view, which the engine builds:
``engine.spectator``).

A view and its events are written by the engine's codec (``engine.codec``), the bot
protocol's form of a view with the network's few fields more, from the ``SeatView`` alone, so
that nothing hidden from a seat can reach its client. The events are the ones the seat may see
(``SeatView.events``), each with its cards, bids and suits in the project's notation.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

import orjson

from ..engine import codec
from ..engine.codec import plain as plain
from ..engine.event_base import Event
from ..engine.variant import Variant
from ..engine.view import SeatView

PROTOCOL = 2  # the newest version of the protocol
# the versions a host speaks, each to the clients that asked for it: version 1 (whose views
# also describe the last action, ``after``) until its clients have moved to 2
PROTOCOLS = frozenset({1, 2})
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


# what the standard library would refuse (a dataclass, a date) is refused here too
_ORJSON = (orjson.OPT_APPEND_NEWLINE | orjson.OPT_PASSTHROUGH_DATACLASS
           | orjson.OPT_PASSTHROUGH_DATETIME)


def encode(message: dict[str, Any]) -> bytes:
    """One message as the line sent: compact JSON, UTF-8, ended by a newline. Written by
    orjson, several times faster than the standard library at the host's every view and
    the same bytes (``encode_slowly`` is the reference); a message it cannot write (an
    integer past 64 bits, a lone surrogate) is left to the standard library, which says
    why."""
    try:
        return orjson.dumps(message, option=_ORJSON)
    except (TypeError, orjson.JSONEncodeError):
        return encode_slowly(message)


def encode_slowly(message: dict[str, Any]) -> bytes:
    """``encode`` by the standard library."""
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


def speaks(version: Any) -> bool:
    """Whether a hello's ``protocol`` is a version this host serves."""
    return isinstance(version, int) and not isinstance(version, bool) and version in PROTOCOLS


def versions() -> str:
    """The versions served, as a refusal names them ("1 or 2")."""
    return " or ".join(map(str, sorted(PROTOCOLS)))


# ----- a seat's view and its events --------------------------------------------------------

def events_to_json(events: tuple[Event, ...], variant: Variant) -> list[dict[str, Any]]:
    """Events as JSON (``codec.event_to_json``): each its kind and its fields, cards, bids
    and suits in notation (a card the seat may not see is ``null``, as the engine hides it)."""
    return codec.events_to_json(events, variant.signal_names)


def view_json(view: SeatView, variant: Variant) -> dict[str, Any]:
    """The ``view`` field of a ``view`` message: the bot protocol's encoding of it, and the
    contract and partnerships as this seat knows them (``codec.view_to_json``)."""
    return codec.view_to_json(view, variant.signal_names, contract=True)
