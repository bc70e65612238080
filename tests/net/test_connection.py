"""A client that never reads cannot hold up the table: what waits for it is bounded, and
past the bound the host hangs up on it instead of waiting."""

from __future__ import annotations

import asyncio

from bisca_tui.net.conn import Connection, Limits


class StuckWriter:
    """A connection whose other end never reads: nothing written ever drains."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.aborted = asyncio.Event()
        self.transport = self

    def write(self, data: bytes) -> None:
        self.written.append(data)

    async def drain(self) -> None:
        await asyncio.Event().wait()

    def abort(self) -> None:
        self.aborted.set()

    def get_write_buffer_size(self) -> int:  # all written waits: nothing ever goes out
        return sum(map(len, self.written))

    def is_closing(self) -> bool:
        return self.aborted.is_set()


async def test_a_client_that_never_reads_is_dropped_and_sending_never_waits() -> None:
    writer = StuckWriter()
    conn = Connection(asyncio.StreamReader(), writer, Limits(queue=4))  # type: ignore[arg-type]
    sent = []
    for k in range(10):
        sent.append(conn.send({"type": "view", "k": k}))
        await asyncio.sleep(0)  # the sender takes what it can
    # the first straight to the socket; the next written by the sender, which then waits
    # for it to drain; four queued behind it; the seventh finds the queue full
    assert sent == [True] * 6 + [False] * 4
    await asyncio.wait_for(writer.aborted.wait(), 60)
    assert conn.closed and len(writer.written) == 2


class QuickWriter(StuckWriter):
    """A connection whose socket takes everything at once."""

    def __init__(self) -> None:
        super().__init__()
        self.wrote = asyncio.Event()

    def write(self, data: bytes) -> None:
        self.written.append(data)
        self.wrote.set()

    def get_write_buffer_size(self) -> int:
        return 0


async def test_the_lines_of_one_turn_go_to_the_socket_together_in_order() -> None:
    writer = QuickWriter()
    conn = Connection(asyncio.StreamReader(), writer, Limits())  # type: ignore[arg-type]
    assert conn.send(b"one\n") and conn.send({"type": "view", "k": 2})
    assert writer.written == []  # not before the turn is done
    await asyncio.wait_for(writer.wrote.wait(), 60)
    assert writer.written == [b'one\n{"type":"view","k":2}\n']
    writer.wrote.clear()
    conn.close("bye")  # what is left goes out before the hang-up
    await asyncio.wait_for(writer.wrote.wait(), 60)
    assert writer.written[1:] == [b'{"type":"error","message":"bye"}\n']


class DrainingWriter(QuickWriter):
    """A connection whose socket takes everything, and that closes."""

    async def drain(self) -> None:
        return None

    def close(self) -> None:
        self.aborted.set()

    async def wait_closed(self) -> None:
        return None


async def test_what_is_sent_while_held_waits_and_goes_out_in_order_once_released() -> None:
    writer = DrainingWriter()
    conn = Connection(asyncio.StreamReader(), writer, Limits())  # type: ignore[arg-type]
    assert conn.send(b"before\n")
    conn.hold()
    conn.hold()  # (two holds: two releases)
    assert conn.send(b"one\n") and conn.send(b"two\n")
    await asyncio.wait_for(writer.wrote.wait(), 60)
    assert writer.written == [b"before\n"]  # what came before the hold goes
    for _ in range(20):
        await asyncio.sleep(0)
    conn.release()
    conn.close("bye")  # the hang-up waits behind what is held
    for _ in range(20):
        await asyncio.sleep(0)
    assert writer.written == [b"before\n"]
    conn.release()
    await asyncio.wait_for(conn.finished(60), 60)
    assert b"".join(writer.written) == (b'before\none\ntwo\n'
                                        b'{"type":"error","message":"bye"}\n')
