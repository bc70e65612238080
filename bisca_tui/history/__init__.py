"""Game history: every finished deal and match kept in an SQLite database, and the
statistics players ask for. Pure Python and the standard library's ``sqlite3``: nothing here
imports the interface.

- ``store.py``: the database file, its schema and migrations, writes and reads.
- ``entry.py``: what is kept of a match, built from the engine's ``Match``.
- ``stats.py``: the statistics, computed from the database into dataclasses.
"""
