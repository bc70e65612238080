"""The history's commands: ``bisca-tui stats``, ``bisca-tui history`` and
``bisca-tui export``.

    bisca-tui stats [--player NAME] [--game ID] [--opponent KIND] [--since DAY]
                    [--until DAY] [--json] [--data-dir DIR]
    bisca-tui history [--game ID] [--opponent KIND] [--player NAME] [--since DAY]
                      [--until DAY] [--limit N] [--json] [--data-dir DIR]
    bisca-tui export MATCH_ID [-o FILE] [--data-dir DIR]

Exit status: 0 done, 1 when the history cannot be read or the match is not in it, 2 for a
refused command line.
"""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from ..argtypes import data_folder, variant_id, whole_number
from ..datadir import data_dir
from ..output import safe_json, say, write, write_json, write_text
from .store import DB_NAME, Store

OPPONENT_HELP = ("human (people), bot:LEVEL (bot:easy, bot:medium, bot:hard...), program "
                 "(an outside program), or mixed")


def day(text: str) -> str:
    """An argparse type: a day written YYYY-MM-DD."""
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a day written YYYY-MM-DD: {text!r}") from None


def opponent_kinds() -> list[str]:
    """The kinds of opponent the history tells apart (a person's opponents all of one kind,
    else mixed)."""
    from ..bots.base import bot_levels
    from .entry import BOT, HUMAN, MIXED, PROGRAM

    return [HUMAN, *(f"{BOT}:{level}" for level in bot_levels()), PROGRAM, MIXED]


def opponent_kind(text: str) -> str:
    """An argparse type: a kind of opponent."""
    kinds = opponent_kinds()
    if text not in kinds:
        raise argparse.ArgumentTypeError(f"unknown kind of opponent {text!r} (kinds: "
                                         f"{', '.join(kinds)})")
    return text


def match_count(text: str) -> int:
    """An argparse type: how many matches to list, 0 for every one."""
    return whole_number(text, 0, "0 (every match) or more")


def _common(p: argparse.ArgumentParser, player: bool = True) -> None:
    p.add_argument("--game", type=variant_id, metavar="ID",
                   help="only this game (bisca-tui variants lists the IDs)")
    p.add_argument("--opponent", type=opponent_kind, metavar="KIND",
                   help=f"only against {OPPONENT_HELP}")
    if player:
        p.add_argument("--player", metavar="NAME",
                       help="the person, by the name played under (default: who played most)")
    p.add_argument("--since", type=day, metavar="DAY", help="from this day (YYYY-MM-DD)")
    p.add_argument("--until", type=day, metavar="DAY", help="up to this day, included")
    p.add_argument("--json", action="store_true", help="print JSON")
    _data_dir(p)


def _data_dir(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data-dir", type=data_folder, metavar="DIR",
                   help="the data folder holding the history (default: $BISCA_TUI_DATA, "
                        "else the platform's data folder)")


def add_stats(p: argparse.ArgumentParser) -> None:
    _common(p)


def add_history(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("--limit", type=match_count, metavar="N", default=50,
                   help="at most N matches, newest first (default 50; 0 lists them all)")


def add_export(p: argparse.ArgumentParser) -> None:
    p.add_argument("match_id", type=int, metavar="MATCH_ID",
                   help="the match's number, as bisca-tui history lists it")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write the record to FILE (default: print it)")
    _data_dir(p)


def _open(args: argparse.Namespace) -> Store | None:
    """The history, or None (said on stderr) when there is none or it cannot be read."""
    directory = Path(args.data_dir) if args.data_dir else data_dir()
    if not (directory / DB_NAME).exists():
        say(f"No game history yet in {directory}: finished deals and matches are kept "
            "there as they are played.")
        return None
    store, problem = Store.open(directory)
    if problem is not None:
        say(problem.message())
    return store


def run_stats(args: argparse.Namespace) -> int:
    from .stats import Filters, compute, stats_json, table_lines

    store = _open(args)
    if store is None:
        if args.json:
            write_json({"player": None, "players": []})
        return 0
    try:
        stats = compute(store, Filters(args.player, args.game, args.opponent, args.since,
                                       args.until))
    finally:
        store.close()
    if args.json:
        write_json(stats_json(stats), indent=2)
        return 0
    if stats.player is None:
        write_text("Nobody has played in person yet.\n")
        return 0
    if args.player and args.player not in stats.players:
        say(f"Nobody named {args.player!r} in the history; people: "
            f"{', '.join(stats.players)}.")
        return 1
    others = [p for p in stats.players if p != stats.player]
    also = f" (others: {', '.join(others)}; --player NAME)" if others else ""
    write_text("\n".join([f"Statistics of {stats.player}{also}", "", *table_lines(stats)])
               + "\n")
    return 0


def run_history(args: argparse.Namespace) -> int:
    from .listing import list_matches

    store = _open(args)
    if store is None:
        if args.json:
            write_json([])
        return 0
    try:
        rows = list_matches(store, args.game, args.opponent, args.since, args.until,
                            args.player, args.limit or None)
    finally:
        store.close()
    if args.json:
        out = []
        for r in rows:
            out.append({"id": r.id, "started": r.started, "ended": r.ended,
                        "variant": r.variant, "deals": r.deals, "seed": r.seed,
                        "players": [p.__dict__ for p in r.players]})
        write_json(out, indent=2)
        return 0
    if not rows:
        write_text("No match in the history matches these filters.\n")
        return 0
    lines = [f"{'id':>6}  {'started':<16}  {'game':<24} {'deals':>5}  {'score':<9} players"]
    for r in rows:
        when = r.started[:16].replace("T", " ")
        lines.append(f"{r.id:>6}  {when:<16}  {r.game[:24]:<24} {r.deals:>5}  "
                     f"{r.scores()[:9]:<9} {r.who()} · {r.outcome()}")
    write_text("\n".join(lines) + "\n")
    return 0


def run_export(args: argparse.Namespace) -> int:
    from .listing import ExportError, export_text

    store = _open(args)
    if store is None:
        return 1
    try:
        text = export_text(store, args.match_id)
    except ExportError as e:
        say(f"bisca-tui export: {e}")
        return 1
    finally:
        store.close()
    if not args.output:
        write(safe_json(text))  # the record as it is kept, its names escaped JSON's way
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as e:
        say(f"bisca-tui export: cannot write {args.output}: {e.strerror or e}")
        return 1
    write_text(f"Match {args.match_id} written to {args.output} (bisca-tui replay reads it).\n")
    return 0
