"""Properties of whole deals of every Sueca variant, driven by random legal actions.

The rules are written out here on their own, from our rulings, and every deal is checked
against them at every step: every card is in exactly one place, play goes round
counter-clockwise and the winner of a trick leads the next, a seat may only play what the
follow-suit rule allows, no seat's view shows a card it may not know, the card points of a deal
add up to the pack's total, and the game points fall in exactly one band of the scoring table.
Replays and clones rebuild the same deal.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bisca_tui.engine import GameState, make_variant
from bisca_tui.engine import actions as A
from bisca_tui.engine.calling import Contract
from bisca_tui.engine.cards import parse_card
from bisca_tui.engine.context import DealContext
from bisca_tui.engine.phase_data import Bidding
from bisca_tui.engine.variant import DealScore, Variant


def examples(n: int) -> Any:
    """Hypothesis settings for ``n`` examples per configuration (each test is run once per
    configuration, so that every variant is exercised)."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# (variant, house rules, players)
CONFIGS: list[tuple[str, dict[str, Any], int | None]] = [
    ("sueca", {}, None),
    ("sueca", {"sweep": "tricks", "tie": "carry"}, None),
    ("sueca", {"match": 10, "tie": "carry"}, None),
    ("sueca-italiana", {}, None),
    ("sueca-italiana", {"sweep": "tricks"}, None),
    ("sueca-aberta", {}, None),
    ("sueca-pontos", {}, None),
    ("sueca-brasileira", {}, None),
    ("sueca-brasileira", {"last_trick_bonus": 0}, None),
    ("sueca-brasileira", {"last_trick_bonus": 20, "sweep": "tricks"}, None),
    ("sueca-dupla", {}, 8),
    ("sueca-dupla", {"tie": "carry"}, 6),
    ("sueca-3", {}, None),
    ("sueca-5", {}, None),
]

AUCTION_PHASES = ("auction", "call")


def pack_points(v: Variant) -> int:
    return sum(v.points[c] for c in v.pack())


def deal_total(v: Variant) -> int:
    """The card points a deal shares out: the pack (120, or 240 with two packs) and the
    last-trick bonus of Sueca Brasileira."""
    return pack_points(v) + int(v.options.get("last_trick_bonus", 0))


def plays_for_games(v: Variant) -> bool:
    return v.id not in ("sueca-pontos", "sueca-5")


def config_id(config: tuple[str, dict[str, Any], int | None]) -> str:
    vid, options, players = config
    parts = [vid] + ([str(players)] if players else []) + [f"{k}={v}" for k, v in options.items()]
    return ",".join(parts)


@st.composite
def deals(draw: st.DrawFn, config: tuple[str, dict[str, Any], int | None]) -> dict[str, Any]:
    vid, options, players = config
    v = make_variant(vid, options, players)
    match_points = target = None
    if plays_for_games(v):
        target = v.match_target()
        match_points = (draw(st.integers(0, target - 1)), draw(st.integers(0, target - 1)))
    ties = draw(st.integers(0, 2)) if v.options.get("tie") == "carry" else 0
    return {
        "variant": v,
        "dealer": draw(st.integers(0, v.n - 1)),
        "seed": draw(st.integers(0, 2**32)),
        "policy": draw(st.integers(0, 2**32)),
        "match_points": match_points,
        "target": target,
        "ties": ties,
    }


def context_of(d: dict[str, Any]) -> DealContext:
    """The deal's context as its match would make it, tied deals carried in."""
    return DealContext.of(d["variant"].n_teams, d["match_points"], d["target"], d["ties"])


def new_state(d: dict[str, Any]) -> GameState:
    return GameState(d["variant"], d["dealer"], seed=d["seed"], context=context_of(d))


