"""``bisca-tui host``: a table other machines join (``bisca-tui join HOST:PORT CODE``).

The command hosts one match of any game, with its house rules, bots of a level in the places
no player takes, and the places open to players; it prints the invite code and how to join,
then a line for each thing that happens at the table, until the match is over or Ctrl+C.

The match is saved after every action in the data folder (``hosted-CODE.json``, see
``hostfiles``): a host that stopped, however it stopped, continues with ``--resume`` (the
newest hosted match saved, or the one of ``--code``), the players coming back with their
names. A new match never replaces a saved one. Each deal is written to the game history, as
the card table's matches are, unless ``--no-history``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import lang
from ..argtypes import (
    builtin_levels,
    data_folder,
    hold_seconds,
    house_rule,
    is_loopback,
    listen_port,
    positive_int,
    seat_number,
    variant_id,
)
from ..lang import N_, _, ngettext
from ..output import OutputClosed, say

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7341
DEFAULT_HOLD = 60.0

DESCRIPTION = N_("""\
Host a table that players on other machines join with bisca-tui join HOST:PORT CODE. The
host holds the cards and is the only authority: each player is sent only what their seat may
see. It prints the invite code and the join line, then a line for each thing that happens at
the table. Ctrl+C stops it; the match is saved, and --resume continues it.""")

# translators: {host} is 127.0.0.1, {port} the default port
EPILOG = N_("""\
The host listens on {host} (this machine only) unless --host says otherwise: --host
0.0.0.0 listens on every address of this machine, and the host then lists each one; anyone
who can reach the port and knows the code can play. Places are counted from 0.

The match is saved after every action in the data folder (hosted-CODE.json). A host stopped
by Ctrl+C, a crash or a power cut continues with bisca-tui host --resume (the match saved
last; --code CODE chooses another): the same code, the same places, the same deal, and the
players come back by joining again. A new match never replaces a saved one.

