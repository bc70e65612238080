"""The one entry point: bisca-tui plays (the default); other commands are subcommands.

    bisca-tui [OPTIONS]             open the card table (also: bisca-tui play [OPTIONS])
    bisca-tui variants              list the games
    bisca-tui replay FILE [--json] [--open] [--tui]
                                    replay a game record trick by trick (--tui: on the
                                    card table, step by step)
    bisca-tui review FILE [--seat N] [--deal K] [--json] [--beliefs]
                                    each decision of a seat compared with the search
                                    (--beliefs: what each seat believed of hidden cards)
    bisca-tui arena ...             bots against bots (see bisca-tui arena --help)
    bisca-tui serve [--port N]      the card table in a web browser
    bisca-tui host --variant ID ... a table players on other machines join
    bisca-tui join HOST[:PORT] CODE [--name NAME]
                                    join a table another machine hosts
    bisca-tui join ROOM [--guest]   come into a card room's lobby (ROOM: HOST[:PORT])
    bisca-tui stats [--json]        a person's statistics from the game history
    bisca-tui history [--json]      the matches kept in the game history, with their ids
    bisca-tui export MATCH_ID [-o FILE]
                                    a match of the history as a game record file

The command line is one argparse parser with a subparser per command; ``main`` returns the
exit status instead of raising SystemExit (0 done, 2 a refused command line, and whatever a
command documents: the arena's 3, for instance), so tests and embedding programs can call it.
Every command writes through ``output``: names from a record or the history show as text,
never terminal codes, and output cut short (a pipe into ``head``) ends the command quietly.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import __version__, lang
from .argtypes import data_folder, variant_id
from .datadir import data_dir
from .engine import all_variants
from .lang import N_, _
from .lang.argwords import speak_argparse
from .output import OutputClosed, flush_quietly
from .table.settings import CARD_STYLES, DEFAULT_SPEED, FRENCH, LETTERS, SPEEDS, SYMBOLS
from .tui.prefs import SETTINGS_NAME

DESCRIPTION = N_("""\
A terminal card table for the Ace-Ten games: Bisca, Sueca, Briscola Chiamata and Brisca.

Without a command, bisca-tui opens the card table (the same as bisca-tui play) with the
options below.""")

EPILOG = N_("""\
Run bisca-tui COMMAND --help for the options of a command.

An interrupted match is saved in the data folder, and every finished deal and match is
kept in its game history (history.sqlite3): --data-dir, else $BISCA_TUI_DATA, else
the platform's data folder for bisca-tui (~/.local/share/bisca-tui on Linux).

Exit status: 0 when done, 2 when the command line is refused; bisca-tui arena --help tells
the arena's own.""")


def variants_text() -> str:
    from .engine.spoken import game_description, game_name

    # translators: the heading of bisca-tui variants, which lists the games with their ids
    lines = [_("Games:")]
    for cls in all_variants():
        lines.append(f"  {cls.id:<16} " + _("{name}: {description}").format(
            name=game_name(cls), description=game_description(cls)))
    return "\n".join(lines)


# what each card style draws, for the help (every style the command line takes is listed)
CARD_STYLE_HELP = {
    SYMBOLS: N_("each game's own pack: Italian or Spanish suits for the Italian and Spanish "
                "games, the Portuguese ♠♥♦♣ for the others"),
    FRENCH: N_("♠♥♦♣ and A 2-7 J Q K for every game"),
    LETTERS: N_("S H D C, for fonts that draw the symbols badly"),
}


def cards_help() -> str:
    styles = ", ".join(f"{s} ({_(CARD_STYLE_HELP[s]) if s in CARD_STYLE_HELP else s})"
                       for s in CARD_STYLES)
    # translators: {styles} lists the card styles (their names stay as typed on the
    # command line, each with what it draws); {default} is one of those names
    return _("how the cards are drawn, one of: {styles}; default {default}").format(
        styles=styles, default=SYMBOLS)


# ----- the parser ----------------------------------------------------------------------------


