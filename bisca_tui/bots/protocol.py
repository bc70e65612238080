"""The bot protocol's side of the data: a variant's public facts and a new deal as the JSON
the table sends (docs/bot-protocol.md pins its fields; a seat's view and a deal's result are
written by ``engine.codec``, and named here as the protocol names them), the kinds of failure
a program can show, and a program's words made safe to quote in a notice."""

from __future__ import annotations

from typing import Any

# a seat's view and a deal's score are written by the engine's codec, the one form of them
from ..engine.codec import plain
from ..engine.codec import result_to_json as result_to_json
from ..engine.codec import view_to_json as view_to_json
from ..engine.narrate.sayings import Failure, words
from ..engine.variant import Variant
from ..engine.view import SeatView

PROTOCOL_VERSION = 1


# Kinds of failure, for programs that report them (the arena's ``--json``).
START = "start"  # the program could not be started
CRASH = "crash"  # it exited, crashed or closed its output
TIMEOUT = "timeout"  # it did not answer in time
GARBAGE = "garbage"  # it wrote something that is not the expected protocol message
ILLEGAL = "illegal"  # its answer is not an action, or not a legal one
PROTOCOL = "protocol"  # its greeting is not a hello, or names another protocol version
FAILURE_KINDS = (START, CRASH, TIMEOUT, GARBAGE, ILLEGAL, PROTOCOL)


class BotFailure(Exception):
    """Why a program lost its seat (``said``, told in the reader's language; the exception's
    text is its English words), and the kind of failure."""

    def __init__(self, said: Failure, kind: str) -> None:
        super().__init__(words(said, english=True))
        self.said = said
        self.kind = kind


# ----- a variant's public facts and a new deal -----------------------------------------------


def variant_json(v: Variant) -> dict[str, Any]:
    return {
        "name": v.name,
        "family": v.family,
        "ranking": {"order": list(v.ranking.order), "points": dict(v.ranking.points_by_letter)},
        "hand_size": v.hand_size,
        "restriction": v.restriction,
        "signals": [{"name": s.name, "meaning": s.meaning, "gesture": s.gesture}
                    for s in v.signals],
    }


def deal_to_json(view: SeatView, deal: int, time_limit: float, v: Variant) -> dict[str, Any]:
    """The ``deal`` message that tells a program about a new deal, its ``deal``-th."""
    message: dict[str, Any] = {
        "type": "deal", "deal": deal, "variant": view.variant,
        "options": {k: plain(val) for k, val in view.options},
        "players": view.n_players, "seat": view.seat, "teams": list(view.team_of),
        "dealer": view.dealer, "match_points": list(view.match_points),
        "target": view.target, "time_limit": time_limit,
    }
    message.update(variant_json(v))
    return message


def escaped(text: str) -> str:
    """``text`` with every character that does not print (ESC, line breaks, bidirectional
    overrides, zero-width ones) written as its escape: what is shown is what is there."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def short(text: str, limit: int = 60) -> str:
    """A program's words as a notice quotes them: ``escaped``, at most ``limit`` long."""
    text = escaped(text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def clean_name(name: str) -> str:
    text = "".join(ch for ch in name if ch.isprintable()).strip()
    return short(text, 40)
