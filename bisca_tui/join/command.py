"""``bisca-tui join HOST[:PORT] CODE [--name NAME]``, or without a code a card room's lobby
(``bisca-tui join ROOM [--guest]``): its options, and the app it opens."""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..argtypes import data_folder
from ..lang import LANGUAGES, N_, _
from ..net.protocol import MAX_NAME, clean_text
from ..net.settings import DEFAULT_PORT
from ..table.settings import CARD_STYLES

if TYPE_CHECKING:
    from .keys import PlaceKeys

DESCRIPTION = N_("""\
Join a table that another machine hosts (bisca-tui host prints its address and invite
code). The places are listed first: take one, or watch; the table opens when the host
starts the match. A lost connection is tried again by itself, and gives you back your
place and your hand.""")
ROOM_DESCRIPTION = N_("""\
Without a code, the address is a card room's: you come into its lobby, with the key kept in
your data folder (it is made there the first time, and proves who you are) or as a guest
(--guest, unrated play only). The room's tables, its people, its leaderboards and its chat
are listed; open a table, sit at one, watch one, or ask for a quick match.""")


def host_and_port(text: str) -> tuple[str, int]:
    """An argparse type: ``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT``; the port by default
    is the host's default one."""
    text = text.strip()
    host, port = text, ""
    if text.startswith("["):
        host, _bracket, rest = text[1:].partition("]")
        port = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, _colon, port = text.partition(":")
    if not host:
        raise argparse.ArgumentTypeError(_("no host in {text}").format(text=repr(text)))
    if not port:
        return host, DEFAULT_PORT
    try:
        value = int(port)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text}").format(text=repr(port))) from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(
            _("a port is from 1 to 65535, not {value}").format(value=value))
    return host, value


def default_name() -> str:
    """The login name, else "Player" (in the language in use)."""
    try:
        name = clean_text(getpass.getuser(), MAX_NAME)
    except Exception:  # no login name to be found: any name will do
        name = ""
    return name or _("Player")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", type=host_and_port, metavar="HOST[:PORT]",
                        help=_("the host's address, as the host gave it (port {port} unless "
                               "given)").format(port=DEFAULT_PORT))
    parser.add_argument("code", metavar="CODE", nargs="?", default=None,
                        help=_("the invite code the host gave (none: the address is a card "
                               "room's, and its lobby opens)"))
    parser.add_argument("--guest", action="store_true",
                        help=_("come into a card room as a guest, without your key (unrated "
                               "play only)"))
    parser.add_argument("--name", metavar="NAME", default=None,
                        help=_("your name at the table (default: your login name)"))
    parser.add_argument("--ask-name", action="store_true",
                        help=_("ask the name in the table instead (as for a visitor of a "
                               "web page)"))
    # as before the command (bisca-tui --lang pt join ...), and after it too
    parser.add_argument("--cards", choices=CARD_STYLES, metavar="STYLE",
                        default=argparse.SUPPRESS,
                        help=_("how the cards are drawn: {styles}").format(
                            styles=", ".join(CARD_STYLES)))
    parser.add_argument("--lang", choices=list(LANGUAGES), metavar="CODE",
                        default=argparse.SUPPRESS,
                        help=_("the language of the table: {languages}").format(
                            languages=", ".join(LANGUAGES)))
    parser.add_argument("--data-dir", type=data_folder, metavar="DIR",
                        default=argparse.SUPPRESS,
                        help=_("where the table's settings (theme, cards, language) and the "
                               "keys of the places you hold are kept"))
    # the SSH door's: the file that keeps this visitor's place key ("": none is kept), and
    # whether it may be read (only for a visitor who proved who they are)
    parser.add_argument("--key-file", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--key-unread", action="store_true", help=argparse.SUPPRESS)


def run_command(args: argparse.Namespace) -> int:
    from .app import JoinApp  # Textual loads only when the table opens
    from .keys import PlaceKeys

    host, port = args.address
    name = clean_text(args.name, MAX_NAME) if args.name is not None else default_name()
    if args.ask_name:
        name = None  # asked in the table
    elif not name:
        print("bisca-tui join: " + _("a name is needed"), file=sys.stderr)
        return 2
    keys = None
    if args.key_file is not None:
        keys = PlaceKeys(Path(args.key_file) if args.key_file else None,
                         readable=not args.key_unread)
    if args.code is None:
        return run_room(args, host, port, name, keys)
    app = JoinApp(host, port, args.code, name, data_directory=getattr(args, "data_dir", None),
                  card_style=getattr(args, "cards", None), keys=keys)
    result = app.run()
    return app.return_code or int(result or 0)


def run_room(args: argparse.Namespace, host: str, port: int, name: str | None,
             keys: PlaceKeys | None) -> int:
    """A card room's lobby: with the player's key from the data folder, or as a guest."""
    from ..datadir import data_dir
    from ..net.identity import Identity
    from ..net.room_client import DoorPass
    from ..net.room_protocol import PASS_VARIABLE
    from .room_app import RoomApp

    folder = getattr(args, "data_dir", None) or data_dir()
    identity: Identity | DoorPass | None = None
    door = os.environ.pop(PASS_VARIABLE, None)  # started by the room's SSH door
    if door:
        identity = DoorPass(door)
    elif not args.guest:
        try:
            identity = Identity.in_folder(Path(folder))
        except OSError as e:
            print("bisca-tui join: " + _("your key cannot be kept in {folder} ({error}): "
                                         "come in as a guest with --guest").format(
                folder=folder, error=e.strerror or e), file=sys.stderr)
            return 2
    app = RoomApp(host, port, name, identity, data_directory=folder,
                  card_style=getattr(args, "cards", None), keys=keys,
                  identity_problem=(identity.problem or "") if isinstance(
                      identity, Identity) else "")
    result = app.run()
    return app.return_code or int(result or 0)
