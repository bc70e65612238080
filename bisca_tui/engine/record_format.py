"""Game records as data: the ``Record`` a file holds, its deals and undos, the errors a
record can raise, and the record written back as JSON text (indented, with lists of cards
and actions kept on a few lines).

Reading a record is in ``record_reading``; replaying one, in ``records``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..lang import _
from .state import Layout
from .variant import Variant, make_variant

if TYPE_CHECKING:
    from .shuffle_proof import ShuffleProof

FORMAT = "bisca-tui-record"
VERSION = 1


def at_deal(name: str, deal: int) -> str:
    """Where in a record: its deal ``deal``, counted from 1 (``f.json, deal 2``)."""
    # translators: a place in a game record: {record} is its file's name, {deal} a number
    return _("{record}, deal {deal}").format(record=name, deal=deal)


def at_action(place: str, action: int) -> str:
    """Where in a record: an action (from 1) of a deal or undo (``f.json, deal 2``)."""
    # translators: a place in a game record: {place} is a deal ("f.json, deal 2") or an undo
    # in it; {action} the number of an action (a card played, a bid) there
    return _("{place}, action {action}").format(place=place, action=action)


def at_undo(place: str, undo: int) -> str:
    """Where in a record: an undo (from 1) of a deal."""
    # translators: a place in a game record: {place} is a deal ("f.json, deal 2"); an undo
    # is a note of actions taken back at the table
    return _("{place}, undo {undo}").format(place=place, undo=undo)


def megabytes(n: int) -> str:
    """A size in bytes as a record's messages write it (4.5 MB)."""
    return f"{n / 1_000_000:.1f}".removesuffix(".0") + " MB"


def too_large(size: int | None, most: int) -> str:
    """Why a file of ``size`` bytes (None: more than ``most``) is no record."""
    if size is not None:
        # translators: said of a file after its name and a colon; {size}, {most}: 4.5 MB
        return _("is too large for a game record ({size}; a record holds at most {most})"
                 ).format(size=megabytes(size), most=megabytes(most))
    # translators: said of a file after its name and a colon; {most}: 4 MB
    return _("is too large for a game record (more than {most}; a record holds at most "
             "{most})").format(most=megabytes(most))


def wrong_players(variant: type[Variant], n: int) -> str:
    """Why a record naming ``n`` players is not one of ``variant``."""
    from .spoken import game_name

    seats = str(variant.players[0])
    for k in variant.players[1:]:
        seats = _("{first} or {last}").format(first=seats, last=k)
    # translators: {game} is the game's name; {seats} the numbers of players it takes
    return _("{game} is for {seats} players; the record names {n}").format(
        game=game_name(variant), seats=seats, n=n)


