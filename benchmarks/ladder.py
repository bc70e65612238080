"""How strong is each bot: every level against every other, on each family, fitted to Elo.

    python benchmarks/ladder.py [--deals 200] [--families bisca-3,briscola,sueca,brisca,chiamata]
                                [--levels random,easy,medium,hard-v1,hard] [--jobs 2]
                                [--seed 11] [--clock cpu] [--out benchmarks/ladder.md]
                                [--svg screenshots/ladder.svg] [--cache ladder.jsonl]
                                [--update]

Each pair of levels plays ``--deals`` duplicate deals of each family with the arena (in the
games paid seat by seat, one level in each seat in turn against the other in the rest).
Ratings are fitted to every pair's score at once (Bradley-Terry, on the Elo scale: 400
points is ten to one), with ``random`` fixed at 0; a pair's score is its win rate, or in
the games paid seat by seat the share of deals its seat came out ahead. 95% intervals come
from a bootstrap over the deals. Written: a Markdown table (``--out``), shown in the
README, and a chart of the ratings with their intervals (``--svg``). With ``--cache`` each
pair's scores are kept in that file as the pair ends, and a run started again with the same
file and settings plays only the pairs not yet there. With ``--update`` the families not
played keep the ratings the table in ``--out`` already gives them (for the same levels), so
one family can be measured again after its bots changed; the table says which families
that run played.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import re
import time
from collections.abc import Sequence
from pathlib import Path

from bisca_tui.arena import run_arena


def fit_elo(pairs: dict[tuple[str, str], list[float]], levels: Sequence[str],
            anchor: str | None = None, iters: int = 5000) -> dict[str, float]:
    """Elo ratings that best explain the scores: ``pairs[(a, b)]`` lists a's score per
    deal against b (1 win, 0.5 tie, 0 loss, or any share between). Maximum likelihood of
    the Bradley-Terry model by Hunter's minorise-maximise steps; ``anchor`` (default the
    first level) is 0. A level that never scored (or never lost) is held a little off the
    edge (half a point added on each side of every pair) so that its rating stays finite."""
    anchor = anchor or levels[0]
    wins = dict.fromkeys(levels, 0.0)
    games: dict[tuple[str, str], float] = {}
    for (a, b), scores in pairs.items():
        if not scores:
            continue
        s = sum(scores) + 0.5
        n = len(scores) + 1.0
        wins[a] += s
        wins[b] += n - s
        games[(a, b)] = games.get((a, b), 0.0) + n
    gamma = dict.fromkeys(levels, 1.0)
    for _ in range(iters):
        new = {}
        for lv in levels:
            denom = 0.0
            for (a, b), n in games.items():
                if lv in (a, b):
                    denom += n / (gamma[a] + gamma[b])
            new[lv] = wins[lv] / denom if denom > 0 else gamma[lv]
        change = max(abs(math.log(new[lv] / gamma[lv])) for lv in levels)
        gamma = new
        if change < 1e-9:
            break
    base = math.log10(gamma[anchor])
    return {lv: 400.0 * (math.log10(g) - base) for lv, g in gamma.items()}


def bootstrap(pairs: dict[tuple[str, str], list[float]], levels: Sequence[str],
              rounds: int, rng: random.Random) -> dict[str, tuple[float, float]]:
    fits: dict[str, list[float]] = {lv: [] for lv in levels}
    for _ in range(rounds):
        resampled = {p: [rng.choice(s) for _ in s] for p, s in pairs.items()}
        for lv, x in fit_elo(resampled, levels, iters=500).items():
            fits[lv].append(x)
    out = {}
    for lv, xs in fits.items():
        xs.sort()
        out[lv] = (xs[int(0.025 * (len(xs) - 1))], xs[int(0.975 * (len(xs) - 1))])
    return out


def scores_of(result) -> list[float]:
    if not result.payments:
        return list(result.pair_scores)
    # paid seat by seat: the deal counts as won when A's mean payment is above zero
    return [1.0 if s > 0 else (0.5 if s == 0 else 0.0) for s in result.pair_scores]


def svg_chart(table: dict[str, dict[str, float]], ci: dict[str, dict[str, tuple[float, float]]],
              levels: Sequence[str]) -> str:
    families = list(table)
    lo = min(min(c[0] for c in ci[f].values()) for f in families)
    hi = max(max(c[1] for c in ci[f].values()) for f in families)
    lo, hi = min(lo, 0.0) - 50, hi + 50
    w, row, left = 720, 22, 150
    h = 40 + row * (len(families) * (len(levels) + 1))
    x = lambda v: left + (v - lo) / (hi - lo) * (w - left - 20)  # noqa: E731
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'font-family="DejaVu Sans, sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="#ffffff"/>',
           f'<line x1="{x(0):.1f}" y1="20" x2="{x(0):.1f}" y2="{h - 10}" stroke="#999"/>']
    y = 30
    for f in families:
        out.append(f'<text x="8" y="{y}" font-weight="bold">{f}</text>')
        y += row
        for lv in levels:
            v = table[f][lv]
            a, b = ci[f][lv]
            out.append(f'<text x="24" y="{y + 4}">{lv}</text>')
            out.append(f'<line x1="{x(a):.1f}" y1="{y}" x2="{x(b):.1f}" y2="{y}" '
                       f'stroke="#2a6f97" stroke-width="2"/>')
            out.append(f'<circle cx="{x(v):.1f}" cy="{y}" r="4" fill="#2a6f97"/>')
            out.append(f'<text x="{x(b) + 6:.1f}" y="{y + 4}">{v:.0f}</text>')
            y += row
    out.append("</svg>")
    return "\n".join(out)


def read_table(text: str) -> dict[str, dict[str, tuple[float, float, float]]]:
    """The ratings of a table ``main`` wrote: family -> level -> (rating, low, high)."""
    rows = [line.strip().strip("|").split("|") for line in text.splitlines()
            if line.startswith("|") and not line.startswith("|---")]
    if not rows:
        return {}
    families = [f.strip() for f in rows[0][1:]]
    out: dict[str, dict[str, tuple[float, float, float]]] = {f: {} for f in families}
    cell = re.compile(r"\s*(-?\d+) \((-?\d+) to (-?\d+)\)\s*$")
    for row in rows[1:]:
        level = row[0].strip()
        for fam, text_cell in zip(families, row[1:], strict=True):
            m = cell.match(text_cell)
            if m is None:
                raise SystemExit(f"not a ladder table cell: {text_cell!r}")
            out[fam][level] = (float(m[1]), float(m[2]), float(m[3]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--families", default="bisca-3,briscola,sueca,brisca,chiamata")
    ap.add_argument("--levels", default="random,easy,medium,hard-v1,hard")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="cpu")
    ap.add_argument("--bootstrap", type=int, default=200)
    ap.add_argument("--out", type=Path, default=Path("benchmarks/ladder.md"))
    ap.add_argument("--svg", type=Path, default=Path("screenshots/ladder.svg"))
    ap.add_argument("--cache", type=Path, default=None)
    ap.add_argument("--update", action="store_true")
    args = ap.parse_args()
    kept: dict[tuple[str, str, str], list[float]] = {}
    if args.cache is not None and args.cache.exists():
        for no, line in enumerate(args.cache.read_text().splitlines(), 1):
            try:
                d = json.loads(line)
                same = (d["deals"], d["seed"], d["clock"]) == (args.deals, args.seed,
                                                               args.clock)
                key, scores = (d["family"], d["a"], d["b"]), list(d["scores"])
            except (ValueError, KeyError, TypeError) as e:
                raise SystemExit(f"{args.cache}:{no}: not a ladder pair ({e!r}); "
                                 "move the file aside to start afresh") from None
            if same:
                kept[key] = scores
    levels = args.levels.split(",")
    table: dict[str, dict[str, float]] = {}
    cis: dict[str, dict[str, tuple[float, float]]] = {}
    rng = random.Random(args.seed)
    played = args.families.split(",")
    before = read_table(args.out.read_text()) if args.update and args.out.exists() else {}
    for fam, rows in before.items():  # kept in the table's order; the played ones redone
        if fam not in played and set(rows) == set(levels):
            table[fam] = {lv: rows[lv][0] for lv in levels}
            cis[fam] = {lv: rows[lv][1:] for lv in levels}
    for fam in played:
        pairs: dict[tuple[str, str], list[float]] = {}
        for a, b in itertools.combinations(levels, 2):
            if (fam, a, b) in kept:
                pairs[(a, b)] = kept[(fam, a, b)]
                continue
            t0 = time.perf_counter()
            r = run_arena(fam, a, b, deals=args.deals, seed=args.seed, jobs=args.jobs,
                          clock=args.clock)
            pairs[(a, b)] = scores_of(r)
            print(f"{fam}: {r.outcome_line()} against {b} "
                  f"({time.perf_counter() - t0:.0f} s)", flush=True)
            if args.cache is not None:
                with args.cache.open("a") as f:
                    f.write(json.dumps({"family": fam, "a": a, "b": b, "deals": args.deals,
                                        "seed": args.seed, "clock": args.clock,
                                        "scores": pairs[(a, b)]}) + "\n")
        table[fam] = fit_elo(pairs, levels)
        cis[fam] = bootstrap(pairs, levels, args.bootstrap, rng)
        print(fam, {lv: round(x) for lv, x in table[fam].items()}, flush=True)
    if before:  # the families in the order the table had them, new ones after
        order = [f for f in before if f in table] + [f for f in table if f not in before]
        table, cis = {f: table[f] for f in order}, {f: cis[f] for f in order}
    kept_note = ""
    if len(table) > len(played):
        kept_note = (" This run played " + ", ".join(played) + "; the other columns are kept "
                     "from the run before.")
    lines = [f"Elo ratings per family, `random` = 0; {args.deals} duplicate deals per pair "
             f"of levels, seed {args.seed}; 95% intervals by bootstrap over the deals."
             + kept_note, "",
             "| level | " + " | ".join(table) + " |",
             "|---|" + "---|" * len(table)]
    for lv in levels:
        cells = [f"{table[f][lv]:.0f} ({cis[f][lv][0]:.0f} to {cis[f][lv][1]:.0f})"
                 for f in table]
        lines.append(f"| {lv} | " + " | ".join(cells) + " |")
    args.out.write_text("\n".join(lines) + "\n")
    args.svg.write_text(svg_chart(table, cis, levels))
    print(f"wrote {args.out} and {args.svg}")


if __name__ == "__main__":
    main()
