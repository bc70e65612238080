"""The worker threads every table of a process shares: one pool where the bots think, one
thread that writes the saves, and one that writes the game history.

A host may hold many tables (the load benchmark holds a hundred). Each making threads of its
own would give the process hundreds of threads fighting for one interpreter; instead the bots
of all tables take turns in one small pool, and the event loop, which answers every client,
is never one of its threads. The bots are Python: in one process they think on one core at a
time whatever the pool's size, so a few threads are enough to keep a slow bot from holding
up the others (docs/multi-host.md: more cores, more processes).
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

BOT_THREADS = max(2, min(4, os.cpu_count() or 1))

_lock = threading.Lock()
_bots: ThreadPoolExecutor | None = None
_writer: ThreadPoolExecutor | None = None
_saver: ThreadPoolExecutor | None = None


def bot_pool() -> ThreadPoolExecutor:
    """The pool where the bots of every table in this process think."""
    global _bots
    with _lock:
        if _bots is None:
            _bots = ThreadPoolExecutor(BOT_THREADS, thread_name_prefix="bisca-bot")
        return _bots


def writer() -> ThreadPoolExecutor:
    """The one thread that writes every table's game history (SQLite has one writer at a
    time anyway; a table never waits for it)."""
    global _writer
    with _lock:
        if _writer is None:
            _writer = ThreadPoolExecutor(1, thread_name_prefix="bisca-history")
        return _writer


def saver() -> ThreadPoolExecutor:
    """The one thread that writes every table's save, in the order they were made (a disk
    that is slow to answer holds up no client; a history busy in another program holds up
    no save)."""
    global _saver
    with _lock:
        if _saver is None:
            _saver = ThreadPoolExecutor(1, thread_name_prefix="bisca-save")
        return _saver
