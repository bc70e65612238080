"""Bots against bots, in duplicate: ``bisca-tui arena --variant V --bots A,B``.

Every shuffled deal is played once per side: the second time the seats (and partnerships)
are swapped, so each bot holds the very cards the other held. Luck of the deal cancels out
and a difference in results measures play. Reported: A's win rate (a 60-60 deal counts half)
with its 95% confidence interval over the paired deals, the average card points of each
side, and each bot's thinking time per decision (median and 95th percentile; decisions with
a single legal action are not timed).

``run_arena`` is the importable core; ``main`` is the command line.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots.base import Bot, make_bot
from .engine.errors import IllegalAction, OptionError
from .engine.state import GameState
from .engine.variant import make_variant

BotSpec = str | Callable[[int], Bot]


@dataclass
class ArenaResult:
    variant: str
    bots: tuple[str, str]
    deals: int
    games: int
    seed: int
    pair_scores: list[float] = field(default_factory=list)  # A's score per deal, 0..1
    points: tuple[float, float] = (0.0, 0.0)  # average card points per game, A then B
    times_ms: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))

    @property
    def win_rate(self) -> float:
        return statistics.fmean(self.pair_scores) if self.pair_scores else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        n = len(self.pair_scores)
        if n < 2:
            return (self.win_rate, self.win_rate)
        half = 1.96 * statistics.stdev(self.pair_scores) / math.sqrt(n)
        return (max(0.0, self.win_rate - half), min(1.0, self.win_rate + half))

    def ms(self, side: int) -> dict[str, float]:
        t = sorted(self.times_ms[side])
        if not t:
            return {"median": 0.0, "p95": 0.0, "decisions": 0}
        p95 = t[min(len(t) - 1, math.ceil(0.95 * len(t)) - 1)]
        return {"median": round(statistics.median(t), 3), "p95": round(p95, 3),
                "decisions": len(t)}

    def labels(self) -> tuple[str, str]:
        a, b = self.bots
        return (a, b) if a != b else (f"{a} (A)", f"{b} (B)")

    def to_json(self) -> dict[str, Any]:
        la, lb = self.labels()
        lo, hi = self.ci95
        return {
            "variant": self.variant,
            "bots": list(self.bots),
            "deals": self.deals,
            "games": self.games,
            "seed": self.seed,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "points": {la: round(self.points[0], 2), lb: round(self.points[1], 2)},
            "ms_per_decision": {la: self.ms(0), lb: self.ms(1)},
        }

    def text(self) -> str:
        la, lb = self.labels()
        lo, hi = self.ci95
        a, b = self.ms(0), self.ms(1)
        return "\n".join([
            f"{self.variant}: {la} against {lb}, {self.deals} deals in duplicate "
            f"({self.games} games), seed {self.seed}",
            f"{la} wins {100 * self.win_rate:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%; "
            f"a 60-60 deal counts half)",
            f"card points per game: {la} {self.points[0]:.1f}, {lb} {self.points[1]:.1f}",
            f"ms per decision: {la} median {a['median']:.1f}, p95 {a['p95']:.1f}; "
            f"{lb} median {b['median']:.1f}, p95 {b['p95']:.1f}",
        ])


def deal_seed(seed: int, index: int) -> int:
    return random.Random(f"arena/{seed}/{index}").getrandbits(63)


def _make(spec: BotSpec, seed: int) -> Bot:
    if isinstance(spec, str):
        return make_bot(spec, seed)
    return spec(seed)


def _name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "label", None) or getattr(spec, "__name__", "bot"))


# worker globals, set before forking
_JOB: dict[str, Any] = {}


def _play_chunk(indices: Sequence[int]) -> tuple[list[float], list[float], list[float],
                                                  list[float], list[float]]:
    job = _JOB
    v = make_variant(job["variant"], job["options"], job["players"])
    seed = job["seed"]
    bots = [[_make(job["specs"][side], seed * 7919 + side * 101 + s) for s in range(v.n)]
            for side in (0, 1)]
    scores: list[float] = []
    pts_a: list[float] = []
    pts_b: list[float] = []
    times: tuple[list[float], list[float]] = ([], [])
    try:
        for i in indices:
            ds = deal_seed(seed, i)
            dealer = i % v.n
            total = 0.0
            for a_team in range(v.n_teams):
                state = GameState(v, dealer=dealer, seed=ds, target=v.match_target())
                _play_one(state, v.team_of, a_team, bots, times)
                r = state.result
                assert r is not None
                if r.winner is None:
                    total += 0.5
                elif r.winner == a_team:
                    total += 1.0
                pts_a.append(r.card_points[a_team])
                pts_b.append(sum(p for t, p in enumerate(r.card_points) if t != a_team))
            scores.append(total / v.n_teams)
    finally:
        for side in bots:
            for bot in side:
                close = getattr(bot, "close", None)
                if close is not None:
                    close()
    return scores, pts_a, pts_b, times[0], times[1]


def _play_one(state: GameState, team_of: Sequence[int], a_team: int,
              bots: list[list[Bot]], times: tuple[list[float], list[float]]) -> None:
    steps = 0
    while not state.is_over():
        seat = state.current_player()
        assert seat is not None
        side = 0 if team_of[seat] == a_team else 1
        view = state.view(seat)
        t0 = time.perf_counter()
        action = bots[side][seat].choose(view)
        dt = (time.perf_counter() - t0) * 1000.0
        if len(view.legal) > 1:
            times[side].append(dt)
        if action not in view.legal:
            raise IllegalAction(seat, state._safe_str(action),
                                f"the {'A' if side == 0 else 'B'} bot chose an action that "
                                f"is not legal ({state.explain(action)})")
        state.apply(action)
        steps += 1
        if steps > 10000:
            raise RuntimeError("the deal does not end")


def run_arena(variant: str, a: BotSpec, b: BotSpec, deals: int = 100, seed: int = 1,
              options: dict[str, Any] | None = None, players: int | None = None,
              jobs: int = 1) -> ArenaResult:
    """Play ``deals`` deals in duplicate between bots ``a`` and ``b`` (level names,
    ``cmd:`` specs, or factories taking a seed) and gather the results."""
    v = make_variant(variant, options, players)
    _JOB.clear()
    _JOB.update(variant=variant, options=options, players=players, seed=seed, specs=(a, b))
    indices = list(range(deals))
    if jobs > 1 and deals > 1:
        chunks = [indices[k::jobs] for k in range(jobs)]
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            parts = pool.map(_play_chunk, chunks)
    else:
        parts = [_play_chunk(indices)]
    res = ArenaResult(variant=v.id, bots=(_name(a), _name(b)), deals=deals,
                      games=deals * v.n_teams, seed=seed)
    pa: list[float] = []
    pb: list[float] = []
    for scores, pts_a, pts_b, ta, tb in parts:
        res.pair_scores.extend(scores)
        pa.extend(pts_a)
        pb.extend(pts_b)
        res.times_ms[0].extend(ta)
        res.times_ms[1].extend(tb)
    res.points = (statistics.fmean(pa) if pa else 0.0, statistics.fmean(pb) if pb else 0.0)
    return res


def _parse_option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"a house rule is NAME=VALUE, not {text!r}")
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        value = raw
    return key.strip(), value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="bisca-tui arena",
        description="Play bots against each other in duplicate deals and report the result.",
    )
    parser.add_argument("--variant", required=True, help="game id, e.g. bisca-3 or briscola")
    parser.add_argument("--bots", required=True,
                        help="two bots, A,B: level names (random, easy, medium, hard) or "
                             "cmd:COMMAND")
    parser.add_argument("--deals", type=int, default=100,
                        help="shuffled deals, each played once per side (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument("--option", action="append", default=[], type=_parse_option,
                        metavar="NAME=VALUE", help="a house rule (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="processes to use (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.bots.startswith("cmd:"):
        specs = _split_bots(args.bots)
    else:  # a level name first: the rest, commas and all, is the second bot
        specs = [x.strip() for x in args.bots.split(",", 1)]
    if len(specs) != 2 or not all(specs):
        parser.error("--bots takes two bots separated by a comma, e.g. hard,medium")
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    try:
        result = run_arena(args.variant, specs[0], specs[1], deals=args.deals, seed=args.seed,
                           options=dict(args.option) or None, players=args.players,
                           jobs=max(1, args.jobs))
    except (OptionError, ValueError) as e:
        print(f"bisca-tui arena: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(result.text())
    return 0


def _split_bots(text: str) -> list[str]:
    """Split ``A,B`` where a ``cmd:`` command may itself hold commas: the split is made at
    the last comma followed by a level name or another ``cmd:``."""
    parts = text.split(",")
    for k in range(len(parts) - 1, 0, -1):
        rest = ",".join(parts[k:]).strip()
        if rest.startswith("cmd:") or "," not in rest:
            return [",".join(parts[:k]).strip(), rest]
    return [text]
