"""Bots against bots, in duplicate: ``bisca-tui arena --variant V --bots A,B``.

Every shuffled deal is played once per side: the second time the seats (and partnerships)
are swapped, so each bot holds the very cards the other held. Luck of the deal cancels out
and a difference in results measures play. Reported: A's win rate (a 60-60 deal counts half)
with its 95% confidence interval over the paired deals, the average card points of each
side, and each bot's thinking time per decision (median and 95th percentile; decisions with
a single legal action are not timed, nor those a fallback bot made).

An external bot (``cmd:COMMAND``) that fails (crashes, hangs, writes what is not the protocol,
answers illegally, speaks another protocol version) loses its seat to a built-in bot, as at
the table. The arena says so: every such fallback is reported, with the deal and the reason,
and the command line exits with status 3 (``EXIT_REPLACED``), since the numbers are then not
the program's alone.

``run_arena`` is the importable core; ``main`` is the command line.
"""

from __future__ import annotations

import argparse
import ast
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .argtypes import positive_int, variant_id
from .bots.base import Bot, bot_levels, make_bot
from .bots.external import (
    DEFAULT_FALLBACK,
    DEFAULT_START_TIMEOUT,
    DEFAULT_TIME_LIMIT,
    ExternalBot,
)
from .engine.errors import IllegalAction, OptionError
from .engine.state import GameState
from .engine.variant import Variant, make_variant
from .output import OutputClosed, say, write_json, write_text

BotSpec = str | Callable[[int], Bot]

EXIT_REPLACED = 3  # exit status when an external bot lost a seat to a fallback bot
SIDES = ("A", "B")


@dataclass(frozen=True)
class Fallback:
    """An external bot that lost its seat: which side and seat, in which deal, and why."""

    side: int  # 0 for A, 1 for B
    seat: int
    deal: int  # counting from 1
    kind: str  # one of bots.external.FAILURE_KINDS
    reason: str  # what the program did, as a verb phrase ("crashed (exit code 1)")
    replaced_by: str  # the built-in level that took the seat

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "seat": self.seat, "kind": self.kind, "reason": self.reason,
                "replaced_by": self.replaced_by}

    def sentence(self) -> str:
        return (f"replaced by the built-in {self.replaced_by} bot in deal {self.deal} "
                f"(seat {self.seat}) because it {self.reason}")


