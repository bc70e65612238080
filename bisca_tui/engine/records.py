"""Game records: a deal or a whole match as JSON, read back with clear errors.

A record holds the format version, the variant, its house rules, the players, the first
dealer and, for each deal, either its seed or its explicit layout, plus the actions in order.
Replaying a record rebuilds the match exactly (see docs/records.md for the format).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import action_str, parse_action
from .cards import SUITS, parse_card, parse_suit
from .errors import IllegalAction, LayoutError, OptionError
from .match import Match
from .state import GameState, Layout, check_layout
from .variant import Variant, make_variant

FORMAT = "bisca-tui-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read: ``where`` says where (file, line or field)."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}" if where else reason)


class RecordIllegalAction(RecordError):
    """A record whose actions break a rule."""

    def __init__(self, where: str, deal: int, position: int, seat: int | None, action: str,
                 rule: str) -> None:
        self.deal = deal
        self.position = position
        self.seat = seat
        self.action = action
        self.rule = rule
        super().__init__(
            where,
            f"deal {deal + 1}, action {position + 1}: seat {seat} tried {action}, "
            f"which breaks the rule: {rule}",
        )


@dataclass
class DealRecord:
    seed: int | None = None
    layout: Layout | None = None
    actions: list[str] = field(default_factory=list)


@dataclass
class Record:
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
            if d.layout is not None:
                item["layout"] = d.layout.to_json()
            if d.seed is not None:
                item["seed"] = d.seed
            item["actions"] = list(d.actions)
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
        return json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"


def record_of_match(match: Match, players: list[str]) -> Record:
    v = match.variant
    deals = []
    for state in match.deals:
        names = v.signal_names
        deals.append(DealRecord(
            seed=None if state.layout_given is not None else state.seed,
            layout=state.layout_given,
            actions=[action_str(a, names) for a in state.history],
        ))
    return Record(v.id, dict(v.options), list(players), match.first_dealer, match.seed, deals)


# ----- reading -------------------------------------------------------------------------


def load_record(path: str | Path) -> Record:
    """Read a record file; every problem becomes a ``RecordError`` naming file and place."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(str(p), "no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(str(p), f"cannot be read ({e.__class__.__name__}: {e})") from None
    return parse_record(text, str(p))


def parse_record(text: str, name: str = "record") -> Record:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{name}, line {e.lineno}, column {e.colno}",
                          f"not valid JSON ({e.msg})") from None
    return record_from_json(data, name)


def _need(cond: bool, where: str, reason: str) -> None:
    if not cond:
        raise RecordError(where, reason)


def record_from_json(data: Any, name: str = "record") -> Record:
    _need(isinstance(data, dict), name, "a record is a JSON object")
    _need(data.get("format") == FORMAT, f"{name}: format",
          f"expected \"{FORMAT}\", found {data.get('format')!r}")
    _need(data.get("version") == VERSION, f"{name}: version",
          f"this program reads version {VERSION}, found {data.get('version')!r}")
    variant = data.get("variant")
    _need(isinstance(variant, str), f"{name}: variant", "missing or not a string")
    options = data.get("options", {})
    _need(isinstance(options, dict), f"{name}: options", "must be an object")
    players = data.get("players")
    _need(isinstance(players, list) and all(isinstance(p, str) for p in players),
          f"{name}: players", "must be a list of names")
    dealer = data.get("dealer", 0)
    _need(isinstance(dealer, int) and not isinstance(dealer, bool) and
          0 <= dealer < len(players), f"{name}: dealer",
          f"must be a seat number from 0 to {len(players) - 1}")
    seed = data.get("seed")
    _need(seed is None or (isinstance(seed, int) and not isinstance(seed, bool)),
          f"{name}: seed", "must be a whole number")
    try:
        v = make_variant(variant, options, len(players))
    except OptionError as e:
        raise RecordError(f"{name}: variant", str(e)) from None
    deals_raw = data.get("deals")
    _need(isinstance(deals_raw, list) and len(deals_raw) > 0, f"{name}: deals",
          "must be a non-empty list")
    deals = []
    for i, d in enumerate(deals_raw):
        where = f"{name}: deals[{i}]"
        _need(isinstance(d, dict), where, "each deal is an object")
        dseed = d.get("seed")
        _need(dseed is None or (isinstance(dseed, int) and not isinstance(dseed, bool)),
              f"{where}.seed", "must be a whole number")
        layout = None
        if "layout" in d:
            layout = _layout_from_json(d["layout"], v, f"{where}.layout")
        _need(dseed is not None or layout is not None, where, "needs a seed or a layout")
        acts = d.get("actions", [])
        _need(isinstance(acts, list) and all(isinstance(a, str) for a in acts),
              f"{where}.actions", "must be a list of strings")
        for k, a in enumerate(acts):
            try:
                parse_action(a, v.signal_names)
            except ValueError as e:
                raise RecordError(f"{where}.actions[{k}]", str(e)) from None
        deals.append(DealRecord(dseed, layout, list(acts)))
    return Record(variant, dict(v.options), list(players), dealer, seed, deals)


