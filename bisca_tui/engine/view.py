"""A seat's view: exactly what one seat may know, and nothing else.

Bots and screens get a ``SeatView``, never the state. It holds plain tuples, so no hidden
card is reachable from it: its own hand, the public cards (the trick, the tricks taken, the
indicator while it lies on the table), cards that every seat knows another holds (the
indicator drawn by someone, an exchanged card), cards shown to this seat by a partner.

The view's record of what happened is its ``events``: the deal's events as this seat may
see them, in order (``seen_events``). Its per-family values (``cut_or_knock``, ``bids``,
``contract``, ``exchanges``, ``under_indicator``, ``signals``, ``score_events``,
``deal_game_points``, ``discards``, ``known``) are folded from those events
(``seen.told``), never copied from the state's records, so a view says only what its seat
saw happen. They are read on first use and kept (``FromEvents``): a view made for a bot
that only looks at its hand and the trick costs no fold at all.

Each seat's events, and their fold, are kept with the deal and brought up to date with the
events of each action (``seen.so_far``) rather than picked out and folded again from the
deal's first event for every view: a host makes every seat's view at every action.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from .calling import Contract
from .context import CutOrKnock
from .events import Event
from .exchange import Exchange
from .phase_data import SeenSignal
from .seen import Told, seat_sees, so_far, told_so_far
from .state import GameState, ScoreEvent, Trick
from .variant import make_variant

if TYPE_CHECKING:
    from .variant import Variant


class FromEvents:
    """A field of the view read from its events on first use (every such field at once, by
    one pass: ``seen.told``) and kept in the view, so that later reads are plain attribute
    reads. A value given when the view is made (a ``dataclasses.replace``) is kept as given.
    """

    name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, view: Any, owner: type | None = None) -> Any:
        if view is None:
            return _UNTOLD  # the field's default: read it from the events
        d = view.__dict__
        rules = view.rules
        if rules is None:
            rules = make_variant(view.variant, dict(view.options), view.n_players)
        found = told_so_far(rules, view.seat, view.events, view.n_players)
        if len(d) == _PLAIN:  # none of them given
            d.update(zip(Told._fields, found, strict=True))
        else:
            for name, value in zip(Told._fields, found, strict=True):
                d.setdefault(name, value)
        return d[self.name]


_UNTOLD: Any = object()


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` may know of the deal now. The fields before ``events`` are the table
    as it lies (the hand, the trick, the counts); ``events`` is the view's record of what
    happened, and the fields after it are read from those events."""

    seat: int
    variant: str
    options: tuple[tuple[str, object], ...]  # house rules in effect, sorted by name
    n_players: int
    team_of: tuple[int, ...]  # scoring sides of the match (each player alone in some games)
    side_of: tuple[int | None, ...]  # this deal's partnerships as this seat knows them
    dealer: int
    phase: str
    current: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    trump: int | None  # None while not yet known (before a cut or knock)
    indicator: int | None  # the face-up indicator while it lies on the table
    indicator_card: int | None  # the indicator as turned, even after it was drawn
    stock_count: int
    leader: int
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]  # card points taken, per seat
    legal: tuple[int, ...]  # legal actions when it is this seat's turn, else ()
    monte: int  # cards lying face down on the table for the bidder (col Monte)
    match_points: tuple[int, ...]  # game points per team before this deal
    target: int | None  # game points that win the match, when the deal knows it
    history_len: int  # actions taken so far in the deal (public: every action is seen)
    events: tuple[Event, ...] = ()  # what happened, as this seat may see it, in order
    # read from ``events`` on first use (``seen.told``), unless given when the view is made
    cut_or_knock: CutOrKnock | None = FromEvents()  # Capixaba: the eldest's cut or knock
    bids: tuple[tuple[int, int], ...] = FromEvents()  # the auction: (seat, action) in order
    contract: Contract | None = FromEvents()  # what the auction and call settled, as known
    exchanges: tuple[Exchange, ...] = FromEvents()  # every step of a trump exchange, in order
    under_indicator: tuple[int, int] | None = FromEvents()  # (seat, card) laid under it
    signals: tuple[SeenSignal, ...] = FromEvents()  # signs this seat sent, got or caught
    score_events: tuple[ScoreEvent, ...] = FromEvents()  # game points scored during play
    deal_game_points: tuple[int, ...] = FromEvents()  # those game points, per team
    discards: tuple[int, ...] = FromEvents()  # the cards this seat laid aside as bidder
    known: tuple[tuple[int, ...], ...] = FromEvents()  # per seat: cards it knows they hold
    # the game's rules, to name bids and signs (not compared, not shown)
    rules: Variant | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        d = self.__dict__
        for name in Told._fields:  # not given: left to be read from the events
            if d[name] is _UNTOLD:
                del d[name]

    def played_cards(self) -> set[int]:
        out = {c for t in self.tricks for c in t.cards}
        out.update(c for _, c in self.trick)
        return out

    def under_indicator_card(self) -> int | None:
        return None if self.under_indicator is None else self.under_indicator[1]