@dataclass
class ArenaResult:
    variant: str
    bots: tuple[str, str]
    deals: int
    games: int
    seed: int
    pair_scores: list[float] = field(default_factory=list)  # A's score per deal, 0..1
    deal_ids: list[int] = field(default_factory=list)  # the deal of each of ``pair_scores``
    points: tuple[float, float] = (0.0, 0.0)  # average card points per game, A then B
    # a game paid seat by seat (Chiamata): ``pair_scores`` holds A's mean payment per deal
    # over the seats it held, and ``points`` the card points of A's seat and of a B seat
    payments: bool = False
    times_ms: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    decisions: list[int] = field(default_factory=lambda: [0, 0])  # every decision, per side
    fallback_decisions: list[int] = field(default_factory=lambda: [0, 0])  # made by fallbacks
    fallbacks: list[Fallback] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return statistics.fmean(self.pair_scores) if self.pair_scores else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        n = len(self.pair_scores)
        if n < 2:
            return (self.win_rate, self.win_rate)
        half = 1.96 * statistics.stdev(self.pair_scores) / math.sqrt(n)
        if self.payments:
            return (self.win_rate - half, self.win_rate + half)
        return (max(0.0, self.win_rate - half), min(1.0, self.win_rate + half))

    @property
    def replaced(self) -> bool:
        """True when a fallback bot made some of the decisions of A or B."""
        return bool(self.fallbacks) or any(self.fallback_decisions)

    def fallbacks_of(self, side: int) -> list[Fallback]:
        return [f for f in self.fallbacks if f.side == side]

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
            "measure": "mean score per deal" if self.payments else "win rate",
            "win_rate": None if self.payments else round(self.win_rate, 4),
            "mean_score": round(self.win_rate, 4) if self.payments else None,
            "ci95": [round(lo, 4), round(hi, 4)],
            "points": {la: round(self.points[0], 2), lb: round(self.points[1], 2)},
            "ms_per_decision": {la: self.ms(0), lb: self.ms(1)},
            "replaced": self.replaced,
            "fallbacks": {
                label: {
                    "count": len(self.fallbacks_of(side)),
                    "decisions": self.decisions[side],
                    "fallback_decisions": self.fallback_decisions[side],
                    "events": [f.to_json() for f in self.fallbacks_of(side)],
                }
                for side, label in enumerate((la, lb))
            },
        }

    def outcome_line(self) -> str:
        la = self.labels()[0]
        lo, hi = self.ci95
        if self.payments:
            return (f"{la} scores {self.win_rate:+.3f} per deal (95% CI {lo:+.3f} to "
                    f"{hi:+.3f}; one seat against all others, every seat in turn)")
        return (f"{la} wins {100 * self.win_rate:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%; "
                f"a 60-60 deal counts half)")

    def fallback_lines(self) -> list[str]:
        """One line per fallback, then per replaced bot how much of its play was not its own."""
        lines = []
        for side, label in enumerate(self.labels()):
            lines.extend(f"{label}: {f.sentence()}" for f in self.fallbacks_of(side))
            if self.fallback_decisions[side]:
                lines.append(
                    f"{label}: a fallback bot made {self.fallback_decisions[side]} of its "
                    f"{self.decisions[side]} decisions: these results are not the "
                    f"program's alone")
        return lines

    def text(self) -> str:
        la, lb = self.labels()
        lo, hi = self.ci95
        a, b = self.ms(0), self.ms(1)
        return "\n".join([
            f"{self.variant}: {la} against {lb}, {self.deals} deals in duplicate "
            f"({self.games} games), seed {self.seed}",
            *self.fallback_lines(),
            self.outcome_line(),
            f"card points per {'seat and deal' if self.payments else 'game'}: "
            f"{la} {self.points[0]:.1f}, {lb} {self.points[1]:.1f}",
            f"ms per decision: {la} median {a['median']:.1f}, p95 {a['p95']:.1f}; "
            f"{lb} median {b['median']:.1f}, p95 {b['p95']:.1f}",
        ])


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
            total = 0.0
            if v.per_seat_payments:  # A in one seat, B in the others, each seat in turn
                for a_seat in range(v.n):
                    state = GameState(v, dealer=dealer, seed=ds, target=v.match_target())
                    _play_one(state, v, v.team_of[a_seat], bots, tally, deal=i + 1)
                    r = state.result
                    assert r is not None
                    total += r.game_points[a_seat]
                    tally.pts_a.append(state.points[a_seat])
                    tally.pts_b.extend(p for k, p in enumerate(state.points) if k != a_seat)
                tally.scores.append(total / v.n)
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
                tally.pts_a.append(r.card_points[a_team])
                tally.pts_b.append(sum(p for t, p in enumerate(r.card_points) if t != a_team))
            tally.scores.append(total / v.n_teams)
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

    steps = 0
    while not state.is_over():
        seat = state.current_player()
        assert seat is not None
        side = side_of(seat)
        bot = bots[side][seat]
        view = state.view(seat)
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
                    reason=bot.failure or "stopped playing", replaced_by=bot.fallback_level))
        elif len(view.legal) > 1:
            tally.times[side].append(dt)
        if action not in view.legal:
            raise IllegalAction(seat, state._safe_str(action),
                                f"the {SIDES[side]} bot chose an action that "
                                f"is not legal ({state.explain(action)})")
        state.apply(action)
        steps += 1
        if steps > 10000:
            raise RuntimeError("the deal does not end")
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


def _parse_option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"a house rule is NAME=VALUE, not {text!r}")
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        value = raw
    return key.strip(), value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


def _builtin_levels() -> list[str]:
    return [lv for lv in bot_levels(arena=True) if not lv.startswith("cmd:")]


