"""A game's leaderboard as the lobby shows it: the room's players by their shown rating, the
bots of each level among them at the fixed rating of their level."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..engine.variant import Variant
from ..net import room_protocol as R
from ..ratings.rater import LADDER, bot_rating
from ..ratings.store import RatingStore


def leaderboard(ratings: RatingStore, variant: Variant, levels: Iterable[str]
                ) -> dict[str, Any]:
    """The ``board`` message of ``variant``'s game."""
    rows = [{"name": name, "shown": round(r.shown, 2), "mu": round(r.mu, 2),
             "matches": r.matches, "bot": False}
            for name, r in ratings.board(variant.id)]
    family = variant.family if variant.family in LADDER else "bisca"
    for level in levels:
        r = bot_rating(family, level)
        rows.append({"name": level, "shown": round(r.shown, 2), "mu": round(r.mu, 2),
                     "matches": None, "bot": True})
    rows.sort(key=lambda row: -row["shown"])
    return {"type": R.BOARD, "variant": variant.id, "rows": rows}
