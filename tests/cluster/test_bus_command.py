"""``bisca-tui room --bus URL``: the room's processes share it through the Redis server at URL;
without it, the room is this process alone; an address that is no Redis server's is refused
on the command line, without echoing it (it holds a password)."""

from __future__ import annotations

import pytest

from bisca_tui import cli
from bisca_tui.room.bus import LocalBus
from bisca_tui.room.command import make_bus
from bisca_tui.room.redis_bus import RedisBus


def parsed(*argv: str):
    return cli.build_parser().parse_args(["room", *argv])


def test_the_bus_is_redis_with_bus_and_this_process_alone_without(bus):
    shared = make_bus(parsed("--bus", bus, "--address", "10.0.0.5:7342"))
    assert isinstance(shared, RedisBus)
    assert (shared.url, shared.address) == (bus, "10.0.0.5:7342")
    other = make_bus(parsed("--bus", bus))
    assert other.process != shared.process and other.address == ""  # (the port, once open)
    assert isinstance(make_bus(parsed()), LocalBus)


def test_an_address_that_is_no_redis_servers_is_refused_unsaid(capsys):
    with pytest.raises(SystemExit):
        parsed("--bus", "http://:secret@example.org/")
    err = capsys.readouterr().err
    assert "redis://" in err and "secret" not in err


def test_a_bus_without_a_database_is_refused(capsys):
    """Processes that share a lobby but not a database could not take each other's tables."""
    from bisca_tui.cli import main

    assert main(["room", "--bus", "redis://127.0.0.1:1/0"]) == 2
    assert "--bus needs --database" in capsys.readouterr().err
