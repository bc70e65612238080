"""Where ratings are kept: one small interface (``RatingStore``), and the SQLite store a
single room process uses (a room on several machines keeps them elsewhere behind the same
interface)."""

from __future__ import annotations

import sqlite3
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
    """Ratings in an SQLite file (or in memory: ``":memory:"``)."""

    def __init__(self, path: str | Path) -> None:
        self.db = sqlite3.connect(str(path))
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
            self.db.executemany(
                "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game, player) DO "
                "UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = "
                "excluded.matches, shown = excluded.shown",
                [(game, p, r.mu, r.sigma, r.matches, r.shown) for p, r in ratings.items()])

    def board(self, game: str, limit: int = 20) -> list[tuple[str, Rating]]:
        rows = self.db.execute("SELECT player, mu, sigma, matches FROM ratings WHERE game = ? "
                               "ORDER BY shown DESC, player LIMIT ?", (game, limit))
        return [(player, Rating(mu, sigma, matches)) for player, mu, sigma, matches in rows]

    def close(self) -> None:
        self.db.close()
