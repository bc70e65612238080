"""The room's SSH door: ``ssh -p PORT ROOM`` and nothing to install. A visitor logs in with
any public key, and that key is who they are in the room (their name is the login name the
first time, bound to the key from then on): no password, none asked.

Each visitor gets the room's lobby in their own terminal: the door runs this program's join
client in a pseudo-terminal (``net.door.run_client``), pointed at the room on this machine,
with a one-time pass in its environment that the room takes as the visitor's proven key
(``passes``). The command is fixed here; no forwarding, agent, X11 or file transfer
is offered. The door listens on 127.0.0.1 unless told otherwise.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import asyncssh

from ..net.door import host_key, player_name, run_client
from ..net.room_protocol import PASS_VARIABLE
from .room import Room


def ssh_identity(key: asyncssh.SSHKey) -> str:
    """What a visitor's SSH key is called in the room's store: apart from the join client's
    keys (64 hex digits) by its prefix."""
    return "ssh:" + hashlib.sha256(key.public_data).hexdigest()


def room_command(room_address: str, name: str) -> list[str]:
    return [sys.executable, "-m", "bisca_tui", "join", room_address, "--name", name]


class _Visitor(asyncssh.SSHServer):
    def __init__(self, room: Room) -> None:
        self.room = room
        self.address = "?"
        self.key: asyncssh.SSHKey | None = None
        self.proven: asyncssh.SSHKey | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        where = conn.get_extra_info("peername")
        self.address = str(where[0]) if isinstance(where, tuple) and where else "?"

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return False  # a key is who a player is: there is no password to guess

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.room.guard.barred(self.address):
            return False
        self.key = key  # proven once asyncssh has checked its signature
        return True

    def auth_completed(self) -> None:
        self.proven = self.key


async def visit(process: asyncssh.SSHServerProcess, room: Room, room_address: str) -> None:
    visitor = process.get_extra_info("connection").get_owner()
    if not isinstance(visitor, _Visitor) or visitor.proven is None:
        process.exit(1)
        return
    name = player_name(process.get_extra_info("username") or "")
    ticket = room.passes.issue(ssh_identity(visitor.proven), name)
    await run_client(process, room_command(room_address, name), {PASS_VARIABLE: ticket})


async def open_room_door(room: Room, room_address: str, folder: Path,
                         host: str = "127.0.0.1", port: int = 2222) -> asyncssh.SSHAcceptor:
    """Listen for SSH visitors to the room at ``room_address`` (this machine's)."""
    return await asyncssh.create_server(
        lambda: _Visitor(room), host, port, server_host_keys=[host_key(folder)],
        process_factory=lambda process: visit(process, room, room_address),
        encoding=None, line_editor=False, allow_scp=False, agent_forwarding=False,
        x11_forwarding=False)
