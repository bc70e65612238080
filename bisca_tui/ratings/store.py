"""Where ratings are kept: one small interface (``RatingStore``), and the SQLite store a
single room process uses (a room on several machines keeps them elsewhere behind the same
interface)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from .rating import Rating


class RatingStore(Protocol):
    def get(self, game: str, player: str) -> Rating | None: ...

    def put(self, game: str, ratings: dict[str, Rating]) -> None:
        """Every rating of one match, written together (all or none)."""

    def board(self, game: str, limit: int = 20) -> list[tuple[str, Rating]]:
        """The best ``limit`` players of ``game``, best first (by ``Rating.shown``)."""


class SqliteRatings:
    """Ratings in an SQLite file (or in memory: ``":memory:"``), or on a connection a room's
    store shares with them (its rating of a match is then one transaction with the rest)."""

    def __init__(self, path: str | Path | sqlite3.Connection) -> None:
        self.db = path if isinstance(path, sqlite3.Connection) else sqlite3.connect(str(path))
        self.db.execute("CREATE TABLE IF NOT EXISTS ratings (game TEXT NOT NULL, player TEXT "
                        "NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL, matches INTEGER NOT "
                        "NULL, shown REAL NOT NULL, PRIMARY KEY (game, player))")
        self.db.execute("CREATE INDEX IF NOT EXISTS board ON ratings (game, shown DESC)")
        self.db.commit()

    def get(self, game: str, player: str) -> Rating | None:
        row = self.db.execute("SELECT mu, sigma, matches FROM ratings WHERE game = ? AND "
                              "player = ?", (game, player)).fetchone()
        return None if row is None else Rating(*row)

    def put(self, game: str, ratings: dict[str, Rating]) -> None:
        with self.db:  # one transaction
            self.write(game, ratings)

    def write(self, game: str, ratings: dict[str, Rating]) -> None:
        """``put`` within the caller's transaction."""
        self.db.executemany(
            "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game, player) DO "
            "UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = "
            "excluded.matches, shown = excluded.shown",
            [(game, p, r.mu, r.sigma, r.matches, r.shown) for p, r in ratings.items()])

    def of(self, game: str, players: Iterable[str]) -> dict[str, Rating]:
        """The ratings ``players`` have in ``game`` (a newcomer has none)."""
        found = {}
        for player in players:
            rating = self.get(game, player)
            if rating is not None:
                found[player] = rating
        return found

    def board(self, game: str, limit: int = 20) -> list[tuple[str, Rating]]:
        rows = self.db.execute("SELECT player, mu, sigma, matches FROM ratings WHERE game = ? "
                               "ORDER BY shown DESC, player LIMIT ?", (game, limit))
        return [(player, Rating(mu, sigma, matches)) for player, mu, sigma, matches in rows]

    def close(self) -> None:
        self.db.close()


class Scratch:
    """One game's ratings held in memory: those of a match's players as read when it is
    rated, moved by each of its results in turn (the store writes them at the end)."""

    def __init__(self, ratings: dict[str, Rating]) -> None:
        self.ratings = dict(ratings)

    def get(self, game: str, player: str) -> Rating | None:
        return self.ratings.get(player)

    def put(self, game: str, ratings: dict[str, Rating]) -> None:
        self.ratings.update(ratings)

    def board(self, game: str, limit: int = 20) -> list[tuple[str, Rating]]:
        ranked = sorted(self.ratings.items(), key=lambda item: (-item[1].shown, item[0]))
        return ranked[:limit]
