"""The SSH door against a hostile or odd client, asyncssh's own over loopback: wrong
passwords are slowed and then refused as wrong codes are, and logged; a remembered key
opens only the match it was given the code for (unless the host keeps keys for every
match); an absurd window size is clamped, and the visitor's client follows the terminal
when it is resized. The join client is stood in for by a tiny program."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import asyncssh
import pytest
from test_door import connect, read_until
from test_guessing import Clock, clocked_guard

from bisca_tui.net import door

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX")

# the stand-in: its arguments, its terminal's size, and the size again at each SIGWINCH,
# until a line is typed. It waits on a wakeup pipe beside its input, as an event loop does:
# a signal that comes just before a blocking read would otherwise be handled only after it.
SIZES = """
import os, select, signal, sys
wake, woken = os.pipe()
os.set_blocking(woken, False)
signal.set_wakeup_fd(woken)
say = lambda: os.write(1, ("SIZE %d %d\\n" % tuple(os.get_terminal_size())).encode())
signal.signal(signal.SIGWINCH, lambda *a: say())
print("ARGS", sys.argv[1:], flush=True)
say()
while True:
    ready = select.select([0, wake], [], [])[0]
    if wake in ready:
        os.read(wake, 64)
    if 0 in ready:
        break
"""


async def shown(proc: asyncssh.SSHClientProcess, marker: bytes) -> bytes:
    """What the stand-in writes, until ``marker``; what it wrote when it never comes."""
    seen = b""
    while marker not in seen:
        try:
            chunk = await asyncio.wait_for(proc.stdout.read(4096), 20)
        except TimeoutError:
            raise AssertionError(f"never came: {marker!r}, only {seen!r}") from None
        assert chunk, f"the stand-in ended, after {seen!r}"
        seen += chunk
    return seen


@pytest.fixture
def sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    def command(address: str, code: str, name: str, language: str | None = None) -> list[str]:
        return [sys.executable, "-c", SIZES, name]

    monkeypatch.setattr(door, "join_command", command)


async def test_a_huge_window_is_clamped_and_a_resize_is_followed(tmp_path, sizes):
    server = await door.open_door("127.0.0.1:4321", "K7Q2XPMH", tmp_path, port=0)
    port = server.sockets[0].getsockname()[1]
    try:
        async with connect(port, "ana", password="K7Q2XPMH") as conn:
            proc = await conn.create_process(term_type="xterm", term_size=(70000, 70000),
                                             encoding=None)
            seen = await shown(proc, b"SIZE 1000 500")
            assert b"ARGS ['ana', '--key-file', '']" in seen  # a password alone: no key kept
            proc.change_terminal_size(100, 40)
            await shown(proc, b"SIZE 100 40")
            proc.change_terminal_size(0, 0)  # no size: the usual one
            await shown(proc, b"SIZE 80 24")
            proc.stdin.write(b"bye\r")
            await asyncio.wait_for(proc.wait_closed(), 20)
            assert proc.exit_status == 0
    finally:
        server.close()


async def test_wrong_passwords_are_slowed_then_refused_and_logged(tmp_path):
    clock = Clock()
    told: list[tuple[str, dict]] = []
    guard = clocked_guard(clock)
    guard.tell = lambda kind, **f: told.append((kind, f))
    server = await door.open_door("127.0.0.1:4321", "K7Q2XPMH", tmp_path, port=0, guard=guard,
                                  tell=guard.tell)
    port = server.sockets[0].getsockname()[1]
    try:
        for k in range(8):
            with pytest.raises(asyncssh.PermissionDenied):
                async with connect(port, "eve", password=f"WRONG{k}"):
                    pass
        assert clock.slept == [0.5, 1.0, 2.0, 4.0, 8.0]
        with pytest.raises(asyncssh.PermissionDenied):  # the right one, while refused
            async with connect(port, "eve", password="K7Q2XPMH"):
                pass
        assert len(clock.slept) == 5  # nothing was checked
    finally:
        server.close()
    kinds = [k for k, _f in told]
    assert kinds.count("refused") == 8 and "slowed" in kinds
    barred = next(f for k, f in told if k == "barred")
    assert (barred["peer"], barred["what"], barred["tries"]) == ("127.0.0.1", "password", 8)
    assert next(f for k, f in told if k == "refused")["peer"] == "127.0.0.1 (SSH)"


async def test_a_remembered_key_opens_its_own_match_only(tmp_path: Path, sizes):
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def visit(code: str, every_match: bool = False, **login) -> bytes:
        server = await door.open_door("127.0.0.1:4321", code, tmp_path, port=0,
                                      every_match=every_match)
        try:
            async with connect(server.sockets[0].getsockname()[1], "ana", client_keys=[key],
                               **login) as conn:
                proc = await conn.create_process(term_type="xterm", encoding=None)
                seen = await read_until(proc, b"SIZE")
                proc.stdin.write(b"bye\r")
                await asyncio.wait_for(proc.wait_closed(), 20)
                return seen
        finally:
            server.close()

    first = await visit("MATCHONE", password="MATCHONE")  # the key offered with the code
    kept = str(door.place_key_file(tmp_path, "MATCHONE", "ana", key))
    assert f"'--key-file', '{kept}', '--key-unread'" in first.decode()  # only kept
    again = await visit("MATCHONE")  # the key alone, proved: the kept key is read
    assert f"'--key-file', '{kept}']" in again.decode()
    with pytest.raises(asyncssh.PermissionDenied):  # a later match from the same folder
        await visit("MATCHTWO")
    # the host that asks for it keeps keys for every match
    await visit("MATCHTWO", every_match=True, password="MATCHTWO")
    await visit("MATCHTRE", every_match=True)
    assert (tmp_path / door.KNOWN_KEYS_NAME).exists()


async def test_the_host_command_s_door_counts_in_the_table_s_own_guard(tmp_path):
    from types import SimpleNamespace

    from bisca_tui.net.guard import Guard
    from bisca_tui.net.hosting import open_ssh

    told: list[tuple[str, dict]] = []
    table = SimpleNamespace(port=4321, code="K7Q2XPMH", guard=Guard(),
                            tell=lambda kind, **f: told.append((kind, f)))
    log = SimpleNamespace(line=lambda kind, fields, text: None)
    acceptor = await open_ssh(table, "127.0.0.1", 0, tmp_path, log)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            async with connect(acceptor.sockets[0].getsockname()[1], "eve", password="NO"):
                pass
    finally:
        acceptor.close()
    assert table.guard.records["127.0.0.1"].wrong == 1  # the one the table's port counts in
    assert told == [("refused", {"reason": "wrong invite code", "peer": "127.0.0.1 (SSH)"})]
