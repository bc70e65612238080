"""The arena's command line: its options and help, the bots named by ``--bots``, and the
report on standard output (``main``, or ``run_command`` for the ``arena`` subcommand)."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

from ..argtypes import builtin_levels as _builtin_levels  # the name a test knows
from ..argtypes import house_rule, positive_int, variant_id
from ..bots.external import DEFAULT_FALLBACK, DEFAULT_START_TIMEOUT, DEFAULT_TIME_LIMIT
from ..engine.errors import OptionError
from ..engine.variant import make_variant
from ..lang import N_, _, ngettext
from ..output import OutputClosed, say, write_json, write_text
from .play import run_arena

EXIT_REPLACED = 3  # exit status when an external bot lost a seat to a fallback bot


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a number of seconds: {text}").format(text=repr(text))) from None
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(
            _("must be more than 0 seconds, not {text}").format(text=text))
    return value


DESCRIPTION = N_("Play bots against each other in duplicate deals and report the result.")


def epilog() -> str:
    """The end of ``--help``: what a bot spec is, and what the exit status says."""
    # translators: {levels} lists the bot levels (as typed); {replaced} is the exit status 3;
    # keep "fallbacks" (a JSON key) and the lines' indents
    return _("""\
A bot is a built-in level ({levels}) or cmd:COMMAND, a program
speaking the bot protocol (docs/bot-protocol.md).

Exit status:
  0  the report is of the bots named
  2  a bad command line (nothing was played)
  {replaced}  an external bot failed (it crashed, hung, wrote what is not the
     protocol, answered illegally or spoke another protocol version) and a
     built-in bot took its seat for the rest of the run, so the results are
     not the program's alone; each fallback is named on standard error, in
     the report, and under "fallbacks" with --json""").format(
        levels=", ".join(_builtin_levels()), replaced=EXIT_REPLACED)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arena's options, on ``parser`` (its own or the ``arena`` subcommand's)."""
    parser.add_argument("--variant", required=True, type=variant_id, metavar="ID",
                        help=_("the game, e.g. bisca-3 or briscola (bisca-tui variants lists "
                               "them)"))
    parser.add_argument("--bots", required=True, metavar="A,B",
                        help=_("two bots, one per side: level names or cmd:COMMAND"))
    parser.add_argument("--deals", type=positive_int, default=100, metavar="N",
                        help=_("shuffled deals, each played once per side (default {n})")
                        .format(n=100))
    parser.add_argument("--seed", type=int, default=1,
                        help=_("seed of the deals (default {seed})").format(seed=1))
    parser.add_argument("--players", type=positive_int, default=None, metavar="N",
                        help=_("number of players, for games that allow several"))
    parser.add_argument("--option", action="append", default=[], type=house_rule,
                        metavar="NAME=VALUE", help=_("a house rule (repeatable)"))
    parser.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                        help=_("processes to use (default {n})").format(n=1))
    parser.add_argument("--time-limit", type=_seconds, default=DEFAULT_TIME_LIMIT,
                        metavar="SECONDS",
                        help=_("an external bot's time per decision (default {seconds})")
                        .format(seconds=f"{DEFAULT_TIME_LIMIT:g}"))
    parser.add_argument("--start-timeout", type=_seconds, default=DEFAULT_START_TIMEOUT,
                        metavar="SECONDS",
                        help=_("an external bot's time to answer the greeting (default "
                               "{seconds})").format(seconds=f"{DEFAULT_START_TIMEOUT:g}"))
    parser.add_argument("--fallback", choices=_builtin_levels(), default=DEFAULT_FALLBACK,
                        metavar="LEVEL",
                        help=_("the built-in level that takes the seat of an external bot "
                               "that fails (default {level})").format(level=DEFAULT_FALLBACK))
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        # translators: "wall" and "cpu" are typed as they are (--clock cpu)
                        help=_("what the built-in bots' thinking budgets are measured on: "
                               "the wall clock, as at the table (default), or each bot's own "
                               "CPU time, so that other work on the machine does not weaken "
                               "them"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))


def build_parser(prog: str = "bisca-tui arena") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=_(DESCRIPTION), epilog=epilog(),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    return parser


def parse_bots(text: str) -> list[str]:
    """``A,B`` as two bot specs. A ``cmd:`` command may hold commas: see ``_split_bots``."""
    if text.startswith("cmd:"):
        return _split_bots(text)
    first, _sep, rest = text.partition(",")
    if rest.strip().startswith("cmd:"):
        return [first.strip(), rest.strip()]
    return [x.strip() for x in text.split(",")]


def _bots_refused(parser: argparse.ArgumentParser, message: str) -> None:
    """Refuse ``--bots`` as argparse refuses an argument, in its words."""
    parser.error(_("argument %(argument_name)s: %(message)s") % {
        "argument_name": "--bots", "message": message})


def run_command(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Run the arena for parsed arguments; usage errors go through ``parser.error``."""
    specs = parse_bots(args.bots)
    if len(specs) != 2:
        _bots_refused(parser, ngettext(
            "takes two bots, A,B (one for each side of the duplicate deals, whatever the "
            "number of players), e.g. hard,medium; {bots} names {n}",
            "takes two bots, A,B (one for each side of the duplicate deals, whatever the "
            "number of players), e.g. hard,medium; {bots} names {n}",
            len(specs)).format(bots=repr(args.bots), n=len(specs)))
    levels = _builtin_levels()
    for spec in specs:
        if spec.startswith("cmd:"):
            if not spec[len("cmd:"):].strip():
                _bots_refused(parser, _(
                    "cmd: needs the command that runs the program, e.g. cmd:python3 my_bot.py"))
        elif spec not in levels:
            _bots_refused(parser, _(
                "unknown bot {bot} (levels: {levels}; or cmd:COMMAND)").format(
                bot=repr(spec), levels=", ".join(levels)))
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
