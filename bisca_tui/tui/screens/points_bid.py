"""The bids of a number of card points, as a dialog takes them: the span the engine allows,
what a field's text bids, and the sentence that says why a text bids nothing. Plain, so that
what a dialog accepts and refuses is known without drawing it."""

from __future__ import annotations

from ...engine import actions as A
from ...engine.narrate import say


class PointsBid:
    """The legal bids of points, ``low`` to ``high`` (none: both 0), by their number."""

    def __init__(self, actions: list[int]) -> None:
        self.by_points = {a - A.BID: a for a in actions if A.BID <= a < A.BID_RANK}
        self.low = min(self.by_points, default=0)
        self.high = max(self.by_points, default=0)

    def __bool__(self) -> bool:
        return bool(self.by_points)

    def of(self, text: str) -> int | None:
        """The bid of the points ``text`` holds, or None when it holds no such bid."""
        try:
            n = int(text.strip())
        except ValueError:
            return None
        return self.by_points.get(n)

    def typed(self, text: str) -> tuple[int | None, str]:
        """What a number typed in the points dialog does: the action (0 passes) and no
        reason, or None and the reason it cannot be made."""
        try:
            n = int(text.strip())
        except ValueError:
            return None, say("Dialog", "bid.not_number")
        if n == 0:
            return A.PASS, ""
        if n in self.by_points:
            return self.by_points[n], ""
        return None, say("Dialog", "bid.range", low=self.low, high=self.high)

    def span_note(self) -> str:
        """What the points field of the bid list takes."""
        return say("Dialog", "ranks.points", low=self.low, high=self.high)

    def out_of_span(self) -> str:
        """Why what the points field of the bid list holds cannot be bid."""
        return say("Dialog", "ranks.points.range", low=self.low, high=self.high)
