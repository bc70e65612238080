"""A table's action sends a line to every client at once: the lines of one turn of the
event loop go to each client's socket together once the turn is done, by one callback for
all the clients, not one each."""

from __future__ import annotations

import asyncio

from test_connection import QuickWriter

from bisca_tui.net.conn import Connection, Limits


async def test_one_callback_writes_the_turns_lines_of_every_client() -> None:
    writers = [QuickWriter() for _ in range(4)]
    conns = [Connection(asyncio.StreamReader(), w, Limits())  # type: ignore[arg-type]
             for w in writers]
    await asyncio.sleep(0)  # each connection's sender is waiting
    loop = asyncio.get_running_loop()
    scheduled = []
    call_soon = loop.call_soon

    def counting(callback, *args, **kwargs):  # type: ignore[no-untyped-def]
        scheduled.append(callback)
        return call_soon(callback, *args, **kwargs)

    loop.call_soon = counting  # type: ignore[method-assign]
    try:
        for k, conn in enumerate(conns):
            assert conn.send(b"view %d\n" % k) and conn.send(b"more %d\n" % k)
    finally:
        loop.call_soon = call_soon  # type: ignore[method-assign]
    assert len(scheduled) == 1  # one callback for the four clients' lines
    assert all(w.written == [] for w in writers)  # not before the turn is done
    await asyncio.wait_for(asyncio.gather(*(w.wrote.wait() for w in writers)), 60)
    assert [w.written for w in writers] == [[b"view %d\nmore %d\n" % (k, k)]
                                            for k in range(4)]
    for conn in conns:
        conn.abort()
