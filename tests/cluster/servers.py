"""The servers a room on several machines runs on, started for the tests on loopback: a
PostgreSQL cluster, a Redis server and HAProxy, each in a folder of its own, on a free port,
with a secret. A server that cannot be started is a skip that says why, except where
``BISCA_TUI_NEED_SERVERS`` is set (the project's CI sets it): there it is a failure, so that
these tests are never skipped without anybody seeing it."""

from __future__ import annotations

import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

NEED = "BISCA_TUI_NEED_SERVERS"
PG_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)


def unavailable(why: str) -> None:
    """Skip the test for ``why``, or fail it where the servers are needed."""
    if os.environ.get(NEED):
        pytest.fail(f"{why} (and {NEED} is set: these tests must run)")
    pytest.skip(why)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until(ready: Callable[[], bool], what: str, proc: subprocess.Popen,
               timeout: float = 30.0) -> None:
    """Wait for ``ready()`` (the server answers), failing when ``proc`` ends first."""
    deadline = time.monotonic() + timeout
    while not ready():
        if proc.poll() is not None:
            raise RuntimeError(f"{what} ended at start (exit {proc.returncode})")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not answer within {timeout:g} s")
        time.sleep(0.05)


def find(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for d in PG_DIRS:
        if (d / name).exists():
            return str(d / name)
    return None


@dataclass
class Server:
    proc: subprocess.Popen
    port: int
    url: str
    folder: Path
    extra: dict[str, str] = field(default_factory=dict)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # PostgreSQL's fast shutdown
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def as_postgres() -> dict[str, object]:
    """PostgreSQL refuses to run as root: there, it runs as the system's postgres user."""
    if os.geteuid() != 0:
        return {}
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise RuntimeError("running as root with no postgres user: PostgreSQL cannot "
                           "be started") from None
    return {"user": "postgres", "group": "postgres", "extra_groups": []}


def start_postgres() -> Server:
    initdb, postgres = find("initdb"), find("postgres")
    if not initdb or not postgres:
        unavailable("PostgreSQL is not installed (initdb and postgres)")
    folder = Path(tempfile.mkdtemp(prefix="bisca-pg-"))
    data = folder / "data"
    password = secrets.token_hex(12)
    (folder / "pw").write_text(password)
    os.chmod(folder, 0o755)
    user = as_postgres()
    if user:
        shutil.chown(folder, "postgres")
    subprocess.run([initdb, "-D", str(data), "-U", "bisca", "--auth=scram-sha-256",
                    f"--pwfile={folder / 'pw'}", "-E", "UTF8", "--locale=C", "--no-sync"],
                   check=True, capture_output=True, **user)
    port = free_port()
    url = f"postgresql://bisca:{password}@127.0.0.1:{port}/postgres"
    return Server(run_postgres(postgres, folder, port, url), port, url, folder)


def run_postgres(postgres: str, folder: Path, port: int, url: str) -> subprocess.Popen:
    """PostgreSQL serving the cluster in ``folder`` on ``port``, once it answers."""
    proc = subprocess.Popen(
        [postgres, "-D", str(folder / "data"), "-p", str(port), "-k", str(folder),
         "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
         "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
         "-c", "max_connections=200"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **as_postgres())
    import psycopg

    def answers() -> bool:
        try:
            with psycopg.connect(url, connect_timeout=2):
                return True
        except psycopg.OperationalError:
            return False

    wait_until(answers, "PostgreSQL", proc)
    return proc


def halt_postgres(server: Server) -> None:
    """Stop ``server`` as an outage would, keeping its data for ``restart_postgres``."""
    server.proc.send_signal(signal.SIGINT)  # fast shutdown: its clients are cut off
    server.proc.wait(30)


def restart_postgres(server: Server) -> None:
    """Start a halted ``server`` again, on its data and port."""
    postgres = find("postgres")
    assert postgres is not None
    server.proc = run_postgres(postgres, server.folder, server.port, server.url)


def new_database(server: Server) -> str:
    """A new empty database of ``server``: its address."""
    import psycopg

    name = f"room_{secrets.token_hex(6)}"
    with psycopg.connect(server.url, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return server.url.rsplit("/", 1)[0] + f"/{name}"


def start_redis() -> Server:
    redis_server = shutil.which("redis-server")
    if not redis_server:
        unavailable("Redis is not installed (redis-server)")
    folder = Path(tempfile.mkdtemp(prefix="bisca-redis-"))
    password = secrets.token_hex(12)
    port = free_port()
    proc = subprocess.Popen(
        [redis_server, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--requirepass", password, "--dir", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"redis://:{password}@127.0.0.1:{port}/0"
    import redis

    def answers() -> bool:
        try:
            return bool(redis.Redis.from_url(url, socket_timeout=2).ping())
        except redis.RedisError:
            return False

    wait_until(answers, "Redis", proc)
    return Server(proc, port, url, folder)


def start_haproxy(backends: list[int], name: str = "room") -> Server:
    """HAProxy on a free loopback port, spreading TCP connections over ``backends`` (ports
    on loopback) and telling each the client's address (the PROXY protocol)."""
    haproxy = shutil.which("haproxy") or (
        "/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    if not haproxy:
        unavailable("HAProxy is not installed")
    folder = Path(tempfile.mkdtemp(prefix="bisca-haproxy-"))
    port = free_port()
    servers = "\n".join(f"    server p{i} 127.0.0.1:{p} check inter 1s fall 3 rise 1 "
                        f"send-proxy" for i, p in enumerate(backends))
    config = folder / "haproxy.cfg"
    config.write_text(f"""global
    maxconn 8000

defaults
    mode tcp
    timeout connect 2s
    timeout client 1h
    timeout server 1h

frontend {name}
    bind 127.0.0.1:{port}
    default_backend {name}_processes

backend {name}_processes
    balance roundrobin
{servers}
""")
    proc = subprocess.Popen([haproxy, "-f", str(config), "-db"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def answers() -> bool:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            return False

    wait_until(answers, "HAProxy", proc)
    return Server(proc, port, f"127.0.0.1:{port}", folder, {"config": str(config)})
