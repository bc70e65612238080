"""The SSH door of a shared table: ``ssh -p PORT HOST`` and nothing to install. Each player
who comes in gets the table in their own terminal: the door runs this program's ``join``
client in a pseudo-terminal of its own, joined to the table on this machine under the name
the player logged in with, and passes the keys and the screen through.

Who may come in: the invite code is the password; a player who also offered a public key
and gave the code has that key remembered for this match (in the data folder; for every
match hosted from it if the host asks), so the next visit needs no password. Wrong passwords
count against the visitor's address in the table's guard (``guard``), as wrong codes do.
The host key is made once and kept in the data folder.

A visitor's place at the table is bound to their login name and public key: the key of the
place they take is kept in a file of their own, read back only on a visit where they proved
they hold that public key (logged in with it). A visitor with a password alone keeps no key:
a place they leave is not given back to anybody by name.

What a visitor can do is only that: the command run is fixed here (a command sent with the
request is ignored), and no forwarding, agent, X11 or file transfer is offered. The door
listens on 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hashlib
import hmac
import os
import pty
import signal
import struct
import sys
import termios
from collections.abc import Awaitable, Sequence
from pathlib import Path
from typing import Any

import asyncssh

from ..lang import _
from . import protocol as P
from .guard import Guard, Tell

HOST_KEY_NAME = "ssh_host_ed25519_key"
KNOWN_KEYS_NAME = "ssh_player_keys"  # the keys known for every match (if the host asks)
PLACES_NAME = "ssh_places"  # a folder of the places' keys, one file for each visitor
DEFAULT_SSH_PORT = 2222
READ_SIZE = 65536
MAX_COLUMNS, MAX_ROWS = 1000, 500  # a terminal's size as the door passes it on, at most


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The door's host key: read from ``folder``, or made once and kept there (owner only)."""
    path = folder / HOST_KEY_NAME
    if path.exists():
        return asyncssh.read_private_key(str(path))
    folder.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


