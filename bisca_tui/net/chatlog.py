"""The host's chat: each line said at the table is numbered from 1 as it is sent to everyone,
and the last lines are kept, so that a client coming in (a player back after a drop, a
newcomer) is sent them with its ``welcome`` and shows what was said while it was away. The
number lets a client that already holds a line leave it out."""

from __future__ import annotations

from collections import deque
from typing import Any

from . import protocol as P

KEPT = 50  # the lines a newcomer is sent

TOO_FAST = "you are talking too fast: wait a moment"
MUTED = "the operator has muted you"


class ChatLog:
    """The lines said at one table, the last ``KEPT`` of them kept."""

    def __init__(self) -> None:
        self.said = 0
        self.lines: deque[dict[str, Any]] = deque(maxlen=KEPT)

    def add(self, name: str, text: str) -> dict[str, Any]:
        """A line said: the ``chat`` message that sends it to everyone."""
        self.said += 1
        line = {"from": name, "text": text, "n": self.said}
        self.lines.append(line)
        return {"type": P.CHAT, **line}

    def recent(self) -> list[dict[str, Any]]:
        """The lines kept, oldest first, as a ``welcome`` carries them."""
        return [dict(line) for line in self.lines]


class ChatMeter:
    """How fast one person may talk: ``burst`` lines at once, then ``rate`` a second (a
    token bucket); ``allows`` says whether one more line may be said now."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.allowance = float(burst)
        self.checked = now

    def allows(self, now: float) -> bool:
        self.allowance = min(float(self.burst), self.allowance + (now - self.checked) * self.rate)
        self.checked = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True
