"""One codec for what a seat may know, to JSON data and back: cards, suits, actions and
signals in the project's notation, a deal's score, the events a seat saw and the seat's view.
The bot protocol (docs/bot-protocol.md), the network protocol (docs/network-protocol.md) and
the client that draws a table from what a host sends all go through it, so each thing has
one form on every wire.

Encoding reads only what it is given (a ``SeatView``, the events it holds), so nothing hidden
from a seat can leak. Actions and signals are named by the game's signals (``names``: the
variant's ``signal_names``); a signal past the list is written as its number.

An event is written generically from its ``fields``: its kind (``card_played``,
``trick_won``...) and each field, in the form ``FIELD_KINDS`` gives its name (a card, cards,
a suit, a bid, a signal, a deal's score) or else as plain JSON. A field unknown to the reader
is ignored; an event of a kind it does not know is left out (``event_from_json``: None).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from operator import attrgetter
from typing import Any, NamedTuple

from . import events as E
from .actions import action_str, parse_action
from .calling import Contract
from .cards import SUITS, card_str, parse_card, parse_suit
from .context import protocol_extra
from .event_base import Event
from .tricks import Trick
from .variant import DealScore, Variant
from .view import SeatView

Names = Sequence[str]  # the game's signals, by index: how actions and signals are named

# ----- plain values, cards, suits, actions, signals ---------------------------------------


def plain(value: Any) -> Any:
    """A JSON-friendly copy of a value: tuples and sets as lists, a dict's keys as text,
    anything else that is not JSON already as its text (a house-rule value, a variant fact)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    return str(value)


def tuples(value: Any) -> Any:
    """JSON's lists as the tuples the engine keeps (the inverse of ``plain`` on sequences)."""
    if isinstance(value, list):
        return tuple(tuples(v) for v in value)
    return value


#: every card's notation, worked out once: a view's cards are written many times an action
_CARD_TEXT = tuple(card_str(c) for c in range(80))  # a second pack's copies included


def card_to_json(card: int) -> str:
    return _CARD_TEXT[card] if 0 <= card < 80 else card_str(card)


def card_from_json(text: str) -> int:
    return parse_card(text)


def cards_to_json(cards: Iterable[int]) -> list[str]:
    return [card_to_json(c) for c in cards]


def cards_from_json(data: Iterable[str]) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in data)


def maybe_card_to_json(card: int | None) -> str | None:
    return None if card is None else card_to_json(card)


def maybe_card_from_json(text: str | None) -> int | None:
    return None if text is None else parse_card(text)


def suit_to_json(suit: int) -> str:
    return SUITS[suit]


def suit_from_json(text: str) -> int:
    return parse_suit(text)


def action_to_json(action: int, names: Names = ()) -> str:
    """An action (a card, a word, a bid, a signal...) in notation."""
    return action_str(action, names)


def action_from_json(text: str, names: Names = ()) -> int:
    return parse_action(text, names)


def signal_to_json(signal: int, names: Names = ()) -> str:
    """A signal by its name (its number, as text, past the game's list)."""
    return names[signal] if signal < len(names) else str(signal)


def signal_from_json(text: str, names: Names = ()) -> int:
    return names.index(text) if text in names else int(text)


# ----- a deal's score ---------------------------------------------------------------------


def result_to_json(result: DealScore) -> dict[str, Any]:
    """A deal's score as the bot protocol sends it (``deal_end``)."""
    return {
        "card_points": list(result.card_points),
        "tricks": list(result.tricks),
        "game_points": list(result.game_points),
        "notes": list(result.notes),
        "winner": result.winner,
        "ended_early": result.ended_early,
    }


def whole_result_to_json(result: DealScore) -> dict[str, Any]:
    """A deal's score whole: the bot protocol's, who shares the deal, and a redeal (as the
    ``deal_scored`` event carries it)."""
    return {**result_to_json(result), "winners": list(result.winners), "redeal": result.redeal}


def result_from_json(data: dict[str, Any]) -> DealScore:
    """A deal's score, in either form (what the bot protocol's lacks is left at its
    default)."""
    return DealScore(
        card_points=tuple(data["card_points"]), tricks=tuple(data["tricks"]),
        game_points=tuple(data["game_points"]), notes=tuple(data.get("notes", ())),
        winner=data.get("winner"), ended_early=bool(data.get("ended_early", False)),
        winners=tuple(data.get("winners", ())), redeal=bool(data.get("redeal", False)))


# ----- events -----------------------------------------------------------------------------


class FieldKind(NamedTuple):
    """How one kind of event field is written (``to_json``) and read (``from_json``), each
    given the game's signal names."""

    to_json: Callable[[Any, Names], Any]
    from_json: Callable[[Any, Names], Any]


CARD = FieldKind(lambda v, _: card_to_json(v), lambda d, _: card_from_json(d))
CARDS = FieldKind(lambda v, _: cards_to_json(v), lambda d, _: cards_from_json(d))
SUIT = FieldKind(lambda v, _: suit_to_json(v), lambda d, _: suit_from_json(d))
BID = FieldKind(action_to_json, action_from_json)
SIGNAL = FieldKind(signal_to_json, signal_from_json)
RESULT = FieldKind(lambda v, _: whole_result_to_json(v), lambda d, _: result_from_json(d))

