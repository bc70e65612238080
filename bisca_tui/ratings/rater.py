"""Rating a match: every side's players move by how the sides finished, as OpenSkill's
Plackett-Luce model weighs it (any number of sides, of any size: one against one, two
against two, Chiamata's caller and partner against the rest). A bot's level keeps the
rating the ladder measured for it, so that a newcomer has a yardstick; a player who left a
rated match before its end is ranked last of all, below every side that stayed."""

from __future__ import annotations

import math
from collections.abc import Sequence

from openskill.models import PlackettLuce

from .rating import MU, SIGMA, Rating
from .store import RatingStore

# Elo of the bots' levels by family of games, ``random`` at 0, as the ladder measured them
# (benchmarks/ladder.md: duplicate deals between the levels)
LADDER = {
    "bisca": {"random": 0, "easy": 242, "medium": 353, "hard": 448},
    "briscola": {"random": 0, "easy": 183, "medium": 303, "hard": 414},
    "sueca": {"random": 0, "easy": 81, "medium": 122, "hard": 230},
    "brisca": {"random": 0, "easy": 261, "medium": 366, "hard": 461},
    "chiamata": {"random": 0, "easy": 790, "medium": 836, "hard": 887},
}
BOT_SIGMA = 1.0  # a bot's level is measured over many deals: little doubt left
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)
# an Elo difference as a difference of skill: Elo's 400 points are odds of 10 to 1, and the
# model's odds between two sides of known skill are exp(difference / c), c = sqrt(2) beta
ELO_TO_MU = math.log(10) / 400 * math.sqrt(2) * MODEL.beta


def bot_rating(family: str, level: str) -> Rating:
    """The fixed rating of a bot of ``level`` in ``family``: the medium bot at a newcomer's
    skill, the others apart from it as the ladder's Elo puts them."""
    elo = LADDER[family]
    return Rating(MU + (elo[level] - elo["medium"]) * ELO_TO_MU, BOT_SIGMA)


def rate(store: RatingStore, game: str, sides: Sequence[Sequence[str]],
         ranks: Sequence[int], fixed: dict[str, Rating] | None = None,
         left: Sequence[str] = ()) -> dict[str, Rating]:
    """Rate one match of ``game``: ``sides`` (the players of each), ``ranks`` (1 for the
    winners; equal ranks tie), ``fixed`` (the players whose rating stays, the bots, with
    it), ``left`` (players who abandoned: their side ranks below every other). Writes the
    new ratings and returns them (the fixed players' left out)."""
    if len(sides) != len(ranks) or len(sides) < 2 or not all(sides):
        raise ValueError("a rated match has two sides or more, each with a player and a rank")
    fixed = fixed or {}
    if left:
        worst = max(ranks) + 1
        ranks = [worst if any(p in left for p in side) else r for side, r in zip(
            sides, ranks, strict=True)]
    before = {p: fixed.get(p) or store.get(game, p) or Rating()
              for side in sides for p in side}
    teams = [[MODEL.rating(mu=before[p].mu, sigma=before[p].sigma, name=p) for p in side]
             for side in sides]
    after = MODEL.rate(teams, ranks=list(ranks))
    out = {}
    for side in after:
        for r in side:
            if r.name not in fixed:
                out[r.name] = Rating(r.mu, r.sigma, before[r.name].matches + 1)
    store.put(game, out)
    return out
