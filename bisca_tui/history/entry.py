"""What the history keeps of a match, built from the engine's ``Match`` as it stands.

A ``MatchEntry`` is the match so far: when it started (and ended, once over), the game and
its house rules, who sat where (a person by name, a bot by level, an outside program), each
deal's result for each player, each player's result in the match, and the whole game record
(so that every match can be replayed and exported). The table builds one after every deal
and the store writes it whole, replacing what it held of the same match: a write is never
half of a deal.

How a deal counts for a player:

- won: the player's side took the deal (``DealScore.winner`` or ``winners``); in games paid
  seat by seat (Sueca for five, Briscola Chiamata) the player gained from it.
- a sweep: the player's side took every trick, or every card point (the deals Bisca and
  Sueca pay four games, "all 120 points" or "every trick"; Chiamata doubles the payments).
- a capote: a deal the player's side won, short of a sweep, holding the other side under a
  quarter of the card points (Bisca's "91 or more", Sueca's "more than 90") or one the
  engine's notes name a capote (Bisca Capixaba's "losers under 31").

A deal thrown in (everyone passed) is kept but counts for nobody; a dealer who sits a deal
out has no line in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from ..engine.match import Match
from ..engine.narrate.sayings import Told
from ..engine.variant import DealScore, Variant

HUMAN = "human"
BOT = "bot"
PROGRAM = "program"
MIXED = "mixed"
WON, LOST, LEVEL = "won", "lost", "level"


class Person(Protocol):
    """Who sits in a seat, as the table knows it (``kind`` "human" or "bot")."""

    name: str
    kind: str
    level: str


@dataclass(frozen=True)
class PlayerEntry:
    player: int  # the player's place in the record's ``players``
    name: str
    kind: str  # human, bot or program
    level: str  # a bot's level, a program's command line; "" for a person
    side: int | None  # the team for the whole match; None where sides change per deal
    opponents: str  # who played against them: human, bot:LEVEL, program or mixed
    score: int  # the player's (or their side's) match score
    result: str | None  # won, lost or level; None while the match goes on


@dataclass(frozen=True)
class DealLine:
    """One player's part in one deal."""

    player: int
    seat: int | None  # None: the dealer sitting the deal out
    side: int | None
    card_points: int | None  # the side's card points
    tricks: int | None
    gain: int  # what the player's score gained
    won: bool | None  # None: not counted (thrown in, or sat out)
    capote: bool
    sweep: bool


@dataclass(frozen=True)
class DealEntry:
    index: int
    redeal: bool
    card_points: tuple[int, ...]
    game_points: tuple[int, ...]
    notes: tuple[str, ...]
    lines: tuple[DealLine, ...]


@dataclass
class MatchEntry:
    uid: str  # the table's own id for the match: the same across saves and resumes
    started: str  # ISO 8601, UTC
    ended: str | None  # None while the match goes on
    variant: str
    options: dict[str, object]
    seed: int | None
    record: str  # the game record, JSON text
    players: list[PlayerEntry] = field(default_factory=list)
    deals: list[DealEntry] = field(default_factory=list)


def person_kind(kind: str, level: str) -> str:
    """human, bot, or program (a bot seat held by an outside program, ``cmd:...``)."""
    if kind == HUMAN:
        return HUMAN
    return PROGRAM if level.startswith("cmd:") else BOT


def who_played(person: Person, finished: int) -> tuple[str, str, str]:
    """The kind and level a player is kept under over the ``finished`` deals, and what
    they count as for their opponents (``opponent_key``).

    A seat whose outside program was replaced by a built-in stand-in (the table's
    ``SeatSpec.program`` and ``stand_in_from``) counts as the stand-in from the deal it
    took over: a bot of its level when the stand-in played in every finished deal; a
    program still, but ``mixed`` for its opponents, when the program played some of them
    alone; the program while the stand-in has finished no deal.
    """
    program = getattr(person, "program", "") or ""
    since = getattr(person, "stand_in_from", None)
    if person.kind == HUMAN or not program or not isinstance(since, int):
        kind = person_kind(person.kind, person.level)
        level = person.level if kind != HUMAN else ""
        return kind, level, opponent_key(kind, level)
    if since >= finished:
        return PROGRAM, program, PROGRAM
    if since == 0:
        return BOT, person.level, opponent_key(BOT, person.level)
    return PROGRAM, program, MIXED