def advance(state: GameState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over():
            return
        state.apply(rng.choice(state.legal_actions()))


# ----- the rules written out on their own -------------------------------------------------

def trick_winner(v: Variant, trump: int, cards: tuple[int, ...]) -> int:
    """Index of the winning card: the highest trump, else the highest card of the suit led;
    of two identical cards (two packs) the one played first."""
    best = 0
    for i, c in enumerate(cards):
        b = cards[best]
        if v.suit[c] == v.suit[b]:
            if v.strength[c] > v.strength[b]:
                best = i
        elif v.suit[c] == trump:
            best = i
    return best


def allowed_cards(v: Variant, state: GameState, seat: int) -> list[int]:
    """What the seat to act may play under the follow-suit rules."""
    hand = state.hands[seat]
    if not state.trick:
        return sorted(hand)
    led = v.suit[state.trick[0]]
    follow = [c for c in hand if v.suit[c] == led]
    if follow:
        return sorted(follow)
    if v.id == "sueca-italiana":
        trumps = [c for c in hand if v.suit[c] == state.trump]
        if trumps:
            return sorted(trumps)
    return sorted(hand)


def first_leader(state: GameState) -> int:
    if state.variant.id == "sueca-5":
        return state.bidding.contract.bidder
    return (state.dealer + 1) % state.n


def may_know(state: GameState, viewer: int, seat: int) -> set[int]:
    """The cards of ``seat``'s hand that ``viewer`` may know: the dealer's turned card while
    the dealer holds it, every hand once play starts in Sueca Aberta, the dummy's hand once the
    first card is led in Sueca for three (and the dealer's hand for the dummy, whose cards the
    dealer chooses). Nothing in Sueca for five: there the call only tells who the partner is."""
    v = state.variant
    hand = set(state.hands[seat])
    out: set[int] = set()
    if v.id != "sueca-5" and seat == state.dealer and state.indicator_card in hand:
        out.add(state.indicator_card)
    if v.id == "sueca-aberta" and state.phase in ("play", "over"):
        out |= hand
    if v.id == "sueca-3":
        dummy = (state.dealer + 2) % 4
        if seat == dummy and (state.tricks or state.trick):
            out |= hand
        if viewer == dummy and seat == state.dealer:
            out |= hand
    return out


def expected_games(v: Variant, pts: list[int], tricks: list[int], ties_before: int,
                   match_points: tuple[int, ...] | None, target: int | None
                   ) -> tuple[int | None, list[int]]:
    """(winning side or None, game points per side) for the partnership games, by our rulings:
    more than half the points = 1 game, more than three quarters = 2, all of them = 4 (120:
    61-90, 91-119, 120; Sueca Brasileira's 130: 66, 98, 130; two packs' 240: 121, 181, 240),
    a tie = nothing; house rules ``sweep`` and ``tie`` as written there."""
    total = deal_total(v)
    if v.id == "sueca-pontos":
        w = None if pts[0] == pts[1] else (0 if pts[0] > pts[1] else 1)
        return w, list(pts)
    if pts[0] == pts[1]:
        return None, [0, 0]
    w = 0 if pts[0] > pts[1] else 1
    p = pts[w]
    one, two = {120: (61, 91), 130: (66, 98), 240: (121, 181)}.get(
        total, (total // 2 + 1, 3 * total // 4 + 1))
    sweep = v.options["sweep"]
    if sweep == "tricks" and tricks[w] == sum(tricks):
        assert target is not None and match_points is not None
        # the whole match at once: exactly the games still needed, ties carried included
        return w, [target - match_points[w] if k == w else 0 for k in (0, 1)]
    if p == total and sweep == "points":
        games = 4
    elif p >= two:
        games = 2
    else:
        assert p >= one
        games = 1
    if v.options["tie"] == "carry":
        games += ties_before
    out = [0, 0]
    out[w] = games
    return w, out


def payment_unit(bid: int) -> int:
    """What each opponent pays or is paid in Sueca for five, by the bid (0 counts as 61)."""
    bid = max(bid, 61)
    for top, unit in ((70, 1), (80, 2), (90, 3), (100, 4), (120, 5)):
        if bid <= top:
            return unit
    raise AssertionError(bid)


def expected_payments(bidder: int, partner: int, bid: int, pts: list[int],
                      tricks: list[int]) -> tuple[int | None, list[int]]:
    """Sueca for five: the bidder's side needs the bid (61 at least); each opponent pays or
    is paid one unit by the bid, the partner gains or loses one, the bidder balances the
    table (two units with a partner, four alone); all doubled when one side takes every
    trick."""
    made = pts[0] >= max(61, bid)
    unit = payment_unit(bid) * (2 if 0 in tricks else 1) * (1 if made else -1)
    out = []
    for s in range(5):
        if s == bidder:
            out.append(unit * (4 if partner == bidder else 2))
        elif s == partner:
            out.append(unit)
        else:
            out.append(-unit)
    return (bidder if made else None), out


# ----- checks at every step ---------------------------------------------------------------

def check_step(state: GameState) -> None:
    v = state.variant
    n = state.n
    # every card in exactly one place
    cards = [c for h in state.hands for c in h] + list(state.trick) + list(state.stock)
    cards += [c for t in state.tricks for c in t.cards]
    assert sorted(cards) == sorted(v.pack())
    assert not state.stock and state.indicator is None  # Sueca deals every card
    # counter-clockwise: the bidding from the dealer, the play from the leader
    if state.phase == "auction":
        assert state.current == (state.dealer + len(state.bidding.bids)) % n
    if state.phase in AUCTION_PHASES:
        assert not state.tricks and not state.trick
    else:
        assert state.trick_seats == [(state.leader + k) % n for k in range(len(state.trick))]
        leader = first_leader(state)
        for t in state.tricks:
            assert t.leader == leader
            assert list(t.seats) == [(leader + k) % n for k in range(n)]
            assert t.winner == t.seats[trick_winner(v, state.trump, t.cards)]
            assert t.points == sum(v.points[c] for c in t.cards)
            leader = t.winner  # the winner of a trick leads the next
        if state.phase == "play":
            assert state.leader == leader
            assert state.current == (leader + len(state.trick)) % n
    # what the seat to act may do
    legal = state.legal_actions()
    if state.phase == "play":
        assert sorted(legal) == allowed_cards(v, state, state.current)
    elif state.phase == "auction":
        best = max((b - A.BID for _, b in state.bidding.bids if b != A.PASS), default=0)
        assert sorted(legal) == [A.PASS] + [A.BID + k for k in range(max(61, best + 1), 121)]
    elif state.phase == "call":
        bids = [(s, b - A.BID) for s, b in state.bidding.bids if b != A.PASS]
        best = max((b for _, b in bids), default=0)
        high = next(s for s, b in bids if b == best) if best else state.dealer
        assert state.current == high
        assert sorted(legal) == [A.CALL + c for c in sorted(v.pack())]
    else:
        assert state.phase == "over" and legal == []
    check_views(state)


def check_views(state: GameState) -> None:
    v = state.variant
    n = state.n
    for viewer in range(n):
        view = state.view(viewer)
        assert view.hand == tuple(state.hands[viewer])
        assert view.hand_sizes == tuple(len(h) for h in state.hands)
        hidden: set[int] = set()
        for s in range(n):
            if s == viewer:
                assert view.known[s] == ()
                continue
            allowed = may_know(state, viewer, s)
            known = set(view.known[s])
            assert known <= set(state.hands[s])
            # nothing beyond what the rules show, and all of it
            assert known == allowed
            hidden |= set(state.hands[s]) - allowed
        seen = set(view.hand) | {c for _, c in view.trick}
        seen |= {c for t in view.tricks for c in t.cards}
        seen |= {c for k in view.known for c in k}
        seen |= {a for a in view.legal if 0 <= a < 80}
        if view.indicator is not None:
            seen.add(view.indicator)
        assert not seen & hidden
        if v.id == "sueca-5":
            check_sueca5_view(state, viewer, view)
        else:
            assert view.trump == state.trump
            assert view.side_of == tuple(v.team_of)


def played_or_mine(state: GameState, viewer: int) -> bool:
    called = state.bidding.contract.called
    played = called in state.trick or any(called in t.cards for t in state.tricks)
    return played or viewer == state.bidding.called_holder


def check_sueca5_view(state: GameState, viewer: int, view: Any) -> None:
    """Trumps are unknown until the call; the partner is secret until the called card is
    played, except to the partner itself."""
    if state.phase in AUCTION_PHASES:
        assert view.trump is None and view.side_of == (None,) * 5
        return
    assert view.trump == state.trump
    bidder = state.bidding.contract.bidder
    partner = state.bidding.called_holder
    called = state.bidding.contract.called
    assert view.contract.partner == (partner if played_or_mine(state, viewer) else None)
    played = called in state.trick or any(called in t.cards for t in state.tricks)
    for s, side in enumerate(view.side_of):
        assert side is None or side == state.side_of[s]
    if played or viewer == partner:
        assert view.side_of == tuple(state.side_of)
    else:
        assert view.side_of[bidder] == 0
        if partner != bidder:
            assert view.side_of[partner] is None
        if viewer != bidder:
            assert view.side_of[viewer] == 1


def play_deal(state: GameState, rng: random.Random, check: bool = True) -> None:
    while not state.is_over():
        if check:
            check_step(state)
        state.apply(rng.choice(state.legal_actions()))
    if check:
        check_step(state)


def check_result(state: GameState, d: dict[str, Any]) -> None:
    v = state.variant
    r = state.result
    assert isinstance(r, DealScore) and not r.ended_early
    total = deal_total(v)
    assert sum(state.points) == total and sum(r.card_points) == total
    assert sum(t.points for t in state.tricks) == pack_points(v)
    assert len(state.tricks) == len(v.pack()) // v.n and not any(state.hands)
    bonus = int(v.options.get("last_trick_bonus", 0))
    last = state.tricks[-1]
    assert state.points[last.winner] == bonus + sum(
        t.points for t in state.tricks if t.winner == last.winner)
    # the deal's sides: fixed partnerships, or the bidder's side against the rest
    side_of = state.side_of
    pts = [sum(state.points[s] for s in range(v.n) if side_of[s] == k) for k in (0, 1)]
    tricks = [sum(state.tricks_won[s] for s in range(v.n) if side_of[s] == k) for k in (0, 1)]
    assert list(r.card_points) == pts and list(r.tricks) == tricks
    if v.id == "sueca-5":
        bidder, partner = state.bidding.contract.bidder, state.bidding.called_holder
        holder = next(t.seats[t.cards.index(c)] for t in state.tricks for c in t.cards
                      if c == state.bidding.contract.called)
        assert partner == holder
        assert list(side_of) == [0 if s in (bidder, partner) else 1 for s in range(5)]
        bid = state.bidding.contract.need if state.bidding.contract.bid is not None else 0
        w, games = expected_payments(bidder, partner, bid, pts, tricks)
        assert sum(r.game_points) == 0
    else:
        assert list(side_of) == list(v.team_of)
        w, games = expected_games(v, pts, tricks, d["ties"], d["match_points"], d["target"])
    assert r.winner == w
    assert list(r.game_points) == games
    returns = state.returns()
    if v.id == "sueca-5":
        top = max(abs(g) for g in games)
        assert returns == [g / top for g in games]
    elif w is None:
        assert returns == [0.0] * v.n
    else:
        assert returns == [1.0 if v.team_of[s] == w else -1.0 for s in range(v.n)]


# ----- the properties ---------------------------------------------------------------------

@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@examples(4)
@given(data=st.data())
def test_random_deals_keep_every_rule(config: Any, data: st.DataObject) -> None:
    d = data.draw(deals(config))
    state = new_state(d)
    play_deal(state, random.Random(d["policy"]))
    check_result(state, d)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@examples(3)
@given(data=st.data(), stop=st.integers(0, 90))
def test_replay_and_clone_rebuild_the_same_deal(config: Any, data: st.DataObject,
                                                stop: int) -> None:
    d = data.draw(deals(config))
    state = new_state(d)
    advance(state, random.Random(d["policy"]), stop)
    if d["ties"]:
        # tied deals carried in are a fact of the match, set before the first action
        again = new_state(d)
        for a in state.history:
            again.apply(a)
    else:
        again = GameState.replay(d["variant"], state.history, d["dealer"], d["seed"],
                                 match_points=d["match_points"], target=d["target"])
    assert again.signature() == state.signature()
    assert again.known == state.known and again.side_of == state.side_of
    for seat in range(state.n):
        assert again.view(seat) == state.view(seat)
    if state.layout is not None:
        # the same deal from its dealt layout instead of its seed
        laid = GameState(d["variant"], d["dealer"], seed=d["seed"], layout=state.layout,
                         match_points=d["match_points"], target=d["target"])
        for a in state.history:
            laid.apply(a)
        assert laid.hands == state.hands and laid.tricks == state.tricks
        assert laid.points == state.points
    # a clone has the same signature and then goes its own way
    copy = state.clone()
    assert copy.signature() == state.signature()
    before = state.signature()
    play_deal(copy, random.Random(d["policy"] + 1), check=False)
    assert state.signature() == before
    twin = state.clone()
    play_deal(state, random.Random(d["policy"] + 2), check=False)
    play_deal(twin, random.Random(d["policy"] + 2), check=False)
    assert twin.signature() == state.signature()


# Scores from card points and tricks put straight into a deal: every band, the edges
# included (random play rarely takes every point).

TEAM_CONFIGS = [c for c in CONFIGS if c[0] != "sueca-5"]


@st.composite
def splits(draw: st.DrawFn, config: tuple[str, dict[str, Any], int | None]) -> dict[str, Any]:
    vid, options, players = config
    v = make_variant(vid, options, players)
    total = deal_total(v)
    n_tricks = len(v.pack()) // v.n
    edges = [0, total // 2, total // 2 + 1, 3 * total // 4, 3 * total // 4 + 1, total - 1,
             total]
    p0 = draw(st.one_of(st.integers(0, total), st.sampled_from(edges)))
    # every trick brings every point; a side with no point may still have won tricks
    if p0 == total:
        t0 = draw(st.integers(0, n_tricks))
    elif p0 == 0:
        t0 = draw(st.integers(0, n_tricks - 1))
    else:
        t0 = draw(st.integers(1, n_tricks - 1))
    if t0 == 0 and p0 == total:
        t0 = n_tricks  # the other side took tricks with no points in them all: not possible
    target = v.match_target()
    return {
        "variant": v, "pts": [p0, total - p0], "tricks": [t0, n_tricks - t0],
        "ties": draw(st.integers(0, 3)) if v.options.get("tie") == "carry" else 0,
        "match_points": (draw(st.integers(0, target - 1)), draw(st.integers(0, target - 1))),
        "target": target,
    }


@pytest.mark.parametrize("config", TEAM_CONFIGS, ids=config_id)
@examples(25)
@given(data=st.data())
def test_scores_fall_in_exactly_one_band(config: Any, data: st.DataObject) -> None:
    d = data.draw(splits(config))
    v = d["variant"]
    state = GameState(v, 0, seed=1, context=context_of(d))
    state.points = [0] * v.n
    state.tricks_won = [0] * v.n
    # seats 0 and 1 sit on different sides in every partnership game
    state.points[0], state.points[1] = d["pts"]
    state.tricks_won[0], state.tricks_won[1] = d["tricks"]
    r = v.score(state)
    w, games = expected_games(v, d["pts"], d["tricks"], d["ties"], d["match_points"],
                              d["target"])
    assert r.winner == w and list(r.game_points) == games
    assert list(r.card_points) == d["pts"] and list(r.tricks) == d["tricks"]
    if v.id != "sueca-pontos" and w is not None:
        swept = v.options["sweep"] == "tricks" and d["tricks"][w] == sum(d["tricks"])
        carry = d["ties"] if v.options["tie"] == "carry" and not swept else 0
        base = games[w] - carry  # a sweep's games already count the ties carried
        assert base >= 1 and sum(1 for g in games if g) == 1
        assert f"{base} game" in r.notes[0]  # the note names the band that applied


@st.composite
def calls(draw: st.DrawFn) -> dict[str, Any]:
    bidder = draw(st.integers(0, 4))
    partner = draw(st.one_of(st.just(bidder), st.integers(0, 4)))
    bid = draw(st.one_of(st.just(0), st.integers(61, 120), st.sampled_from(
        [61, 70, 71, 80, 81, 90, 91, 100, 101, 120])))
    p0 = draw(st.one_of(st.integers(0, 120), st.sampled_from([60, 61, bid, max(bid - 1, 0)])))
    if p0 == 120:
        t0 = draw(st.integers(1, 8))
    elif p0 == 0:
        t0 = draw(st.integers(0, 7))
    else:
        t0 = draw(st.integers(1, 7))
    return {"bidder": bidder, "partner": partner, "bid": bid, "pts": [p0, 120 - p0],
            "tricks": [t0, 8 - t0]}


@examples(120)
@given(calls())
def test_sueca5_payments_follow_the_bid_and_sum_to_zero(d: dict[str, Any]) -> None:
    v = make_variant("sueca-5")
    state = GameState(v, 0, seed=1)
    bidder, partner = d["bidder"], d["partner"]
    bid = A.BID + d["bid"] if d["bid"] else None
    state.bidding = Bidding(contract=Contract(bidder, bid, "", max(61, d["bid"]), 0,
                                              parse_card("AS")), called_holder=partner)
    state.side_of = [0 if s in (bidder, partner) else 1 for s in range(5)]
    state.points = [0] * 5
    state.tricks_won = [0] * 5
    others = [s for s in range(5) if state.side_of[s] == 1]
    state.points[bidder], state.points[others[0]] = d["pts"]
    state.tricks_won[bidder], state.tricks_won[others[0]] = d["tricks"]
    r = v.score(state)
    w, games = expected_payments(bidder, partner, d["bid"], d["pts"], d["tricks"])
    assert r.winner == w and list(r.game_points) == games and sum(r.game_points) == 0
    assert list(r.card_points) == d["pts"]