DESCRIPTION = "Play bots against each other in duplicate deals and report the result."
def epilog() -> str:
    """The end of ``--help``: what a bot spec is, and what the exit status says."""
    return f"""\
A bot is a built-in level ({", ".join(_builtin_levels())}) or cmd:COMMAND, a program
speaking the bot protocol (docs/bot-protocol.md).

Exit status:
  0  the report is of the bots named
  2  a bad command line (nothing was played)
  {EXIT_REPLACED}  an external bot failed (it crashed, hung, wrote what is not the
     protocol, answered illegally or spoke another protocol version) and a
     built-in bot took its seat for the rest of the run, so the results are
     not the program's alone; each fallback is named on standard error, in
     the report, and under "fallbacks" with --json"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arena's options, on ``parser`` (its own or the ``arena`` subcommand's)."""
    parser.add_argument("--variant", required=True, type=variant_id, metavar="ID",
                        help="the game, e.g. bisca-3 or briscola (bisca-tui variants lists them)")
    parser.add_argument("--bots", required=True, metavar="A,B",
                        help="two bots, one per side: level names or cmd:COMMAND")
    parser.add_argument("--deals", type=positive_int, default=100, metavar="N",
                        help="shuffled deals, each played once per side (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--players", type=positive_int, default=None, metavar="N",
                        help="number of players, for games that allow several")
    parser.add_argument("--option", action="append", default=[], type=_parse_option,
                        metavar="NAME=VALUE", help="a house rule (repeatable)")
    parser.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                        help="processes to use (default 1)")
    parser.add_argument("--time-limit", type=_seconds, default=DEFAULT_TIME_LIMIT,
                        metavar="SECONDS",
                        help="an external bot's time per decision "
                             f"(default {DEFAULT_TIME_LIMIT:g})")
    parser.add_argument("--start-timeout", type=_seconds, default=DEFAULT_START_TIMEOUT,
                        metavar="SECONDS",
                        help="an external bot's time to answer the greeting "
                             f"(default {DEFAULT_START_TIMEOUT:g})")
    parser.add_argument("--fallback", choices=_builtin_levels(), default=DEFAULT_FALLBACK,
                        metavar="LEVEL",
                        help="the built-in level that takes the seat of an external bot that "
                             f"fails (default {DEFAULT_FALLBACK})")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="what the built-in bots' thinking budgets are measured on: "
                             "the wall clock, as at the table (default), or each bot's own "
                             "CPU time, so that other work on the machine does not weaken "
                             "them")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def build_parser(prog: str = "bisca-tui arena") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=DESCRIPTION, epilog=epilog(),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return parser


def parse_bots(text: str) -> list[str]:
    """``A,B`` as two bot specs. A ``cmd:`` command may hold commas: see ``_split_bots``."""
    if text.startswith("cmd:"):
        return _split_bots(text)
    first, _, rest = text.partition(",")
    if rest.strip().startswith("cmd:"):
        return [first.strip(), rest.strip()]
    return [x.strip() for x in text.split(",")]


def run_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run the arena for parsed arguments; usage errors go through ``parser.error``."""
    specs = parse_bots(args.bots)
    if len(specs) != 2:
        parser.error(f"argument --bots: takes two bots, A,B (one for each side of the "
                     f"duplicate deals, whatever the number of players), e.g. hard,medium; "
                     f"{args.bots!r} names {len(specs)}")
    levels = _builtin_levels()
    for spec in specs:
        if spec.startswith("cmd:"):
            if not spec[len("cmd:"):].strip():
                parser.error("argument --bots: cmd: needs the command that runs the program, "
                             "e.g. cmd:python3 my_bot.py")
        elif spec not in levels:
            parser.error(f"argument --bots: unknown bot {spec!r} (levels: {', '.join(levels)}; "
                         "or cmd:COMMAND)")
    options = dict(args.option) or None
    try:
        make_variant(args.variant, options, args.players)
    except (OptionError, ValueError) as e:
        parser.error(str(e))
    try:
        result = run_arena(args.variant, specs[0], specs[1], deals=args.deals, seed=args.seed,
                           options=options, players=args.players, jobs=args.jobs,
                           time_limit=args.time_limit, start_timeout=args.start_timeout,
                           fallback=args.fallback, clock=args.clock)
    except (OptionError, ValueError) as e:
        say(f"{parser.prog}: {e}")
        return 2
    if result.replaced:
        for line in result.fallback_lines():
            say(f"{parser.prog}: {line}")
    try:
        if args.json:
            write_json(result.to_json())
        else:
            write_text(result.text() + "\n")
    except OutputClosed:  # the reader went away (| head): the status still tells
        pass
    return EXIT_REPLACED if result.replaced else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
        return run_command(args, parser)
    except SystemExit as e:  # --help, or a usage error already printed by argparse
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)


def _split_bots(text: str) -> list[str]:
    """Split ``A,B`` where a ``cmd:`` command may itself hold commas: the split is made at
    the last comma followed by a level name or another ``cmd:``."""
    parts = text.split(",")
    for k in range(len(parts) - 1, 0, -1):
        rest = ",".join(parts[k:]).strip()
        if rest.startswith("cmd:") or "," not in rest:
            return [",".join(parts[:k]).strip(), rest]
    return [text]
