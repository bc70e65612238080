"""Game records: a deal or a whole match as JSON, read back with clear errors.

A record holds the format version, the variant, its house rules, the players, the first
dealer and, for each deal, either its seed or its explicit layout, plus the actions in order.
Replaying a record rebuilds the match exactly (see docs/records.md for the format).

Every problem in a record becomes a ``RecordError`` whose message is one line saying where
(file, line and column, or deal and action) and what is wrong; an action that breaks a rule
becomes a ``RecordIllegalAction`` naming the deal, the action's number, the seat, the action
and the rule.
"""

from __future__ import annotations

from collections.abc import Callable

from ..lang import _
from .actions import action_str, parse_action
from .errors import IllegalAction, LayoutError
from .match import Match
from .record_format import (
    DealRecord,
    Record,
    RecordError,
    RecordIllegalAction,
    Undo,
    at_action,
    at_deal,
)
from .record_reading import (
    MAX_BYTES,
    MAX_DEAL_ACTIONS,
    MAX_DEALS,
    MAX_DIGITS,
    SEED_MAX,
    load_record,
    parse_record,
    record_from_json,
)
from .state import GameState
from .variant import Variant

__all__ = [
    "MAX_BYTES", "MAX_DEAL_ACTIONS", "MAX_DEALS", "MAX_DIGITS", "SEED_MAX", "ActionHook",
    "DealHook", "DealRecord", "Record", "RecordError", "RecordIllegalAction", "Undo",
    "load_record", "parse_record", "record_from_json", "record_of_match", "replay_deal",
    "replay_record",
]


def record_of_match(match: Match, players: list[str]) -> Record:
    """The record of a match as played so far (the last deal may be unfinished)."""
    v = match.variant
    if len(players) != v.n_people:
        raise ValueError(f"{v.name} here has {v.n_people} players; {len(players)} player names "
                         "given")
    deals = []
    for i, state in enumerate(match.deals):
        lay = state.layout_given
        # With a layout the seed only drives the deal's other chances (signals caught);
        # it is written when it is not the default 0.
        seed = state.seed if lay is None or state.seed != 0 else None
        deals.append(DealRecord(
            seed=seed,
            layout=lay,
            actions=[action_str(a, v.signal_names) for a in state.history],
            proof=match.shuffle_proof(i),
        ))
    return Record(v.id, dict(v.options), list(players), match.first_dealer, match.seed, deals)


# ----- reading -------------------------------------------------------------------------
# Called after each action is applied: (deal index, action index, state, action text).
ActionHook = Callable[[int, int, GameState, str], None]
# Called when a deal's state is made, before its actions: (deal index, state).
DealHook = Callable[[int, GameState], None]


def replay_record(record: Record, name: str = "record", on_action: ActionHook | None = None,
                  on_deal: DealHook | None = None) -> Match:
    """Rebuild the match a record describes; an illegal action raises
    ``RecordIllegalAction`` naming the deal, position, seat, action and rule.

    The last deal may be unfinished (a match saved mid-deal); any other deal must be
    finished. ``on_deal`` and ``on_action`` let a caller follow the replay step by step.
    """
    v = record.make_variant()
    match = Match(v, record.dealer, record.seed if record.seed is not None else 0)
    for i, d in enumerate(record.deals):
        if match.is_over():
            raise RecordError(at_deal(name, i + 1),
                              _("the match was already over after deal {deal}").format(deal=i))
        if i > 0 and not match.deals[-1].is_over():
            raise RecordError(at_deal(name, i),
                              _("this deal is not finished but another deal follows it"))
        try:
            state = match.new_deal(seed=d.seed, layout=d.layout)
        except (LayoutError, ValueError) as e:
            raise RecordError(at_deal(name, i + 1), str(e)) from None
        if on_deal is not None:
            on_deal(i, state)
        for k, text in enumerate(d.actions):
            named = d.seat_named(k)  # the seat the record says acts, if it says
            seat = state.current if named is None else named
            try:
                action = parse_action(text, v.signal_names)
            except ValueError as e:
                raise RecordError(at_action(at_deal(name, i + 1), k + 1), str(e)) from None
            if state.is_over():
                raise RecordIllegalAction(name, i, k, None, text,
                                          _("the deal is already over"))
            try:
                state.apply(action, named)
            except IllegalAction as e:
                player = None
                if seat is not None:
                    ctl = v.controller(state, seat)
                    who = match.people()[ctl]
                    player = record.players[who] if who is not None else None
                    if player is not None and ctl != seat:
                        # translators: {player} is a player's name, who plays a dummy hand
                        # (a seat without a player of its own)
                        player = _("{player}, playing the dummy").format(player=player)
                raise RecordIllegalAction(name, i, k, seat, text, e.rule, player) from None
            if on_action is not None:
                on_action(i, k, state, text)
        if state.is_over():
            match.finish_deal()
    return match


def replay_deal(variant: Variant, deal: DealRecord, dealer: int = 0) -> GameState:
    """Rebuild one deal on its own (no match around it); raises ``IllegalAction``."""
    state = GameState(variant, dealer, deal.seed, deal.layout)
    for k, text in enumerate(deal.actions):
        state.apply(parse_action(text, variant.signal_names), deal.seat_named(k))
    return state
