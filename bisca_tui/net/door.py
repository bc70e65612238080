"""The SSH door of a shared table: ``ssh -p PORT HOST`` and nothing to install. Each player
who comes in gets the table in their own terminal: the door runs this program's ``join``
client in a pseudo-terminal of its own, joined to the table on this machine under the name
the player logged in with, and passes the keys and the screen through.

Who may come in: the invite code is the password; a player who also offered a public key
and gave the code has that key remembered (in the data folder), so the next visit needs no
password. The host key is made once and kept in the data folder.

What a visitor can do is only that: the command run is fixed here (a command sent with the
request is ignored), and no forwarding, agent, X11 or file transfer is offered. The door
listens on 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import hmac
import os
import pty
import struct
import sys
import termios
from collections.abc import Sequence
from pathlib import Path

import asyncssh

from . import protocol as P

HOST_KEY_NAME = "ssh_host_ed25519_key"
KNOWN_KEYS_NAME = "ssh_player_keys"
DEFAULT_SSH_PORT = 2222
READ_SIZE = 65536


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


def player_name(username: str) -> str:
    """The name a visitor plays under: the login name, as clean text (or "Guest")."""
    return P.clean_text(username, P.MAX_NAME).replace(" ", "_") or "Guest"


class _Door(asyncssh.SSHServer):
    """One visitor's connection: the code as password, or a key remembered."""

    def __init__(self, code: str, known: KnownKeys) -> None:
        self.code = code
        self.known = known
        self.offered: list[asyncssh.SSHKey] = []

    def begin_auth(self, username: str) -> bool:
        return True  # always ask: nobody comes in without the code or a known key

    def password_auth_supported(self) -> bool:
        return True

    def validate_password(self, username: str, password: str) -> bool:
        ok = hmac.compare_digest(password.strip().upper().encode(), self.code.encode())
        if ok:
            self.known.remember(player_name(username), self.offered)
        return ok

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.known.knows(player_name(username), key):
            return True
        self.offered.append(key)  # kept if the code follows in this connection
        return False


def join_command(address: str, code: str, name: str, language: str | None = None) -> list[str]:
    """The one command a visitor's session runs: the join client, to this machine's table
    (``address``: where it listens, as ``HOST:PORT``)."""
    command = [sys.executable, "-m", "bisca_tui", "join", address, code, "--name", name]
    if language:
        command += ["--lang", language]
    return command


def _set_size(fd: int, width: int, height: int) -> None:
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


async def run_visit(process: asyncssh.SSHServerProcess, table: str, code: str) -> None:
    """One visitor's session: the join client in a pseudo-terminal, its screen sent out and
    the visitor's keys sent in, until either side ends."""
    name = player_name(process.get_extra_info("username") or "")
    width, height, _, _ = process.get_terminal_size()
    master, slave = pty.openpty()
    _set_size(master, width or 80, height or 24)
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "LC_ALL",
                                                         "LANGUAGE", "LC_MESSAGES",
                                                         "BISCA_TUI_DATA", "PYTHONPATH")}
    env["TERM"] = process.get_terminal_type() or "xterm-256color"
    env["COLORTERM"] = "truecolor"
    child = await asyncio.create_subprocess_exec(
        *join_command(table, code, name), stdin=slave, stdout=slave, stderr=slave,
        env=env, start_new_session=True)
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
                    port: int = DEFAULT_SSH_PORT) -> asyncssh.SSHAcceptor:
    """Listen for SSH visitors to the table at ``table`` (``HOST:PORT``, this machine's)."""
    known = KnownKeys(folder / KNOWN_KEYS_NAME)
    return await asyncssh.create_server(
        lambda: _Door(code, known), host, port, server_host_keys=[host_key(folder)],
        process_factory=lambda process: run_visit(process, table, code),
        encoding=None, line_editor=False, allow_scp=False, agent_forwarding=False,
        x11_forwarding=False)
