"""The lines of the bid list (``BidListScreen``): the first action (pass, or the round's
first choice), the worded bids, and one line for the bids of two for a number of points,
whose points are in a field under the list. Plain, so that what the list offers and what a
line picks are known without drawing it."""

from __future__ import annotations

from ...engine import actions as A
from ...engine.narrate import say
from .points_bid import PointsBid


class BidChoices:
    """``actions`` and ``labels`` line by line; ``points`` the bids of two for points."""

    POINTS = -2  # the list's line for the bids of two for points

    def __init__(self, options: list[tuple[int, str]], first: int, first_label: str) -> None:
        self.points = PointsBid([a for a, _ in options])
        listed = [(a, label) for a, label in options if not A.BID <= a < A.BID_RANK]
        self.actions = [first] + [a for a, _ in listed]
        self.labels = [first_label] + [label for _, label in listed]
        if self.points:
            self.actions.append(self.POINTS)
            self.labels.append(self.points_label(self.points.low))

    @staticmethod
    def points_label(n: int) -> str:
        return say("Dialog", "ranks.two", points=n)

    @property
    def points_line(self) -> int:
        """The index of the points line (only where there are bids of points)."""
        return self.actions.index(self.POINTS)

    def pick(self, index: int, field: str) -> int | None:
        """The action of the line at ``index``, the points line bidding what ``field``
        holds; None when that is no bid (the field is then to be filled in)."""
        action = self.actions[index]
        if action == self.POINTS:
            return self.points.of(field) if field.isdigit() else None
        return action
