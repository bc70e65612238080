"""``bisca-tui serve`` caps the tables open at once (each is a process): a visitor past the
cap is told so in the page, and no process is started for them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_serve import DEADLINE, Served, children, serving, wait_for


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[Served]:
    """The server, allowing one table at a time."""
    pytest.importorskip("websockets", reason="the websockets package opens the websocket")
    yield from serving(tmp_path, "--max-tables", "1", "--lang", "en")


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
