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

from .. import lang
from ..argtypes import data_folder, variant_id, whole_number
from ..datadir import data_dir
from ..lang import _, pgettext
from ..output import safe_json, say, write, write_json, write_text
from .store import DB_NAME, Store


def day(text: str) -> str:
    """An argparse type: a day written YYYY-MM-DD."""
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a day written YYYY-MM-DD: {text}").format(text=repr(text))) from None


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
        raise argparse.ArgumentTypeError(
            _("unknown kind of opponent {kind} (kinds: {kinds})").format(
                kind=repr(text), kinds=", ".join(kinds)))
    return text


def match_count(text: str) -> int:
    """An argparse type: how many matches to list, 0 for every one."""
    # translators: a bound of --limit: "must be 0 (every match) or more, not -1"
    return whole_number(text, 0, _("0 (every match) or more"))


def _common(p: argparse.ArgumentParser, player: bool = True) -> None:
    p.add_argument("--game", type=variant_id, metavar="ID",
                   help=_("only this game (bisca-tui variants lists the IDs)"))
    p.add_argument("--opponent", type=opponent_kind, metavar="KIND",
                   # translators: the kinds (human, bot:LEVEL, program, mixed) are typed as
                   # they are
                   help=_("only against human (people), bot:LEVEL (bot:easy, bot:medium, "
                          "bot:hard...), program (an outside program), or mixed"))
    if player:
        p.add_argument("--player", metavar="NAME",
                       help=_("the person, by the name played under (default: who played "
                              "most)"))
    p.add_argument("--since", type=day, metavar="DAY", help=_("from this day (YYYY-MM-DD)"))
    p.add_argument("--until", type=day, metavar="DAY", help=_("up to this day, included"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    _data_dir(p)


def _data_dir(p: argparse.ArgumentParser) -> None:
    p.add_argument("--data-dir", type=data_folder, metavar="DIR",
                   help=_("the data folder holding the history (default: $BISCA_TUI_DATA, "
                          "else the platform's data folder)"))


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """``stats``, ``history`` and ``export`` among the program's commands."""
    st = sub.add_parser("stats", help=_("statistics from the game history"),
                        description=_("A person's statistics from the game history: per game "
                                      "and per kind of opponent, matches and deals won, the "
                                      "win rate with its 95% interval, card points, capotes, "
                                      "sweeps and the longest runs."))
    add_stats(st)
    st.set_defaults(run=run_stats)
    hi = sub.add_parser("history", help=_("the matches kept in the game history"),
                        description=_("The matches kept in the game history, newest first, "
                                      "with the ids bisca-tui export takes."))
    add_history(hi)
    hi.set_defaults(run=run_history)
    ex = sub.add_parser("export", help=_("a match of the history as a game record file"),
                        description=_("Write a match of the game history as a game record "
                                      "(bisca-tui replay reads it)."))
    add_export(ex)
    ex.set_defaults(run=run_export)


def add_stats(p: argparse.ArgumentParser) -> None:
    _common(p)


def add_history(p: argparse.ArgumentParser) -> None:
    _common(p)
    p.add_argument("--limit", type=match_count, metavar="N", default=50,
                   help=_("at most N matches, newest first (default 50; 0 lists them all)"))


def add_export(p: argparse.ArgumentParser) -> None:
    p.add_argument("match_id", type=int, metavar="MATCH_ID",
                   help=_("the match's number, as bisca-tui history lists it"))
    p.add_argument("-o", "--output", metavar="FILE",
                   help=_("write the record to FILE (default: print it)"))
    _data_dir(p)


def _open(args: argparse.Namespace) -> Store | None:
    """The history, or None (said on stderr) when there is none or it cannot be read."""
    directory = Path(args.data_dir) if args.data_dir else data_dir()
    if not (directory / DB_NAME).exists():
        say(_("No game history yet in {folder}: finished deals and matches are kept there as "
              "they are played.").format(folder=directory))
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
        write_text(_("Nobody has played in person yet.") + "\n")
        return 0
    from ..engine.words import shown_name

    if args.player and args.player not in stats.players:
        say(_("Nobody named {name} in the history; people: {people}.").format(
            name=repr(args.player), people=", ".join(map(shown_name, stats.players))))
        return 1
    # the person at the keyboard is kept as "You", and named in the language in use
    player = shown_name(stats.player)
    others = [shown_name(p) for p in stats.players if p != stats.player]
    if others:
        # translators: {option} is "--player NAME", the option that chooses another person
        head = _("Statistics of {player} (others: {others}; {option})").format(
            player=player, others=", ".join(others), option="--player NAME")
    else:
        head = _("Statistics of {player}").format(player=player)
    write_text("\n".join([head, "", *table_lines(stats)]) + "\n")
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
        write_text(_("No match in the history matches these filters.") + "\n")
        return 0
    # the columns' headings, each column as wide as its heading in the language in use
    heads = [pgettext("history column", "id"), pgettext("history column", "started"),
             pgettext("history column", "game"), pgettext("history column", "deals"),
             pgettext("history column", "score"), pgettext("history column", "players")]
    w = [max(n, len(h)) for n, h in zip((6, 16, 24, 5, 9), heads, strict=False)]
    lines = [f"{heads[0]:>{w[0]}}  {heads[1]:<{w[1]}}  {heads[2]:<{w[2]}} {heads[3]:>{w[3]}}  "
             f"{heads[4]:<{w[4]}} {heads[5]}"]
    for r in rows:
        when = lang.when(r.started)
        lines.append(f"{r.id:>{w[0]}}  {when:<{w[1]}}  {r.game[:24]:<{w[2]}} {r.deals:>{w[3]}}  "
                     f"{r.scores()[:9]:<{w[4]}} {r.who()} · {r.outcome()}")
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
        say(f"bisca-tui export: {e}")  # ExportError says it in the language in use
        return 1
    finally:
        store.close()
    if not args.output:
        write(safe_json(text))  # the record as it is kept, its names escaped JSON's way
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as e:
        say("bisca-tui export: " + _("cannot write {file}: {reason}").format(
            file=args.output, reason=e.strerror or e))
        return 1
    write_text(_("Match {id} written to {file} (bisca-tui replay reads it).").format(
        id=args.match_id, file=args.output) + "\n")
    return 0
