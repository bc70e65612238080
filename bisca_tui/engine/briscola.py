"""Classic Italian Briscola for two players.

The same game as Bisca de Três with the Italian pack order: A 3 K Q J 7 6 5 4 2 (the Three is
the 10-point card). Three cards each, the next card turned face up as the trump indicator with
the stock laid across it, free play, no exchange. 61 or more card points win one game; 60-60
is no game. A match is the best of seven games (first to 4), or first to 10 by house rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bisca import MATCH_RULE, BiscaBase
from .cards import ITALIAN
from .variant import FREE, DealScore, register

if TYPE_CHECKING:
    from .state import GameState


@register
class Briscola(BiscaBase):
    id = "briscola"
    name = "Briscola"
    family = "briscola"
    description = ("Classic Italian Briscola for two: Italian card order (the Three second "
                   "only to the Ace), three cards in hand, draw after every trick.")
    ranking = ITALIAN
    restriction = FREE
    players = (2,)
    default_players = 2
    hand_size = 3
    batches = (3,)
    house_rules = (MATCH_RULE,)

    def score(self, state: GameState) -> DealScore:
        pts, tricks, w = self.two_sides(state)
        if w is None:
            return self.no_game(pts, tricks)
        return self.won(pts, tricks, w, 1, f"{pts[w]} points (61 or more)")
