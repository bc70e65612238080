"""Worker processes for the search, so that a bot thinks on every core.

The hard level's search is root parallel: each worker searches the same view with its own
random deals for the whole thinking budget, and the tallies are added up (see
``pimc.PimcBot.evaluate``). Workers are separate processes, so the table (or whatever asked
for the move) only waits on them and stays responsive.

One pool per process and size, started at the first parallel search and kept for the next
ones. Where a process cannot have workers of its own (a worker of the arena's pool of
parallel deals) or the pool breaks, the search runs in the asking process instead.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

_lock = threading.Lock()
_pools: dict[int, ProcessPoolExecutor] = {}


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_workers(most: int = 2) -> int:
    """How many processes a level's search uses by default: every core, up to ``most``."""
    return max(1, min(most, cores()))


def can_fork_workers() -> bool:
    """False inside a daemonic worker (the arena's parallel deals), which may not start
    processes of its own."""
    return not multiprocessing.current_process().daemon


def search_pool(n: int) -> ProcessPoolExecutor | None:
    """The pool of ``n`` search workers of this process, started on first use; None where
    this process cannot have workers."""
    if n < 2 or not can_fork_workers():
        return None
    with _lock:
        pool = _pools.get(n)
        if pool is None:
            if sys.platform.startswith("linux"):
                # forked from a clean server process, not from this one and its threads
                ctx = multiprocessing.get_context("forkserver")
                ctx.set_forkserver_preload(["bisca_tui.bots.pimc"])
            else:
                ctx = multiprocessing.get_context("spawn")
            pool = ProcessPoolExecutor(n, mp_context=ctx)
            _pools[n] = pool
        return pool


def _drop(pool: ProcessPoolExecutor) -> None:
    with _lock:
        for n, p in list(_pools.items()):
            if p is pool:
                del _pools[n]
    pool.shutdown(wait=False, cancel_futures=True)


def gather(pool: ProcessPoolExecutor, fn: Callable[..., Any],
           calls: Sequence[tuple[Any, ...]]) -> Any | None:
    """Run ``fn`` on each tuple of arguments in the pool and add the results up (each has an
    ``add`` method); None when the pool broke (a worker killed), so the caller searches
    in its own process. A worker's own error is raised here."""
    try:
        futures = [pool.submit(fn, *args) for args in calls]
        parts = [f.result() for f in futures]
    except (BrokenProcessPool, RuntimeError) as e:
        if isinstance(e, BrokenProcessPool) or "shutdown" in str(e):
            _drop(pool)
            return None
        raise
    total = parts[0]
    for p in parts[1:]:
        total.add(p)
    return total


def shutdown() -> None:
    """Stop every pool of this process (they are also stopped at exit)."""
    with _lock:
        pools = list(_pools.values())
        _pools.clear()
    for p in pools:
        p.shutdown(wait=True, cancel_futures=True)
