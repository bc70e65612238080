"""The test servers themselves: each answers on loopback, with its secret only."""

from __future__ import annotations

import socket

import psycopg
import pytest
import redis


def test_postgres_answers_with_its_password_and_refuses_without(database):
    with psycopg.connect(database) as db:
        assert db.execute("SELECT 1 + 1").fetchone() == (2,)
    wrong = database.replace("bisca:", "bisca:x", 1)
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(wrong, connect_timeout=5)


def test_redis_answers_with_its_password_and_refuses_without(bus):
    assert redis.Redis.from_url(bus).ping()
    port = int(bus.rsplit(":", 1)[1].split("/")[0])
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"PING\r\n")
        assert s.recv(100).startswith(b"-NOAUTH")
