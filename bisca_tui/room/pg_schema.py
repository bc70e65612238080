"""The card room's schema in PostgreSQL, as numbered steps (``STEPS``): a database records the
step it reached (``schema_version``), and ``migrate`` applies the steps after it in one
transaction, under an advisory lock, so that processes of the room starting together bring the
database up to date once between them (the others find it done). A step is never edited once
released: a change is a new step."""

from __future__ import annotations

import psycopg

LOCK = 0x62697363  # the room's advisory lock for migrations ("bisc")

STEPS: tuple[tuple[str, ...], ...] = (
    # 1: players, their ratings and the tables' saves, as the room on one machine keeps them
    ("CREATE TABLE players (key TEXT PRIMARY KEY, name TEXT NOT NULL, folded TEXT NOT NULL "
     "UNIQUE, since DOUBLE PRECISION NOT NULL)",
     "CREATE TABLE tables (number INTEGER PRIMARY KEY, record TEXT NOT NULL, table_file TEXT "
     "NOT NULL, saved DOUBLE PRECISION NOT NULL)",
     "CREATE TABLE ratings (game TEXT NOT NULL, player TEXT NOT NULL, mu DOUBLE PRECISION NOT "
     "NULL, sigma DOUBLE PRECISION NOT NULL, matches INTEGER NOT NULL, shown DOUBLE PRECISION "
     "NOT NULL, PRIMARY KEY (game, player))",
     "CREATE INDEX board ON ratings (game, shown DESC)"),
    # 2: a room on several processes: table numbers from one sequence, each save its
    # process's, each rated match's result kept once, with its players' histories
    ("CREATE SEQUENCE table_numbers",
     "SELECT setval('table_numbers', (SELECT coalesce(max(number), 0) + 1 FROM tables), "
     "false)",
     "ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT ''",
     "CREATE INDEX tables_owner ON tables (owner)",
     "CREATE TABLE results (match TEXT PRIMARY KEY, game TEXT NOT NULL, record TEXT NOT "
     "NULL, finished DOUBLE PRECISION NOT NULL)",
     "CREATE TABLE match_players (match TEXT NOT NULL REFERENCES results, place INTEGER NOT "
     "NULL, player TEXT NOT NULL, PRIMARY KEY (match, player))",
     "CREATE INDEX history ON match_players (player)"),
)
LATEST = len(STEPS)


def version(db: psycopg.Connection) -> int:
    """The step ``db`` reached (0: a new database)."""
    found = db.execute("SELECT to_regclass('schema_version')").fetchone()
    if found is None or found[0] is None:
        return 0
    row = db.execute("SELECT version FROM schema_version").fetchone()
    return 0 if row is None else int(row[0])


def migrate(db: psycopg.Connection, upto: int = LATEST) -> int:
    """Bring ``db`` to step ``upto`` (all or none of the steps missing); the step it was at."""
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
        db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        was = version(db)
        if was == 0 and db.execute("SELECT count(*) FROM schema_version").fetchone() == (0,):
            db.execute("INSERT INTO schema_version VALUES (0)")
        for step in range(was, upto):
            for statement in STEPS[step]:
                db.execute(statement)  # type: ignore[arg-type]
        if upto > was:
            db.execute("UPDATE schema_version SET version = %s", (upto,))
    return was
