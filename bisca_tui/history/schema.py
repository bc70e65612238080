"""The history's schema: the ``MIGRATIONS`` that build it up, version by version
(``PRAGMA user_version`` counts them), and the rows a match makes at each version."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # opening the history at start-up does not load the engine
    from .entry import MatchEntry

APPLICATION_ID = 0x42495343  # "BISC"


def _script(db: sqlite3.Connection, sql: str) -> None:
    """Run statements one by one (``executescript`` would commit the migration's
    transaction half way)."""
    for statement in sql.split(";"):
        if statement.strip():
            db.execute(statement)


def _v1(db: sqlite3.Connection) -> None:
    _script(db, """
        CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            started TEXT NOT NULL,
            ended TEXT,
            variant TEXT NOT NULL,
            options TEXT NOT NULL,
            deals INTEGER NOT NULL,
            record TEXT NOT NULL
        );
        CREATE TABLE match_players (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            player INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            level TEXT NOT NULL,
            side INTEGER,
            opponents TEXT NOT NULL,
            score INTEGER NOT NULL,
            result TEXT,
            PRIMARY KEY (match_id, player)
        );
        CREATE TABLE deals (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            deal INTEGER NOT NULL,
            redeal INTEGER NOT NULL,
            card_points TEXT NOT NULL,
            game_points TEXT NOT NULL,
            notes TEXT NOT NULL,
            PRIMARY KEY (match_id, deal)
        );
        CREATE TABLE deal_players (
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            deal INTEGER NOT NULL,
            player INTEGER NOT NULL,
            seat INTEGER,
            side INTEGER,
            card_points INTEGER,
            tricks INTEGER,
            gain INTEGER NOT NULL,
            won INTEGER,
            capote INTEGER NOT NULL,
            sweep INTEGER NOT NULL,
            PRIMARY KEY (match_id, deal, player)
        );
    """)


def _v2(db: sqlite3.Connection) -> None:
    """The match seed (shown with a match, typed into a new game to deal it again), and
    indexes for the statistics and the history list."""
    db.execute("ALTER TABLE matches ADD COLUMN seed INTEGER")
    _script(db, """
        CREATE INDEX matches_started ON matches(started);
        CREATE INDEX match_players_name ON match_players(name, kind);
    """)
    for (mid, record) in db.execute("SELECT id, record FROM matches").fetchall():
        with contextlib.suppress(ValueError, TypeError, AttributeError):
            seed = json.loads(record).get("seed")
            if isinstance(seed, int):
                db.execute("UPDATE matches SET seed = ? WHERE id = ?", (seed, mid))


def _v3(db: sqlite3.Connection) -> None:
    """Speed for a big history: the game records move to a table of their own (a list or
    the statistics no longer page through them), and each player's line of a match sums
    its deals (played, won, card points, capotes, sweeps), so that the statistics read one
    row per match. The matches table is rebuilt without its record column, the way
    SQLite's documentation describes (any SQLite 3 can do it)."""
    _script(db, """
        CREATE TABLE records (
            match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
            record TEXT NOT NULL
        );
        INSERT INTO records (match_id, record) SELECT id, record FROM matches;
        CREATE TABLE matches_new (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            started TEXT NOT NULL,
            ended TEXT,
            variant TEXT NOT NULL,
            options TEXT NOT NULL,
            deals INTEGER NOT NULL,
            seed INTEGER
        );
        INSERT INTO matches_new (id, uid, started, ended, variant, options, deals, seed)
            SELECT id, uid, started, ended, variant, options, deals, seed FROM matches;
        DROP TABLE matches;
        ALTER TABLE matches_new RENAME TO matches;
        CREATE INDEX matches_started ON matches(started);
        ALTER TABLE match_players ADD COLUMN deals_played INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE match_players ADD COLUMN deals_won INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE match_players ADD COLUMN points INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE match_players ADD COLUMN capotes INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE match_players ADD COLUMN sweeps INTEGER NOT NULL DEFAULT 0
    """)
    sums = db.execute(
        "SELECT match_id, player, count(*), sum(won), sum(card_points), sum(capote), "
        "sum(sweep) FROM deal_players WHERE won IS NOT NULL GROUP BY match_id, player"
    ).fetchall()
    db.executemany("UPDATE match_players SET deals_played = ?, deals_won = ?, points = ?, "
                   "capotes = ?, sweeps = ? WHERE match_id = ? AND player = ?",
                   [(n, w or 0, p or 0, c or 0, sw or 0, mid, pl)
                    for mid, pl, n, w, p, c, sw in sums])


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2, _v3]
VERSION = len(MIGRATIONS)


def insert_children(db: sqlite3.Connection, mid: int, entry: MatchEntry,
                     version: int = VERSION) -> None:
    """The rows that hang from a match, as the schema ``version`` holds them."""
    if version < 3:
        db.executemany(
            "INSERT INTO match_players (match_id, player, name, kind, level, side, opponents, "
            "score, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(mid, p.player, p.name, p.kind, p.level, p.side, p.opponents, p.score, p.result)
             for p in entry.players])
    else:
        db.execute("INSERT INTO records (match_id, record) VALUES (?, ?)", (mid, entry.record))
        sums = {p.player: [0, 0, 0, 0, 0] for p in entry.players}
        for d in entry.deals:
            for ln in d.lines:
                if ln.won is not None and ln.player in sums:
                    s = sums[ln.player]
                    s[0] += 1
                    s[1] += int(ln.won)
                    s[2] += ln.card_points or 0
                    s[3] += int(ln.capote)
                    s[4] += int(ln.sweep)
        db.executemany(
            "INSERT INTO match_players (match_id, player, name, kind, level, side, opponents, "
            "score, result, deals_played, deals_won, points, capotes, sweeps) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(mid, p.player, p.name, p.kind, p.level, p.side, p.opponents, p.score, p.result,
              *sums[p.player]) for p in entry.players])
    db.executemany(
        "INSERT INTO deals (match_id, deal, redeal, card_points, game_points, notes) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(mid, d.index, int(d.redeal), json.dumps(list(d.card_points)),
          json.dumps(list(d.game_points)), json.dumps(list(d.notes), ensure_ascii=False))
         for d in entry.deals])
    db.executemany(
        "INSERT INTO deal_players (match_id, deal, player, seat, side, card_points, tricks, "
        "gain, won, capote, sweep) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(mid, d.index, ln.player, ln.seat, ln.side, ln.card_points, ln.tricks, ln.gain,
          None if ln.won is None else int(ln.won), int(ln.capote), int(ln.sweep))
         for d in entry.deals for ln in d.lines])