Exit status: 0 when the match is over or the host is stopped, 1 when the address cannot be
listened on or the saved match cannot be continued, 2 when the command line is refused.""")

# the options that set up a new table: a resumed one has them from its save
NEW_TABLE = ("variant", "option", "players", "level", "open", "start_with", "deals", "seed")


def epilog() -> str:
    return _(EPILOG).format(host=DEFAULT_HOST, port=DEFAULT_PORT)


def places(text: str) -> tuple[int, ...]:
    """An argparse type: places counted from 1, as the players see them, separated by commas
    (``1,3``); the places from 0, as the protocol counts them."""
    return tuple(sorted({positive_int(p.strip()) - 1 for p in text.split(",") if p.strip()}))


def invite_code(text: str) -> str:
    """An argparse type: an invite code, 4 to 32 letters and digits (case does not matter)."""
    code = text.strip().upper()
    if not (4 <= len(code) <= 32 and code.isascii() and code.isalnum()):
        raise argparse.ArgumentTypeError(
            _("an invite code is 4 to 32 letters and digits, not {text}").format(
                text=repr(text)))
    return code


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The host command's options."""
    from ..table.seats import default_level
    from .settings import MIN_CODE

    table = parser.add_argument_group(_("the table (a new match)"))
    table.add_argument("--variant", type=variant_id, metavar="ID", default=None,
                       help=_("the game (bisca-tui variants lists the IDs); needed unless "
                              "--resume"))
    table.add_argument("--option", action="append", default=None, type=house_rule,
                       metavar="NAME=VALUE", help=_("a house rule (repeatable)"))
    table.add_argument("--players", type=positive_int, default=None, metavar="N",
                       help=_("number of players, for games that allow several"))
    table.add_argument("--level", choices=builtin_levels(), default=None, metavar="LEVEL",
                       help=_("the bots' level, for the places no player takes and for "
                              "players who dropped: {levels} (default {level})").format(
                           levels=", ".join(builtin_levels()), level=default_level()))
    table.add_argument("--open", type=places, default=None, metavar="PLACES",
                       help=_("the places players may take, counted from 1, separated by "
                              "commas (default: every place)"))
    table.add_argument("--start-with", type=seat_number, default=None, metavar="N",
                       help=_("how many players must sit before the first deal (default: "
                              "one for each open place; 0: the bots begin at once, and "
                              "players take their places as they come)"))
    table.add_argument("--deals", type=positive_int, default=None, metavar="N",
                       help=_("stop after N deals (default: the whole match)"))
    table.add_argument("--no-hints", action="store_true",
                       help=_("no coach's hints (h) for anyone at the table (default: every "
                              "player may ask for one on their own turn)"))
    table.add_argument("--seed", type=int, default=None, metavar="S",
                       help=_("the seed of the deals (default: a random one)"))
    net = parser.add_argument_group(_("the host"))
    net.add_argument("--hold", type=hold_seconds, default=None, metavar="SECONDS",
                     help=_("how long a dropped player's place waits for them before a bot "
                            "plays it (default {seconds})").format(seconds=f"{DEFAULT_HOLD:g}"))
    net.add_argument("--host", default=DEFAULT_HOST, metavar="HOST",
                     help=_("the address to listen on (default {host}, this machine only; "
                            "0.0.0.0: every address)").format(host=DEFAULT_HOST))
    net.add_argument("--port", type=listen_port, default=DEFAULT_PORT, metavar="N",
                     help=_("the port to listen on (default {port}; 0: any free port)").format(
                         port=DEFAULT_PORT))
    net.add_argument("--ssh", type=listen_port, default=None, metavar="PORT",
                     help=_("also let players in over SSH on this port, with nothing to "
                            "install (ssh -p PORT NAME@HOST; the invite code is the "
                            "password)"))
    net.add_argument("--ssh-keep-keys", action="store_true",
                     help=_("remember the SSH keys of players who gave the code for every "
                            "later match hosted from this data folder too, which they then "
                            "enter without the code (default: this match only)"))
    net.add_argument("--code", type=invite_code, default=None, metavar="CODE",
                     help=_("the invite code, at least {n} letters and digits (default: a "
                            "new random one); with --resume, the code of the match to "
                            "continue").format(n=MIN_CODE))
    net.add_argument("--resume", action="store_true",
                     help=_("continue the hosted match saved last (or the one of --code)"))
    net.add_argument("--no-history", action="store_true",
                     help=_("keep this match out of the game history"))
    net.add_argument("--data-dir", type=data_folder, metavar="DIR", default=argparse.SUPPRESS,
                     help=_("where the match is saved and the game history kept"))
    net.add_argument("--lang", choices=list(lang.LANGUAGES), metavar="CODE",
                     default=argparse.SUPPRESS,
                     help=_("the language of what is printed (JSON is the same in every "
                            "language)"))
    net.add_argument("--json", action="store_true",
                     help=_("print one JSON object per line: ready, then each event"))


def add_parser(sub: Any, formatter: type[argparse.HelpFormatter]) -> argparse.ArgumentParser:
    """The ``host`` subcommand, on the command line's subparsers."""
    parser = sub.add_parser("host", help=_("host a table that players on other machines join"),
                            description=_(DESCRIPTION), epilog=epilog(),
                            formatter_class=formatter)
    add_arguments(parser)
    parser.set_defaults(run=run_command)
    return parser


def fail(message: str, status: int = 1) -> int:
    say("bisca-tui host: " + message)
    return status


def run_command(args: argparse.Namespace) -> int:
    """Host until the match is over or Ctrl+C; see the exit statuses in ``EPILOG``."""
    from ..datadir import data_dir
    from ..table.save import take_claim

    folder = Path(getattr(args, "data_dir", None) or data_dir())
    if args.resume:
        given = [f"--{name.replace('_', '-')}" for name in NEW_TABLE
                 if getattr(args, name) is not None]
        if given:
            return fail(_("{options}: a resumed match keeps the settings it was saved "
                          "with").format(options=", ".join(given)), 2)
        found = _resumable(folder, args.code)
        if isinstance(found, int):
            return found
        resume, path = found
        settings = None  # the save's, once it is claimed
    else:
        made = _new_table(args, folder)
        if isinstance(made, int):
            return made
        settings, path = made
        resume = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return fail(_("the folder cannot be made ({error})").format(error=e))
    claim = take_claim(path)
    if not claim.held:
        return fail(_("the match saved in {file} is hosted by another bisca-tui (process "
                      "{pid})").format(file=path, pid=claim.other_pid) if claim.other_pid
                    else _("{file} cannot be claimed: {error}").format(
                        file=path, error=claim.problem))
    try:
        return _host(args, settings, resume, path)
    finally:
        claim.release()


