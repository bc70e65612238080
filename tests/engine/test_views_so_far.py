"""A view's events and what they told it are kept per seat and brought up to date with the
events of each action (``seen.so_far``), not picked out again from the deal's start: at every
position of random deals (signals sent and caught, cards laid aside for the monte, hands
shown, exchanges, called partners), through clones, sampled deals, deals taken back and an
event list cut back in place, every seat's view and the spectator's are equal to the same
view worked out from the first event on, and hold nothing another seat was shown."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine.events import Event
from bisca_tui.engine.sampling import determinize
from bisca_tui.engine.seen import Told, told
from bisca_tui.engine.spectator import SPECTATOR, spectator_sees, spectator_view
from bisca_tui.engine.view import SeatView, make_view, seen_events

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("bisca-4", {"signals": True, "intercept": 0.5}),  # signs, some caught by opponents
    ("bisca-6", {"intercept": 1.0}),
    ("bisca-capixaba", {}),  # the cut or knock, the trump exchange
    ("brisca", {}),
    ("sueca", {}),
    ("sueca-3", {}),  # a dummy's hand shown
    ("chiamata", {}),  # an auction and a called partner
    ("chiamata-monte", {}),  # cards laid aside by the bidder
    ("sueca-5", {}),
]


def scratch_view(state: GameState, seat: int) -> SeatView:
    """``seat``'s view made as it was before any was kept: every field given to the view's
    own constructor, the events picked out from the first, their fold from the first."""
    v = state.variant
    events = seen_events(state, seat)
    found = told(v, seat, events, state.n)
    return SeatView(
        seat=seat, variant=v.id, options=tuple(sorted(v.options.items())), n_players=state.n,
        team_of=v.team_of, side_of=v.known_sides(state, seat), dealer=state.dealer,
        phase=state.phase, current=state.current, hand=tuple(state.hands[seat]),
        hand_sizes=tuple(len(h) for h in state.hands),
        trump=state.trump if state.trump_known else None, indicator=state.indicator,
        indicator_card=state.indicator_card, stock_count=state.stock_count,
        leader=state.leader, trick=tuple(zip(state.trick_seats, state.trick, strict=True)),
        tricks=tuple(state.tricks), points=tuple(state.points),
        legal=tuple(state.legal_actions()) if state.current == seat else (),
        monte=len(state.aside.monte), match_points=tuple(state.match_points),
        target=state.target, history_len=len(state.history), events=events, rules=v,
        **found._asdict())


def scratch_spectator(state: GameState) -> tuple[tuple[Event, ...], Told]:
    n = state.n
    events = tuple(e for e in (spectator_sees(e, n) for e in state.events) if e is not None)
    return events, told(state.variant, SPECTATOR, events, n)


def check(state: GameState) -> None:
    """Every seat's view, and the spectator's, equal to the one worked out from scratch."""
    for seat in range(state.n):
        view = make_view(state, seat)
        expected = scratch_view(state, seat)
        assert view == expected
        assert view.__dict__ == expected.__dict__  # every field, the uncompared ones too
        for name in Told._fields:
            assert getattr(view, name) == getattr(expected, name), name
    watcher = spectator_view(state)
    events, found = scratch_spectator(state)
    assert watcher.events == events
    for name in ("cut_or_knock", "bids", "exchanges", "under_indicator", "score_events",
                 "deal_game_points"):
        assert getattr(watcher, name) == getattr(found, name), name


def step(state: GameState, rng: random.Random) -> None:
    state.apply(rng.choice(state.legal_actions()))


@st.composite
def deals(draw: st.DrawFn) -> tuple[str, dict[str, Any], int, int]:
    vid, options = draw(st.sampled_from(VARIANTS))
    return vid, options, draw(st.integers(0, 2**32)), draw(st.integers(0, 2**32))


@SETTINGS
@given(deals())
def test_views_kept_up_to_date_equal_views_made_from_scratch(deal: Any) -> None:
    vid, options, seed, policy = deal
    v = make_variant(vid, options)
    rng = random.Random(policy)
    state = GameState(v, dealer=seed % v.n, seed=seed)
    kept: list[tuple[SeatView, SeatView]] = []  # views made, to look at again
    while not state.is_over():
        if rng.random() < 0.7:  # not at every position: the next view catches up more
            check(state)
            seat = rng.randrange(v.n)
            kept.append((make_view(state, seat), scratch_view(state, seat)))
        roll = rng.random()
        if roll < 0.08:  # a clone goes its own way; the deal it was made from stays as it is
            other = state.clone()
            check(other)
            if not other.is_over():
                step(other, rng)
                check(other)
            check(state)
        elif roll < 0.14 and state.history:  # taken back: rebuilt from the seed (an undo)
            keep = rng.randrange(len(state.history))
            state = GameState.replay(v, state.history[:keep], state.dealer, seed)
            check(state)
            continue
        elif roll < 0.2:  # a deal sampled from a seat's view, played on from there
            sampled = determinize(make_view(state, rng.randrange(v.n)), v, rng)
            check(sampled)
            if not sampled.is_over() and sampled.legal_actions():
                step(sampled, rng)
                check(sampled)
        step(state, rng)
    check(state)
    for view, expected in kept:  # a view made earlier is not changed by what came after
        assert view == expected


@SETTINGS
@given(deals(), st.data())
def test_a_list_of_events_changed_in_place_is_read_again(deal: Any, data: Any) -> None:
    """The events are the state's to change (a sampled deal puts a list in their place):
    the list cut back, or an event replaced by another, is never read as what it was."""
    vid, options, seed, policy = deal
    v = make_variant(vid, options)
    rng = random.Random(policy)
    state = GameState(v, seed=seed)
    other = GameState(v, seed=seed + 1)
    while not state.is_over():
        step(state, rng)
        if not other.is_over():
            step(other, rng)
    check(state)  # every seat has read the whole deal
    events = state.events
    cut = data.draw(st.integers(0, len(events)))
    how = data.draw(st.sampled_from(["cut", "replace", "swap"]))
    if how == "cut":
        del events[cut:]
        events.extend(other.events[cut:cut + data.draw(st.integers(0, 5))])
    elif how == "replace" and cut < len(events):
        events[cut] = other.events[min(cut, len(other.events) - 1)]
    else:
        state.events = list(other.events)
    for seat in range(v.n):
        view = make_view(state, seat)
        assert view.events == seen_events(state, seat)
        assert Told(*(getattr(view, f) for f in Told._fields)) == told(
            v, seat, view.events, v.n)
    assert spectator_view(state).events == scratch_spectator(state)[0]


def test_no_seat_is_given_another_seats_events() -> None:
    """Each seat keeps its own: the events one seat was shown (a partner's sign, a hand
    shown to it alone) never reach another's view of the same deal."""
    v = make_variant("bisca-4", {"signals": True, "intercept": 0.0})
    apart = 0  # positions where the seats were shown different events
    for seed in range(30):
        rng = random.Random(seed)
        state = GameState(v, seed=seed)
        while not state.is_over():
            seen = [make_view(state, seat).events for seat in range(v.n)]
            assert seen == [seen_events(state, seat) for seat in range(v.n)]
            apart += len(set(seen)) > 1
            step(state, rng)
    assert apart > 0
