"""A player's rating in one game: a skill ``mu`` and how unsure of it we are (``sigma``).
The leaderboard orders players by ``shown``, the skill less three times the doubt, so that
a newcomer with a lucky first match does not top it."""

from __future__ import annotations

from dataclasses import dataclass

MU = 25.0  # a newcomer's skill: the medium bot's
SIGMA = MU / 3  # and how unsure of it the ratings are at first


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    matches: int = 0  # rated matches played

    @property
    def shown(self) -> float:
        """What the leaderboard ranks by (OpenSkill's ordinal): the skill the player has,
        or more, with near certainty."""
        return self.mu - 3 * self.sigma
