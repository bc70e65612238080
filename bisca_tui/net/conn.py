"""One client's connection at a host: lines read and held to the protocol's limits (length,
rate), and messages sent through a bounded queue, so that a client that stops reading never
holds up the table: while the socket takes everything, the lines of one turn of the event
loop go to it together at the turn's end (one callback writes every client's, ``Flush``);
else they wait in the queue, and when the queue is full the client is dropped.
``Handlers`` keeps the task that serves each connection, so that a host that stops ends
every one of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from .chatlog import ChatMeter
from .protocol import ERROR, MAX_LINE, PROTOCOL, ProtocolError, decode, encode


@dataclass(frozen=True)
class Limits:
    """What a host allows each client: messages per second on average and in a burst (an
    action the table applies does not count: the game paces those), and messages waiting
    to be sent to it."""

    rate: float = 20.0
    burst: int = 40
    queue: int = 256
    chat_rate: float = 0.5  # lines of chat a second, on average
    chat_burst: int = 5  # and in a burst


class Connection:
    """A client at the host: ``read`` gives its next message (None once it has gone);
    ``send`` queues one for it and never waits."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 limits: Limits) -> None:
        self.reader = reader
        self.writer = writer
        self.limits = limits
        self.name = ""
        self.peer = ""  # the client's address and port, for the host's log
        self.address = ""  # its address alone: wrong tries are counted by it
        self.player: int | None = None  # the place at the table it holds, if any
        self.sent: dict[int, tuple[int, int]] = {}  # by seat: (deal, events sent)
        self.protocol = PROTOCOL  # the version spoken to it: the one its hello asked for
        self.talk = ChatMeter(limits.chat_rate, limits.chat_burst, time.monotonic())
        self.closed = False
        self._allowance = float(limits.burst)
        self._checked = time.monotonic()
        self._queue: asyncio.Queue[bytes | None] = asyncio.Queue(limits.queue)
        self._batch: list[bytes] = []  # lines to write at the end of the loop's turn
        self._holds = 0  # while above 0, what is sent waits (``hold``)
        self._free = asyncio.Event()
        self._free.set()
        loop = asyncio.get_running_loop()
        self._flush = Flush.of(loop)
        self._sender = loop.create_task(self._send_all())

    # ----- reading -----------------------------------------------------------------------

    async def read(self) -> dict[str, Any] | None:
        """The next message; None when the client has closed its side (or was dropped).
        ``ProtocolError`` for a line too long, not a message, or one too many a second."""
        while not self.closed:
            try:
                line = await self.reader.readuntil(b"\n")
            except asyncio.LimitOverrunError:
                raise ProtocolError(f"a line is longer than {MAX_LINE} bytes") from None
            except (asyncio.IncompleteReadError, ConnectionError):
                return None
            self._count()
            if line.strip():
                return decode(line)
        return None

    def refund(self) -> None:
        """An action the table took back from the count: the game itself paces those."""
        self._allowance = min(self.limits.burst, self._allowance + 1)

    def _count(self) -> None:
        """One more message: refused past the rate allowed (a token bucket)."""
        now = time.monotonic()
        lim = self.limits
        self._allowance = min(lim.burst, self._allowance + (now - self._checked) * lim.rate)
        self._checked = now
        if self._allowance < 1:
            raise ProtocolError(f"more than {lim.rate:g} messages a second")
        self._allowance -= 1

    # ----- sending -----------------------------------------------------------------------

    def send(self, message: dict[str, Any] | bytes) -> bool:
        """Queue a message (or a line already encoded); a client whose queue is full has
        stopped reading, and is dropped (False)."""
        if self.closed:
            return False
        data = message if isinstance(message, bytes) else encode(message)
        transport = self.writer.transport
        if transport.is_closing():  # the connection is lost
            self.abort()
            return False
        if not self._holds and (self._batch or self._queue.empty()
                                and not transport.get_write_buffer_size()):
            # nothing waits before it and the socket took all it was given: written once
            # the event loop's turn is done, with whatever else this client is sent in it,
            # without waking the sender
            self._batch.append(data)
            if len(self._batch) == 1:
                self._flush.add(self)
            return True
        try:
            self._queue.put_nowait(data)
        except asyncio.QueueFull:
            self.abort()
            return False
        return True

    def hold(self) -> None:
        """Keep what is sent from now on, in order, until as many ``release`` (a room's
        table waits for its save at the end of a deal: its players are told the deal is
        over once it is written)."""
        self._holds += 1
        self._free.clear()

    def release(self) -> None:
        if self._holds:
            self._holds -= 1
            if not self._holds:
                self._free.set()

    def close(self, error: str = "") -> None:
        """Send what is queued (and ``error``, when given), then hang up."""
        if self.closed:
            return
        if error:
            self.send({"type": ERROR, "message": error})
        self._write_batch()
        self.closed = True
        try:
            self._queue.put_nowait(None)
        except asyncio.QueueFull:
            self.abort()

    def _write_batch(self) -> None:
        """Write the lines of this turn in one go (the queue behind them is empty)."""
        if self._batch and not self.closed:
            self.writer.write(b"".join(self._batch))
        self._batch.clear()

    async def detach(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """Stop serving this connection and hand its streams over as they are (what was
        queued for it written first): a room passes a table's connection on this way."""
        self._write_batch()
        self.closed = True
        self._sender.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._sender
        return self.reader, self.writer

    def abort(self) -> None:
        """Hang up at once, whatever is still queued."""
        self.closed = True
        self._batch.clear()
        self._sender.cancel()
        with contextlib.suppress(Exception):
            self.writer.transport.abort()

    async def _send_all(self) -> None:
        try:
            while True:
                data = await self._queue.get()
                if not self._free.is_set():
                    await self._free.wait()
                if data is None:
                    break
                self.writer.write(data)
                await self.writer.drain()
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()
        except (ConnectionError, OSError):
            self.abort()

    async def finished(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) for what is queued to go out."""
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self._sender), timeout)


class Flush:
    """The connections given lines in this turn of an event loop, each to write them in one
    go once the turn is done: one callback for all of them (a table's action sends a line to
    every client at once)."""

    _of: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Flush] = (
        weakref.WeakKeyDictionary())

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.pending: list[Connection] = []

    @classmethod
    def of(cls, loop: asyncio.AbstractEventLoop) -> Flush:
        flush = cls._of.get(loop)
        if flush is None:
            flush = cls._of[loop] = cls(loop)
        return flush

    def add(self, conn: Connection) -> None:
        if not self.pending:
            self.loop.call_soon(self.run)
        self.pending.append(conn)

    def run(self) -> None:
        pending, self.pending = self.pending, []
        for conn in pending:
            conn._write_batch()


Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


class Handlers:
    """The tasks serving a host's connections, one each (the server's callback, wrapping
    the host's own): when the host stops, ``end`` hangs up on every connection still open,
    those still saying hello included, and waits for each task to end, so that none is left
    to be cancelled or destroyed with the event loop."""

    def __init__(self, handle: Handler) -> None:
        self._handle = handle
        self._running: dict[asyncio.Task[Any], asyncio.StreamWriter] = {}

    async def __call__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await self.serve(writer, self._handle(reader, writer))

    async def serve(self, writer: asyncio.StreamWriter, work: Awaitable[Any]) -> None:
        """Serve a connection by ``work``, one of the tasks ``end`` hangs up on (a
        connection that came another way than through the server: given by another
        process)."""
        task = asyncio.current_task()
        assert task is not None
        self._running[task] = writer
        try:
            await work
        except asyncio.CancelledError:
            # Only the end of the program cancels a client's task, and its connection
            # goes with it: the task ends there (asyncio's stream server reports a
            # cancelled handler as an error).
            writer.transport.abort()
        finally:
            self._running.pop(task, None)

    async def end(self, timeout: float) -> None:
        """Hang up on every connection still served and wait (at most ``timeout``
        seconds, then cancelling) for each task to end."""
        tasks = list(self._running)
        for writer in self._running.values():
            writer.transport.abort()
        if not tasks:
            return
        _, late = await asyncio.wait(tasks, timeout=timeout)
        for task in late:
            task.cancel()
        if late:
            await asyncio.wait(late)
