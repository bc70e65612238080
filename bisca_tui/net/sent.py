"""What a host sent one client, kept as it came: each deal's views and events by seat
(``SentDeal``), and the match's scores with who sat where in each deal (``SentScores``).
Nothing here is a game's state: a deal is the views the host sent, and every fact of it the
table shows is read from one of them.
"""

from __future__ import annotations

from ..engine.event_base import Event
from ..engine.variant import DealScore, Variant
from ..engine.view import SeatView

Key = int | None  # a view's seat; None for a watcher's view


class SentDeal:
    """One deal as the host sent it: the views of this client's seats (or its watcher's
    view), each with the deal's events that seat may see; ``main`` is the view the table
    draws and tells, ``logged`` how many of each view's events the log has told."""

    def __init__(self, players: tuple[int | None, ...] | None = None) -> None:
        self.players = players  # the player at each seat (None: a dummy); None: not known
        self.views: dict[Key, SeatView] = {}
        self.events: dict[Key, list[Event]] = {}
        self.main: Key = None
        self.result: DealScore | None = None
        self.logged: dict[Key, int] = {}

    @property
    def shown(self) -> SeatView | None:
        """The view the table draws from: the main one, else any (None: none came yet)."""
        view = self.views.get(self.main)
        return view if view is not None else next(iter(self.views.values()), None)


class SentScores:
    """The match's scores as the host sends them, and the deals this client was sent: a
    deal it did not see (it joined later) has no view and an empty score. Its seed stays
    with the host: it would tell the cards."""

    seed: int | None = None

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.first_dealer = variant.n_people - 1  # as the host deals the first deal
        self.target = variant.match_target()
        self.scores = [0] * (variant.n_people if variant.people_scores else variant.n_teams)
        self.deals: list[SentDeal] = []
        self.results: list[DealScore] = []
        self.winner: int | None = None

    @property
    def deals_played(self) -> int:
        """Deals played out (a deal thrown in for a redeal does not count)."""
        return sum(1 for r in self.results if not r.redeal)

    def is_over(self) -> bool:
        limit = self.variant.match_deals()
        return self.winner is not None or (limit is not None and self.deals_played >= limit)

    def _dealer_of(self, index: int) -> int:
        """The player who deals deal ``index`` as the host deals it: to the right, except
        that a deal thrown in is dealt again by the same dealer."""
        passes = index - sum(1 for r in self.results[:index] if r.redeal)
        return (self.first_dealer + passes) % self.variant.n_people

    def _sent(self, index: int) -> SentDeal | None:
        """Deal ``index`` with its seating and a view, when the host sent them."""
        if 0 <= index < len(self.deals):
            deal = self.deals[index]
            if deal.players is not None and deal.shown is not None:
                return deal
        return None

    def seating(self, index: int) -> tuple[int, tuple[int | None, ...]]:
        """Deal ``index``'s dealer seat and the player at each seat, as the host sent them
        (or, for a deal it did not send, as the game seats its players)."""
        deal = self._sent(index)
        if deal is not None and deal.players is not None and deal.shown is not None:
            return deal.shown.dealer, deal.players
        return self.variant.seating(self._dealer_of(index))

    def people(self, index: int | None = None) -> tuple[int | None, ...]:
        i = len(self.deals) - 1 if index is None else index
        return self.seating(max(i, 0))[1]

    def sitting_out(self, index: int | None = None) -> int | None:
        """The player who deals deal ``index`` without playing it (None: nobody)."""
        if not self.variant.dealer_sits_out:
            return None
        i = max(len(self.deals) - 1 if index is None else index, 0)
        if self._sent(i) is not None:
            out = set(range(self.variant.n_people)) - set(self.people(i))
            return min(out) if out else None
        return self._dealer_of(i)

    def gains(self, index: int, result: DealScore) -> list[int]:
        """What each entry of ``scores`` gains from deal ``index``'s result: a side's game
        points, or in a game scored player by player, each player's side's (or seat's)."""
        v = self.variant
        if not v.people_scores:
            return list(result.game_points)
        out = [0] * len(self.scores)
        deal = self._sent(index)
        side_of = deal.shown.side_of if deal is not None and deal.shown is not None else ()
        for seat, player in enumerate(self.seating(index)[1]):
            if player is None:
                continue
            k = seat if v.per_seat_payments else side_of[seat] if seat < len(side_of) else None
            if k is not None:
                out[player] += result.game_points[k]
        return out

    def unseen(self) -> DealScore:
        """The score of a deal this client did not see end."""
        t = len(self.scores) if self.variant.per_seat_payments else self.variant.n_teams
        return DealScore((0,) * t, (0,) * t, (0,) * t, (), None)

    def add_result(self, result: DealScore) -> None:
        """The current deal scored, as the host adds it to the match (its next views bring
        the same scores)."""
        if len(self.results) >= len(self.deals):
            return
        self.results.append(result)
        if not result.redeal:
            for k, gain in enumerate(self.gains(len(self.deals) - 1, result)):
                self.scores[k] += gain
