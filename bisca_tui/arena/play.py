"""The arena's deals: each played once per side between two bots, in one process or in
several (``run_arena``), and gathered into an ``ArenaResult``."""

from __future__ import annotations

import multiprocessing
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.base import Bot, make_bot
from ..bots.external import (
    DEFAULT_FALLBACK,
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIME_LIMIT,
    ExternalBot,
)
from ..engine.errors import IllegalAction
from ..engine.state import GameState
from ..engine.turns import Choose, by_views, play_deal
from ..engine.variant import Variant, make_variant
from ..engine.view import SeatView
from ..lang import _
from .results import ArenaResult, Fallback

BotSpec = str | Callable[[int], Bot]

SIDES = ("A", "B")


def deal_seed(seed: int, index: int) -> int:
    return random.Random(f"arena/{seed}/{index}").getrandbits(63)


def _make(spec: BotSpec, seed: int, job: dict[str, Any]) -> Bot:
    if isinstance(spec, str):
        if spec.startswith("cmd:"):
            return ExternalBot(spec[len("cmd:"):], seed, time_limit=job["time_limit"],
                               start_timeout=job["start_timeout"], fallback=job["fallback"])
        bot = make_bot(spec, seed)
    else:
        bot = spec(seed)
    if job.get("clock") == "cpu":
        bot.clock = time.process_time  # type: ignore[method-assign]
    return bot


def _name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "label", None) or getattr(spec, "__name__", "bot"))


@dataclass
class _Tally:
    """What one worker gathers over its deals."""

    scores: list[float] = field(default_factory=list)
    pts_a: list[float] = field(default_factory=list)
    pts_b: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    fallback_decisions: list[int] = field(default_factory=lambda: [0, 0])
    fallbacks: list[Fallback] = field(default_factory=list)
    replaced: set[int] = field(default_factory=set)  # ids of the bots already reported


# worker globals, set before forking
_JOB: dict[str, Any] = {}


def _play_chunk(indices: Sequence[int]) -> _Tally:
    job = _JOB
    v = make_variant(job["variant"], job["options"], job["players"])
    seed = job["seed"]
    bots = [[_make(job["specs"][side], seed * 7919 + side * 101 + s, job) for s in range(v.n)]
            for side in (0, 1)]
    tally = _Tally()
    try:
        for i in indices:
            ds = deal_seed(seed, i)
            dealer = i % v.n
            total = margin = 0.0
            if v.per_seat_payments:  # A in one seat, B in the others, each seat in turn
                for a_seat in range(v.n):
                    state = GameState(v, dealer=dealer, seed=ds, target=v.match_target())
                    _play_one(state, v, v.team_of[a_seat], bots, tally, deal=i + 1)
                    r = state.result
                    assert r is not None
                    total += r.game_points[a_seat]
                    tally.pts_a.append(state.points[a_seat])
                    others = [p for k, p in enumerate(state.points) if k != a_seat]
                    tally.pts_b.extend(others)
                    margin += state.points[a_seat] - statistics.fmean(others)
                tally.scores.append(total / v.n)
                tally.margins.append(margin / v.n)
                continue
            for a_team in range(v.n_teams):
                state = GameState(v, dealer=dealer, seed=ds, target=v.match_target())
                _play_one(state, v, a_team, bots, tally, deal=i + 1)
                r = state.result
                assert r is not None
                if r.winner is None:
                    total += 0.5
                elif r.winner == a_team:
                    total += 1.0
                theirs = sum(p for t, p in enumerate(r.card_points) if t != a_team)
                tally.pts_a.append(r.card_points[a_team])
                tally.pts_b.append(theirs)
                margin += r.card_points[a_team] - theirs
            tally.scores.append(total / v.n_teams)
            tally.margins.append(margin / v.n_teams)
    finally:
        for side in bots:
            for bot in side:
                close = getattr(bot, "close", None)
                if close is not None:
                    close()
    return tally