class KnownKeys:
    """The public keys of players who gave the code once, by name (a file in the data folder,
    one ``name key`` line each)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.keys: dict[str, set[str]] = {}
        if path is not None and path.exists():
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                name, _, key = line.partition(" ")
                if name and key:
                    self.keys.setdefault(name, set()).add(key.strip())

    def knows(self, name: str, key: asyncssh.SSHKey) -> bool:
        return _key_text(key) in self.keys.get(name, ())

    def remember(self, name: str, keys: Sequence[asyncssh.SSHKey]) -> None:
        new = [_key_text(k) for k in keys if _key_text(k) not in self.keys.get(name, ())]
        if not new:
            return
        self.keys.setdefault(name, set()).update(new)
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        with os.fdopen(fd, "a", encoding="utf-8") as f:
            f.writelines(f"{name} {key}\n" for key in new)


def _key_text(key: asyncssh.SSHKey) -> str:
    return key.export_public_key("openssh").decode("ascii").split()[1]


def known_keys_path(folder: Path, code: str, every_match: bool = False) -> Path:
    """Where the keys of visitors who gave the code are kept: for this match only (its
    code's file), or for every match hosted from ``folder``."""
    return folder / (KNOWN_KEYS_NAME if every_match else f"{KNOWN_KEYS_NAME}-{code}")


def place_key_file(folder: Path, code: str, name: str, key: asyncssh.SSHKey) -> Path:
    """The file that keeps the place key of the visitor ``name`` with public ``key``."""
    digest = hashlib.sha256(f"{code} {name} {_key_text(key)}".encode()).hexdigest()[:32]
    return folder / PLACES_NAME / f"{digest}.json"


def player_name(username: str) -> str:
    """The name a visitor plays under: the login name, as clean text (or "Guest")."""
    return P.clean_text(username, P.MAX_NAME).replace(" ", "_") or "Guest"


class _Door(asyncssh.SSHServer):
    """One visitor's connection: the code as password, or a key remembered. ``proven`` is
    the public key the visitor logged in with (None: the password), ``offered`` the keys
    offered before the password."""

    def __init__(self, code: str, known: KnownKeys, guard: Guard,
                 tell: Tell | None = None) -> None:
        self.code = code
        self.known = known
        self.guard = guard
        self.tell = tell
        self.address = "?"
        self.offered: list[asyncssh.SSHKey] = []
        self.accepted: asyncssh.SSHKey | None = None  # the last known key offered
        self.proven: asyncssh.SSHKey | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        where = conn.get_extra_info("peername")
        self.address = str(where[0]) if isinstance(where, tuple) and where else "?"

    def begin_auth(self, username: str) -> bool:
        return True  # always ask: nobody comes in without the code or a known key

    def password_auth_supported(self) -> bool:
        return True

    async def validate_password(self, username: str, password: str) -> bool:
        await self.guard.pause(self.address)
        if self.guard.barred(self.address):
            return False  # nothing is checked for an address refused for now
        ok = hmac.compare_digest(password.strip().upper().encode("utf-8", "replace"),
                                 self.code.encode())
        if ok:
            self.known.remember(player_name(username), self.offered)
            self.accepted = None
        else:
            self.guard.wrong(self.address, "password")
            if self.tell is not None:
                self.tell("refused", reason="wrong invite code", peer=f"{self.address} (SSH)")
        return ok

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.guard.barred(self.address):
            return False
        if self.known.knows(player_name(username), key):
            self.accepted = key  # proven once its signature is checked and the login done
            return True
        self.offered.append(key)  # kept if the code follows in this connection
        return False

    def auth_completed(self) -> None:
        self.proven = self.accepted

    def place_keys(self, folder: Path, name: str) -> list[str]:
        """The join client's options for the visitor's place key: read and kept in the file
        of the key they proved, only kept in the one of the key they offered first, or
        neither."""
        if self.proven is not None:
            return ["--key-file", str(place_key_file(folder, self.code, name, self.proven))]
        if self.offered:
            return ["--key-file", str(place_key_file(folder, self.code, name, self.offered[0])),
                    "--key-unread"]
        return ["--key-file", ""]


def join_command(address: str, code: str, name: str, language: str | None = None) -> list[str]:
    """The one command a visitor's session runs: the join client, to this machine's table
    (``address``: where it listens, as ``HOST:PORT``)."""
    command = [sys.executable, "-m", "bisca_tui", "join", address, code, "--name", name]
    if language:
        command += ["--lang", language]
    return command


def terminal_size(width: Any, height: Any) -> tuple[int, int]:
    """A visitor's terminal size as the door passes it on: 80x24 when none was given, at
    most ``MAX_COLUMNS`` x ``MAX_ROWS`` (an SSH client may say any size)."""
    def fit(value: Any, default: int, most: int) -> int:
        if not isinstance(value, int) or value <= 0:
            return default
        return min(value, most)

    return fit(width, 80, MAX_COLUMNS), fit(height, 24, MAX_ROWS)


def _set_size(fd: int, width: int, height: int) -> None:
    columns, rows = terminal_size(width, height)
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _resized(child: asyncio.subprocess.Process) -> None:
    """Tell the client its terminal changed size: it runs in a session of its own, without
    a controlling terminal, so the kernel does not."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(child.pid, signal.SIGWINCH)


async def run_visit(process: asyncssh.SSHServerProcess, table: str, code: str,
                    folder: Path | None = None) -> None:
    """One visitor's session at the table: the join client, seated under their login name
    with their place's key file."""
    name = player_name(process.get_extra_info("username") or "")
    visitor = process.get_extra_info("connection").get_owner()
    keys = (visitor.place_keys(folder, name) if isinstance(visitor, _Door) and
            folder is not None else ["--key-file", ""])
    await run_client(process, [*join_command(table, code, name), *keys])


async def run_client(process: asyncssh.SSHServerProcess, command: list[str],
                     secrets: dict[str, str] | None = None) -> None:
    """One visitor's session: ``command`` (a join client) in a pseudo-terminal, its screen
    sent out and the visitor's keys sent in, until either side ends. ``secrets`` go to its
    environment (never its command line, which other users of the machine may read)."""
    width, height, _, _ = process.get_terminal_size()
    master, slave = pty.openpty()
    _set_size(master, width, height)
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "LC_ALL",
                                                         "LANGUAGE", "LC_MESSAGES",
                                                         "BISCA_TUI_DATA", "PYTHONPATH")}
    env["TERM"] = process.get_terminal_type() or "xterm-256color"
    env["COLORTERM"] = "truecolor"
    env.update(secrets or {})
    child = await asyncio.create_subprocess_exec(
        *command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    loop = asyncio.get_running_loop()
    out: asyncio.Queue[bytes] = asyncio.Queue()

    def readable() -> None:
        try:
            data = os.read(master, READ_SIZE)
        except OSError:
            data = b""
        out.put_nowait(data)
        if not data:
            loop.remove_reader(master)

    loop.add_reader(master, readable)

    async def screen_out() -> None:
        while data := await out.get():
            process.stdout.write(data)

    async def keys_in() -> None:
        while True:
            try:
                data = await process.stdin.read(READ_SIZE)
            except asyncssh.TerminalSizeChanged as change:
                _set_size(master, change.width, change.height)
                _resized(child)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            if not data:
                return
            with contextlib.suppress(OSError):
                os.write(master, data if isinstance(data, bytes) else data.encode())

    shown, typed = asyncio.ensure_future(screen_out()), asyncio.ensure_future(keys_in())
    ended = asyncio.ensure_future(child.wait())
    try:
        await asyncio.wait([shown, typed, ended], return_when=asyncio.FIRST_COMPLETED)
        if shown.done() and not ended.done():  # its screen closed: it is ending by itself
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(ended), 3.0)
    finally:
        for task in (shown, typed, ended):
            task.cancel()
        loop.remove_reader(master)
        if child.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                child.terminate()
            try:
                await asyncio.wait_for(child.wait(), 3.0)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    child.kill()
        os.close(master)
        code = child.returncode or 0
        process.exit(code if code >= 0 else 128 - code)  # a signal, as a shell says it


