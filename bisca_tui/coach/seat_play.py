"""A seat's play in a deal gathered from what the seat saw (``SeatPlay``), for a review where
no record of the deal is at hand: a client of a shared table is sent its seat's views, which
are all the review judges (``review.review_decisions``), and the last of them says how the
deal ended for the seat (``view_result``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.events import DealScored
from ..engine.variant import Variant
from ..engine.view import SeatView
from .review import (
    REVIEW_PLAYOUTS,
    REVIEW_SAMPLES,
    REVIEW_SEED,
    Review,
    result_of,
    review_decisions,
)


@dataclass
class SeatPlay:
    """What one seat saw and did in a deal, all a review needs of it: its decisions as
    ``(step, the view before it, the action taken)`` and the deal's ``result`` for the seat
    (``view_result``; None: not played out). A client of a shared table gathers it from
    the views it was sent, where no record of the deal is at hand."""

    deal: int
    seat: int
    variant: Variant
    player: str = ""
    decisions: list[tuple[int, SeatView, int]] = field(default_factory=list)
    result: tuple[int, float] | None = None


def review_seen_as_asked(play: SeatPlay, samples: int | None = None,
                         seed: int = REVIEW_SEED) -> Review:
    """``review_as_asked`` of a seat's play gathered from its views."""
    return review_decisions(play.deal, play.seat, play.decisions, play.variant, play.player,
                            seed=seed, samples=samples or REVIEW_SAMPLES,
                            playouts=None if samples else REVIEW_PLAYOUTS, result=play.result)


def view_result(view: SeatView) -> tuple[int, float] | None:
    """``deal_result`` read from the seat's view once the deal is scored (its last event):
    None before, or for a deal dealt again."""
    scored = [e for e in view.events if isinstance(e, DealScored)]
    if not scored or scored[-1].result.redeal:
        return None
    return result_of(scored[-1].result, view.rules, view.seat, view.side_of, view.points)
