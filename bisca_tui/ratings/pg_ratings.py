"""Ratings in the room's PostgreSQL database (``PgRatings``, a ``RatingStore``), and the two
steps a match's rating takes inside its transaction: the players' ratings read and held
(``locked``) and the new ones written (``write``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import psycopg

from .rating import Rating

T = TypeVar("T")
Run = Callable[[Callable[[psycopg.Connection], T]], T]  # a job run on the store's connection


class PgRatings:
    def __init__(self, run: Run[Any]) -> None:
        self.run = run

    def get(self, game: str, player: str) -> Rating | None:
        row = self.run(lambda db: db.execute(
            "SELECT mu, sigma, matches FROM ratings WHERE game = %s AND player = %s",
            (game, player)).fetchone())
        return None if row is None else Rating(*row)

    def put(self, game: str, ratings: dict[str, Rating]) -> None:
        def job(db: psycopg.Connection) -> None:
            with db.transaction():
                write(db, game, ratings)
        self.run(job)

    def board(self, game: str, limit: int = 20) -> list[tuple[str, Rating]]:
        rows = self.run(lambda db: db.execute(
            "SELECT player, mu, sigma, matches FROM ratings WHERE game = %s ORDER BY "
            " shown DESC, player LIMIT %s", (game, limit)).fetchall())
        return [(player, Rating(mu, sigma, matches)) for player, mu, sigma, matches in rows]


def write(db: psycopg.Connection, game: str, ratings: dict[str, Rating]) -> None:
    """Every rating of ``ratings``, in the transaction under way."""
    with db.cursor() as cur:
        cur.executemany(
            "INSERT INTO ratings VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (game, player) DO "
            "UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches, "
            "shown = excluded.shown",
            [(game, p, r.mu, r.sigma, r.matches, r.shown) for p, r in ratings.items()])


def locked(db: psycopg.Connection, game: str, players: Iterable[str]) -> dict[str, Rating]:
    """The ratings ``players`` have in ``game`` (a newcomer has none), each row held by the
    transaction under way until it ends, so that another match's rating of the same player
    waits for this one. A newcomer's row is made first (as a newcomer's rating, no match
    played) so that there is a row to hold; ``release`` removes those left unrated."""
    names = sorted(set(players))  # one order for every transaction: no deadlock
    fresh = Rating()
    with db.cursor() as cur:
        cur.executemany(
            "INSERT INTO ratings VALUES (%s, %s, %s, %s, 0, %s) ON CONFLICT DO NOTHING",
            [(game, p, fresh.mu, fresh.sigma, fresh.shown) for p in names])
    rows = db.execute("SELECT player, mu, sigma, matches FROM ratings WHERE game = %s AND "
                      "player = ANY(%s) ORDER BY player FOR UPDATE", (game, names)).fetchall()
    return {p: Rating(mu, sigma, n) for p, mu, sigma, n in rows if n > 0}


def release(db: psycopg.Connection, game: str, players: Iterable[str]) -> None:
    """The rows ``locked`` made for newcomers left unrated, removed."""
    db.execute("DELETE FROM ratings WHERE game = %s AND player = ANY(%s) AND matches = 0",
               (game, sorted(set(players))))
