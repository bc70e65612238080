"""``bisca-tui serve``: the card table in a web browser.

A small web server (textual-serve) hands each browser that opens the page a table of its
own: it starts ``python -m bisca_tui`` with the table's options for every visitor and relays
the screen and the keys over a websocket. It listens on the loopback address unless told
otherwise, since whoever reaches the page plays with the files of the user who serves it.

Other web pages open in the same browser can reach a loopback port too, so the page and its
websocket are guarded: each start of the server makes a secret token, which the address it
prints carries (``/?token=...``) and without which the page and the websocket answer 403; the
websocket also refuses any page of another origin. No table served may start an outside
program (``--no-programs``): a bot level typed in the browser never runs a command here.

Every visit runs a process of its own, so their number is capped (``--max-tables``): a
visitor past it is told so in the page, and no process is started for them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hmac
import logging
import secrets
import shlex
import signal
import sys
from collections.abc import Sequence
from typing import Any

from .argtypes import is_loopback, positive_int
from .lang import N_, _, ngettext

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_TABLES = 8  # tables open at once, each a process of its own

DESCRIPTION = N_("""\
Serve the card table to web browsers: each visitor of the page gets a table of their own,
run on this machine with the options given here. Ctrl+C stops the server.""")

# translators: {host} is the loopback address, 127.0.0.1
EPILOG = N_("""\
The server listens on {host} (this machine only) unless --host says otherwise. Each
start makes a secret token, part of the address it prints: the page needs it. Anyone who can
reach the port and has that address plays with this user's saved matches, so only serve on
another address to people you trust. No outside program (cmd: bot) can sit at a served table.

Exit status: 0 when stopped with Ctrl+C, 1 when the address cannot be listened on, 2 when
the command line is refused.""")


def epilog() -> str:
    """The end of ``--help``, in the language in use."""
    return _(EPILOG).format(host=DEFAULT_HOST)


# what a browser is answered, with the status 403, when it may not open the page (or socket)
TOKEN_REFUSED = N_("this page needs the address that bisca-tui serve printed, with its token.")
ORIGIN_REFUSED = N_("only the card table's own page may open its websocket.")


def new_token() -> str:
    """A fresh secret for one run of the server (43 characters, safe in a URL)."""
    return secrets.token_urlsafe(32)


def token_matches(given: str | None, token: str) -> bool:
    """Whether a request brought the server's token (compared in constant time)."""
    if not given:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))


def same_origin(origin: str | None, scheme: str, host: str) -> bool:
    """Whether a websocket's ``Origin`` is the server's own page: the scheme, host and port
    the browser addressed (its ``Host``). A missing Origin is refused as well: browsers always
    send one, and the page is the table's only client."""
    return origin is not None and bool(host) and origin.lower() == f"{scheme}://{host}".lower()


def listening_warning(host: str, port: int) -> str | None:
    """What to tell the user who serves on an address other people may reach, else None."""
    if is_loopback(host):
        return None
    if not host:
        return _("Warning: every address is not this machine only: anyone who can reach port "
                 "{port} and has the address above can play, with this user's saved "
                 "matches.").format(port=port)
    return _("Warning: {host} is not this machine only: anyone who can reach port {port} and "
             "has the address above can play, with this user's saved matches.").format(
        host=host, port=port)


def port_number(text: str) -> int:
    """An argparse type: a TCP port a server can listen on, 1 to 65535."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text}").format(text=repr(text))) from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("a port is from 1 to 65535, not {value}").format(value=value))
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The server's own options (the table's options are added by the command line)."""
    parser.add_argument("--port", type=port_number, default=DEFAULT_PORT, metavar="N",
                        help=_("the port to listen on, 1-65535 (default {port})").format(
                            port=DEFAULT_PORT))
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="HOST",
                        help=_("the address to listen on (default {host}, this machine "
                               "only)").format(host=DEFAULT_HOST))
    parser.add_argument("--max-tables", type=positive_int, default=DEFAULT_TABLES,
                        metavar="N",
                        help=_("how many tables may be open at once, each a process of its "
                               "own; a visitor past them is asked to come back later "
                               "(default {n})").format(n=DEFAULT_TABLES))
    # translators: ADDRESS and CODE are the words of the command line's help, as typed
    parser.add_argument("--join", nargs="+", metavar="ADDRESS [CODE]", default=None,
                        action=JoinTarget,
                        help=_("seat each visitor at a shared table (bisca-tui host printed "
                               "its address and invite code) instead of a table of their "
                               "own, or with no code bring them into a card room (bisca-tui "
                               "room) as guests; each visitor types their name in the page"))


def table_arguments(args: argparse.Namespace) -> list[str]:
    """The table's options as they were given, to hand on to every table served."""
    argv: list[str] = []
    for option, value in (("--variant", args.variant), ("--cards", args.cards),
                          ("--speed", args.speed), ("--data-dir", args.data_dir)):
        if value is not None:
            argv += [option, str(value)]
    return argv


def app_command(table_argv: Sequence[str] = ()) -> str:
    """The shell command that opens one table: this Python, this package, the options, and
    ``--no-programs``: a browser never chooses a program to run on this machine."""
    return shlex.join([sys.executable, "-m", "bisca_tui", "--no-programs", *table_argv])