def _new_table(args: argparse.Namespace, folder: Path) -> Any:
    """The settings and save of a new table, or the exit status of a refusal."""
    from ..engine.errors import OptionError
    from ..engine.variant import make_variant
    from ..table.save import claimed_by
    from ..table.seats import default_level
    from .hostfiles import hosted_path, hosted_saves
    from .settings import MIN_CODE, NetSettings, new_code

    if args.variant is None:
        return fail(_("the game is needed: --variant ID (bisca-tui variants lists them), or "
                      "--resume to continue a saved match"), 2)
    options = dict(args.option or [])
    try:
        v = make_variant(args.variant, options or None, args.players)
    except (OptionError, ValueError) as e:
        return fail(str(e), 2)
    n = v.n_people
    opened = tuple(range(n)) if args.open is None else args.open
    if any(p >= n for p in opened):
        return fail(_("{option}: the places at this table are 1 to {last}").format(
            option="--open", last=n), 2)
    if args.start_with is not None and args.start_with > len(opened):
        return fail("--start-with: " + ngettext(
            "only {n} place is open to players", "only {n} places are open to players",
            len(opened)).format(n=len(opened)), 2)
    code = args.code or new_code()
    path = hosted_path(folder, code)
    if path.exists():
        return fail(_("a match hosted with the code {code} is saved in {file}: --resume "
                      "--code {code} continues it").format(code=code, file=path))
    if len(code) < MIN_CODE:
        return fail(_("--code: a new table's invite code has at least {n} letters and digits "
                      "(chosen at random, they are too many to guess); {code} is too short; "
                      "without --code the host makes one").format(n=MIN_CODE, code=code), 2)
    for saved in [p for p in hosted_saves(folder) if claimed_by(p) is None][:3]:
        say(_("Note: a hosted match is saved in {file}; bisca-tui host --resume --code {code} "
              "continues it.").format(file=saved, code=saved.stem.removeprefix("hosted-")))
    settings = NetSettings(args.variant, options, players=args.players, open=opened,
                           start_with=args.start_with, level=args.level or default_level(),
                           seed=args.seed, hold=DEFAULT_HOLD if args.hold is None else args.hold,
                           deals=args.deals, save_dir=folder, hints=not args.no_hints,
                           history_dir=None if args.no_history else folder)
    return settings, path


def _resumable(folder: Path, code: str | None) -> Any:
    """The match to continue and its save, or the exit status of a refusal."""
    from ..engine.records import RecordError
    from ..table.save import claimed_by
    from .hostfiles import hosted_path, hosted_saves, read_hosted

    if code is not None:
        path = hosted_path(folder, code)
        if not path.exists():
            return fail(_("no match hosted with the code {code} is saved in {folder}").format(
                code=code, folder=folder))
    else:
        saves = [p for p in hosted_saves(folder) if claimed_by(p) is None]
        if not saves:
            return fail(_("no hosted match is saved in {folder}").format(folder=folder))
        path = saves[0]
    try:
        resume = read_hosted(path)
    except (OSError, RecordError, ValueError) as e:
        return fail(_("{file} cannot be continued: {error}").format(file=path, error=e))
    return resume, path


