"""``bisca-tui serve``: the card table in a web browser.

A small web server (textual-serve) hands each browser that opens the page a table of its
own: it starts ``python -m bisca_tui`` with the table's options for every visitor and relays
the screen and the keys over a websocket. It listens on the loopback address unless told
otherwise, since whoever reaches the page plays with the files of the user who serves it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import shlex
import signal
import sys
from collections.abc import Sequence
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000

DESCRIPTION = """\
Serve the card table to web browsers: each visitor of the page gets a table of their own,
run on this machine with the options given here. Ctrl+C stops the server."""

EPILOG = f"""\
The server listens on {DEFAULT_HOST} (this machine only) unless --host says otherwise; anyone
who can reach the page plays with this user's saved matches, so only serve on another
address to people you trust.

Exit status: 0 when stopped with Ctrl+C, 1 when the address cannot be listened on, 2 when
the command line is refused."""


def port_number(text: str) -> int:
    """An argparse type: a TCP port a server can listen on, 1 to 65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 1 to 65535, not {value}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The server's own options (the table's options are added by the command line)."""
    parser.add_argument("--port", type=port_number, default=DEFAULT_PORT, metavar="N",
                        help=f"the port to listen on, 1-65535 (default {DEFAULT_PORT})")
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="HOST",
                        help=f"the address to listen on (default {DEFAULT_HOST}, this "
                             "machine only)")


def table_arguments(args: argparse.Namespace) -> list[str]:
    """The table's options as they were given, to hand on to every table served."""
    argv: list[str] = []
    for option, value in (("--variant", args.variant), ("--cards", args.cards),
                          ("--speed", args.speed), ("--data-dir", args.data_dir)):
        if value is not None:
            argv += [option, str(value)]
    return argv


def app_command(table_argv: Sequence[str] = ()) -> str:
    """The shell command that opens one table: this Python, this package, the options."""
    return shlex.join([sys.executable, "-m", "bisca_tui", *table_argv])


def url_for(host: str, port: int) -> str:
    """The address to open in a browser (an IPv6 address goes in brackets)."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def make_server(command: str, host: str, port: int) -> Any:
    """A textual-serve server for the command, saying its address in our own words and
    ending the tables open in browsers when it is stopped."""
    from textual_serve.server import Server

    class TableServer(Server):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.visits: set[asyncio.Task[Any]] = set()

        def initialize_logging(self) -> None:
            super().initialize_logging()
            # a line for every file a browser fetches says nothing to a player; errors stay
            logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

        def serve(self, debug: bool = False) -> None:
            """textual-serve's own, with the address said once it is listened on (not
            before, when a port already taken would still fail) and an event loop of its
            own, closed afterwards."""
            from aiohttp import web

            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            try:
                for sig in (signal.SIGINT, signal.SIGTERM):
                    with contextlib.suppress(NotImplementedError):  # not on Windows
                        loop.add_signal_handler(sig, self.request_exit)
                web.run_app(self._make_app(), host=self.host, port=self.port,
                            handle_signals=False, loop=loop,
                            print=lambda *_: self.say_where())
            finally:
                asyncio.set_event_loop(None)
                loop.close()

        def say_where(self) -> None:
            self.console.print(f"bisca-tui: the card table is served at {self.public_url}",
                               highlight=False, markup=False)
            self.console.print("Open it in a web browser; Ctrl+C stops the server.",
                               highlight=False, markup=False)

        async def on_startup(self, app: Any) -> None:
            pass  # textual-serve would say where before listening: say_where does, after

        async def handle_websocket(self, request: Any) -> Any:
            # one visit: a browser's websocket and the table it drives, for as long as
            # the page is open
            task = asyncio.current_task()
            if task is not None:
                self.visits.add(task)
            try:
                return await super().handle_websocket(request)
            finally:
                self.visits.discard(task)  # type: ignore[arg-type]

        async def on_shutdown(self, app: Any) -> None:
            # The web server waits for its open connections before it stops, and a page
            # left open never closes its own: end each visit, which closes the websocket
            # and asks its table to quit (a table saves as it goes, so nothing is lost).
            for task in list(self.visits):
                task.cancel()

    return TableServer(command, host=host, port=port, title="bisca-tui",
                       public_url=url_for(host, port))


def run_command(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C (or SIGTERM); 1 when the address cannot be listened on."""
    server = make_server(app_command(table_arguments(args)), args.host, args.port)
    try:
        server.serve()
    except OSError as e:  # the port is taken, the address is not this machine's...
        reason = e.strerror or str(e)
        print(f"bisca-tui serve: cannot listen on {url_for(args.host, args.port)}: {reason}",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # a Ctrl+C before the server had set up its own handler
        pass
    print("bisca-tui: the server has stopped.")
    return 0
