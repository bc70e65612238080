"""Reading game records: a file or JSON text checked field by field, within bounds on its
size and numbers, into a ``Record``; every problem becomes a one-line ``RecordError``."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .actions import parse_action
from .cards import SUITS, parse_card, parse_suit
from .errors import LayoutError, OptionError
from .record_format import FORMAT, VERSION, DealRecord, Record, RecordError, Undo
from .state import Layout, check_layout
from .variant import Variant, make_variant, variant_class

TOP_KEYS = ("format", "version", "variant", "options", "players", "dealer", "seed", "deals",
            "comment")
DEAL_KEYS = ("seed", "layout", "actions", "undone", "comment")
SEATED_KEYS = ("seat", "action")  # an action naming its seat: {"seat": 2, "action": "AS"}
UNDO_KEYS = ("kept", "actions")
LAYOUT_KEYS = ("hands", "indicator", "trump", "stock")
# Bounds on the numbers a record holds. A seed is a whole number from 0 to SEED_MAX (at most
# 20 digits; the program draws its own seeds well inside that range); no number in a record
# may be written with more than MAX_DIGITS digits, so that a huge one is refused by name
# before anything tries to work with it.
SEED_MAX = 2**64 - 1
MAX_DIGITS = 30

# Bounds on a record's size, checked before the work they would cost: a match takes a few
# dozen deals (twenty or so for the longest, first to ten games) of at most a hundred-odd
# actions, some kilobytes in all, so these leave room enough and refuse at once a file that
# would take seconds and hundreds of megabytes to read.
MAX_BYTES = 4_000_000
MAX_DEALS = 1000
MAX_DEAL_ACTIONS = 1000  # actions in a deal, or taken back in one undo


def _megabytes(n: int) -> str:
    return f"{n / 1_000_000:.1f}".removesuffix(".0") + " MB"


def _too_large(size: int | None) -> str:
    what = f"{_megabytes(size)}" if size is not None else f"more than {_megabytes(MAX_BYTES)}"
    return (f"is too large for a game record ({what}; a record holds at most "
            f"{_megabytes(MAX_BYTES)})")
def load_record(path: str | Path) -> Record:
    """Read a record file; every problem becomes a ``RecordError`` naming file and place."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            size = os.fstat(f.fileno()).st_size  # 0 for what is not a file (a pipe)
            if size > MAX_BYTES:
                raise RecordError(str(p), _too_large(size))
            data = f.read(MAX_BYTES + 1)  # never more, whatever the file claims
    except FileNotFoundError:
        raise RecordError(str(p), "no such file") from None
    except IsADirectoryError:
        raise RecordError(str(p), "is a directory, not a record file") from None
    except OSError as e:
        raise RecordError(str(p), f"cannot be read ({e.strerror or e})") from None
    if len(data) > MAX_BYTES:
        raise RecordError(str(p), _too_large(None))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(str(p), f"is not UTF-8 text (byte {e.start})") from None
    return parse_record(text, str(p))


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _no_constants(word: str) -> Any:
    raise ValueError(f"{word} is not a number JSON allows")