class JoinTarget(argparse.Action):
    """``--join ADDRESS [CODE]``: a hosted table (with its code) or a card room (without)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        if len(values) > 2:
            parser.error(_("--join takes an address, and an invite code for a table"))
        setattr(namespace, self.dest, list(values))


def join_command(address: str, code: str | None = None, data_dir: str | None = None) -> str:
    """The shell command that seats one visitor at a shared table: the join client, which
    asks the visitor's name in the page. The address and code are the person serving's,
    typed on this machine's command line. Every visitor's client shares this machine's data
    folder, so none keeps a place's key there (``--key-file ""``): another visitor's client
    would find it."""
    extra = ["--data-dir", data_dir] if data_dir else []
    # a card room: every visitor a guest (they share this machine's key, so none has one)
    target = [address, code] if code else [address, "--guest"]
    return shlex.join([sys.executable, "-m", "bisca_tui", "join", *target, "--ask-name",
                       "--key-file", "", *extra])


def url_for(host: str, port: int) -> str:
    """The address to open in a browser (an IPv6 address goes in brackets)."""
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def make_server(command: str, host: str, port: int, token: str,
                max_tables: int = DEFAULT_TABLES) -> Any:
    """A textual-serve server for the command, saying its address in our own words, opening
    a table only for its own page with the token, and ending the tables open in browsers
    when it is stopped."""
    from aiohttp import web
    from textual_serve.server import Server, to_int

    def refused(text: str) -> web.Response:
        return web.Response(status=403, text=f"403 Forbidden: {_(text)}\n")

    class TableServer(Server):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.token = token
            self.max_tables = max_tables
            self.visits: set[asyncio.Task[Any]] = set()

        @property
        def page_url(self) -> str:
            return f"{self.public_url}/?token={self.token}"

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
            lines = ["bisca-tui: " + _("the card table is served at {address}").format(
                         address=self.page_url),
                     listening_warning(self.host, self.port),
                     _("Open it in a web browser; Ctrl+C stops the server.")]
            for line in filter(None, lines):  # unwrapped: the address stays whole
                self.console.print(line, highlight=False, markup=False, soft_wrap=True)

        async def _make_app(self) -> web.Application:
            # textual-serve's routes, and the websocket at /ws/TOKEN: the page's script
            # adds "?width=...&height=..." to the websocket address it is given, so the
            # token rides in the path (its own /ws, without one, is refused)
            app = await super()._make_app()
            app.router.add_get("/ws/{token}", self.handle_websocket)
            return app

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            """textual-serve's page, only for a request with the token, its websocket at
            the address the browser used (so that the websocket's Origin is its page's)."""
            import aiohttp_jinja2

            if not token_matches(request.query.get("token"), self.token):
                return refused(TOKEN_REFUSED)
            ws_scheme = "wss" if request.scheme == "https" else "ws"
            context = {
                "font_size": to_int(request.query.get("fontsize", "16"), 16),
                "app_websocket_url": f"{ws_scheme}://{request.host}/ws/{self.token}",
                "config": {"static": {"url": "/static/"}},
                "application": {"name": self.title},
            }
            page = aiohttp_jinja2.render_template("app_index.html", request, context)
            page.headers["Referrer-Policy"] = "no-referrer"  # the token stays on the page
            return page

        async def on_startup(self, app: Any) -> None:
            pass  # textual-serve would say where before listening: say_where does, after

        async def handle_websocket(self, request: Any) -> Any:
            # one visit: a browser's websocket and the table it drives, for as long as
            # the page is open; refused before any table is started unless it brings the
            # token and comes from the server's own page (not from another site the
            # browser has open, which could otherwise drive a table)
            if not token_matches(request.match_info.get("token"), self.token):
                return refused(TOKEN_REFUSED)
            if not same_origin(request.headers.get("Origin"), request.scheme, request.host):
                return refused(ORIGIN_REFUSED)
            if len(self.visits) >= self.max_tables:  # told in the page, and no table
                return await self.turn_away(request)
            task = asyncio.current_task()
            if task is not None:
                self.visits.add(task)
            try:
                return await super().handle_websocket(request)
            finally:
                self.visits.discard(task)  # type: ignore[arg-type]

        async def turn_away(self, request: Any) -> Any:
            websocket = web.WebSocketResponse()
            await websocket.prepare(request)
            n = self.max_tables
            text = ngettext("This server already runs {n} table, as many as it may at once. "
                            "Try again in a while, when it has closed.",
                            "This server already runs {n} tables, as many as it may at once. "
                            "Try again in a while, when one has closed.", n).format(n=n)
            await websocket.send_bytes(f"\r\n {text}\r\n".encode())
            await websocket.close()
            return websocket

        async def on_shutdown(self, app: Any) -> None:
            # The web server waits for its open connections before it stops, and a page
            # left open never closes its own: end each visit, which closes the websocket
            # and asks its table to quit (a table saves as it goes, so nothing is lost).
            for task in list(self.visits):
                task.cancel()

    return TableServer(command, host=host, port=port, title="bisca-tui",
                       public_url=url_for(host, port))


def run_command(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C (or SIGTERM); 1 when the address cannot be listened on, 2 when
    asked to seat an outside program (no served table may start one)."""
    if getattr(args, "program", None):
        print("bisca-tui serve: " + _("{option} is refused: no outside program may sit at a "
                                      "table served to browsers").format(option="--program"),
              file=sys.stderr)
        return 2
    if getattr(args, "join", None):
        command = join_command(*args.join, data_dir=getattr(args, "data_dir", None))
    else:
        command = app_command(table_arguments(args))
    server = make_server(command, args.host, args.port, new_token(),
                         getattr(args, "max_tables", DEFAULT_TABLES))
    try:
        server.serve()
    except OSError as e:  # the port is taken, the address is not this machine's...
        reason = e.strerror or str(e)
        print("bisca-tui serve: " + _("cannot listen on {address}: {reason}").format(
            address=url_for(args.host, args.port), reason=reason), file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # a Ctrl+C before the server had set up its own handler
        pass
    print("bisca-tui: " + _("the server has stopped."))
    return 0
