"""A card room of several ``bisca-tui room`` processes, as an operator runs it: each process
started as a program of its own on a free loopback port (with the database and the bus it is
given), HAProxy in front of them; each process's log read as it comes (``--json``), so that
tests wait for what it says. A process can be killed outright (``kill``) as a machine that
fails would be."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .servers import Server, start_haproxy

LONG = 60.0


class RoomProcess:
    """One room process: its ``port`` once ready, and every line of its log (``events``)."""

    def __init__(self, *extra: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="bisca-room-"))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bisca_tui", "room", "--json", "--port", "0",
             "--proxy-protocol", "--data-dir", str(self.folder), *extra],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.events: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()
        self.port = 0
        self.address = ""

    def ready(self) -> RoomProcess:
        """Wait until it listens: its port known."""
        said = self.wait_for(lambda e: e.get("event") == "ready")
        self.port = int(said["port"])
        self.address = f"127.0.0.1:{self.port}"
        return self

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            try:
                event = json.loads(raw)
            except ValueError:
                event = {"event": "text", "line": raw.decode("utf-8", "replace")}
            event["at"] = time.monotonic()  # when it was read here
            with self.changed:
                self.events.append(event)
                self.changed.notify_all()
        with self.changed:
            self.changed.notify_all()

    def _read_errors(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            self.errors.append(raw.decode("utf-8", "replace"))

    def wait_for(self, wanted: Callable[[dict[str, Any]], bool], timeout: float = LONG
                 ) -> dict[str, Any]:
        """The first line of the log for which ``wanted`` holds, waiting for it."""
        deadline = time.monotonic() + timeout
        seen = 0
        with self.changed:
            while True:
                for event in self.events[seen:]:
                    if wanted(event):
                        return event
                seen = len(self.events)
                left = deadline - time.monotonic()
                if self.proc.poll() is not None and seen == len(self.events):
                    raise RuntimeError(f"the room process ended: {''.join(self.errors)}")
                if left <= 0:
                    raise TimeoutError(f"the room did not say it; it said {self.events}")
                self.changed.wait(min(left, 0.5))

    def kill(self) -> None:
        """Kill the process outright: no save, no goodbye."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self._tidy()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._tidy()

    def _tidy(self) -> None:
        """The process's own folder goes with it (its room is in the shared database)."""
        shutil.rmtree(self.folder, ignore_errors=True)


class RoomCluster:
    """``n`` room processes sharing ``database`` and ``bus``, behind HAProxy (``address``)."""

    def __init__(self, n: int, database: str | None = None, bus: str | None = None,
                 *extra: str) -> None:
        self.args = list(extra)
        if database:
            self.args += ["--database", database]
        if bus:
            self.args += ["--bus", bus]
        self.processes: list[RoomProcess] = []
        self.balancer: Server | None = None
        try:
            self.processes = [RoomProcess(*self.args) for _ in range(n)]
            for proc in self.processes:  # (started together, then waited for)
                proc.ready()
            self.balancer = start_haproxy([p.port for p in self.processes])
        except BaseException:
            self.stop()
            raise
        self.host, self.port = "127.0.0.1", self.balancer.port

    def owner_of(self, table: int) -> RoomProcess:
        """The process that said it opened (or reopened) table ``table`` last."""
        for proc in reversed(self.processes):
            for event in proc.events:
                if event.get("event") in ("opened", "reopened") \
                        and event.get("table") == table and proc.proc.poll() is None:
                    return proc
        raise LookupError(f"no process holds table {table}")

    async def holder(self, table: int) -> RoomProcess:
        """The process holding ``table``, once one has said so."""
        found: list[RoomProcess] = []

        def said() -> bool:
            try:
                found[:] = [self.owner_of(table)]
            except LookupError:
                return False
            return True

        await self.wait(said)
        return found[0]

    async def wait(self, condition: Callable[[], bool], timeout: float = LONG) -> None:
        """Until ``condition()`` holds, looking again each time a process says something."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError("the room's processes did not come to it")
            await asyncio.sleep(0.02)

    def stop(self) -> None:
        for proc in self.processes:
            proc.stop()
        if self.balancer is not None:
            self.balancer.stop()