class RecordError(ValueError):
    """A record that cannot be read: ``where`` says where (file, line or field)."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        text = f"{where}: {reason}" if where else reason
        super().__init__(" ".join(text.split()))  # always one line


class RecordIllegalAction(RecordError):
    """A record whose actions break a rule. ``deal`` and ``position`` count from 0; the
    message counts from 1, as people do."""

    def __init__(self, where: str, deal: int, position: int, seat: int | None, action: str,
                 rule: str, player: str | None = None) -> None:
        self.deal = deal
        self.position = position
        self.seat = seat
        self.action = action
        self.rule = rule
        if seat is None:
            # translators: {action} is an action as written in the record (7H, cut); {rule}
            # the rule it breaks, in a sentence
            reason = _("the record goes on with {action}, but nobody may act: {rule}").format(
                action=action, rule=rule)
        elif player:
            # translators: {seat} is a seat's number; {player} the name of who sits there;
            # {action} an action as written in the record (7H, cut); {rule} the rule broken
            reason = _("seat {seat} ({player}) tried {action}, which breaks the rule: {rule}"
                       ).format(seat=seat, player=player, action=action, rule=rule)
        else:
            reason = _("seat {seat} tried {action}, which breaks the rule: {rule}").format(
                seat=seat, action=action, rule=rule)
        super().__init__(at_action(at_deal(where, deal + 1), position + 1), reason)


@dataclass
class Undo:
    """Actions taken back at the table: the deal's first ``kept`` actions stayed, and the
    ``actions`` that had followed them were undone. The deal's ``actions`` hold the line of
    play that stood; an undo is a note of what happened, never replayed."""

    kept: int
    actions: list[str]


@dataclass
class DealRecord:
    """One deal: where its cards come from (a seed, a layout, or both), its actions, and
    the actions taken back on the way (``undone``, in the order they were). ``seats`` is
    the seat each action names, for a record that names them (None for an action that does
    not; empty when none does): a replay checks that seat is the one to act."""

    seed: int | None = None
    layout: Layout | None = None
    actions: list[str] = field(default_factory=list)
    undone: list[Undo] = field(default_factory=list)
    seats: list[int | None] = field(default_factory=list)
    proof: ShuffleProof | None = None  # the commitment said before a deal from a seed

    def seat_named(self, k: int) -> int | None:
        """The seat the ``k``-th action (from 0) names, or None."""
        return self.seats[k] if k < len(self.seats) else None


@dataclass
class Record:
    """A match (or the start of one) as it is written to a file."""

    variant: str
    options: dict[str, Any]
    players: list[str]
    dealer: int = 0
    seed: int | None = None  # the match seed, for deals still to come
    deals: list[DealRecord] = field(default_factory=list)

    def make_variant(self) -> Variant:
        return make_variant(self.variant, self.options, len(self.players))

    def to_json(self) -> dict[str, Any]:
        deals = []
        for d in self.deals:
            item: dict[str, Any] = {}
            if d.seed is not None:
                item["seed"] = d.seed
            if d.proof is not None:
                item["commitment"] = d.proof.commitment
                item["salt"] = d.proof.salt
            if d.layout is not None:
                item["layout"] = d.layout.to_json()
            item["actions"] = [a if d.seat_named(k) is None
                               else {"seat": d.seat_named(k), "action": a}
                               for k, a in enumerate(d.actions)]
            if d.undone:
                item["undone"] = [{"kept": u.kept, "actions": list(u.actions)}
                                  for u in d.undone]
            deals.append(item)
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "variant": self.variant,
            "options": dict(self.options),
            "players": list(self.players),
            "dealer": self.dealer,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        out["deals"] = deals
        return out

    def dumps(self) -> str:
        """The record as JSON text: indented, with lists of cards and actions kept on a few
        lines rather than one item per line."""
        return _dump(self.to_json(), 0) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

WIDTH = 96

def _scalar(value: Any) -> str:
    """A JSON scalar as written in a record: letters as they are, except a text holding a
    lone surrogate (which UTF-8 cannot write), written with escapes so it still reads back
    the same."""
    text = json.dumps(value, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value)
    return text


def _flat(value: Any) -> bool:
    """A small object of scalars, written on one line among its list's words (an action
    naming its seat)."""
    return isinstance(value, dict) and all(
        not isinstance(v, (dict, list)) for v in value.values())


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(k)}: {_scalar(v)}" for k, v in value.items()) + "}"
    return _scalar(value)


def _dump(value: Any, level: int) -> str:
    pad = "  " * level
    inner = pad + "  "
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{_scalar(k)}: {_dump(v, level + 1)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if any(isinstance(x, (dict, list)) and not _flat(x) for x in value):
            items = [inner + _dump(x, level + 1) for x in value]
            return "[\n" + ",\n".join(items) + "\n" + pad + "]"
        words = [_inline(x) for x in value]
        one = "[" + ", ".join(words) + "]"
        if len(inner) + len(one) <= WIDTH:
            return one
        lines: list[str] = []
        line = ""
        for w in words:
            if line and len(inner) + len(line) + len(w) + 2 > WIDTH:
                lines.append(line.rstrip())
                line = ""
            line += w + ", "
        lines.append(line.rstrip().rstrip(","))
        return "[\n" + "\n".join(inner + ln for ln in lines) + "\n" + pad + "]"
    return _scalar(value)