#: the form of every event field that is not plain data, by the field's name
FIELD_KINDS: dict[str, FieldKind] = {
    "card": CARD, "gave": CARD, "took": CARD, "indicator": CARD,
    "cards": CARDS,
    "trump": SUIT,
    "bid": BID,
    "signal": SIGNAL,
    "result": RESULT,
}


def kind_name(kind: type[Event]) -> str:
    """The name the wire gives an event's kind: ``CardPlayed`` is ``card_played``."""
    name = _KIND_NAMES.get(kind)
    if name is None:
        name = _KIND_NAMES[kind] = "".join(
            "_" + c.lower() if c.isupper() and i else c.lower()
            for i, c in enumerate(kind.__name__))
    return name


_KIND_NAMES: dict[type[Event], str] = {}  # worked out once a kind


#: every kind of event, by the name the wire gives it
KINDS: dict[str, type[Event]] = {
    kind_name(kind): kind for kind in (getattr(E, name) for name in E.__all__)
    if isinstance(kind, type) and issubclass(kind, Event) and kind is not Event}


def event_to_json(event: Event, names: Names = ()) -> dict[str, Any]:
    """An event as JSON: its kind and its fields (a card the seat may not see is ``null``,
    as the engine hides it)."""
    out: dict[str, Any] = {"kind": kind_name(type(event))}
    for name, value in zip(event.fields, event, strict=True):
        if value is None:
            out[name] = None
        else:
            field = FIELD_KINDS.get(name)
            out[name] = plain(value) if field is None else field.to_json(value, names)
    return out


def events_to_json(events: Iterable[Event], names: Names = ()) -> list[dict[str, Any]]:
    return [event_to_json(e, names) for e in events]


def event_from_json(data: dict[str, Any], names: Names = ()) -> Event | None:
    """An event as ``event_to_json`` wrote it; None for a kind not known here. A field not
    known is ignored; a field missing is None."""
    kind = KINDS.get(data.get("kind", ""))
    if kind is None:
        return None
    values = []
    for name in kind.fields:
        value = data.get(name)
        field = FIELD_KINDS.get(name)
        if value is None:
            values.append(None)
        elif field is None:
            values.append(tuples(value))
        else:
            values.append(field.from_json(value, names))
    return kind(*values)


def events_from_json(data: Iterable[dict[str, Any]], names: Names = ()) -> tuple[Event, ...]:
    """The events of a kind known here, in order."""
    found = (event_from_json(d, names) for d in data)
    return tuple(e for e in found if e is not None)


# ----- a seat's view ----------------------------------------------------------------------


def contract_to_json(contract: Contract | None, names: Names = ()) -> dict[str, Any] | None:
    """What the auction and the call settled, as the seat knows it."""
    c = contract
    if c is None:
        return None
    return {
        "bidder": c.bidder,
        "bid": None if c.bid is None else action_str(c.bid, names),
        "need": c.need,
        "trump": None if c.trump is None else SUITS[c.trump],
        "called": maybe_card_to_json(c.called),
        "partner": c.partner,
    }


@lru_cache(maxsize=4096)
def trick_to_json(t: Trick) -> dict[str, Any]:
    """A trick taken, as a view writes it: kept for the next view, of any seat, that holds
    the same trick (the dict is shared: read it, never change it)."""
    return {"leader": t.leader, "seats": list(t.seats), "cards": cards_to_json(t.cards),
            "winner": t.winner, "points": t.points}


class Run(NamedTuple):
    """Fields of a view written one after another: their names on the wire, the view's
    values they are written from (``read``: a tuple), how they are written from those values
    (``write``, given the game's signal names: a value for each name), and whether they are
    the table's, alike in every view of one position (the counts, the trick, the tricks
    taken: ``view.table_view`` fills them the same for every seat that looks), or the
    seat's own. Equal values are written alike: a writer may keep what a run's values came
    to and write it again for equal ones (the network's host: ``net.protocol.ViewWriter``).
    """

    names: tuple[str, ...]
    read: Callable[[SeatView], tuple[Any, ...]]
    write: Callable[[tuple[Any, ...], Names], tuple[Any, ...]]
    table: bool


def _rules(view: SeatView) -> tuple[Any, ...]:
    # the house rules' values with their types: True is 1 to ``==``, not in JSON
    return (view.variant, view.options, tuple(type(x) for _, x in view.options),
            view.n_players, view.team_of, view.dealer)


def _laid(x: tuple[Any, ...], _: Names) -> tuple[Any, ...]:
    sizes, trump, indicator, turned, stock, leader, trick = x
    return (list(sizes), None if trump is None else SUITS[trump],
            maybe_card_to_json(indicator), maybe_card_to_json(turned), stock, leader,
            [{"seat": s, "card": card_to_json(c)} for s, c in trick])


