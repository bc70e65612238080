"""``bisca-tui serve`` caps the tables open at once (each is a process): a visitor past the
cap is told so in the page, and no process is started for them."""

from __future__ import annotations

import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_serve import DEADLINE, Served, children, free_port, stop_group, wait_for


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[Served]:
    """The server, allowing one table at a time."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("the tests count the tables started through /proc")
    pytest.importorskip("websockets", reason="the websockets package opens the websocket")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bisca_tui", "serve", "--port", str(port), "--max-tables", "1",
         "--data-dir", str(tmp_path / "data"), "--speed", "instant", "--lang", "en"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    server = Served(proc, f"http://127.0.0.1:{port}", tmp_path / "data")

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            server.lines.append(line.rstrip("\n"))

    server.reader = threading.Thread(target=read, daemon=True)
    server.reader.start()
    try:
        def answers() -> bool:
            if proc.poll() is not None:
                raise AssertionError(f"the server stopped: {server.output()}")
            if not server.token:
                return False
            try:
                with urllib.request.urlopen(server.url, timeout=2) as page:
                    return bool(page.status == 200)
            except OSError:
                return False

        wait_for("the server to answer", answers)
        yield server
    finally:
        stop_group(proc)


def test_a_visitor_past_the_cap_is_told_and_starts_no_table(capped) -> None:
    from websockets.sync.client import connect

    ws = capped.origin.replace("http:", "ws:", 1) + f"/ws/{capped.token}?width=80&height=24"
    with connect(ws, origin=capped.origin, proxy=None,  # type: ignore[arg-type]
                 open_timeout=DEADLINE):
        wait_for("the first table to start", lambda: children(capped.proc.pid))
        started = children(capped.proc.pid)
        with connect(ws, origin=capped.origin, proxy=None,  # type: ignore[arg-type]
                     open_timeout=DEADLINE) as second:
            said = second.recv(timeout=DEADLINE)
            assert isinstance(said, bytes)
            assert "already runs 1 table, as many as it may at once" in said.decode()
            with pytest.raises(Exception):  # noqa: B017 (closed by the server: any close)
                second.recv(timeout=DEADLINE)
        assert children(capped.proc.pid) == started  # no second table
