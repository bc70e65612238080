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
WELCOME, LOBBY, VIEW, REFUSED, ERROR, OVER, SHUFFLE = (
    "welcome", "lobby", "view", "refused", "error", "over", "shuffle")


class ProtocolError(ValueError):
    """A line that is not a protocol message: not UTF-8, not JSON (or JSON whose strings
    hold a lone surrogate, which is no text), not an object with a ``type``, or too long."""


_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")  # JSON's escape of a surrogate
# digits past what orjson reads as an integer: each digit made "0", anything else " ", then
# looked for as a run (several times faster than a regular expression)
_DIGITS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG_NUMBER = b"0" * 19


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


_PART = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def dump(value: Any) -> bytes:
    """A value as ``encode`` writes it inside a message (no newline): a line may be put
    together from parts, each written once for every message it is the same in, and the
    bytes are the ones ``encode`` writes for the whole (compact JSON is written part by
    part, in order)."""
    try:
        return orjson.dumps(value, option=_PART)
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def dump_fields(fields: dict[str, Any]) -> bytes:
    """The fields of an object as written inside its braces: ``"a":1,"b":2``."""
    return dump(fields)[1:-1]


def decode(line: bytes) -> dict[str, Any]:
    """A line read (its newline included or not) as a message; ``ProtocolError`` says why
    it is not one. Read by orjson, several times faster than the standard library at every
    view a client reads; a line orjson refuses, or one with a number too long for it to
    read as the standard library does (it reads a long integer as a float), is left to the
    standard library (``decode_slowly``, the reference), which says why."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line is longer than {MAX_LINE} bytes")
    if _LONG_NUMBER in line.translate(_DIGITS):
        return decode_slowly(line)
    try:
        message = orjson.loads(line)
    except orjson.JSONDecodeError:
        return decode_slowly(line)
    return _typed(message)  # (orjson refuses a lone surrogate, as this protocol does)


def decode_slowly(line: bytes) -> dict[str, Any]:
    """``decode`` by the standard library."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"a line is longer than {MAX_LINE} bytes")
    try:
        message = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ProtocolError("a line is not UTF-8") from None
    except (ValueError, RecursionError):
        raise ProtocolError("a line is not JSON") from None
    _typed(message)
    if _SURROGATE.search(line):  # a pair is text; a lone one cannot be written out again
        try:
            json.dumps(message, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise ProtocolError("a line holds a lone surrogate, which is not text") from None
    return message


def _typed(message: Any) -> dict[str, Any]:
    """``message`` when it is an object with a ``type``."""
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message must be a JSON object with a \"type\"")
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


class ViewWriter:
    """The ``view`` fields of one table's messages as bytes, as ``view_json`` and ``encode``
    write them, run by run of fields (``codec.NET_RUNS``), each run's bytes kept with the
    values they were written from: a run of the table's fields is written once for every
    view of a position that holds the same (each seat's and the watchers'), a run of a
    seat's own once until its values change (a hand, what it may play, what it knows).
    Kept bytes are only ever given for values equal to the ones they were written from, so
    no view gets a part of another's that is not also its own. The message's own fields,
    the seat it is for and the actions it saw (``GIVEN``), are written as given."""

    GIVEN = ("seat", "history_len")

    def __init__(self, variant: Variant) -> None:
        self.names = variant.signal_names
        runs = codec.NET_RUNS
        # each run: its index, how its values are read, whether it is the table's, and
        # which of the given fields it is (None: it is read from the view)
        self._plan = tuple(
            (i, run.read, run.table,
             self.GIVEN.index(run.names[0]) if run.names[0] in self.GIVEN else None)
            for i, run in enumerate(runs))
        # the values each run was last written from, and their bytes: the table's, and
        # each view's own by its key (a seat, or -1: the watchers')
        self._table: list[tuple[Any, bytes] | None] = [None] * len(runs)
        self._own: dict[int, list[tuple[Any, bytes] | None]] = {}

    def body(self, view: SeatView, key: int, seat: int | None, seen: int) -> bytes:
        """The ``view`` field of a message about ``view`` for the audience ``key``: of
        ``seat`` (None: the watchers'), which saw ``seen`` actions of the deal taken."""
        own = self._own.get(key)
        if own is None:
            own = self._own[key] = [None] * len(self._plan)
        table = self._table
        given = (b'"seat":null' if seat is None else b'"seat":%d' % seat,
                 b'"history_len":%d' % seen)
        parts = []
        for i, read, shared, which in self._plan:
            if which is not None:
                parts.append(given[which])
                continue
            values = read(view)
            kept = table if shared else own
            had = kept[i]
            if had is None or had[0] != values:
                had = kept[i] = (values, self._write(i, values))
            parts.append(had[1])
        return b"{" + b",".join(parts) + b"}"

    def _write(self, i: int, values: tuple[Any, ...]) -> bytes:
        """Run ``i`` written from ``values`` (kept then, for equal values)."""
        run = codec.NET_RUNS[i]
        return dump_fields(dict(zip(run.names, run.write(values, self.names), strict=True)))