def _add_play_arguments(parser: argparse.ArgumentParser, defaults: bool = True) -> None:
    """The card table's options. The ``play`` subcommand takes them too, without defaults,
    so that ``bisca-tui --cards letters play`` keeps what came before the command."""

    def default(value: Any) -> Any:
        return value if defaults else argparse.SUPPRESS

    parser.add_argument("--variant", type=variant_id, metavar="ID", default=default(None),
                        help=_("the game chosen at first in the new game form and the rules "
                               "panel (bisca-tui variants lists the IDs)"))
    parser.add_argument("--cards", choices=CARD_STYLES, metavar="STYLE",
                        default=default(SYMBOLS),
                        help=cards_help())
    parser.add_argument("--speed", choices=list(SPEEDS), metavar="SPEED",
                        default=default(DEFAULT_SPEED),
                        help=_("how fast the bots play: {speeds} (default {default}); the "
                               "form and the v key at the table change it").format(
                            speeds=", ".join(SPEEDS), default=DEFAULT_SPEED))
    parser.add_argument("--data-dir", type=data_folder, metavar="DIR", default=default(None),
                        help=_("where an interrupted match is saved and found again"))
    parser.add_argument("--lang", choices=list(lang.LANGUAGES), metavar="CODE",
                        default=default(None),
                        # translators: {languages} lists the codes, each with its name
                        help=_("the language of the table and of every command's text: "
                               "{languages}; by default the one last chosen at the table, "
                               "else the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); JSON "
                               "output is the same in every language").format(
                            languages=", ".join(f"{c} ({n})"
                                                for c, n in lang.LANGUAGES.items())))
    parser.add_argument("--program", action="append", metavar="COMMAND",
                        default=default([]),
                        help=_("a bot program of yours (bot protocol) that the new game form "
                               "may seat without asking again; it is the form's command for "
                               "an \"External program\" seat (may be repeated)"))
    parser.add_argument("--no-programs", action="store_true", default=default(False),
                        help=_("no outside program plays at this table: the form does not "
                               "offer one, and a saved match that seats one is refused"))


def build_parser() -> argparse.ArgumentParser:
    from . import arena, replay, serve

    raw = argparse.RawDescriptionHelpFormatter
    # the usage says outright that the command may be left out (argparse would not)
    usage = ("%(prog)s [-h] [--version] [--variant ID] [--cards STYLE] [--speed SPEED]\n"
             "                 [--data-dir DIR] [--lang CODE] [--program COMMAND]\n"
             "                 [--no-programs] [COMMAND ...]")
    parser = argparse.ArgumentParser(prog="bisca-tui", usage=usage,
                                     description=_(DESCRIPTION), epilog=_(EPILOG),
                                     formatter_class=raw)
    parser.add_argument("--version", action="version", version=f"bisca-tui {__version__}",
                        help=_("show program's version number and exit"))
    _add_play_arguments(parser)
    parser.set_defaults(run=_play)
    # translators: the heading of the list of subcommands in --help
    sub = parser.add_subparsers(title=_("commands"), metavar="COMMAND", dest="command",
                                prog="bisca-tui")

    play = sub.add_parser("play", help=_("open the card table (the default)"),
                          description=_("Open the card table."), formatter_class=raw)
    _add_play_arguments(play, defaults=False)

    variants = sub.add_parser("variants", help=_("list the games"),
                              description=_("List the games, with their IDs."))
    variants.set_defaults(run=_variants)

    # replay's own parser lends its arguments; replay.main then reads the record
    rp = replay._parser()
    rep = sub.add_parser("replay", parents=[rp], add_help=False, help=_("replay a game record"),
                         description=rp.description)
    rep.set_defaults(run=_replay)

    from . import review_command

    review_command.add_parser(sub, raw)  # bisca-tui review: the coach's command

    ar = sub.add_parser("arena", help=_("bots against bots, in duplicate deals"),
                        description=_(arena.DESCRIPTION), epilog=arena.epilog(),
                        formatter_class=raw)
    arena.add_arguments(ar)
    ar.set_defaults(run=lambda args: arena.run_command(args, ar))

    sv = sub.add_parser("serve", help=_("serve the card table to web browsers"),
                        description=_(serve.DESCRIPTION), epilog=serve.epilog(),
                        formatter_class=raw)
    serve.add_arguments(sv)
    _add_play_arguments(sv, defaults=False)  # handed on to every table served
    sv.set_defaults(run=serve.run_command)

    from .net import hosting

    hosting.add_parser(sub, raw)  # bisca-tui host: the network table's own command
    from .room import command as room

    room.add_parser(sub, raw)  # bisca-tui room: the public card room
    from .join import command as join

    jn = sub.add_parser("join", help=_("join a table another machine hosts"),
                        description=_(join.DESCRIPTION) + "\n\n" + _(join.ROOM_DESCRIPTION),
                        formatter_class=raw)
    join.add_arguments(jn)
    jn.set_defaults(run=join.run_command)

    from .history import commands as hist
    from .replay import verify

    hist.add_parsers(sub)  # stats, history and export
    verify.add_parser(sub, raw)
    return parser


