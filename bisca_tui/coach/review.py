"""A finished deal looked back on: each decision of one seat compared with the search at
the same view.

Every card the seat chose (from two or more) is judged by the hard level's evaluation of
the view the seat had then (``hint.advise``: the same search, with the exact solver where
it applies), on a fixed number of sampled deals and a fixed seed, so that a review repeats
exactly. A decision's loss is the card points its side was expected to end the deal with
after the best card, less those after the card played (never below 0: the best card loses
nothing); where the search solved the deal exactly, the drop in the chance of winning it
counts too.

The marks: a **mistake** loses 4 card points or more (a King given away, a low trump wasted
on a trick worth nothing); a **blunder** 10 or more (an Ace or a Three or Seven, the cards
that decide deals of 120 points needing 61). Below 4 points the differences between cards
are mostly what the sampling cannot tell apart: with the review's samples the loss of the
same decision moves by a third of a point on average from one seed to another, a point or so
at most (``benchmarks/coach_speed.py --noise``; in Bisca de Nove's long hands half a point
on average, and up to five in the rare position where two lines are nearly level). Where
the search solved the deal exactly, a drop of 10 points in the chance of winning is a
mistake and of 25 a blunder whatever the card points say; the win chances of greedy
playouts are too rough to mark by.

Other decisions (bids, calls, signals, the exchange...) are listed with the action the hard
level would take and its rule of thumb: the search gives figures for cards only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.pimc import Evaluation
from ..engine.actions import parse_action
from ..engine.narrate import CardRef, Part
from ..engine.records import Record, replay_record
from ..engine.spoken import game_name
from ..engine.state import GameState
from ..engine.variant import DealScore, Variant
from ..engine.view import SeatView
from ..lang import _, ngettext
from .hint import (
    COACH_PLAYOUTS,
    COACH_SAMPLES,
    COACH_SEED,
    CardAdvice,
    advise,
    card_choices,
    coach_bot,
    decision_bot,
    decision_seed,
    options_of,
    samples_for,
)
from .reasons import play_reason
from .rule_reasons import rule_reason
from .sentences import NO_REASON, Reason, card_points, card_words, say

MISTAKE = 4.0  # expected card points lost
BLUNDER = 10.0
MISTAKE_WIN = 0.10  # chance of winning the deal lost, where the deal was solved exactly
BLUNDER_WIN = 0.25
# the samples and seed of the coach's evaluation, which the hint shares (``hint.judge``)
REVIEW_SAMPLES = COACH_SAMPLES
REVIEW_PLAYOUTS = COACH_PLAYOUTS
REVIEW_SEED = COACH_SEED
WORST = 3  # decisions given a reason even when not marked


@dataclass(frozen=True)
class Decision:
    """One card the seat chose, judged."""

    deal: int  # 0-based deal of the record
    step: int  # 0-based index of the action in the deal
    seat: int
    played: int
    best: int
    loss: float  # expected card points lost against the best action (0 for the best)
    mark: str  # "", "mistake" or "blunder"
    reason: str  # for the marked and the worst decisions, else ""
    expected: float  # expected card points of the side after the action played
    method: str
    best_expected: float = 0.0  # expected card points of the side after the best action
    win: float = 0.0  # chance of winning the deal after the action played
    best_win: float = 0.0  # ... after the best action
    win_loss: float = 0.0  # best_win - win, never below 0
    trick: int = 0  # 1-based trick the card was played to
    samples: int = 0
    options: tuple[CardAdvice, ...] = ()  # every legal card as the search saw it, best first
    reason_parts: tuple[Part, ...] = ()


@dataclass(frozen=True)
class OtherDecision:
    """A decision other than a card (a bid, a call, a signal...): what the seat did and
    what the hard level would have done, with its rule of thumb."""

    deal: int
    step: int
    seat: int
    played: int
    advised: int
    reason: str
    reason_parts: tuple[Part, ...] = ()

    @property
    def differs(self) -> bool:
        return self.played != self.advised


@dataclass(frozen=True)
class CurvePoint:
    """The side's expected result at one moment of the deal: ``label`` "start" (before the
    seat's first decision, with the best play), "play" (after a card of the seat) or
    "result" (the deal's end: the points taken, won 1, tied 0.5, lost 0)."""

    step: int
    trick: int
    points: float
    win: float
    label: str


@dataclass
class Review:
    deal: int
    seat: int
    decisions: list[Decision] = field(default_factory=list)
    others: list[OtherDecision] = field(default_factory=list)
    variant: str = ""
    player: str = ""  # the name the record gives the seat's player ("" for a dummy)
    samples: int = 0  # sampled deals per decision (0: bounded by time)
    result_points: int | None = None  # card points the seat's side took (None: unfinished)
    result_win: float | None = None  # 1 won, 0.5 tied, 0 lost
    total_points: int = 120  # card points in the deal

    @property
    def marked(self) -> list[Decision]:
        return [d for d in self.decisions if d.mark]

    @property
    def lost(self) -> float:
        """Expected card points lost over the deal."""
        return sum(d.loss for d in self.decisions)

    def curve(self) -> list[CurvePoint]:
        """The expected result over the deal: before the first decision, after each card
        the seat chose, and the result."""
        out: list[CurvePoint] = []
        if self.decisions:
            d0 = self.decisions[0]
            out.append(CurvePoint(d0.step, d0.trick, d0.best_expected, d0.best_win, "start"))
        for d in self.decisions:
            out.append(CurvePoint(d.step, d.trick, d.expected, d.win, "play"))
        if self.result_points is not None and self.result_win is not None:
            last = self.decisions[-1] if self.decisions else None
            out.append(CurvePoint(last.step + 1 if last else 0, last.trick if last else 0,
                                  float(self.result_points), self.result_win, "result"))
        return out


def mark_of(loss: float, win_loss: float = 0.0, method: str = "playouts") -> str:
    exact = method in ("exact", "solved")
    if loss >= BLUNDER or (exact and win_loss >= BLUNDER_WIN):
        return "blunder"
    if loss >= MISTAKE or (exact and win_loss >= MISTAKE_WIN):
        return "mistake"
    return ""


def default_seat(record: Record, deal: int, table: dict[str, Any] | None = None) -> int:
    """The seat to review: the first person's seat when ``table`` (the table file a save
    keeps beside its record) says who played, else seat 0."""
    seats = table.get("seats") if isinstance(table, dict) else None
    if not isinstance(seats, list):
        return 0
    humans = [k for k, s in enumerate(seats) if isinstance(s, dict) and s.get("kind") == "human"]
    if not humans:
        return 0
    match = replay_record(record)
    people = match.people(deal) if deal < len(match.deals) else ()
    for p in humans:
        if p in people:
            return people.index(p)
    return 0


def review_deal(record: Record, deal: int, seat: int | None = None, seed: int = 0,
                budget_ms: float = 150.0, samples: int | None = REVIEW_SAMPLES,
                playouts: int | None = REVIEW_PLAYOUTS) -> Review:
    """Every decision of ``seat`` (by default ``default_seat``) in deal ``deal`` (0-based)
    of the record, judged at its view: cards by the search, other decisions by the hard
    level's rules of thumb. Each card decision gets ``samples`` sampled deals, fewer when
    that passes ``playouts`` (see ``samples_for``; None: exactly ``samples``), or
    ``budget_ms`` of thinking when ``samples`` is None. Each decision's search is seeded by
    ``decision_seed``, as a hint's is: the same seed and samples give the same review, and
    the figures of a hint asked at that decision."""
    checked(record, deal)
    if seat is None:
        seat = default_seat(record, deal)
    v = checked(record, deal, seat)
    views: list[tuple[int, SeatView, int]] = []  # (step, view before it, action)
    match, final = replay_deal(record, deal, seat, lambda k, state, action: views.append(
        (k, state.view(seat), action)))
    people = match.people(deal)
    player = people[seat] if seat < len(people) else None
    result = None
    if final.is_over() and final.result is not None and not final.result.redeal:
        result = deal_result(final, seat)
    return review_decisions(deal, seat, views, v, record.players[player]
                            if player is not None else "", seed=seed, budget_ms=budget_ms,
                            samples=samples, playouts=playouts, result=result)


def checked(record: Record, deal: int, seat: int | None = None) -> Variant:
    """The variant of ``record``, once ``deal`` (0-based) and ``seat`` (when given) are
    found in it; ``ValueError`` saying which is not."""
    if not 0 <= deal < len(record.deals):
        n = len(record.deals)
        raise ValueError(ngettext("the record has {n} deal; there is no deal {deal}",
                                  "the record has {n} deals; there is no deal {deal}", n)
                         .format(n=n, deal=deal + 1))
    v = record.make_variant()
    if seat is not None and not 0 <= seat < v.n:
        raise ValueError(_("{game} here has seats 0 to {last}; there is no seat {seat}")
                         .format(game=game_name(v), last=v.n - 1, seat=seat))
    return v


def replay_deal(record: Record, deal: int, seat: int | None,
                take: Callable[[int, GameState, int], None]) -> tuple[Any, GameState]:
    """Replay ``record``, telling ``take`` the step, the state before it and the action of
    each action of deal ``deal`` (0-based) that ``seat`` took (any seat's when None): the
    match replayed, and the deal's state (at its end)."""
    actions = record.deals[deal].actions
    names = record.make_variant().signal_names
    states: list[GameState] = []

    def at(state: GameState, k: int) -> None:
        who = state.current
        if k < len(actions) and who is not None and (seat is None or who == seat):
            take(k, state, parse_action(actions[k], names))

    def on_deal(i: int, state: GameState) -> None:
        if i == deal:
            states.append(state)
            at(state, 0)

    def on_action(i: int, k: int, state: GameState, text: str) -> None:
        if i == deal:
            at(state, k + 1)

    match = replay_record(record, on_action=on_action, on_deal=on_deal)
    return match, states[0]


def review_decisions(deal: int, seat: int, views: Sequence[tuple[int, SeatView, int]],
                     variant: Variant, player: str = "", seed: int = 0,
                     budget_ms: float = 150.0, samples: int | None = REVIEW_SAMPLES,
                     playouts: int | None = REVIEW_PLAYOUTS,
                     result: tuple[int, float] | None = None) -> Review:
    """The review of ``seat``'s decisions in deal ``deal`` (0-based) from what the seat saw
    alone: each decision as ``(step, the view before it, the action taken)``, and the deal's
    ``result`` for the seat (``deal_result``, ``seat_play.view_result``; None: not played out). What
    a record gives (``review_deal``) and what a seat at a shared table was sent are judged
    alike; the search's figures are as ``review_deal`` says."""
    out = Review(deal, seat, variant=variant.id, player=player, samples=samples or 0)
    out.total_points = sum(variant.points[c] for c in variant.pack())
    evaluations: dict[int, Evaluation] = {}
    for k, view, action in views:
        if len(view.legal) < 2:
            continue
        cards = card_choices(view)
        bot = (coach_bot(decision_seed(view, seed), budget_ms) if samples is None else
               decision_bot(view, seed, samples_for(len(cards), samples, playouts)))
        if action in cards and len(cards) >= 2:
            ev = evaluations[k] = advise(view, bot)
            out.decisions.append(_judge(deal, k, seat, view, action, ev))
        elif action in cards:
            continue  # the one card that could be played (beside a signal, say)
        else:
            advised = bot.choose(view)
            reason = rule_reason(view, advised)
            out.others.append(OtherDecision(deal, k, seat, action, advised,
                                            reason.text(card_words(view)), reason.parts))
    _explain_worst(out, {k: view for k, view, _ in views}, evaluations)
    if result is not None:
        out.result_points, out.result_win = result
    return out


def deal_result(state: GameState, seat: int) -> tuple[int, float]:
    """The card points the seat's side took in a finished deal and whether it won (1),
    tied (0.5) or lost (0), judged as the search judges a deal (``Rules.outcome``)."""
    assert state.result is not None
    return result_of(state.result, state.variant, seat, state.side_of, state.points)


def result_of(r: DealScore, variant: Variant, seat: int, side_of: Sequence[int | None],
            points: Sequence[int]) -> tuple[int, float]:
    team = variant.team_of[seat]
    if tuple(side_of) == tuple(variant.team_of):
        win = 0.5 if r.winner is None else (1.0 if r.winner == team else 0.0)
        return r.card_points[team], win
    side = side_of[seat]
    taken = sum(points[s] for s in range(variant.n) if side_of[s] == side)
    g = r.game_points[team]
    return taken, 1.0 if g > 0 else (0.0 if g < 0 else 0.5)


def _judge(deal: int, step: int, seat: int, view: SeatView, action: int,
           ev: Evaluation) -> Decision:
    best = ev.values[ev.best]
    mine = ev.values[action]
    if action == ev.best:
        loss = win_loss = 0.0
    else:
        loss = max(0.0, best.points - mine.points)
        win_loss = max(0.0, best.win - mine.win)
    return Decision(deal, step, seat, action, ev.best, loss, mark_of(loss, win_loss, ev.method),
                    "", mine.points, ev.method, best.points, mine.win, best.win, win_loss,
                    len(view.tricks) + 1, ev.samples, options_of(ev))


def _explain_worst(review: Review, views: dict[int, SeatView],
                   evaluations: dict[int, Evaluation]) -> None:
    """A reason for every marked decision and for the worst few others that lost
    something."""
    ranked = sorted(review.decisions, key=lambda d: (-d.loss, -d.win_loss, d.step))
    worst = {d.step for d in ranked[:WORST] if d.loss >= MISTAKE / 2
             or (d.method != "playouts" and d.win_loss >= MISTAKE_WIN / 2)}
    for i, d in enumerate(review.decisions):
        if not d.mark and d.step not in worst:
            continue
        view = views[d.step]
        reason = decision_reason(view, d, evaluations.get(d.step))
        review.decisions[i] = _with_reason(d, reason, view)


def _with_reason(d: Decision, reason: Reason, view: SeatView) -> Decision:
    from dataclasses import replace

    return replace(d, reason=reason.text(card_words(view)), reason_parts=reason.parts)


def decision_reason(view: SeatView, d: Decision, ev: Evaluation | None = None) -> Reason:
    """What the card played cost and what the best card does."""
    played, best = CardRef(d.played), CardRef(d.best)
    exact = d.method in ("exact", "solved")
    form, loss = card_points(d.loss)
    if exact and d.win_loss >= MISTAKE_WIN and d.loss < MISTAKE:
        cost = say("cost_win", played=played, best=best, before=f"{100 * d.best_win:.0f}%",
                   after=f"{100 * d.win:.0f}%")
    elif d.method == "exact":
        cost = say("cost_exact", form, played=played, best=best, loss=loss)
    elif d.method == "solved":
        cost = say("cost_solved", form, played=played, best=best, loss=loss)
    else:
        cost = say("cost", form, played=played, best=best, loss=loss)
    what = play_reason(view, d.best, ev)
    if what is NO_REASON or not what.parts:
        return cost
    first = _first_sentence(what)
    return cost + say("better", reason=first.parts)


def _first_sentence(reason: Reason) -> Reason:
    """The first sentence of a reason (its first template)."""
    parts: list[Part] = []
    for p in reason.parts:
        if isinstance(p, str) and ". " in p:
            parts.append(p.split(". ")[0] + ".")
            break
        parts.append(p)
    return Reason(reason.keys[:1], tuple(parts))



def review_as_asked(record: Record, deal: int, seat: int | None = None,
                    samples: int | None = None, seed: int = REVIEW_SEED) -> Review:
    """The review the app and ``bisca-tui review`` both give: ``REVIEW_SAMPLES`` sampled
    deals a decision (fewer where many cards are judged), or exactly ``samples`` when a
    number is asked for, on the sampling seed ``seed``. The same record, deal, seat and
    settings give the same figures wherever the review is asked for."""
    return review_deal(record, deal, seat, seed=seed, samples=samples or REVIEW_SAMPLES,
                       playouts=None if samples else REVIEW_PLAYOUTS)
