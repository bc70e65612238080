"""What a card room allows each visitor, so that no one of them can take it over: connections
at once from one address, tables a player has open, people watching a table, lines of chat
a second, and tables and people in the room at once."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RoomCaps:
    per_address: int = 16  # connections at once from one address (lobby and tables)
    tables_per_player: int = 2  # tables a player opened that have not ended
    watchers: int = 12  # people watching one table
    chat_rate: float = 0.5  # lines of chat a second, on average
    chat_burst: int = 5  # and in a burst
    tables: int = 2000  # tables in the room at once
    people: int = 5000  # people in the lobby at once
    hello_timeout: float = 10.0  # seconds to say hello, and to answer the challenge
    fill_after: float = 30.0  # seconds a quick match waits for people before bots sit
    no_show: float = 60.0  # seconds a table of a quick match waits for its players
