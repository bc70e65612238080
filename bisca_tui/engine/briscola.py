"""Classic Italian Briscola for two, three or four players.

The same game as Bisca de Três with the Italian pack order: A 3 K Q J 7 6 5 4 2 (the Three is
the 10-point card). Three cards each, the next card turned face up as the trump indicator with
the stock laid across it, free play, no exchange. 61 or more card points win one game; 60-60
is no game. With three players one 2 (of denari) is taken out and the highest score takes
the game (equal highest scores all take it); with four, partners sit opposite (0+2 against
1+3). A match is the best of seven games (first to 4), or first to 10 by house rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bisca import MATCH_RULE, BiscaBase
from .cards import ITALIAN, parse_card
from .variant import FREE, DealScore, highest_takes_it, register

if TYPE_CHECKING:
    from .state import GameState


@register
class Briscola(BiscaBase):
    id = "briscola"
    name = "Briscola"
    family = "briscola"
    description = ("Classic Italian Briscola for two, three or four: Italian card order (the "
                   "Three second only to the Ace), three cards in hand, draw after every "
                   "trick.")
    ranking = ITALIAN
    pack_style = "italian"
    restriction = FREE
    players = (2, 3, 4)
    default_players = 2
    hand_size = 3
    batches = (3,)
    house_rules = (MATCH_RULE,)

    def pack(self) -> list[int]:
        cards = list(range(40))
        if getattr(self, "n", 2) == 3:
            cards.remove(parse_card("2D"))  # one 2 out, so that the pack deals evenly
        return cards

    def score(self, state: GameState) -> DealScore:
        if self.n_teams == 3:
            return highest_takes_it(*self.team_points(state))
        pts, tricks, w = self.two_sides(state)
        if w is None:
            return self.no_game(pts, tricks)
        return self.won(pts, tricks, w, 1, "or_more", points=pts[w], low=61)
