"""A host started in the test's own event loop, and its clients, all over loopback. Tests
wait for what they expect (a message, the match's end) with generous time limits, never
for a fixed time."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bisca_tui.net.client import Client, random_legal
from bisca_tui.net.host import Host, NetSettings, serve
from bisca_tui.table.session import Session

CODE = "TEST42"
LONG = 60.0  # seconds: far longer than anything here takes


class Table:
    """A host serving in the background: ``host`` once it listens, ``task`` its end."""

    def __init__(self, host: Host, task: asyncio.Task[Session | None]) -> None:
        self.host = host
        self.task = task

    async def join(self, name: str, seat: int | None = None, sit: bool = True,
                   play: bool = False, seed: int = 0, code: str = CODE,
                   **kw: Any) -> Client:
        if play:
            kw["chooser"] = random_legal(random.Random(seed))
        client = await Client.connect("127.0.0.1", self.host.port, code, name, **kw)
        if sit:
            await client.sit(seat)
        return client

    async def end(self) -> Session | None:
        return await asyncio.wait_for(self.task, LONG)


async def open_table(settings: NetSettings) -> Table:
    ready: asyncio.Future[Host] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve(settings, code=CODE, ready=ready.set_result))
    host = await asyncio.wait_for(ready, LONG)
    return Table(host, task)


async def views_until(client: Client, where: Any) -> dict[str, Any]:
    """The next view message the client gets that ``where`` accepts."""
    message = await client.expect("view", LONG, where)
    assert message is not None, "the host hung up"
    return message


def refused(client: Client) -> list[str]:
    return [m["rule"] for m in client.messages if m["type"] == "refused"]
