"""A host started in the test's own event loop, and its clients, all over loopback. Tests
wait for what they expect (a message, the match's end) with generous time limits, never
for a fixed time."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from bisca_tui.net.client import Client, random_legal
from bisca_tui.net.host import Host, NetSettings, serve
from bisca_tui.table.session import Session

CODE = "TEST42"
LONG = 60.0  # seconds: far longer than anything here takes


class Log:
    """What a host tells its listener, kept in order; ``heard`` waits for an event."""

    def __init__(self) -> None:
        self.events: list[tuple[str, dict[str, Any]]] = []
        self._arrived = asyncio.Event()

    def __call__(self, kind: str, fields: dict[str, Any]) -> None:
        self.events.append((kind, fields))
        self._arrived.set()

    async def heard(self, kind: str, where: Any = None) -> dict[str, Any]:
        """The first event of ``kind`` (that ``where`` accepts), once it has come."""
        async def find() -> dict[str, Any]:
            while True:
                for k, fields in self.events:
                    if k == kind and (where is None or where(fields)):
                        return fields
                self._arrived.clear()
                await self._arrived.wait()

        return await asyncio.wait_for(find(), LONG)

    def kinds(self) -> list[str]:
        return [k for k, _ in self.events]


class Table:
    """A host serving in the background: ``host`` once it listens, ``task`` its end, and
    ``log`` what it told."""

    def __init__(self, host: Host, task: asyncio.Task[Session | None], log: Log) -> None:
        self.host = host
        self.task = task
        self.log = log

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


async def open_table(settings: NetSettings, **kw: Any) -> Table:
    """A host on a free loopback port (``kw``: ``serve``'s own, ``resume`` say)."""
    ready: asyncio.Future[Host] = asyncio.get_running_loop().create_future()
    log = Log()
    task = asyncio.create_task(serve(settings, code=CODE, ready=ready.set_result,
                                     events=log, **kw))
    host = await asyncio.wait_for(ready, LONG)
    return Table(host, task, log)


async def views_until(client: Client, where: Any) -> dict[str, Any]:
    """The next view message the client gets that ``where`` accepts."""
    message = await client.expect("view", LONG, where)
    assert message is not None, "the host hung up"
    return message


def played_by(message: dict[str, Any]) -> list[int]:
    """The seats whose cards a view message's events say were played, in order."""
    return [e["seat"] for e in message["events"] if e["kind"] == "card_played"]


def refused(client: Client) -> list[str]:
    return [m["rule"] for m in client.messages if m["type"] == "refused"]


async def play_once(client: Client) -> None:
    """The client plays a random legal action on its next turn (the test waits for it)."""
    def fresh(m: dict) -> bool:
        return bool(m["view"]["legal"]) and (*m["token"], m["seat"]) not in client.acted

    message = client.views.get(client.seat)
    if message is None or not fresh(message):
        message = await views_until(client, fresh)
    client.acted.add((*message["token"], message["seat"]))
    client.act(random.Random(0).choice(message["view"]["legal"]), message["token"])


async def raw_hello(port: int, line: bytes) -> list[dict[str, Any]]:
    """A hostile client's try: one raw line sent, then every message the host answers
    until it hangs up (or, let in, until its welcome)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(line if line.endswith(b"\n") else line + b"\n")
    answers: list[dict[str, Any]] = []
    try:
        while True:
            got = await asyncio.wait_for(reader.readline(), LONG)
            if not got:
                break
            answers.append(json.loads(got))
            if answers[-1]["type"] == "welcome":
                break
    finally:
        writer.close()
    return answers


def hello_line(name: Any = "Mallory", code: Any = CODE, **more: Any) -> bytes:
    return json.dumps({"type": "hello", "protocol": 1, "code": code, "name": name,
                       **more}).encode() + b"\n"
