"""Who takes a trick: the one rule, for the engine, the bots' reasoning and the search.

A card played to a trick takes the lead from the card winning it so far when it is a higher
card of the same suit, or a trump played on a card that is not one. Of two identical cards
(the double pack) the one played first keeps the trick: "higher" is strictly higher.

``beats`` is that rule over plain data (card numbers and the variant's tables by card).
``beats_table`` writes it out once for a trump suit, so that loops that resolve many tricks
(the search's simulator) look the answer up instead of working it out; ``trick_winner`` reads
a trick with such a table. Everything else asks these three.

The records of play are here too: a trick taken (``Trick``), a sign sent (``SignalEvent``),
game points scored during play (``ScoreEvent``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

# row ``best``, column ``card``: 1 where ``card`` played after ``best`` takes the trick
BeatsTable = tuple[bytes, ...]


def beats(card: int, best: int, trump: int | None, suit: Sequence[int],
          strength: Sequence[int]) -> bool:
    """Whether ``card``, played after ``best``, takes the trick from it."""
    if suit[card] == suit[best]:
        return strength[card] > strength[best]
    return suit[card] == trump


def beats_table(trump: int | None, suit: Sequence[int], strength: Sequence[int]) -> BeatsTable:
    """``beats`` for every pair of cards, as ``table[best][card]``."""
    cards = range(len(suit))
    return tuple(bytes(beats(c, b, trump, suit, strength) for c in cards) for b in cards)


# ``shared_beats_table``'s tables, by (trump suit, suit and strength of every card)
_SHARED: dict[tuple[int | None, tuple[int, ...], tuple[int, ...]], BeatsTable] = {}


def shared_beats_table(trump: int | None, suit: tuple[int, ...],
                       strength: tuple[int, ...]) -> BeatsTable:
    """``beats_table``, written once for every game that shares the ranking and the trump
    suit (a table is a tuple of bytes: nobody changes it), not once per match."""
    key = (trump, suit, strength)
    table = _SHARED.get(key)
    if table is None:
        table = _SHARED[key] = beats_table(trump, suit, strength)
    return table


def trick_winner(trick: Sequence[int], table: BeatsTable) -> int:
    """The index in ``trick`` (cards in the order played) of the card that takes it so far."""
    best = 0
    wc = trick[0]
    for i in range(1, len(trick)):
        c = trick[i]
        if table[wc][c]:
            best, wc = i, c
    return best


def winning_card(trick: Sequence[int], trump: int | None, suit: Sequence[int],
                 strength: Sequence[int]) -> int:
    """The card taking ``trick`` so far, without a table (for a single question)."""
    wc = trick[0]
    for c in trick[1:]:
        if beats(c, wc, trump, suit, strength):
            wc = c
    return wc


class Trick(NamedTuple):
    """A trick taken. A named tuple, not a dataclass: one is made for every trick of every
    deal, and a frozen dataclass's ``__init__`` costs several times more."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]
    winner: int
    points: int


@dataclass(frozen=True)
class SignalEvent:
    sender: int
    signal: int  # index into variant.signals
    trick: int  # number of the trick it was sent in (0-based)
    receivers: tuple[int, ...]  # partners, then the opponents who caught it


@dataclass(frozen=True)
class ScoreEvent:
    """Game points scored during play (a heley), the moment a trick completed."""

    trick: int
    team: int
    points: int
    reason: str
