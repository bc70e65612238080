"""Redis going away under a room of several processes: the room's log says so once, however
many times the process tries again; its own people go on talking and opening tables; once
Redis is back (empty, as a server restarted without saving) the process publishes what it
has again and says so, and a process that starts then sees its people and tables."""

from __future__ import annotations

import shutil
import subprocess
from urllib.parse import urlparse

import pytest
import redis.asyncio as aioredis

from bisca_tui.net import protocol as P
from bisca_tui.room.roomlog import room_text
from bisca_tui.room.store import SqliteRoom

from .bus_support import bus_of, got, process, until, until_said
from .servers import Server, start_redis, unavailable, wait_until


def start_again(server: Server) -> None:
    """Start ``server``'s Redis again on its port, with its password, empty."""
    binary = shutil.which("redis-server")
    if binary is None:
        unavailable("Redis is not installed (redis-server)")
    server.proc = subprocess.Popen(
        [binary, "--port", str(server.port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--requirepass", str(urlparse(server.url).password),
         "--dir", str(server.folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import redis

    def answers() -> bool:
        try:
            return bool(redis.Redis.from_url(server.url, socket_timeout=2).ping())
        except redis.RedisError:
            return False

    wait_until(answers, "Redis", server.proc)


@pytest.fixture
def own_redis():
    try:
        server = start_redis()
    except (OSError, RuntimeError) as e:
        unavailable(f"could not start the server: {e}")
    yield server
    server.stop()


def count(run, kind: str) -> int:
    return sum(k == kind for k, _f in run.events)


async def test_an_outage_is_said_once_the_room_goes_on_and_then_shares_all_again(own_redis):
    store = SqliteRoom(":memory:")
    a = await process(own_redis.url, store, ttl=1.0)
    b = await process(own_redis.url, store, ttl=1.0)
    try:
        ana = await a.enter("Ana")
        rui = await a.enter("Rui")
        bia = await b.enter("Bia")
        await until(lambda: bus_of(b).name_used("Ana"), "Ana known to the other process")
        own_redis.proc.terminate()  # Redis goes away
        own_redis.proc.wait()
        await until(lambda: bus_of(a).failed >= 3 and bus_of(b).failed >= 3,
                    "several tries to reach it again")
        assert count(a, "bus lost") == 1 and not bus_of(a).up
        lost = next(f for k, f in a.events if k == "bus lost")
        assert "goes on with its own people and tables" in room_text("bus lost", lost)
        assert not bus_of(b).name_used("Ana")  # (nobody elsewhere is known for sure now)
        ana.chat("ainda cá estamos")
        await until(lambda: got(rui, P.CHAT, lambda m: m["text"] == "ainda cá estamos"),
                    "a line said in the lobby meanwhile")
        ana.open("bisca-3", people=2)
        go = await ana.go()  # (from the numbers the process holds)
        start_again(own_redis)  # empty: as a Redis restarted without saving
        await until(lambda: count(a, "bus back") == 1 and count(b, "bus back") == 1,
                    "both processes to say Redis is back")
        client = aioredis.Redis.from_url(own_redis.url, decode_responses=True)
        try:
            async def republished() -> bool:
                tables = await client.get(f"bisca:room:tables:{bus_of(a).process}") or ""
                people = await client.get(f"bisca:room:people:{bus_of(a).process}") or ""
                return go["code"] in tables and '"Ana"' in people

            await until_said(republished, "what it has, published again")
            assert await client.get(f"bisca:room:alive:{bus_of(a).process}")
        finally:
            await client.aclose()
        await until(lambda: bus_of(b).name_used("Ana") and bus_of(b).where(go["code"])
                    == bus_of(a).address, "the other process to see the first one's again")
        bia.open("bisca-3", people=2)
        other = await bia.go()
        assert other["table"] not in a.room.tables  # (the counter, lost, raised past them)
        assert count(a, "bus lost") == count(b, "bus lost") == 1
        assert count(a, "process gone") == count(b, "process gone") == 0
        assert count(a, "problem") == count(b, "problem") == 0
    finally:
        await b.stop()
        await a.stop()
        store.close()
