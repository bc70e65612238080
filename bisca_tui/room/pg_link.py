"""One connection to the room's PostgreSQL database, made again when it is lost: each job is a
function of the connection, run by one thread at a time. While the server cannot be reached a
job is refused at once (``Unreachable``), a new connection being tried again after a pause
rather than at every job, so that a room whose database is gone answers without waiting."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

import psycopg

from .store import Unreachable

T = TypeVar("T")
CONNECT_TIMEOUT = 3  # seconds to reach the server, at most
PATIENCE = 2.0  # seconds, after a server could not be reached, before it is tried again


def connect(url: str) -> psycopg.Connection:
    """A connection to ``url`` (a password missing from it comes from libpq's PGPASSWORD or
    password file), each statement its own transaction unless a job opens one."""
    return psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                           application_name="bisca-tui room")


def masked(url: str) -> str:
    """``url`` as it may be printed: its password hidden."""
    if "://" in url:
        parts = urlsplit(url)
        if parts.password is not None:
            where = parts.netloc.rpartition("@")[2]
            user = parts.netloc.rpartition("@")[0].partition(":")[0]
            return urlunsplit(parts._replace(netloc=f"{user}:***@{where}"))
        return re.sub(r"(?i)(password=)[^&]*", r"\1***", url)
    return re.sub(r"(?i)(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)", r"\1***", url)


def reason(error: BaseException) -> str:
    """What went wrong with the server, in one line."""
    cause = error.__cause__ or error
    lines = str(cause).strip().splitlines()
    return lines[0] if lines else cause.__class__.__name__


class Link:
    def __init__(self, url: str, patience: float = PATIENCE) -> None:
        self.url = url
        self.patience = patience
        self.db: psycopg.Connection | None = None
        self.lock = threading.Lock()
        self.failed_at: float | None = None

    def run(self, job: Callable[[psycopg.Connection], T]) -> T:
        """``job``'s answer on this connection; ``Unreachable`` when the server is gone (a
        connection found lost is made again once, for this job)."""
        with self.lock:
            for attempt in range(2):
                fresh = self.db is None or self.db.closed
                db = self._connected()
                try:
                    return job(db)
                except psycopg.OperationalError as e:
                    if not db.broken and not db.closed:
                        raise  # the server answered: a refusal, not an outage
                    self.db = None
                    if fresh or attempt:
                        self.failed_at = time.monotonic()
                        raise Unreachable() from e
            raise AssertionError("unreachable")  # pragma: no cover

    def _connected(self) -> psycopg.Connection:
        if self.db is not None and not self.db.closed:
            return self.db
        if self.failed_at is not None and time.monotonic() - self.failed_at < self.patience:
            raise Unreachable()
        try:
            self.db = connect(self.url)
        except psycopg.OperationalError as e:
            self.failed_at = time.monotonic()
            raise Unreachable() from e
        self.failed_at = None
        return self.db

    def close(self) -> None:
        with self.lock:
            if self.db is not None:
                self.db.close()
                self.db = None
