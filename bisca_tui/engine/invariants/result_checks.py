"""Checks of how a deal and a match end: the deal's score as the engine's facts say it
must be, the same deal rebuilt from its seed or layout and actions, and a match's standing
and winner."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalAction
from ..state import GameState, Layout
from .facts import Problem, card_places, deal_total

if TYPE_CHECKING:
    from ..match import Match


def check_result(state: GameState) -> list[Problem]:
    """The finished deal's score, as the engine's own facts say it must be."""
    v = state.variant
    res = state.result
    if res is None:
        return [Problem("result", "the deal is over without a result")]
    out: list[Problem] = []
    gp = list(res.game_points)
    if v.per_seat_payments and sum(gp) != 0:
        out.append(Problem("result", f"payments {gp} do not sum to zero"))
    if res.redeal:  # thrown in: nothing scored, no trick played
        if state.tricks or any(res.card_points) or any(gp) or res.winner is not None:
            out.append(Problem("result", f"a deal thrown in after {len(state.tricks)} tricks "
                                         f"scores {res.card_points} / {gp}"))
        return out
    if res.ended_early:  # a score during play reached the target
        w = res.winner
        if w is None or state.target is None or (
                state.match_points[w] + state.deal_game_points[w] < state.target):
            out.append(Problem("result", f"the deal ended early for side {w} with "
                                         f"{state.deal_game_points} on {state.match_points}"))
        return out
    places = card_places(state)
    left = {k: cs for k, cs in places.items() if cs and k not in ("tricks", "discards")}
    if left:
        out.append(Problem("result", f"the deal is over with cards left: "
                                     f"{ {k: len(cs) for k, cs in left.items()} }"))
    sides = max(state.side_of) + 1
    pts = [0] * sides
    tricks = [0] * sides
    for s in range(state.n):
        pts[state.side_of[s]] += state.points[s]
        tricks[state.side_of[s]] += state.tricks_won[s]
    if list(res.card_points) != pts or list(res.tricks) != tricks:
        out.append(Problem("result", f"the score says {res.card_points} points and "
                                     f"{res.tricks} tricks; the sides took {pts} and {tricks}"))
    total = deal_total(v)
    if sum(res.card_points) != total:
        out.append(Problem("result", f"card points {res.card_points} sum to "
                                     f"{sum(res.card_points)}, not {total}"))
    c, holder = state.bidding.contract, state.bidding.called_holder
    if c is not None:  # the bidder wins if its side took what the contract needs
        if state.side_of[c.bidder] != 0 or holder is not None and state.side_of[holder] != 0:
            out.append(Problem("result", f"sides {state.side_of} do not put bidder {c.bidder}"
                                         f" with the called card's holder "
                                         f"{holder}"))
        made = res.card_points[0] >= c.need
        want = c.bidder if made else None
        if res.winner != want:
            out.append(Problem("result", f"winner {res.winner}; the bidder's side took "
                                         f"{res.card_points[0]} needing {c.need}"))
        if v.per_seat_payments and (gp[c.bidder] > 0) != made:
            out.append(Problem("result", f"the bidder is paid {gp[c.bidder]} for a contract "
                                         f"{'made' if made else 'failed'}"))
        return out
    top = max(res.card_points)
    tops = [t for t, p in enumerate(res.card_points) if p == top]
    want = tops[0] if len(tops) == 1 else None
    if res.winner != want:
        out.append(Problem("result", f"winner {res.winner} with card points "
                                     f"{res.card_points}"))
    if res.winners and sorted(res.winners) != tops:
        out.append(Problem("result", f"winners {res.winners} with card points "
                                     f"{res.card_points}"))
    for w in res.winners or ([] if res.winner is None else [res.winner]):
        if gp[w] <= 0:
            out.append(Problem("result", f"side {w} takes the deal and scores {gp[w]}"))
    return out


def fresh_deal(state: GameState, layout: Layout | None) -> GameState:
    """The deal as its match made it, before any action: the seed (or a layout), the match
    score and target, and the tied deals carried into it."""
    return GameState(state.variant, state.dealer, state.seed, layout, context=state.context)


def check_replay(state: GameState) -> list[Problem]:
    """The same seed (or layout) and the same actions rebuild the same state."""
    out = []
    again = fresh_deal(state, state.layout_given)
    for a in state.history:
        again.apply(a)
    if again.signature() != state.signature():
        out.append(Problem("replay", "the seed and the actions rebuild another state"))
    if state.clone().signature() != state.signature():
        out.append(Problem("replay", "a clone differs from its state"))
    if state.layout is not None and state.layout_given is None:
        laid = fresh_deal(state, state.layout)
        try:
            for a in state.history:
                laid.apply(a)
        except IllegalAction as e:
            out.append(Problem("replay", f"the dealt layout refuses the deal's actions: {e}"))
            return out
        if (laid.tricks, laid.points, laid.result) != (state.tricks, state.points,
                                                       state.result):
            out.append(Problem("replay", "the dealt layout and the actions play another deal"))
    return out


def check_match(m: Match) -> list[Problem]:
    """A finished match: its standing is the sum of its deals' gains, and its winner stands
    alone at the top, at the target or at the end of a session of so many deals."""
    out: list[Problem] = []
    v = m.variant
    scores = [0] * len(m.scores)
    for i, r in enumerate(m.results):
        if not r.redeal:
            for k, g in enumerate(m.gains(i, r)):
                scores[k] += g
    if scores != m.scores:
        out.append(Problem("match", f"standing {m.scores}; the deals add up to {scores}"))
    for i, state in enumerate(m.deals):
        if state.dealer != m.seating(i)[0]:
            out.append(Problem("match", f"deal {i + 1} dealt from seat {state.dealer}, not "
                                        f"{m.seating(i)[0]}"))
        if i and i <= len(m.results):  # the deal passes on, unless it was thrown in
            want = (m.dealer_of(i - 1) + (0 if m.results[i - 1].redeal else 1)) % v.n_people
            if m.dealer_of(i) != want:
                out.append(Problem("match", f"deal {i + 1} dealt by player {m.dealer_of(i)},"
                                            f" not {want}"))
    if not m.is_over():
        return out
    best = max(m.scores)
    leaders = [k for k, s in enumerate(m.scores) if s == best]
    limit = v.match_deals()
    if m.winner is not None and (leaders != [m.winner] or (
            limit is None and best < m.target)):
        out.append(Problem("match", f"winner {m.winner} with {m.scores} (target {m.target})"))
    if m.winner is None and limit is None:
        out.append(Problem("match", f"over without a winner at {m.scores}"))
    if limit is not None and m.deals_played != limit:
        out.append(Problem("match", f"a session of {limit} deals played {m.deals_played}"))
    return out


