"""The bot protocol's side of the data: a seat's view, a deal's result and a variant's public
facts as the JSON the table sends (docs/bot-protocol.md pins its fields), the kinds of failure
a program can show, and a program's words made safe to quote in a notice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.actions import action_str
from ..engine.cards import SUITS, card_str
from ..engine.context import protocol_extra
from ..engine.narrate.sayings import Failure, words
from ..engine.variant import DealScore, Variant
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


# ----- serialising a seat's view -------------------------------------------------------------


def _cards(cards: Sequence[int]) -> list[str]:
    return [card_str(c) for c in cards]


def _card(card: int | None) -> str | None:
    return None if card is None else card_str(card)


def plain(value: Any) -> Any:
    """A JSON-friendly copy of a house-rule value or a public variant fact."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return str(value)


def view_to_json(view: SeatView, signal_names: Sequence[str] = ()) -> dict[str, Any]:
    """A seat's view as plain JSON data, cards and actions in the project's notation.

    Only fields of the ``SeatView`` are used, so nothing hidden from the seat can leak.
    """
    return {
        "seat": view.seat,
        "variant": view.variant,
        "options": {k: plain(v) for k, v in view.options},
        "players": view.n_players,
        "teams": list(view.team_of),
        "dealer": view.dealer,
        "phase": view.phase,
        "current": view.current,
        "hand": _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "trump": None if view.trump is None else SUITS[view.trump],
        "indicator": _card(view.indicator),
        "indicator_card": _card(view.indicator_card),
        "stock_count": view.stock_count,
        "leader": view.leader,
        "trick": [{"seat": s, "card": card_str(c)} for s, c in view.trick],
        "tricks": [
            {"leader": t.leader, "seats": list(t.seats), "cards": _cards(t.cards),
             "winner": t.winner, "points": t.points}
            for t in view.tricks
        ],
        "points": list(view.points),
        "known": [_cards(k) for k in view.known],
        "signals": [
            {"sender": s.sender, "name": s.name, "meaning": s.meaning, "gesture": s.gesture,
             "trick": s.trick, "intercepted": s.intercepted}
            for s in view.signals
        ],
        "score_events": [
            {"trick": e.trick, "team": e.team, "points": e.points, "reason": e.reason}
            for e in view.score_events
        ],
        "deal_game_points": list(view.deal_game_points),
        "legal": [action_str(a, signal_names) for a in view.legal],
        "extra": protocol_extra(view.cut_or_knock),
        "match_points": list(view.match_points),
        "target": view.target,
        "history_len": view.history_len,
    }


def result_to_json(result: DealScore) -> dict[str, Any]:
    return {
        "card_points": list(result.card_points),
        "tricks": list(result.tricks),
        "game_points": list(result.game_points),
        "notes": list(result.notes),
        "winner": result.winner,
        "ended_early": result.ended_early,
    }


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