def _host(args: argparse.Namespace, settings: Any, resume: Any, path: Path) -> int:
    from ..engine.spoken import game_name
    from .addresses import reachable_addresses
    from .host import Host, serve
    from .hostlog import HostLog, intro_lines, join_line

    if resume is not None:
        folder = resume.path.parent
        given: dict[str, Any] = {"save_dir": folder,
                                 "history_dir": None if args.no_history else folder}
        if args.hold is not None:
            given["hold"] = args.hold
        settings = resume.settings(**given)
    log = HostLog(args.json)
    code = path.stem.removeprefix("hosted-")

    def ready(host: Host) -> None:
        addresses = reachable_addresses(args.host)
        places = ", ".join(str(p + 1) for p in host.places.open) or "-"  # as the players count
        lines = intro_lines(game_name(host.variant), args.host, host.port, host.code,
                            addresses, places, settings.level, settings.hold,
                            host.start_with, resume is not None)
        log.ready({"code": host.code, "host": args.host, "port": host.port,
                   "addresses": addresses, "loopback": is_loopback(args.host),
                   "join": [join_line(a, host.port, host.code) for a in addresses],
                   "variant": host.variant.id, "open": list(host.places.open),
                   "resumed": resume is not None}, lines)

    doors: list[Any] = []

    def ready_with_door(host: Host) -> None:
        ready(host)
        listen_for_start(host)
        if args.ssh is not None:
            doors.append(asyncio.get_running_loop().create_task(
                open_ssh(host, args.host, args.ssh, path.parent, log, args.ssh_keep_keys)))

    async def hosting() -> None:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        # Ctrl+C stops the host as SIGTERM does, however it was started: asyncio.run's own
        # stop is not there when SIGINT was ignored on entry (a script's background job)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
                loop.add_signal_handler(sig, task.cancel)  # type: ignore[union-attr]
        try:
            await serve(settings, args.host, args.port, code, ready=ready_with_door,
                        events=log, resume=resume)
        finally:
            await close_doors(doors)

    try:
        asyncio.run(hosting())
    except OSError as e:  # the port is taken, the address is not this machine's...
        return fail(_("cannot listen on {address}: {reason}").format(
            address=f"{args.host}:{args.port}", reason=e.strerror or e))
    except (KeyboardInterrupt, asyncio.CancelledError):
        saved = path.exists()
        text = (_("The host has stopped; bisca-tui host --resume --code {code} continues the "
                  "match.").format(code=code) if saved else _("The host has stopped."))
        with contextlib.suppress(OutputClosed):
            log.line("stopped", {"code": code, "save": str(path) if saved else None}, text)
    return 0


async def close_doors(doors: list[asyncio.Task[Any]]) -> None:
    """The SSH door closes with the table: one still opening is cancelled, and waited for."""
    for opening in doors:
        opening.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        for door in await asyncio.gather(*doors, return_exceptions=True):
            if door is not None and not isinstance(door, BaseException):  # it had opened
                door.close()
                await door.wait_closed()


async def open_ssh(host: Any, address: str, port: int, folder: Path, log: Any,
                   every_match: bool = False) -> Any:
    """Open the SSH door of a table once it listens; say how to come in (or why not).
    Wrong passwords count in the table's own guard, and are told in its log."""
    from .door import announce_door, open_door, table_address

    return await announce_door(open_door(
        table_address(address, host.port), host.code, folder, address, port,
        guard=getattr(host, "guard", None), tell=getattr(host, "tell", None),
        every_match=every_match), address, port, log,
        _("Over SSH, with nothing to install (the invite code is the password):"))


def listen_for_start(host: Any) -> None:
    """A line typed at the host (Enter) begins the match before enough players have sat:
    bots take the places nobody holds. The end of the input (none given) changes nothing."""
    def typed(_data: bytes) -> None:
        if host.session is None and not host.done.is_set():
            host.start()

    on_input(typed)


def on_input(typed: Callable[[bytes], None]) -> None:
    """``typed`` is given what is typed on this program's input, as it comes, on the event
    loop; at the input's end, or with no input to read (a test's, say), nothing more."""
    loop = asyncio.get_running_loop()
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return

    def readable() -> None:
        try:
            data = os.read(fd, 4096)
        except OSError:
            data = b""
        if not data:
            loop.remove_reader(fd)
        else:
            typed(data)

    with contextlib.suppress(NotImplementedError, OSError, ValueError, PermissionError):
        loop.add_reader(fd, readable)
