"""Running a card room: its port open (``serve_room``) until it is cancelled, every table
and every connection ended when it stops."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from ..net import protocol as P
from ..net.conn import Handlers
from .cluster import Cluster
from .collector import Collector
from .door import Door
from .room import Room
from .saves import restore_tables
from .socket_pass import SocketDesk, socket_folder, socket_path


async def serve_room(room: Room, host: str = "127.0.0.1", port: int = 0,
                     ready: Callable[[int], None] | None = None,
                     collector: Collector | None = None) -> None:
    """Serve ``room`` on ``host:port`` until cancelled; ``ready`` is told the port. With a
    ``collector``, the process's garbage collector is kept from holding the tables up while
    the room serves (``collector``; a room in a process of its own wants one)."""
    if collector is not None:
        collector.start()
    if not room.bus.shared:
        restore_tables(room)  # the tables of a room that stopped, open again
    door = Door(room)
    handlers = Handlers(door.handle)
    server = await asyncio.start_server(handlers, host, port, limit=P.MAX_LINE)
    sweeping: asyncio.Task[None] | None = None
    try:
        bound = server.sockets[0].getsockname()[1]
        room.bus.start(room, f"{host}:{bound}")  # (the room's other processes, if any)
        if room.bus.shared:  # one process of several: its tables' saves are its own
            room.cluster = cluster = Cluster(room, room.bus)
            room.owner = cluster.owner
            room.bus.when_gone(cluster.on_gone)
            open_desk(cluster, door, handlers)
            sweeping = asyncio.get_running_loop().create_task(cluster.sweep())
        if ready is not None:
            ready(bound)
        await asyncio.Event().wait()  # until cancelled
    finally:
        if sweeping is not None:
            sweeping.cancel()
        if room.cluster is not None and room.cluster.desk is not None:
            await room.cluster.desk.close()
        server.close()
        with contextlib.suppress(asyncio.CancelledError):
            await room.stop()
            await handlers.end(5.0)
            if collector is not None:
                await collector.stop()


def open_desk(cluster: Cluster, door: Door, handlers: Handlers) -> None:
    """Where the room's other processes on this machine give this one the connections of
    its tables (``socket_pass``); none where no folder of the user's own can hold it."""
    folder = socket_folder()
    if folder is None:
        return
    room = cluster.room
    desk = SocketDesk(socket_path(folder, cluster.address),
                      lambda code: room.by_code(code) is not None,
                      lambda reader, writer, client, address, hello: handlers.serve(
                          writer, door.given(reader, writer, client, address, hello)))
    try:
        desk.open()
    except OSError as e:
        room.tell("problem", message=f"no socket for the room's processes here: {e}")
        return
    cluster.folder, cluster.desk = folder, desk
