"""Where a room's event loop is when it is held up: a thread looks every few milliseconds
whether the loop has run lately, and while it has not, notes what the loop's thread is
doing (the innermost frames of its stack), so that the stalls ``room_load`` counts can be
put down to the code that held the loop, or to the loop waiting for a core (its thread in
``epoll``: the machine is busy)."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from collections import Counter

LATE = 0.05  # seconds without a turn of the loop: a stall
EVERY = 0.005  # seconds between the thread's looks


class StallStacks:
    def __init__(self, depth: int = 6) -> None:
        self.depth = depth
        self.seen: Counter[tuple[str, ...]] = Counter()
        self.last = time.perf_counter()
        self.main = threading.get_ident()
        self.stop = threading.Event()

    def start(self) -> None:
        loop = asyncio.get_running_loop()

        def tick() -> None:
            self.last = time.perf_counter()
            if not self.stop.is_set():
                loop.call_later(0.002, tick)

        tick()
        threading.Thread(target=self._watch, daemon=True, name="stall stacks").start()

    def clear(self) -> None:
        self.seen.clear()

    def _watch(self) -> None:
        while not self.stop.wait(EVERY):
            if time.perf_counter() - self.last < LATE:
                continue
            frame = sys._current_frames().get(self.main)
            stack = []
            while frame is not None and len(stack) < self.depth:
                code = frame.f_code
                where = code.co_filename.rsplit("/", 2)
                stack.append(f"{'/'.join(where[-2:])}:{frame.f_lineno} {code.co_name}")
                frame = frame.f_back
            self.seen[tuple(stack)] += 1

    def report(self, top: int = 12) -> str:
        total = sum(self.seen.values()) or 1
        lines = [f"stalled samples: {sum(self.seen.values())} ({EVERY * 1000:.0f} ms each)"]
        for stack, n in self.seen.most_common(top):
            lines.append(f"  {n / total:5.1%}  " + "  <  ".join(stack))
        return "\n".join(lines)
