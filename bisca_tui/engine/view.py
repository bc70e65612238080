"""A seat's view: exactly what one seat may know, and nothing else.

Bots and screens get a ``SeatView``, never the state. It holds plain tuples, so no hidden
card is reachable from it: its own hand, the public cards (the trick, the tricks taken, the
indicator while it lies on the table), cards that every seat knows another holds (the
indicator drawn by someone, an exchanged card), cards shown to this seat by a partner.

The view's record of what happened is its ``events``: the deal's events as this seat may
see them, in order (``seen_events``). Its per-family values (``cut_or_knock``, ``bids``,
``contract``, ``exchanges``, ``under_indicator``, ``signals``, ``score_events``,
``deal_game_points``, ``discards``) are folded from those events (``seen.told``), never
copied from the state's records, so a view says only what its seat saw happen.
"""

from __future__ import annotations

from dataclasses import dataclass

from .calling import Contract
from .context import CutOrKnock
from .events import Event
from .exchange import Exchange
from .phase_data import SeenSignal
from .seen import told
from .state import GameState, ScoreEvent, Trick


@dataclass(frozen=True)
class SeatView:
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
    known: tuple[tuple[int, ...], ...]  # per seat: cards this seat knows that seat holds
    signals: tuple[SeenSignal, ...]
    score_events: tuple[ScoreEvent, ...]
    deal_game_points: tuple[int, ...]
    legal: tuple[int, ...]  # legal actions when it is this seat's turn, else ()
    cut_or_knock: CutOrKnock | None  # Bisca Capixaba: the eldest's cut or knock, once made
    bids: tuple[tuple[int, int], ...]  # the auction so far: (seat, action) in order spoken
    exchanges: tuple[Exchange, ...]  # every step of a trump exchange, in order
    under_indicator: tuple[int, int] | None  # (seat, card) laid under the indicator
    contract: Contract | None  # what the auction and call settled, as this seat knows it
    monte: int  # cards lying face down on the table for the bidder (col Monte)
    discards: tuple[int, ...]  # the cards this seat laid aside as bidder (col Monte)
    match_points: tuple[int, ...]  # game points per team before this deal
    target: int | None  # game points that win the match, when the deal knows it
    history_len: int  # actions taken so far in the deal (public: every action is seen)
    events: tuple[Event, ...] = ()  # what happened, as this seat may see it, in order

    def played_cards(self) -> set[int]:
        out = {c for t in self.tricks for c in t.cards}
        out.update(c for _, c in self.trick)
        return out

    def under_indicator_card(self) -> int | None:
        return None if self.under_indicator is None else self.under_indicator[1]


def make_view(state: GameState, seat: int) -> SeatView:
    v = state.variant
    known = tuple(
        tuple(sorted(state.known[seat][s])) if s != seat else ()
        for s in range(state.n)
    )
    trump_known = state.trump_known
    events = seen_events(state, seat)
    t = told(v, seat, events)
    return SeatView(
        seat=seat,
        variant=v.id,
        options=tuple(sorted(v.options.items())),
        n_players=state.n,
        team_of=v.team_of,
        side_of=v.known_sides(state, seat),
        dealer=state.dealer,
        phase=state.phase,
        current=state.current,
        hand=tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        trump=state.trump if trump_known else None,
        indicator=state.indicator,
        indicator_card=state.indicator_card,
        stock_count=state.stock_count,
        leader=state.leader,
        trick=tuple(zip(state.trick_seats, state.trick, strict=True)),
        tricks=tuple(state.tricks),
        points=tuple(state.points),
        known=known,
        signals=t.signals,
        score_events=t.score_events,
        deal_game_points=t.deal_game_points,
        legal=tuple(state.legal_actions()) if state.current == seat else (),
        cut_or_knock=t.cut_or_knock,
        bids=t.bids,
        exchanges=t.exchanges,
        under_indicator=t.under_indicator,
        contract=t.contract,
        monte=len(state.aside.monte),  # a count of cards on the table, as ``stock_count``
        discards=t.discards,
        match_points=tuple(state.match_points),
        target=state.target,
        history_len=len(state.history),
        events=events,
    )


def seen_events(state: GameState, seat: int) -> tuple[Event, ...]:
    """The deal's events as ``seat`` may see them, in order."""
    out = []
    for e in state.events:
        if not e.public:
            e = e.as_seen_by(seat)
            if e is None:
                continue
        out.append(e)
    return tuple(out)
