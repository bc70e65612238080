"""``bisca-tui room``: a public card room that anyone who reaches it comes into, with
``bisca-tui join HOST:PORT`` (no code), by SSH with ``--ssh PORT``, and by browser with
``bisca-tui serve --join HOST:PORT``. It prints how to come in, then a line for each thing
that happens in the room; lines typed where it runs are the operator's commands
(``console``). Players, their names and ratings are kept in ``room.sqlite`` in the data
folder, or with ``--database`` in PostgreSQL, where several room processes share them."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .. import lang
from ..argtypes import data_folder, hold_seconds, is_loopback, listen_port
from ..lang import N_, _
from ..output import OutputClosed

DEFAULT_PORT = 7342
STORE_NAME = "room.sqlite"

DESCRIPTION = N_("""\
Serve a public card room: anyone who reaches it comes into its lobby with bisca-tui join
HOST:PORT, sees the open tables, the people in the room and the leaderboards, opens a table
or sits at one, asks for a quick match, and talks. Players are known by a key their client
makes on first use, with no password; a name, once taken, is that key's alone. Lines typed
here are the operator's commands (help lists them). Ctrl+C stops the room.""")


def bus_url(text: str) -> str:
    """An argparse type: the address of a Redis server (not echoed: it holds a password)."""
    if urlsplit(text).scheme not in ("redis", "rediss", "unix"):
        raise argparse.ArgumentTypeError(
            _("the bus is a Redis server's address: redis://, rediss:// or unix://"))
    return text


def add_parser(sub: Any, formatter: type[argparse.HelpFormatter]) -> argparse.ArgumentParser:
    parser = sub.add_parser("room", help=_("serve a public card room"),
                            description=_(DESCRIPTION), formatter_class=formatter)
    parser.add_argument("--host", default="127.0.0.1", metavar="HOST",
                        help=_("the address to listen on (default 127.0.0.1, this machine "
                               "only; 0.0.0.0: every address)"))
    parser.add_argument("--port", type=listen_port, default=DEFAULT_PORT, metavar="N",
                        help=_("the port to listen on (default {port}; 0: any free "
                               "port)").format(port=DEFAULT_PORT))
    parser.add_argument("--ssh", type=listen_port, default=None, metavar="PORT",
                        help=_("also let players in over SSH on this port, with nothing to "
                               "install (ssh -p PORT NAME@HOST): their SSH key is who they "
                               "are in the room"))
    parser.add_argument("--hold", type=hold_seconds, default=60.0, metavar="SECONDS",
                        help=_("how long a dropped player's place waits for them before a "
                               "bot plays it (default 60)"))
    parser.add_argument("--no-guests", action="store_true",
                        help=_("let in only players with a key (no guests)"))
    parser.add_argument("--data-dir", type=data_folder, metavar="DIR",
                        default=argparse.SUPPRESS,
                        help=_("where the room keeps its players and ratings"))
    parser.add_argument("--database", metavar="URL", default=None,
                        help=_("keep the players, ratings and tables in this PostgreSQL "
                               "database (postgresql://USER@HOST/NAME; the password from the "
                               "address or PGPASSWORD), which several room processes may "
                               "share; without it, in the data folder"))
    parser.add_argument("--lang", choices=list(lang.LANGUAGES), metavar="CODE",
                        default=argparse.SUPPRESS,
                        help=_("the language of what is printed"))
    parser.add_argument("--proxy-protocol", action="store_true",
                        help=_("the room runs behind a balancer that says who each "
                               "connection is from in a PROXY protocol line (HAProxy's "
                               "send-proxy): believe it; the port must then be reachable "
                               "by the balancer and the room's other processes only"))
    parser.add_argument("--bus", type=bus_url, default=None, metavar="URL",
                        help=_("share one room among several processes, on this machine or "
                               "others, through the Redis server at URL (redis://:PASSWORD@"
                               "HOST:PORT/0); default: this process alone"))
    parser.add_argument("--address", default=None, metavar="HOST:PORT",
                        help=_("with --bus, where the room's other processes reach this one "
                               "(default the address it listens on)"))
    parser.add_argument("--json", action="store_true",
                        help=_("print one JSON object per line: ready, then each event"))
    parser.set_defaults(run=run_command)
    return parser


