"""Soak test: many random deals of every registered game, checking the engine's invariants.

Every game the engine registers is soaked at each number of players it allows. For each,
plays ``--deals`` random deals (default 10,000) through the public API, with the default house
rules and with house rules drawn at random, and runs the invariants of
``bisca_tui.engine.invariants`` as it goes (the cards and the legal actions after every action,
the tricks and the views after every trick and change of phase, the rest at the end): every
card of the pack in exactly one place; a legal action for a seat to act until the deal is
over; tricks taken by the rule and counted right; the voids a play shows true; views that
hold nothing hidden from their seat; a result as the game's own scoring says (a deal thrown
in is one); the same seed and actions rebuilding the same state. The invariants are the same
for every game: they know no game's rules.

Every ``--match-every`` deals it also plays a whole match (or session), checks every deal of
it and its standing, and checks that its record, written to JSON and read back, replays to the
same deals and standing, and that ``bisca-tui replay`` can tell it (as text and as JSON).

    python benchmarks/soak.py [--deals N] [--match-every K] [--seed S] [--only ID ...]
                              [--no-views]

Prints, per game and number of players, the deals and actions played, the deals thrown in,
the matches, the errors by kind and the time taken; then the totals. Exits with status 1 if any
check failed, 0 on a sound engine. It never judges time.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from typing import Any

from bisca_tui.engine import Match, make_variant
from bisca_tui.engine.invariants import Problem, check_deal, play_match_checked
from bisca_tui.engine.records import parse_record, record_of_match, replay_record
from bisca_tui.engine.variant import Variant, all_variants
from bisca_tui.replay import build_report, render_text

NAMES = ["P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7"]


class Soak:
    def __init__(self, show: int = 10) -> None:
        self.errors: Counter[str] = Counter()
        self.shown = 0
        self.show = show

    def report(self, where: str, problems: list[Problem]) -> None:
        for p in problems:
            self.errors[p.kind] += 1
            if self.shown < self.show:
                self.shown += 1
                print(f"  ERROR {where}: {p}", flush=True)


def configurations(only: list[str] | None = None) -> list[tuple[str, int]]:
    """(game id, players) for every registered game and player count."""
    out = []
    for cls in all_variants():
        if only and cls.id not in only:
            continue
        for n in cls.players:
            out.append((cls.id, n))
    return out


def random_options(vid: str, rng: random.Random) -> dict[str, Any]:
    cls = make_variant(vid).__class__
    return {h.name: rng.choice(h.choices) for h in cls.house_rules}


def check_record(m: Match) -> list[Problem]:
    """The match's record reads back to the same deals and standing, and replays as text."""
    out = []
    where = "soak"
    record = record_of_match(m, NAMES[:m.variant.n_people])
    back = replay_record(parse_record(record.dumps(), where), where)
    if [d.signature() for d in back.deals] != [d.signature() for d in m.deals]:
        out.append(Problem("record", "the record replays to other deals"))
    if (back.scores, back.winner) != (m.scores, m.winner):
        out.append(Problem("record", f"standing {back.scores} instead of {m.scores}"))
    rep = build_report(record, where)
    text = render_text(rep)
    json.dumps(rep)
    if rep["match"]["games"] != m.scores or rep["deals"][-1]["match_after"] != m.scores:
        out.append(Problem("record", f"the replay tells {rep['match']['games']}"))
    if not rep["match"]["over"] or ("Match over" not in text and "Session over" not in text):
        out.append(Problem("record", "the replay does not tell the end of the match"))
    return out


def one_match(s: Soak, v: Variant, seed: int, rng: random.Random) -> int:
    where = f"{v.id}/{v.n_people} {v.options} match {seed}"
    m = Match(v, dealer=seed % v.n_people, seed=seed)
    try:
        problems = play_match_checked(m, rng)
        if m.is_over():
            problems += check_record(m)
    except Exception as e:  # a crash is an error to count, not the end of the soak
        problems = [Problem("crash", f"{e.__class__.__name__}: {e}")]
    s.report(where, problems)
    return len(m.deals)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=10_000, help="random deals per game")
    ap.add_argument("--match-every", type=int, default=100,
                    help="also play a whole match every K deals (0: never)")
    ap.add_argument("--seed", type=int, default=0, help="first deal seed")
    ap.add_argument("--only", nargs="*", metavar="ID", help="soak only these games")
    ap.add_argument("--no-views", action="store_true",
                    help="skip the views' checks (about twice as fast)")
    ap.add_argument("--show", type=int, default=10, help="errors to print in full")
    args = ap.parse_args(argv)
    s = Soak(args.show)
    start = time.perf_counter()
    totals: Counter[str] = Counter()
    for vid, n in configurations(args.only):
        rng = random.Random(f"{vid}/{n}/{args.seed}")
        # the defaults, and three sets of house rules drawn at random
        variants = [make_variant(vid, players=n)] + [
            make_variant(vid, random_options(vid, rng), n) for _ in range(3)]
        t0 = time.perf_counter()
        before = s.errors.copy()
        actions = thrown_in = matches = match_deals = 0
        for i in range(args.deals):
            seed = args.seed + i
            v = variants[i % len(variants)]
            deal = check_deal(v, seed, rng, views=not args.no_views)
            s.report(f"{v.id}/{v.n_people} {v.options} seed {seed}", deal.problems)
            actions += deal.actions
            res = getattr(deal.state, "result", None)
            thrown_in += res is not None and res.redeal
            if args.match_every and i % args.match_every == 0:
                matches += 1
                match_deals += one_match(s, v, seed, rng)
        errs = s.errors - before
        totals.update(deals=args.deals, actions=actions, thrown_in=thrown_in, matches=matches,
                      match_deals=match_deals)
        kinds = " ".join(f"{k} {c}" for k, c in sorted(errs.items()))
        print(f"{vid} players {n}: deals {args.deals} actions {actions} thrown_in {thrown_in} "
              f"matches {matches} match_deals {match_deals} errors {sum(errs.values())}"
              f"{' (' + kinds + ')' if kinds else ''} seconds {time.perf_counter() - t0:.1f}",
              flush=True)
    total = sum(s.errors.values())
    print(f"total: games {len(configurations(args.only))} deals {totals['deals']} actions "
          f"{totals['actions']} thrown_in {totals['thrown_in']} matches {totals['matches']} "
          f"match_deals {totals['match_deals']} errors {total} "
          f"seconds {time.perf_counter() - start:.1f}")
    for kind, k in sorted(s.errors.items()):
        print(f"  {kind} {k}")
    return 1 if total else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