def opponent_key(kind: str, level: str) -> str:
    if kind == BOT:
        return f"bot:{level}"
    return kind


def marks(variant: Variant, score: DealScore, side: int, won: bool) -> tuple[bool, bool]:
    """(capote, sweep) of a deal for ``side``; see the module's docstring."""
    total_pts = sum(score.card_points)
    total_tricks = sum(score.tricks)
    pts = score.card_points[side] if side < len(score.card_points) else 0
    tricks = score.tricks[side] if side < len(score.tricks) else 0
    sweep = total_tricks > 0 and (tricks == total_tricks or (total_pts > 0 and pts == total_pts))
    # a deal scored now names its capote by its note's key; one read back from the history
    # keeps only the words, which are English
    named = any(note.said.key.startswith("won.capote") if isinstance(note, Told)
                else "capote" in note.lower() for note in score.notes)
    capote = won and not sweep and total_pts > 0 and (named or 4 * pts > 3 * total_pts)
    return capote, sweep


def deal_won(variant: Variant, score: DealScore, side: int, gain: int) -> bool:
    if variant.per_seat_payments:
        return gain > 0
    if len(score.winners) > 1:
        return side in score.winners
    return score.winner is not None and score.winner == side


def deal_entry(match: Match, index: int) -> DealEntry:
    v = match.variant
    score = match.results[index]
    state = match.deals[index]
    people = match.people(index)
    gains = match.gains(index, score) if not score.redeal else [0] * len(match.scores)
    lines = []
    for player in range(v.n_people):
        seat = people.index(player) if player in people else None
        if seat is None:
            lines.append(DealLine(player, None, None, None, None, 0, None, False, False))
            continue
        side = state.side_of[seat]
        scorer = player if v.people_scores else v.team_of[seat]
        gain = gains[scorer]
        if score.redeal:
            lines.append(DealLine(player, seat, side, None, None, 0, None, False, False))
            continue
        won = deal_won(v, score, side, gain)
        capote, sweep = marks(v, score, side, won)
        lines.append(DealLine(player, seat, side, score.card_points[side], score.tricks[side],
                              gain, won, capote, sweep))
    return DealEntry(index, score.redeal, tuple(score.card_points), tuple(score.game_points),
                     tuple(score.notes), tuple(lines))


def storable(text: str) -> str:
    """Text SQLite can keep: a lone surrogate (a name read from a file may hold one, and
    UTF-8 cannot) becomes its escape ``\\udXXX``, which in a record's JSON reads back as
    the same character."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def match_entry(match: Match, people: list[Person], record: str, uid: str, started: str,
                ended: str | None = None) -> MatchEntry:
    """The match's entry as it stands: its finished deals (the deal in play is left out;
    the record holds it), and the players' results once it is over (``ended`` then says
    when, else it stays None)."""
    v = match.variant
    over = match.is_over()
    seats0 = match.people(0) if match.deals else tuple(range(v.n_people))
    played = [who_played(p, len(match.results)) for p in people]
    kinds = [kind for kind, _, _ in played]
    sides: list[int | None] = []
    for player in range(v.n_people):
        if v.people_scores or player not in seats0:
            sides.append(None)
        else:
            sides.append(v.team_of[seats0.index(player)])
    players = []
    for player, person in enumerate(people):
        others = [q for q in range(v.n_people) if q != player
                  and (sides[player] is None or sides[q] != sides[player])]
        keys = {played[q][2] for q in others}
        opponents = keys.pop() if len(keys) == 1 else MIXED
        scorer = player if v.people_scores else sides[player]
        score = match.scores[scorer] if scorer is not None else 0
        result = None
        if over:
            if match.winner is None:
                result = LEVEL
            else:
                result = WON if match.winner == scorer else LOST
        players.append(PlayerEntry(player, storable(person.name), kinds[player], played[player][1],
                                   sides[player],
                                   opponents, score, result))
    deals = [deal_entry(match, i) for i in range(len(match.results))]
    return MatchEntry(uid, started, ended if over else None, v.id, dict(v.options),
                      match.seed, storable(record), players, deals)