def run_command(args: argparse.Namespace) -> int:
    from ..datadir import data_dir
    from ..net.door import table_address
    from ..net.hosting import close_doors
    from .collector import Collector
    from .console import Console, help_text
    from .room import Room
    from .roomlog import RoomLog
    from .serving import serve_room
    from .store import RoomStore, SqliteRoom

    if args.bus and not args.database:
        # the processes of one room take each other's tables from one database
        sys.stderr.write(_("--bus needs --database: the processes of a room keep their "
                           "players and tables in one database") + "\n")
        return 2
    folder = Path(getattr(args, "data_dir", None) or data_dir())
    folder.mkdir(parents=True, exist_ok=True)
    log = RoomLog(args.json)
    store: RoomStore | None
    if args.database:
        store = open_database(args.database, lambda text: room.tell("problem", message=text))
        if store is None:
            return 1
    else:
        store = SqliteRoom(folder / STORE_NAME)
    room = Room(store, events=log, guests=not args.no_guests, hold=args.hold,
                proxied=args.proxy_protocol, bus=make_bus(args))
    console = Console(room)

    def ready(port: int) -> None:
        where = f"{args.host}:{port}"
        lines = [_("The card room is open on {address}.").format(address=where),
                 _("Come in with: bisca-tui join {address}").format(address=where)]
        if is_loopback(args.host):
            lines.append(_("It listens on this machine only (--host 0.0.0.0 opens it to "
                           "others)."))
        fields = {"host": args.host, "port": port, "loopback": is_loopback(args.host)}
        if args.database:
            fields["database"] = masked(args.database)
            lines.append(_("Its players, ratings and tables are kept in the database "
                           "{address}.").format(address=fields["database"]))
        lines.append(help_text())
        log.ready(fields, lines)
        listen_to_operator(console, log)
        if args.ssh is not None:
            doors.append(asyncio.get_running_loop().create_task(open_ssh(
                room, table_address(args.host, port), folder, args.host, args.ssh, log)))

    doors: list[asyncio.Task[Any]] = []

    async def serving() -> None:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, task.cancel)  # type: ignore[union-attr]
        try:
            await serve_room(room, args.host, args.port, ready, Collector())
        finally:
            await close_doors(doors)

    try:
        asyncio.run(serving())
    except OSError as e:
        sys.stderr.write(_("cannot listen on {address}: {reason}").format(
            address=f"{args.host}:{args.port}", reason=e.strerror or e) + "\n")
        return 1
    except (KeyboardInterrupt, asyncio.CancelledError):
        with contextlib.suppress(OutputClosed):
            log.line("stopped", {}, _("The room has closed."))
    finally:
        store.close()
    return 0


def make_bus(args: argparse.Namespace) -> Any:
    """The room's bus: Redis's with ``--bus``, else none but this process."""
    from .bus import LocalBus

    if not getattr(args, "bus", None):
        return LocalBus()
    from .redis_bus import RedisBus

    return RedisBus(args.bus, address=getattr(args, "address", None) or "")


def masked(url: str) -> str:
    from .pg_link import masked as hidden

    return hidden(url)


def open_database(url: str, problem: Any) -> Any:
    """The room's store in the PostgreSQL database at ``url`` (brought up to date), or None
    when it cannot be reached (said on stderr, the password never)."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    from .pg_link import reason
    from .pg_store import PostgresRoom

    try:
        return PostgresRoom(url, problem=problem)
    except psycopg.Error as e:
        why = reason(e)
        with contextlib.suppress(psycopg.Error):
            password = conninfo_to_dict(url).get("password")
            if password:
                why = why.replace(str(password), "***")
        sys.stderr.write(_("cannot use the database {address}: {reason}").format(
            address=masked(url), reason=why) + "\n")
        return None


def listen_to_operator(console: Any, log: Any) -> None:
    """Each line typed where the room runs is a console command, answered in the log."""
    from ..net.hosting import on_input

    pending = bytearray()

    def typed(data: bytes) -> None:
        pending.extend(data)
        while b"\n" in pending:
            raw, _sep, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            line = raw.decode("utf-8", "replace")
            answer = console.run(line)
            if answer:
                log.line("console", {"command": line, "answer": answer}, answer)

    on_input(typed)


async def open_ssh(room: Any, address: str, folder: Path, host: str, port: int,
                   log: Any) -> Any:
    """Open the room's SSH door; say how to come in (or why not)."""
    from ..net.door import announce_door
    from .ssh import open_room_door

    return await announce_door(
        open_room_door(room, address, folder, host, port), host, port, log,
        _("Over SSH, with nothing to install (an SSH key is needed, no password):"))