def _told(x: tuple[Any, ...], _: Names) -> tuple[Any, ...]:
    known, signals, score_events, game_points = x
    return ([cards_to_json(k) for k in known],
            [{"sender": s.sender, "name": s.name, "meaning": s.meaning, "gesture": s.gesture,
              "trick": s.trick, "intercepted": s.intercepted} for s in signals],
            [{"trick": e.trick, "team": e.team, "points": e.points, "reason": e.reason}
             for e in score_events],
            list(game_points))


def _one(name: str) -> Callable[[SeatView], tuple[Any, ...]]:
    get = attrgetter(name)
    return lambda view: (get(view),)


#: a view's fields as the bot protocol writes them, in order, run by run (cut where what
#: changes at most actions, the trick, who is to act, what a seat may play, parts from what
#: changes seldom, the rules, the tricks taken, what a seat knows)
BOT_RUNS: tuple[Run, ...] = (
    Run(("seat",), _one("seat"), lambda x, _: x, False),
    Run(("variant", "options", "players", "teams", "dealer"), _rules,
        lambda x, _: (x[0], {k: plain(o) for k, o in x[1]}, x[3], list(x[4]), x[5]), True),
    Run(("phase", "current"), attrgetter("phase", "current"), lambda x, _: x, True),
    Run(("hand",), _one("hand"), lambda x, _: (cards_to_json(x[0]),), False),
    Run(("hand_sizes", "trump", "indicator", "indicator_card", "stock_count", "leader",
         "trick"),
        attrgetter("hand_sizes", "trump", "indicator", "indicator_card", "stock_count",
                   "leader", "trick"), _laid, True),
    Run(("tricks", "points"), attrgetter("tricks", "points"),
        lambda x, _: ([trick_to_json(t) for t in x[0]], list(x[1])), True),
    Run(("known", "signals", "score_events", "deal_game_points"),
        attrgetter("known", "signals", "score_events", "deal_game_points"), _told, False),
    Run(("legal", "extra"), attrgetter("legal", "cut_or_knock"),
        lambda x, names: ([action_str(a, names) for a in x[0]], protocol_extra(x[1])), False),
    Run(("match_points", "target"), attrgetter("match_points", "target"),
        lambda x, _: (list(x[0]), x[1]), True),
    Run(("history_len",), _one("history_len"), lambda x, _: x, False),
)
#: the network's: the bot protocol's, then the partnerships, the monte and the contract
NET_RUNS: tuple[Run, ...] = (*BOT_RUNS, Run(
    ("sides", "monte", "contract"), attrgetter("side_of", "monte", "contract"),
    lambda x, names: (list(x[0]), x[1], contract_to_json(x[2], names)), False))


def view_to_json(view: SeatView, names: Names = (), *,
                 contract: bool = False) -> dict[str, Any]:
    """A seat's view as JSON, the bot protocol's form; with ``contract``, the network's: the
    partnerships (``sides``), the monte and the contract as this seat knows them too.

    Only fields of the ``SeatView`` are used, so nothing hidden from the seat can leak. The
    events are not in it: they travel beside it (``events_to_json``)."""
    out: dict[str, Any] = {}
    for run in NET_RUNS if contract else BOT_RUNS:
        out.update(zip(run.names, run.write(run.read(view), names), strict=True))
    return out


def view_from_json(body: dict[str, Any], events: tuple[Event, ...], variant: Variant,
                   seat: int | None = None) -> SeatView:
    """A view as ``view_to_json`` wrote it (the network's form: the bot protocol's lacks
    the sides and the monte), with ``events``, the view's events read back, all of them.
    ``seat``: the seat the view is of, when not the one the body names (a watcher's).

    What a view reads from its events (the auction, the contract, the signals, the points
    scored in play...) is read again from ``events``, as the engine reads it; what every
    seat knows each holds (``known``) is taken as the sender worked it out."""
    names = variant.signal_names
    return SeatView(
        seat=body["seat"] if seat is None else seat,
        variant=body["variant"],
        options=tuple(sorted(variant.options.items())),
        n_players=body["players"],
        team_of=tuple(body["teams"]),
        side_of=tuple(body.get("sides") or ()),
        dealer=body["dealer"],
        phase=body["phase"],
        current=body["current"],
        hand=cards_from_json(body["hand"]),
        hand_sizes=tuple(body["hand_sizes"]),
        trump=None if body["trump"] is None else parse_suit(body["trump"]),
        indicator=maybe_card_from_json(body["indicator"]),
        indicator_card=maybe_card_from_json(body["indicator_card"]),
        stock_count=body["stock_count"],
        leader=body["leader"],
        trick=tuple((t["seat"], parse_card(t["card"])) for t in body["trick"]),
        tricks=tuple(Trick(t["leader"], tuple(t["seats"]), cards_from_json(t["cards"]),
                           t["winner"], t["points"]) for t in body["tricks"]),
        points=tuple(body["points"]),
        legal=tuple(parse_action(a, names) for a in body["legal"]),
        monte=body.get("monte", 0),
        match_points=tuple(body["match_points"]),
        target=body["target"],
        history_len=body["history_len"],
        events=events,
        known=tuple(cards_from_json(k) for k in body["known"]),
        rules=variant,
    )