_PLAIN = len(fields(SeatView)) - len(Told._fields)  # the fields never read from the events


def make_view(state: GameState, seat: int) -> SeatView:
    return table_view(state, seat, hand=tuple(state.hands[seat]),
                      side_of=state.variant.known_sides(state, seat),
                      legal=tuple(state.legal_actions()) if state.current == seat else (),
                      events=so_far(state, seat, seat_sees))


def table_view(state: GameState, seat: int, *, hand: tuple[int, ...],
               side_of: tuple[int | None, ...], legal: tuple[int, ...],
               events: tuple[Event, ...], **given: Any) -> SeatView:
    """A view of the table as it lies, the same for everyone who looks (the counts, the
    trick, the tricks taken, the trump once known), with what is ``seat``'s own: its hand,
    the partnerships as it knows them, what it may do, the events as it saw them, and any
    field read from the events that is ``given`` instead (the spectator's).

    The view is filled in as ``SeatView(...)`` would fill it, without the frozen class's
    field-by-field setting (a host makes five views an action)."""
    v = state.variant
    view = _blank(SeatView)
    d = view.__dict__
    d["seat"] = seat
    d["variant"] = v.id
    d["options"] = tuple(sorted(v.options.items()))
    d["n_players"] = state.n
    d["team_of"] = v.team_of
    d["side_of"] = side_of
    d["dealer"] = state.dealer
    d["phase"] = state.phase
    d["current"] = state.current
    d["hand"] = hand
    d["hand_sizes"] = tuple(map(len, state.hands))
    d["trump"] = state.trump if state.trump_known else None
    d["indicator"] = state.indicator
    d["indicator_card"] = state.indicator_card
    d["stock_count"] = state.stock_count
    d["leader"] = state.leader
    d["trick"] = tuple(zip(state.trick_seats, state.trick, strict=True)) if state.trick else ()
    d["tricks"] = tuple(state.tricks)
    d["points"] = tuple(state.points)
    d["legal"] = legal
    d["monte"] = len(state.aside.monte)  # a count of cards on the table, as ``stock_count``
    d["match_points"] = tuple(state.context.match_points)
    d["target"] = state.context.target
    d["history_len"] = len(state.history)
    d["events"] = events
    d["rules"] = v
    if given:
        d.update(given)
    return view


_blank = object.__new__


def seen_events(state: GameState, seat: int) -> tuple[Event, ...]:
    """The deal's events as ``seat`` may see them, in order, picked out from the first on
    (a view takes them from what ``seat`` was shown so far: ``seen.so_far``)."""
    out = []
    for e in state.events:
        if not e.public:
            e = e.as_seen_by(seat)
            if e is None:
                continue
        out.append(e)
    return tuple(out)