# ----- the commands --------------------------------------------------------------------------


def _play(args: argparse.Namespace) -> int:
    if args.no_programs and args.program:
        print("bisca-tui: " + _("{program} and {no_programs} cannot be used together").format(
            program="--program", no_programs="--no-programs"), file=sys.stderr)
        return 2
    from .tui import app as tui  # Textual loads only when the table opens

    app = tui.BiscaApp(data_directory=args.data_dir, variant=args.variant,
                       card_style=args.cards, speed=args.speed,
                       no_programs=args.no_programs, programs=args.program)
    result = app.run()
    # an exception that ended the app has been printed; its status is Textual's code (1)
    return app.return_code or int(result or 0)


def _variants(args: argparse.Namespace) -> int:
    from .output import write_text

    write_text(variants_text() + "\n")
    return 0


def _replay(args: argparse.Namespace) -> int:
    from . import replay

    flags = [f"--{name}" for name in ("json", "open", "tui") if getattr(args, name)]
    return int(replay.main([args.file, *flags]) or 0)


def remembered_language(directory: str | Path | None) -> str | None:
    """The language last chosen at the table, kept in the data folder's settings; None when
    there is none (or the settings cannot be read: the table says why when it opens)."""
    path = Path(directory or data_dir()) / SETTINGS_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    code = data.get("language") if isinstance(data, dict) else None
    return code if code in lang.LANGUAGES else None


def chosen_language(args: argparse.Namespace) -> str:
    """``--lang``, else the language last chosen at the table, else the system's."""
    given = getattr(args, "lang", None)
    if given:
        return given
    return remembered_language(getattr(args, "data_dir", None)) or lang.from_environment()


def language_before_parsing(argv: Sequence[str]) -> str:
    """The language ``chosen_language`` finds, read from the words of the command line before
    they are parsed, so that the help and argparse's refusals are written in it: the last
    ``--lang CODE`` (or ``--lang=CODE``, or an abbreviation argparse takes), else the one
    remembered in the folder of ``--data-dir DIR``, else the system's."""
    found: dict[str, str] = {}
    for k, word in enumerate(argv):
        if word == "--":  # what follows is no option
            break
        name, eq, value = word.partition("=")
        for option, shortest in (("--lang", "--la"), ("--data-dir", "--da")):
            if name.startswith(shortest) and option.startswith(name):
                found[option] = value if eq else (argv[k + 1] if k + 1 < len(argv) else "")
    code = found.get("--lang")
    return chosen_language(argparse.Namespace(
        lang=code if code in lang.LANGUAGES else None, data_dir=found.get("--data-dir") or None))


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        lang.use(language_before_parsing(args_list))  # the help is written in it
        speak_argparse()  # argparse's own words too
        args = build_parser().parse_args(args_list)
        run: Callable[[argparse.Namespace], int] = args.run
        lang.use(chosen_language(args))
        if getattr(args, "json", False):  # JSON is the same in every language
            with lang.speaking(lang.DEFAULT):
                return int(run(args) or 0)
        return int(run(args) or 0)
    except OutputClosed:  # the reader went away (| head): nothing more to say
        return 0
    except KeyboardInterrupt:  # a Ctrl+C before a command took it (a host still starting)
        flush_quietly()
        return 130
    except SystemExit as e:  # --help, --version, or a refusal argparse has printed
        flush_quietly()  # the help piped into head
        if e.code is None:
            return 0
        return e.code if isinstance(e.code, int) else 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
