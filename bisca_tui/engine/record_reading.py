"""Reading game records: a file or JSON text checked field by field, within bounds on its
size and numbers, into a ``Record``; every problem becomes a one-line ``RecordError``."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..lang import N_, _, ngettext
from .actions import parse_action
from .cards import SUITS, parse_card, parse_suit
from .errors import LayoutError, OptionError
from .json_words import json_problem, json_where
from .record_format import (
    FORMAT,
    VERSION,
    DealRecord,
    Record,
    RecordError,
    Undo,
    at_action,
    at_deal,
    at_undo,
    too_large,
    wrong_players,
)
from .shuffle_proof import proof_from_json as _proof_from_json
from .state import Layout, check_layout
from .variant import Variant, make_variant, variant_class

TOP_KEYS = ("format", "version", "variant", "options", "players", "dealer", "seed", "deals",
            "comment")
DEAL_KEYS = ("seed", "commitment", "salt", "layout", "actions", "undone", "comment")
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


def load_record(path: str | Path) -> Record:
    """Read a record file; every problem becomes a ``RecordError`` naming file and place."""
    p = Path(path)
    try:
        with p.open("rb") as f:
            size = os.fstat(f.fileno()).st_size  # 0 for what is not a file (a pipe)
            if size > MAX_BYTES:
                raise RecordError(str(p), too_large(size, MAX_BYTES))
            data = f.read(MAX_BYTES + 1)  # never more, whatever the file claims
    except FileNotFoundError:
        # translators: this and the next ones are said after a file's name and a colon
        raise RecordError(str(p), _("no such file")) from None
    except IsADirectoryError:
        raise RecordError(str(p), _("is a directory, not a record file")) from None
    except OSError as e:
        raise RecordError(str(p), _("cannot be read ({error})").format(
            error=e.strerror or e)) from None
    if len(data) > MAX_BYTES:
        raise RecordError(str(p), too_large(None, MAX_BYTES))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(str(p), _("is not UTF-8 text (byte {byte})").format(
            byte=e.start)) from None
    return parse_record(text, str(p))


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            # translators: {key} is a key of the JSON text, in quotes
            raise ValueError(_("the key {key} appears twice in one object").format(
                key=repr(key)))
        out[key] = value
    return out


def _no_constants(word: str) -> Any:
    # translators: {word} is a word of the JSON text (NaN, Infinity)
    raise ValueError(_("{word} is not a number JSON allows").format(word=word))


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
        where, rest = at_deal(name, path[1] + 1), path[2:]
        if not rest:
            return where
        where += f", {rest[0]}"
        rest = rest[1:]
    else:
        where, rest = f"{name}: {path[0]}", path[1:]
    return where + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in rest)


def _refuse_long_numbers(value: Any, name: str, path: list[str | int]) -> None:
    if isinstance(value, _LongNumber):
        raise RecordError(_field_name(name, path), _(
            "a number of {digits} digits is too long (a record's numbers have at most "
            "{most} digits)").format(digits=value.digits, most=MAX_DIGITS))
    if isinstance(value, dict):
        for k, v in value.items():
            _refuse_long_numbers(v, name, [*path, k])
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _refuse_long_numbers(v, name, [*path, i])


def parse_record(text: str, name: str = "record") -> Record:
    """Read a record from JSON text; ``name`` is used in error messages."""
    if len(text) > MAX_BYTES:
        raise RecordError(name, too_large(None, MAX_BYTES))
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicate_keys,
                          parse_constant=_no_constants, parse_int=_parse_int)
    except json.JSONDecodeError as e:
        # translators: {error} is what is wrong, as the JSON words say it
        raise RecordError(json_where(name, e), _("not valid JSON ({error})").format(
            error=json_problem(e))) from None
    except RecursionError:
        raise RecordError(name, _("not a record (nested too deeply)")) from None
    except ValueError as e:
        raise RecordError(name, _("not a valid record ({error})").format(error=e)) from None
    _refuse_long_numbers(data, name, [])
    return record_from_json(data, name)


def _need(cond: bool, where: str, reason: str) -> None:
    """Raise ``RecordError`` unless ``cond``; ``reason`` is marked with ``N_`` (a message
    with no fields), translated only when it is raised."""
    if not cond:
        raise RecordError(where, _(reason))


def _seat_number(value: Any, seats: int, where: str) -> None:
    if not (_is_int(value) and 0 <= value < seats):
        # translators: said of a field after its name; {value} is written as in the record
        raise RecordError(where, _("must be a seat number from 0 to {top}, not {value}").format(
            top=seats - 1, value=json.dumps(value)))


def _not_too_many(acts: list[Any], where: str) -> None:
    if len(acts) > MAX_DEAL_ACTIONS:
        raise RecordError(where, ngettext(
            "{n} action is more than a deal holds (at most {most})",
            "{n} actions are more than a deal holds (at most {most})", len(acts)).format(
                n=len(acts), most=MAX_DEAL_ACTIONS))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seed(value: Any, where: str) -> None:
    if not (value is None or (_is_int(value) and 0 <= value <= SEED_MAX)):
        # translators: said of a field of a record (seed) after its name and a colon
        raise RecordError(where, _("must be a whole number from 0 to {most}").format(
            most=SEED_MAX))


def _unknown_keys(obj: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    extra = [k for k in obj if k not in allowed]
    if extra:
        # translators: {field} (in quotes) and {fields} are the record's keys, kept as they are
        raise RecordError(where, _("unknown field {field} (fields here: {fields})").format(
            field=repr(extra[0]), fields=", ".join(allowed)))


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
            # translators: said of a house rule after its name; values as JSON writes them
            raise RecordError(f"{where}.{key}", _("takes {allowed}, not {value}").format(
                allowed=allowed, value=json.dumps(value)))


def record_from_json(data: Any, name: str = "record") -> Record:
    """Check a decoded JSON value and turn it into a ``Record``."""
    _need(isinstance(data, dict), name, N_("a record is a JSON object"))
    if data.get("format") != FORMAT:
        # translators: {format} and {found} are written as in the record (JSON)
        raise RecordError(f"{name}: format", _('expected "{format}", found {found}').format(
            format=FORMAT, found=json.dumps(data.get("format"))))
    if not (_is_int(data.get("version")) and data.get("version") == VERSION):
        raise RecordError(f"{name}: version", _(
            "this program reads version {version}, found {found}").format(
                version=VERSION, found=json.dumps(data.get("version"))))
    _unknown_keys(data, TOP_KEYS, name)
    variant = data.get("variant")
    _need(isinstance(variant, str), f"{name}: variant", N_("missing or not a string"))
    try:
        variant_class(variant)
    except OptionError as e:
        raise RecordError(f"{name}: variant", str(e)) from None
    options = data.get("options", {})
    _need(isinstance(options, dict), f"{name}: options", N_("must be an object"))
    _check_option_types(variant, options, f"{name}: options")
    players = data.get("players")
    _need(isinstance(players, list) and len(players) > 0, f"{name}: players",
          N_("must be a non-empty list of names (one per seat)"))
    for i, p in enumerate(players):
        _need(isinstance(p, str) and p.strip() != "", f"{name}: players[{i}]",
              N_("a player's name is a non-empty string"))
    cls = variant_class(variant)
    if len(players) not in cls.players:
        raise RecordError(f"{name}: players", wrong_players(cls, len(players)))
    try:
        v = make_variant(variant, options, len(players))
    except OptionError as e:
        raise RecordError(f"{name}: options", str(e)) from None
    dealer = data.get("dealer", 0)
    _seat_number(dealer, len(players), f"{name}: dealer")
    seed = data.get("seed")
    _check_seed(seed, f"{name}: seed")
    _need(data.get("comment") is None or isinstance(data.get("comment"), str),
          f"{name}: comment", N_("must be a string"))
    deals_raw = data.get("deals")
    _need(isinstance(deals_raw, list) and len(deals_raw) > 0, f"{name}: deals",
          N_("must be a non-empty list"))
    if len(deals_raw) > MAX_DEALS:
        raise RecordError(f"{name}: deals", ngettext(
            "{n} deal is more than a record holds (at most {most})",
            "{n} deals are more than a record holds (at most {most})", len(deals_raw)).format(
                n=len(deals_raw), most=MAX_DEALS))
    deals = []
    for i, d in enumerate(deals_raw):
        where = at_deal(name, i + 1)
        _need(isinstance(d, dict), where, N_("each deal is an object"))
        _unknown_keys(d, DEAL_KEYS, where)
        dseed = d.get("seed")
        _check_seed(dseed, f"{where}, seed")
        layout = None
        if d.get("layout") is not None:
            layout = _layout_from_json(d["layout"], v, f"{where}, layout")
        _need(dseed is not None or layout is not None, where, N_("needs a seed or a layout"))
        acts = d.get("actions", [])
        _need(isinstance(acts, list), f"{where}, actions", N_("must be a list of actions"))
        acts, seats = _seated_actions(acts, v, where)
        _check_actions(acts, v, where)
        deals.append(DealRecord(dseed, layout, acts, _undone_from_json(d, v, where), seats,
                                _proof_from_json(d, where)))
    return Record(variant, dict(v.options), list(players), dealer, seed, deals)


def _undone_from_json(d: dict[str, Any], v: Variant, where: str) -> list[Undo]:
    raw = d.get("undone", [])
    _need(isinstance(raw, list), f"{where}, undone", N_("must be a list of undos"))
    out = []
    for k, u in enumerate(raw):
        at = at_undo(where, k + 1)
        _need(isinstance(u, dict), at, N_('an undo is an object with "kept" and "actions"'))
        _unknown_keys(u, UNDO_KEYS, at)
        kept, acts = u.get("kept"), u.get("actions")
        _need(_is_int(kept) and kept >= 0, f"{at}, kept",
              N_("must be the number of actions that stayed (0 or more)"))
        _need(isinstance(acts, list) and len(acts) > 0, f"{at}, actions",
              N_("must list the actions taken back"))
        _check_actions(acts, v, at)
        out.append(Undo(kept, list(acts)))
    return out


def _seated_actions(raw: list[Any], v: Variant,
                    where: str) -> tuple[list[Any], list[int | None]]:
    """A deal's actions and the seat each names: an action is a string, or an object
    ``{"seat": 2, "action": "AS"}`` naming the seat that takes it (checked on replay). The
    seats are an empty list when no action names one."""
    _not_too_many(raw, f"{where}, actions")
    acts: list[Any] = []
    seats: list[int | None] = []
    for k, a in enumerate(raw):
        if not isinstance(a, dict):
            acts.append(a)
            seats.append(None)
            continue
        at = at_action(where, k + 1)
        _unknown_keys(a, SEATED_KEYS, at)
        seat = a.get("seat")
        _seat_number(seat, v.n, f"{at}, seat")
        _need("action" in a, at, N_('an action naming its seat is an object with "seat" and '
                                    '"action"'))
        acts.append(a["action"])
        seats.append(seat)
    return acts, (seats if any(s is not None for s in seats) else [])


def _check_actions(acts: list[Any], v: Variant, where: str) -> None:
    """Every entry a string in action notation; the first that is not is named."""
    _not_too_many(acts, f"{where}, actions")
    for k, a in enumerate(acts):
        if not isinstance(a, str):
            # translators: "7H" and "cut" are actions as the record writes them; {value} JSON
            raise RecordError(at_action(where, k + 1), _(
                'an action is a string such as "7H" or "cut", not {value}').format(
                    value=json.dumps(a)))
        try:
            parse_action(a, v.signal_names)
        except ValueError as e:
            raise RecordError(at_action(where, k + 1), str(e)) from None


def _layout_from_json(raw: Any, v: Variant, where: str) -> Layout:
    _need(isinstance(raw, dict), where, N_("a layout is an object"))
    _unknown_keys(raw, LAYOUT_KEYS, where)

    def card(value: Any, at: str) -> int:
        if not isinstance(value, str):
            # translators: "7H" is a card as the record writes it; {value} is JSON
            raise RecordError(at, _('a card is a string such as "7H", not {value}').format(
                value=json.dumps(value)))
        try:
            return parse_card(value)
        except ValueError as e:
            raise RecordError(at, str(e)) from None

    def cards(value: Any, at: str) -> tuple[int, ...]:
        _need(isinstance(value, list), at, N_("must be a list of cards"))
        return tuple(card(c, f"{at}[{k}]") for k, c in enumerate(value))

    hands_raw = raw.get("hands")
    _need(isinstance(hands_raw, list), f"{where}.hands",
          N_("must be a list of hands, one per seat"))
    hands = tuple(cards(h, f"{where}.hands[{i}]") for i, h in enumerate(hands_raw))
    indicator = None
    if raw.get("indicator") is not None:
        indicator = card(raw["indicator"], f"{where}.indicator")
    trump_raw = raw.get("trump")
    if trump_raw is None:
        _need(indicator is not None, f"{where}.trump", N_("needed when there is no indicator"))
        assert indicator is not None
        trump = v.suit[indicator]
    else:
        if not isinstance(trump_raw, str):
            # translators: {suits} are the letters of the suits (S H D C), kept as they are
            raise RecordError(f"{where}.trump", _("must be one of {suits}").format(
                suits=" ".join(SUITS)))
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
