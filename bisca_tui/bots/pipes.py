"""The pipes to an outside program: daemon threads that read its output into a bounded inbox
(a line too long or a flood is marked, never buffered without end), keep the tail of its error
output, and write the table's messages; and the stopping of the program for good.

The threads run plain functions, so they never keep the bot that started them alive.
"""

from __future__ import annotations

import contextlib
import os
import queue
import shlex
import signal
import subprocess
import threading
from collections import deque
from collections.abc import Sequence
from typing import IO

from ..engine.narrate.sayings import Failure
from .protocol import short

MAX_LINE = 1 << 16  # longest line accepted from a program, in bytes
# what a program may have written and the table not yet read (between decisions, say): more
# is a flood, and the program loses its seat
MAX_PENDING_LINES = 1000
MAX_PENDING_BYTES = 1 << 20
TOO_LONG = b"\x00too long"
FLOOD = b"\x00flood"


class Inbox:
    """The lines read from a program and not yet taken by the table, within a bound.

    ``put`` refuses a line that would take the lines waiting over ``MAX_PENDING_LINES`` or
    their bytes over ``MAX_PENDING_BYTES``: it queues one ``FLOOD`` mark instead, sets
    ``flooded``, and the reader stops reading (the program then blocks on its full pipe).
    Markers (``None`` for the end, ``TOO_LONG``) always fit.
    """

    def __init__(self, max_lines: int = MAX_PENDING_LINES,
                 max_bytes: int = MAX_PENDING_BYTES) -> None:
        self.max_lines = max_lines
        self.max_bytes = max_bytes
        self.flooded = threading.Event()
        self._items: deque[bytes | None] = deque()
        self._bytes = 0
        self._ready = threading.Condition()

    def put(self, item: bytes | None) -> bool:
        """Queue ``item``; False when it did not fit (a flood: stop reading)."""
        with self._ready:
            if item is not None and item != TOO_LONG:
                if (len(self._items) >= self.max_lines
                        or self._bytes + len(item) > self.max_bytes):
                    self._items.append(FLOOD)
                    self.flooded.set()
                    self._ready.notify()
                    return False
                self._bytes += len(item)
            self._items.append(item)
            self._ready.notify()
            return True

    def get(self, timeout: float) -> bytes | None:
        """The next item, waiting at most ``timeout`` seconds (``queue.Empty`` after)."""
        with self._ready:
            if not self._ready.wait_for(lambda: bool(self._items), timeout=max(timeout, 0.0)):
                raise queue.Empty
            item = self._items.popleft()
            if item is not None and item not in (TOO_LONG, FLOOD):
                self._bytes -= len(item)
            return item

    @property
    def pending(self) -> tuple[int, int]:
        """How many lines, and bytes, wait to be taken."""
        with self._ready:
            return len(self._items), self._bytes


def _read_lines(stream: IO[bytes], out: Inbox) -> None:
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith(b"\n"):
                out.put(TOO_LONG)
                break
            if not out.put(line):
                break
    except (OSError, ValueError):
        pass
    finally:
        out.put(None)
        with contextlib.suppress(OSError, ValueError):
            stream.close()


def _read_errors(stream: IO[bytes], tail: deque[str]) -> None:
    try:
        while True:
            line = stream.readline(4096)
            if not line:
                break
            text = line.decode("utf-8", "replace").rstrip()
            if text:
                tail.append(text)
    except (OSError, ValueError):
        pass
    finally:
        with contextlib.suppress(OSError, ValueError):
            stream.close()


def _write_lines(stream: IO[bytes], inbox: queue.Queue[bytes | None]) -> None:
    try:
        while True:
            data = inbox.get()
            if data is None:
                break
            stream.write(data)
            stream.flush()
    except (OSError, ValueError):
        pass
    finally:
        with contextlib.suppress(OSError, ValueError):
            stream.close()


def start_pipes(proc: subprocess.Popen[bytes], lines: Inbox, stderr_tail: deque[str],
                outbox: queue.Queue[bytes | None]) -> list[threading.Thread]:
    """Start the threads that serve ``proc``'s output, error output and input."""
    assert proc.stdin and proc.stdout and proc.stderr
    threads = []
    for target, args in (
        (_read_lines, (proc.stdout, lines)),
        (_read_errors, (proc.stderr, stderr_tail)),
        (_write_lines, (proc.stdin, outbox)),
    ):
        t = threading.Thread(target=target, args=args, daemon=True,
                             name=f"external-bot-{proc.pid}-{target.__name__}")
        t.start()
        threads.append(t)
    return threads


def kill_process(proc: subprocess.Popen[bytes]) -> None:
    """Stop ``proc`` and the processes it started (its session, on POSIX) at once."""
    if proc.poll() is None:
        try:
            if os.name == "posix":
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.kill()
        except (ProcessLookupError, PermissionError, OSError):
            with contextlib.suppress(OSError):
                proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=2.0)


def split_command(command: str | Sequence[str]) -> tuple[list[str], str]:
    """A command line split like a shell would, without running one (no words when it cannot
    be split), or an argument list, with the command as a notice shows it."""
    if isinstance(command, str):
        try:
            return shlex.split(command), command
        except ValueError:
            return [], command
    argv = [str(a) for a in command]
    return argv, shlex.join(argv)


def exit_reason(proc: subprocess.Popen[bytes] | None, threads: list[threading.Thread],
                stderr_tail: deque[str]) -> Failure:
    """Why a program's output ended, with its last error line."""
    code = None
    if proc is not None:
        try:
            code = proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            code = None
    if len(threads) > 1:  # let the error reader catch the program's last words
        threads[1].join(timeout=0.5)
    last = short(stderr_tail[-1], 120) if stderr_tail else ""
    said = {"last": last} if last else {}
    key = ".said" if last else ""
    if code is None:
        return Failure("closed" + key, **said)
    if code == 0:
        return Failure("exited" + key, **said)
    if code < 0:
        return Failure("signal" + key, signal=-code, **said)
    return Failure("crashed" + key, code=code, **said)
