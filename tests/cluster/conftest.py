"""The servers of a room on several machines, one of each per test process, started on first
use (``servers``): a new database and an emptied Redis for each test."""

from __future__ import annotations

import pytest

from .servers import Server, new_database, start_postgres, start_redis, unavailable


def _started(request: pytest.FixtureRequest, start) -> Server:
    try:
        server = start()
    except (OSError, RuntimeError) as e:
        unavailable(f"could not start the server: {e}")
    request.addfinalizer(server.stop)
    return server


@pytest.fixture(scope="session")
def postgres_server(request: pytest.FixtureRequest) -> Server:
    return _started(request, start_postgres)


@pytest.fixture(scope="session")
def redis_server(request: pytest.FixtureRequest) -> Server:
    return _started(request, start_redis)


@pytest.fixture
def database(postgres_server: Server) -> str:
    """The address of a new, empty PostgreSQL database."""
    return new_database(postgres_server)


@pytest.fixture
def bus(redis_server: Server) -> str:
    """The address of a Redis server emptied for this test."""
    import redis

    redis.Redis.from_url(redis_server.url).flushall()
    return redis_server.url
