"""A match: deals in a row, the dealer passing to the right, game points up to a target.

The score of a two-sided match is what the pente draws: one mark per game won, above the line
for one side and below for the other (``Match.pente``).

Most games seat each player at the same seat for the whole match. A game with a dummy hand
(Sueca for three) seats its players anew for each deal (``Match.seating``) and scores each
player rather than each side: the players of the side that wins a deal score its games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .context import DealContext
from .shuffle_proof import ShuffleProof, salt_for
from .state import GameState, Layout
from .variant import DealScore, Variant


@dataclass(frozen=True)
class Pente:
    """The scoring comb: ``lines`` vertical lines; marks above (team 0) and below (team 1)."""

    lines: int
    above: int
    below: int


class Match:
    def __init__(self, variant: Variant, dealer: int = 0, seed: int | None = None) -> None:
        if not 0 <= dealer < variant.n_people:
            raise ValueError(f"dealer must be a player from 0 to {variant.n_people - 1}")
        self.variant = variant
        self.first_dealer = dealer
        self.seed = random.randrange(2**63) if seed is None else seed
        self.target = variant.match_target()
        self.scores = [0] * (variant.n_people if variant.people_scores else variant.n_teams)
        self.deals: list[GameState] = []
        self.results: list[DealScore] = []
        self.winner: int | None = None
        self.ties_in_a_row = 0  # tied deals since the last decided one (Sueca's carry)

    @property
    def n(self) -> int:
        return self.variant.n

    def deal_seed(self, index: int) -> int:
        """The seed of deal ``index``, derived from the match seed."""
        return random.Random(f"{self.seed}/{index}").getrandbits(63)

    def shuffle_proof(self, index: int) -> ShuffleProof | None:
        """What the table says of deal ``index`` before it (the commitment) and after it
        (the salt): None for cards laid out by hand rather than shuffled from a seed."""
        state = self.deals[index]
        if state.layout_given is not None or state.seed is None:
            return None
        return ShuffleProof.of(state.seed, salt_for(self.seed, index))

    def dealer_of(self, index: int) -> int:
        """The player who deals deal ``index``: the deal passes to the right, except that
        a deal thrown in (everyone passed) is dealt again by the same dealer."""
        passes = index - sum(1 for r in self.results[:index] if r.redeal)
        return (self.first_dealer + passes) % self.variant.n_people

    def sitting_out(self, index: int | None = None) -> int | None:
        """The player who deals deal ``index`` without playing it (None: nobody)."""
        i = len(self.deals) - 1 if index is None else index
        if not self.variant.dealer_sits_out:
            return None
        return self.dealer_of(max(i, 0))

    def seating(self, index: int) -> tuple[int, tuple[int | None, ...]]:
        """Deal ``index``'s dealer seat and the player at each seat (None: a dummy)."""
        return self.variant.seating(self.dealer_of(index))

    def people(self, index: int | None = None) -> tuple[int | None, ...]:
        """The player at each seat of deal ``index`` (the current deal by default)."""
        i = len(self.deals) - 1 if index is None else index
        return self.seating(max(i, 0))[1]

    def gains(self, index: int, result: DealScore) -> list[int]:
        """What each entry of ``scores`` gains from deal ``index``'s result: a side's game
        points, or each player's: a side's (the dummy's partner scoring for it), or what
        the player's seat was paid in games paid seat by seat."""
        v = self.variant
        if not v.people_scores:
            return list(result.game_points)
        out = [0] * len(self.scores)
        side_of = self.deals[index].side_of
        for seat, player in enumerate(self.seating(index)[1]):
            if player is not None:
                k = seat if v.per_seat_payments else side_of[seat]
                out[player] += result.game_points[k]
        return out

    def side_scores(self, index: int) -> list[int]:
        """The match score of each side of deal ``index``, as the deal sees it: with players
        scored one by one, a side counts its best-placed player."""
        if not self.variant.people_scores:
            return list(self.scores)
        v = self.variant
        out = [0] * v.n_teams
        for seat, player in enumerate(self.seating(index)[1]):
            if player is not None:
                out[v.team_of[seat]] = max(out[v.team_of[seat]], self.scores[player])
        return out

    @property
    def current(self) -> GameState | None:
        return self.deals[-1] if self.deals else None

    def is_over(self) -> bool:
        return self.winner is not None or self.finished

    @property
    def finished(self) -> bool:
        """A session of a fixed number of deals has played them all."""
        limit = self.variant.match_deals()
        return limit is not None and self.deals_played >= limit

    @property
    def deals_played(self) -> int:
        """Deals played out (a deal thrown in for a redeal does not count)."""
        return sum(1 for r in self.results if not r.redeal)

    def deal_context(self, index: int) -> DealContext:
        """What deal ``index`` (the next one to deal) takes from the match."""
        return DealContext(tuple(self.side_scores(index)), self.target, self.ties_in_a_row)

    def new_deal(self, seed: int | None = None, layout: Layout | None = None) -> GameState:
        if self.is_over():
            raise ValueError("the match is over")
        if self.deals and not self.deals[-1].is_over():
            raise ValueError("the current deal is not finished")
        if self.deals and len(self.results) < len(self.deals):
            self.finish_deal()
        i = len(self.deals)
        if seed is None and layout is None:
            seed = self.deal_seed(i)
        state = GameState(self.variant, self.seating(i)[0], seed, layout,
                          context=self.deal_context(i))
        self.deals.append(state)
        return state

    def finish_deal(self) -> DealScore:
        """Add the finished deal's game points to the match; returns its score."""
        state = self.deals[-1]
        if not state.is_over() or state.result is None:
            raise ValueError("the deal is not finished")
        if len(self.results) == len(self.deals):
            return self.results[-1]
        result = state.result
        self.results.append(result)
        if result.redeal:
            return result
        self.ties_in_a_row = self.ties_in_a_row + 1 if result.winner is None else 0
        for k, gain in enumerate(self.gains(len(self.deals) - 1, result)):
            self.scores[k] += gain
        best = max(self.scores)
        if self.variant.match_deals() is not None:
            if self.finished:
                leaders = [t for t, s in enumerate(self.scores) if s == best]
                self.winner = leaders[0] if len(leaders) == 1 else None
        elif best >= self.target:
            leaders = [t for t, s in enumerate(self.scores) if s == best]
            self.winner = leaders[0] if len(leaders) == 1 else None
        return result

    def pente(self) -> Pente:
        lines = self.target
        above = self.scores[0] if self.scores else 0
        below = self.scores[1] if len(self.scores) > 1 else 0
        return Pente(lines, above, below)