class _LongNumber:
    """Stands, in decoded JSON, for an integer written with more than MAX_DIGITS digits."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _parse_int(text: str) -> int | _LongNumber:
    digits = len(text.lstrip("-"))
    return _LongNumber(digits) if digits > MAX_DIGITS else int(text)


def _field_name(name: str, path: list[str | int]) -> str:
    """Where a value sits, as the other messages say it: 'f: seed', 'f, deal 2, seed'."""
    if not path:
        return name
    if path[0] == "deals" and len(path) > 1 and isinstance(path[1], int):
        where, rest = f"{name}, deal {path[1] + 1}", path[2:]
        if not rest:
            return where
        where += f", {rest[0]}"
        rest = rest[1:]
    else:
        where, rest = f"{name}: {path[0]}", path[1:]
    return where + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in rest)


def _refuse_long_numbers(value: Any, name: str, path: list[str | int]) -> None:
    if isinstance(value, _LongNumber):
        raise RecordError(_field_name(name, path),
                          f"a number of {value.digits} digits is too long (a record's numbers "
                          f"have at most {MAX_DIGITS} digits)")
    if isinstance(value, dict):
        for k, v in value.items():
            _refuse_long_numbers(v, name, [*path, k])
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _refuse_long_numbers(v, name, [*path, i])


def parse_record(text: str, name: str = "record") -> Record:
    """Read a record from JSON text; ``name`` is used in error messages."""
    if len(text) > MAX_BYTES:
        raise RecordError(name, _too_large(None))
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys,
                          parse_constant=_no_constants, parse_int=_parse_int)
    except json.JSONDecodeError as e:
        raise RecordError(f"{name}, line {e.lineno}, column {e.colno}",
                          f"not valid JSON ({e.msg})") from None
    except RecursionError:
        raise RecordError(name, "not a record (nested too deeply)") from None
    except ValueError as e:
        raise RecordError(name, f"not a valid record ({e})") from None
    _refuse_long_numbers(data, name, [])
    return record_from_json(data, name)


def _need(cond: bool, where: str, reason: str) -> None:
    if not cond:
        raise RecordError(where, reason)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seed(value: Any, where: str) -> None:
    _need(value is None or (_is_int(value) and 0 <= value <= SEED_MAX), where,
          f"must be a whole number from 0 to {SEED_MAX}")


def _unknown_keys(obj: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    extra = [k for k in obj if k not in allowed]
    if extra:
        raise RecordError(where, f"unknown field {extra[0]!r} (fields here: "
                                 f"{', '.join(allowed)})")


def _check_option_types(variant: str, options: dict[str, Any], where: str) -> None:
    """JSON has one number type and true/false; refuse values of the wrong kind (``1`` for
    ``true``, ``true`` for a number) that Python would otherwise take as equal."""
    rules = {h.name: h for h in variant_class(variant).house_rules}
    for key, value in options.items():
        rule = rules.get(key)
        if rule is None:
            continue
        kinds = {type(c) for c in rule.choices}
        if bool in kinds:
            ok = isinstance(value, bool)
        elif kinds <= {int, float}:
            ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        else:
            ok = any(isinstance(value, k) for k in kinds)
        if not ok:
            allowed = ", ".join(json.dumps(c) for c in rule.choices)
            raise RecordError(f"{where}.{key}",
                              f"takes {allowed}, not {json.dumps(value)}")


def record_from_json(data: Any, name: str = "record") -> Record:
    """Check a decoded JSON value and turn it into a ``Record``."""
    _need(isinstance(data, dict), name, "a record is a JSON object")
    _need(data.get("format") == FORMAT, f"{name}: format",
          f"expected \"{FORMAT}\", found {json.dumps(data.get('format'))}")
    _need(_is_int(data.get("version")) and data.get("version") == VERSION, f"{name}: version",
          f"this program reads version {VERSION}, found {json.dumps(data.get('version'))}")
    _unknown_keys(data, TOP_KEYS, name)
    variant = data.get("variant")
    _need(isinstance(variant, str), f"{name}: variant", "missing or not a string")
    try:
        variant_class(variant)
    except OptionError as e:
        raise RecordError(f"{name}: variant", str(e)) from None
    options = data.get("options", {})
    _need(isinstance(options, dict), f"{name}: options", "must be an object")
    _check_option_types(variant, options, f"{name}: options")
    players = data.get("players")
    _need(isinstance(players, list) and len(players) > 0, f"{name}: players",
          "must be a non-empty list of names (one per seat)")
    for i, p in enumerate(players):
        _need(isinstance(p, str) and p.strip() != "", f"{name}: players[{i}]",
              "a player's name is a non-empty string")
    cls = variant_class(variant)
    if len(players) not in cls.players:
        seats = " or ".join(str(n) for n in cls.players)
        raise RecordError(f"{name}: players", f"{cls.name} is for {seats} players; the "
                                              f"record names {len(players)}")
    try:
        v = make_variant(variant, options, len(players))
    except OptionError as e:
        raise RecordError(f"{name}: options", str(e)) from None
    dealer = data.get("dealer", 0)
    _need(_is_int(dealer) and 0 <= dealer < len(players), f"{name}: dealer",
          f"must be a seat number from 0 to {len(players) - 1}, not {json.dumps(dealer)}")
    seed = data.get("seed")
    _check_seed(seed, f"{name}: seed")
    _need(data.get("comment") is None or isinstance(data.get("comment"), str),
          f"{name}: comment", "must be a string")
    deals_raw = data.get("deals")
    _need(isinstance(deals_raw, list) and len(deals_raw) > 0, f"{name}: deals",
          "must be a non-empty list")
    _need(len(deals_raw) <= MAX_DEALS, f"{name}: deals",
          f"{len(deals_raw)} deals are more than a record holds (at most {MAX_DEALS})")
    deals = []
    for i, d in enumerate(deals_raw):
        where = f"{name}, deal {i + 1}"
        _need(isinstance(d, dict), where, "each deal is an object")
        _unknown_keys(d, DEAL_KEYS, where)
        dseed = d.get("seed")
        _check_seed(dseed, f"{where}, seed")
        layout = None
        if d.get("layout") is not None:
            layout = _layout_from_json(d["layout"], v, f"{where}, layout")
        _need(dseed is not None or layout is not None, where, "needs a seed or a layout")
        acts = d.get("actions", [])
        _need(isinstance(acts, list), f"{where}, actions", "must be a list of actions")
        acts, seats = _seated_actions(acts, v, where)
        _check_actions(acts, v, where)
        deals.append(DealRecord(dseed, layout, acts, _undone_from_json(d, v, where), seats))
    return Record(variant, dict(v.options), list(players), dealer, seed, deals)


def _undone_from_json(d: dict[str, Any], v: Variant, where: str) -> list[Undo]:
    raw = d.get("undone", [])
    _need(isinstance(raw, list), f"{where}, undone", "must be a list of undos")
    out = []
    for k, u in enumerate(raw):
        at = f"{where}, undo {k + 1}"
        _need(isinstance(u, dict), at, "an undo is an object with \"kept\" and \"actions\"")
        _unknown_keys(u, UNDO_KEYS, at)
        kept, acts = u.get("kept"), u.get("actions")
        _need(_is_int(kept) and kept >= 0, f"{at}, kept",
              "must be the number of actions that stayed (0 or more)")
        _need(isinstance(acts, list) and len(acts) > 0, f"{at}, actions",
              "must list the actions taken back")
        _check_actions(acts, v, at)
        out.append(Undo(kept, list(acts)))
    return out


def _seated_actions(raw: list[Any], v: Variant,
                    where: str) -> tuple[list[Any], list[int | None]]:
    """A deal's actions and the seat each names: an action is a string, or an object
    ``{"seat": 2, "action": "AS"}`` naming the seat that takes it (checked on replay). The
    seats are an empty list when no action names one."""
    _need(len(raw) <= MAX_DEAL_ACTIONS, f"{where}, actions",
          f"{len(raw)} actions are more than a deal holds (at most {MAX_DEAL_ACTIONS})")
    acts: list[Any] = []
    seats: list[int | None] = []
    for k, a in enumerate(raw):
        if not isinstance(a, dict):
            acts.append(a)
            seats.append(None)
            continue
        at = f"{where}, action {k + 1}"
        _unknown_keys(a, SEATED_KEYS, at)
        seat = a.get("seat")
        _need(_is_int(seat) and 0 <= seat < v.n, f"{at}, seat",
              f"must be a seat number from 0 to {v.n - 1}, not {json.dumps(seat)}")
        _need("action" in a, at, "an action naming its seat is an object with \"seat\" "
                                 "and \"action\"")
        acts.append(a["action"])
        seats.append(seat)
    return acts, (seats if any(s is not None for s in seats) else [])


def _check_actions(acts: list[Any], v: Variant, where: str) -> None:
    """Every entry a string in action notation; the first that is not is named."""
    _need(len(acts) <= MAX_DEAL_ACTIONS, f"{where}, actions",
          f"{len(acts)} actions are more than a deal holds (at most {MAX_DEAL_ACTIONS})")
    for k, a in enumerate(acts):
        _need(isinstance(a, str), f"{where}, action {k + 1}",
              f"an action is a string such as \"7H\" or \"cut\", not {json.dumps(a)}")
        try:
            parse_action(a, v.signal_names)
        except ValueError as e:
            raise RecordError(f"{where}, action {k + 1}", str(e)) from None


def _layout_from_json(raw: Any, v: Variant, where: str) -> Layout:
    _need(isinstance(raw, dict), where, "a layout is an object")
    _unknown_keys(raw, LAYOUT_KEYS, where)

    def card(value: Any, at: str) -> int:
        _need(isinstance(value, str), at, f"a card is a string such as \"7H\", not "
                                          f"{json.dumps(value)}")
        try:
            return parse_card(value)
        except ValueError as e:
            raise RecordError(at, str(e)) from None

    def cards(value: Any, at: str) -> tuple[int, ...]:
        _need(isinstance(value, list), at, "must be a list of cards")
        return tuple(card(c, f"{at}[{k}]") for k, c in enumerate(value))

    hands_raw = raw.get("hands")
    _need(isinstance(hands_raw, list), f"{where}.hands", "must be a list of hands, one per seat")
    hands = tuple(cards(h, f"{where}.hands[{i}]") for i, h in enumerate(hands_raw))
    indicator = None
    if raw.get("indicator") is not None:
        indicator = card(raw["indicator"], f"{where}.indicator")
    trump_raw = raw.get("trump")
    if trump_raw is None:
        _need(indicator is not None, f"{where}.trump", "needed when there is no indicator")
        assert indicator is not None
        trump = v.suit[indicator]
    else:
        _need(isinstance(trump_raw, str), f"{where}.trump", f"must be one of {' '.join(SUITS)}")
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
