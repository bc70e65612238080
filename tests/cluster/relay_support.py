"""What the tests of a table's connection passed on to another process share: a bus that
knows only where tables are, and a table opened in a room's lobby."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any


def directory_of(where: Any) -> SimpleNamespace:
    """A bus that knows only where tables are."""
    return SimpleNamespace(process="front", address="127.0.0.1:1", where=where)


async def table_on(owner: Any, name: str = "Ana") -> tuple[Any, dict[str, Any]]:
    """A player of ``owner``'s lobby opens a table of two there: the player, and its go."""
    ana = await owner.enter(name)
    ana.open("bisca-3", people=2)
    return ana, await ana.go()