def _play_one(state: GameState, v: Variant, a_team: int, bots: list[list[Bot]],
              tally: _Tally, deal: int) -> None:
    def side_of(seat: int) -> int:
        return 0 if v.team_of[seat] == a_team else 1

    def player(seat: int) -> Choose:
        side = side_of(seat)
        bot = bots[side][seat]

        def choose(view: SeatView) -> int:
            t0 = time.perf_counter()
            action = bot.choose(view)
            dt = (time.perf_counter() - t0) * 1000.0
            tally.decisions[side] += 1
            if isinstance(bot, ExternalBot) and not bot.active:
                tally.fallback_decisions[side] += 1
                if id(bot) not in tally.replaced:  # the first decision it did not make
                    tally.replaced.add(id(bot))
                    tally.fallbacks.append(Fallback(
                        side=side, seat=seat, deal=deal, kind=bot.failure_kind or "unknown",
                        reason=bot.failure or "stopped playing",
                        replaced_by=bot.fallback_level, said=bot.failure_said))
            elif len(view.legal) > 1:
                tally.times[side].append(dt)
            if action not in view.legal:
                # translators: {side} is A or B, the bot's side in the arena
                raise IllegalAction(seat, state._safe_str(action),
                                    _("the {side} bot chose an action that is not legal "
                                      "({why})").format(side=SIDES[side],
                                                        why=state.explain(action)))
            return action

        return choose

    play_deal(state, by_views([player(seat) for seat in range(v.n)]))
    # tell every bot of the deal how it ended (external bots pass it on as ``deal_end``)
    for seat in range(v.n):
        deal_over = getattr(bots[side_of(seat)][seat], "deal_over", None)
        if deal_over is not None:
            deal_over(state.view(seat), state.result)


def run_arena(variant: str, a: BotSpec, b: BotSpec, deals: int = 100, seed: int = 1,
              options: dict[str, Any] | None = None, players: int | None = None,
              jobs: int = 1, *, time_limit: float = DEFAULT_TIME_LIMIT,
              start_timeout: float = DEFAULT_START_TIMEOUT,
              fallback: str = DEFAULT_FALLBACK, clock: str = "wall",
              first: int = 0) -> ArenaResult:
    """Play ``deals`` deals in duplicate between bots ``a`` and ``b`` (level names,
    ``cmd:`` specs, or factories taking a seed) and gather the results.

    ``time_limit`` and ``start_timeout`` bound an external bot's decisions and greeting, in
    seconds; ``fallback`` is the level that takes the seat of one that fails. Every fallback
    is listed in the result's ``fallbacks``. ``clock="cpu"`` measures the built-in bots'
    thinking budgets in their own CPU time instead of the wall clock, so that a benchmark
    sharing the machine with other work plays at full strength (times per decision are
    still reported on the wall clock). ``first`` is the index of the first deal: deals
    ``first`` to ``first + deals - 1`` of the seed, so a long run can be played in parts."""
    v = make_variant(variant, options, players)
    _JOB.clear()
    _JOB.update(variant=variant, options=options, players=players, seed=seed, specs=(a, b),
                time_limit=time_limit, start_timeout=start_timeout, fallback=fallback,
                clock=clock)
    indices = list(range(first, first + deals))
    chunks = [indices]
    if jobs > 1 and deals > 1:
        chunks = [indices[k::jobs] for k in range(jobs)]
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            parts = pool.map(_play_chunk, chunks)
    else:
        parts = [_play_chunk(indices)]
    res = ArenaResult(variant=v.id, bots=(_name(a), _name(b)), deals=deals,
                      games=deals * v.n_teams, seed=seed, payments=v.per_seat_payments)
    pa: list[float] = []
    pb: list[float] = []
    for chunk, part in zip(chunks, parts, strict=True):
        res.deal_ids.extend(chunk)
        res.pair_scores.extend(part.scores)
        res.pair_margins.extend(part.margins)
        pa.extend(part.pts_a)
        pb.extend(part.pts_b)
        for side in (0, 1):
            res.times_ms[side].extend(part.times[side])
            res.decisions[side] += part.decisions[side]
            res.fallback_decisions[side] += part.fallback_decisions[side]
        res.fallbacks.extend(part.fallbacks)
    res.fallbacks.sort(key=lambda f: (f.side, f.deal, f.seat))
    res.points = (statistics.fmean(pa) if pa else 0.0, statistics.fmean(pb) if pb else 0.0)
    return res
