"""What the table on screen reads of a match besides the deal itself: who sits where and by
what name (``Seating``), and the match's scores (``MatchScores``). The deal (its dealer,
phase, trick, bidding, sides) it reads from a seat's view, never from a game's state.

A match played here (``table.session.Session`` and its ``engine.match.Match``) answers
both; so does a match another machine hosts, as its client knows it (``net.remote``),
from what the host sent and nothing else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .seats import SeatSpec, dummy_name

if TYPE_CHECKING:
    from ..engine.variant import DealScore, Variant
    from ..engine.view import SeatView


@runtime_checkable
class MatchScores(Protocol):
    """The match's scores as the table shows them: each entry's total, the target, each
    deal's result, the winner, and who sat where in each deal."""

    scores: list[int]
    target: int
    results: list[DealScore]
    winner: int | None

    @property
    def seed(self) -> int | None:
        """The match's seed, where it may be shown (None: it stays with its host)."""
        ...

    @property
    def deals_played(self) -> int: ...

    def is_over(self) -> bool: ...

    def gains(self, index: int, result: DealScore) -> list[int]:
        """What each entry of ``scores`` gains from deal ``index``'s result."""
        ...

    def people(self, index: int | None = None) -> tuple[int | None, ...]:
        """The player at each seat of deal ``index`` (None: a dummy hand)."""
        ...

    def seating(self, index: int) -> tuple[int, tuple[int | None, ...]]:
        """Deal ``index``'s dealer seat and the player at each seat."""
        ...

    def sitting_out(self, index: int | None = None) -> int | None: ...


@runtime_checkable
class Seating(Protocol):
    """Who sits where at the table, by what name, and whose score is whose; the match's
    scores (``match``) and the way the table is drawn (cards, pace, points shown)."""

    people: list[SeatSpec]  # one per player, in the match's order
    hide_points: bool
    hints: bool
    speed: str

    @property
    def match(self) -> MatchScores: ...

    @property
    def variant(self) -> Variant: ...

    @property
    def card_style(self) -> str: ...

    @property
    def deal_number(self) -> int: ...

    @property
    def hot_seat(self) -> bool: ...

    @property
    def seats(self) -> list[SeatSpec]: ...

    def name(self, seat: int) -> str: ...

    def shown_name(self, seat: int) -> str: ...

    def name_in(self, deal: int, seat: int) -> str: ...

    def controller(self, seat: int) -> int: ...

    def person_of(self, seat: int) -> int | None: ...

    def seat_of(self, player: int) -> int | None: ...

    def is_human(self, seat: int | None) -> bool: ...

    def humans(self) -> list[int]: ...

    def sitting_out(self) -> str | None: ...

    def level_label(self, seat: int) -> str: ...

    def team_label(self, team: int) -> str: ...

    def team_members(self, team: int) -> list[str]: ...

    def scorer_of(self, seat: int) -> int: ...

    def scorer_label(self, k: int) -> str: ...

    def scorer_team(self, k: int) -> int: ...

    def humans_and_bots(self, side: int) -> list[int]: ...

    def deal_gains(self, score: DealScore) -> list[int]: ...

    def view(self, seat: int) -> SeatView:
        """What ``seat`` sees of the current deal now."""
        ...


# ----- what follows from who sits where, the same for every ``Seating`` ---------------------
# (a match played here and one another machine hosts differ in who chooses for a seat and
# who is at this keyboard; the names, the dummy's and the scores' labels follow alike)

def person_of(s: Seating, seat: int) -> int | None:
    """The player at a seat of the current deal (None: a dummy hand)."""
    return s.match.people()[seat]


def seat_of(s: Seating, player: int) -> int | None:
    """A player's seat in the current deal (None: the dealer sitting it out)."""
    people = s.match.people()
    return people.index(player) if player in people else None


def sitting_out(s: Seating) -> str | None:
    """The name of the player who dealt this deal and sits it out, if any."""
    p = s.match.sitting_out()
    return None if p is None else s.people[p].name


def seats_now(s: Seating) -> list[SeatSpec]:
    """Who sits at each seat of the current deal; a dummy hand counts as its player's
    (kind and level) under the name "Dummy"."""
    people = s.match.people()
    out = []
    for seat, p in enumerate(people):
        if p is None:
            ctl = s.people[people[s.controller(seat)] or 0]
            out.append(SeatSpec(ctl.kind, dummy_name(), ctl.level))
        else:
            out.append(s.people[p])
    return out


def name_in(s: Seating, deal: int, seat: int) -> str:
    """Who sat at ``seat`` in deal ``deal`` (from 0): seats change with the deal."""
    if deal == s.deal_number - 1:
        return s.name(seat)
    p = s.match.people(deal)[seat]
    return dummy_name() if p is None else s.people[p].name


def team_label(s: Seating, team: int) -> str:
    """Teams by name: the player's own name with two players, else A, B, C..."""
    v = s.variant
    if v.n_teams == v.n:
        return s.name(v.team_of.index(team))
    return "AB"[team] if team < 2 else chr(ord("A") + team)


def team_members(s: Seating, team: int) -> list[str]:
    v = s.variant
    return [s.name(seat) for seat in range(v.n) if v.team_of[seat] == team]


def scorer_of(s: Seating, seat: int) -> int:
    """The entry of the match's scores that ``seat`` plays for: its team's, or in a game
    scored player by player, its player's (a dummy's partner's)."""
    if s.variant.people_scores:
        player = s.person_of(s.controller(seat))
        assert player is not None
        return player
    return s.variant.team_of[seat]


def scorer_label(s: Seating, k: int) -> str:
    return s.people[k].name if s.variant.people_scores else s.team_label(k)


def scorer_team(s: Seating, k: int) -> int:
    """The team colour a score entry is drawn in (a player's side in this deal)."""
    if s.variant.people_scores:
        seat = s.seat_of(k)
        return k if seat is None else s.variant.team_of[seat]
    return k