def _layout_from_json(raw: Any, v: Variant, where: str) -> Layout:
    _need(isinstance(raw, dict), where, "a layout is an object")

    def cards(value: Any, at: str) -> tuple[int, ...]:
        _need(isinstance(value, list), at, "must be a list of cards")
        out = []
        for k, c in enumerate(value):
            _need(isinstance(c, str), f"{at}[{k}]", "a card is a string such as 7H")
            try:
                out.append(parse_card(c))
            except ValueError as e:
                raise RecordError(f"{at}[{k}]", str(e)) from None
        return tuple(out)

    hands_raw = raw.get("hands")
    _need(isinstance(hands_raw, list), f"{where}.hands", "must be a list of hands")
    hands = tuple(cards(h, f"{where}.hands[{i}]") for i, h in enumerate(hands_raw))
    indicator = None
    if raw.get("indicator") is not None:
        _need(isinstance(raw["indicator"], str), f"{where}.indicator", "must be a card")
        try:
            indicator = parse_card(raw["indicator"])
        except ValueError as e:
            raise RecordError(f"{where}.indicator", str(e)) from None
    trump_raw = raw.get("trump")
    if trump_raw is None:
        _need(indicator is not None, f"{where}.trump", "needed when there is no indicator")
        trump = v.suit[indicator]  # type: ignore[index]
    else:
        _need(isinstance(trump_raw, str), f"{where}.trump", f"must be one of {SUITS}")
        try:
            trump = parse_suit(trump_raw)
        except ValueError as e:
            raise RecordError(f"{where}.trump", str(e)) from None
    stock = cards(raw.get("stock", []), f"{where}.stock")
    layout = Layout(hands, trump, indicator, stock)
    try:
        check_layout(v, layout)
    except LayoutError as e:
        raise RecordError(where, str(e)) from None
    return layout


# ----- replaying -----------------------------------------------------------------------


def replay_record(record: Record, name: str = "record") -> Match:
    """Rebuild the match a record describes; an illegal action raises
    ``RecordIllegalAction`` naming the deal, position, seat, action and rule."""
    v = record.make_variant()
    match = Match(v, record.dealer, record.seed if record.seed is not None else 0)
    for i, d in enumerate(record.deals):
        if match.is_over():
            raise RecordError(f"{name}: deals[{i}]", "the match was already over")
        if i > 0 and not match.deals[-1].is_over():
            raise RecordError(f"{name}: deals[{i - 1}]",
                              "this deal is not finished but another follows it")
        try:
            state = match.new_deal(seed=d.seed, layout=d.layout)
        except LayoutError as e:
            raise RecordError(f"{name}: deals[{i}]", str(e)) from None
        for k, text in enumerate(d.actions):
            seat = state.current
            try:
                state.apply(parse_action(text, v.signal_names))
            except IllegalAction as e:
                raise RecordIllegalAction(f"{name}", i, k, seat, text, e.rule) from None
            except ValueError as e:
                raise RecordError(f"{name}: deals[{i}].actions[{k}]", str(e)) from None
        if state.is_over():
            match.finish_deal()
    return match


def replay_deal(variant: Variant, deal: DealRecord, dealer: int = 0) -> GameState:
    state = GameState(variant, dealer, deal.seed, deal.layout)
    for text in deal.actions:
        state.apply(parse_action(text, variant.signal_names))
    return state
