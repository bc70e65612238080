"""Quick matches: people who asked for a game now, by game, each with their rating and when
they asked. A table is made of people whose ratings are close, the nearness allowed growing
the longer they have waited; once the first of them has waited ``fill_after`` seconds, the
table is made of the people there are, and bots take the other places."""

from __future__ import annotations

from dataclasses import dataclass, field

WINDOW = 3.0  # how far apart two ratings may be at first (the leaderboard's scale)
WIDENING = 0.5  # and how much further for each second waited


@dataclass
class Asker:
    name: str
    rating: float
    since: float


@dataclass
class QuickQueue:
    """The people waiting for a quick match of each game."""

    waiting: dict[str, list[Asker]] = field(default_factory=dict)

    def add(self, game: str, asker: Asker) -> None:
        self.remove(asker.name)
        self.waiting.setdefault(game, []).append(asker)

    def remove(self, name: str) -> str | None:
        """Take ``name`` out of every queue; the game it waited for, if any."""
        for game, people in self.waiting.items():
            for a in people:
                if a.name == name:
                    people.remove(a)
                    return game
        return None

    def match(self, game: str, size: int, now: float, fill_after: float
              ) -> list[Asker] | None:
        """The people of one table of ``game`` (``size`` places) ready now, taken out of the
        queue: ``size`` people whose ratings are near enough, or after the wait, the longest
        waiting and those nearest them (bots sit in the other places). None: wait on."""
        people = self.waiting.get(game, [])
        if not people:
            return None
        by_rating = sorted(people, key=lambda a: a.rating)
        for i in range(len(by_rating) - size + 1):
            group = by_rating[i:i + size]
            longest = min(a.since for a in group)
            if group[-1].rating - group[0].rating <= WINDOW + WIDENING * (now - longest):
                return self._take(game, group)
        first = min(people, key=lambda a: a.since)
        if now - first.since < fill_after:
            return None
        near = sorted(people, key=lambda a: abs(a.rating - first.rating))[:size]
        return self._take(game, near)

    def _take(self, game: str, group: list[Asker]) -> list[Asker]:
        for a in group:
            self.waiting[game].remove(a)
        return sorted(group, key=lambda a: a.since)
