"""Ctrl+C at ``bisca-tui host --json`` with clients in every state (at the table, in the
lobby, still saying hello, gone before it) and its SSH door open: the host stops cleanly,
and its output is JSON lines only, with no traceback nor a task left pending behind it."""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from pathlib import Path

from net_support import LONG

from bisca_tui.net import protocol as P

ROOT = Path(__file__).resolve().parents[2]
# the host as a player runs it, with the garbage collector at every turn, so that a task
# nobody holds any more is collected (and reported) while the host runs, not some day later
RUN = ("import gc, sys; gc.set_threshold(1, 1, 1); from bisca_tui.cli import main; "
       "sys.exit(main(sys.argv[1:]))")


def line(message: dict) -> bytes:
    return (json.dumps(message) + "\n").encode()


async def next_event(stdout: asyncio.StreamReader, kind: str, name: str = "") -> dict:
    """The host's next log line of ``kind`` (for ``name``), every line read being JSON."""
    while True:
        raw = await asyncio.wait_for(stdout.readline(), LONG)
        assert raw, "the host ended early"
        event = json.loads(raw)
        if event["event"] == kind and event.get("name", name) == name:
            return event


async def test_ctrl_c_with_clients_in_every_state_leaves_json_lines_only(tmp_path) -> None:
    argv = ["host", "--variant", "briscola", "--port", "0", "--open", "1,2", "--start-with",
            "1", "--json", "--level", "random", "--lang", "en", "--data-dir", str(tmp_path),
            "--ssh", "0"]  # the SSH door open too, to be closed with the table
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", RUN, *argv, cwd=ROOT, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    writers = []
    try:
        ready = json.loads(await asyncio.wait_for(proc.stdout.readline(), LONG))
        code = ready["code"]
        await next_event(proc.stdout, "ssh")

        async def connect(*messages: dict | bytes) -> asyncio.StreamReader:
            reader, writer = await asyncio.open_connection("127.0.0.1", ready["port"])
            writers.append(writer)
            for m in messages:
                writer.write(m if isinstance(m, bytes) else line(m))
            await writer.drain()
            return reader

        def hello(name: str) -> dict:
            return {"type": P.HELLO, "protocol": P.PROTOCOL, "code": code, "name": name}

        for _ in range(20):  # gone before the hello
            await connect()
            writers.pop().close()
        await connect()  # silent
        await connect(b'{"type": "hel')  # half a hello
        await connect(hello("Bia"))  # in the lobby
        await next_event(proc.stdout, "came", "Bia")
        await connect(hello("Ana"), {"type": P.SIT})  # at the table: the match begins
        await next_event(proc.stdout, "started")

        proc.send_signal(signal.SIGINT)  # Ctrl+C
        out, err = await asyncio.wait_for(proc.communicate(), LONG)
    finally:
        for writer in writers:
            writer.close()
        if proc.returncode is None:
            proc.kill()
    assert proc.returncode == 0
    assert err.decode() == ""  # no traceback, no task destroyed while pending
    events = [json.loads(raw) for raw in out.decode().splitlines()]
    assert events[-1]["event"] == "stopped" and Path(events[-1]["save"]).exists()