def table_address(host: str, port: int) -> str:
    """Where a visitor's client finds the table on this machine: its own address, or
    loopback for a table that listens on every address."""
    if host in ("", "0.0.0.0", "::", "*"):
        host = "127.0.0.1"
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


async def open_door(table: str, code: str, folder: Path, host: str = "127.0.0.1",
                    port: int = DEFAULT_SSH_PORT, guard: Guard | None = None,
                    tell: Tell | None = None,
                    every_match: bool = False) -> asyncssh.SSHAcceptor:
    """Listen for SSH visitors to the table at ``table`` (``HOST:PORT``, this machine's);
    ``guard`` counts wrong passwords (the table's own, shared with its port), ``tell`` is
    the table's log, and ``every_match`` keeps visitors' keys for every later match."""
    known = KnownKeys(known_keys_path(folder, code, every_match))
    guard = guard if guard is not None else Guard(tell)
    return await asyncssh.create_server(
        lambda: _Door(code, known, guard, tell), host, port,
        server_host_keys=[host_key(folder)],
        process_factory=lambda process: run_visit(process, table, code, folder),
        encoding=None, line_editor=False, allow_scp=False, agent_forwarding=False,
        x11_forwarding=False)


async def announce_door(opening: Awaitable[Any], address: str, port: int, log: Any,
                        how: str) -> Any:
    """An SSH door opening on ``port``: once it listens, the log says ``how`` to come in and
    the ``ssh`` line for each address; if it cannot, why (and None)."""
    from .addresses import reachable_addresses  # (which looks at the machine's interfaces)

    try:
        acceptor = await opening
    except (OSError, ValueError) as e:
        log.line("problem", {"message": f"ssh: {e}"}, _(
            "The SSH door cannot listen on port {port}: {reason}").format(
                port=port, reason=getattr(e, "strerror", None) or e))
        return None
    port = acceptor.sockets[0].getsockname()[1]
    lines = [f"ssh -p {port} NAME@{a}" for a in reachable_addresses(address)]
    log.line("ssh", {"port": port, "ssh": lines}, "\n".join(
        [how] + [f"  {line}" for line in lines]))
    return acceptor
